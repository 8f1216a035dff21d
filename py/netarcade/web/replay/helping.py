"""The analysis's helpers: other workers that judge decisions of the game the
replay viewer analyses, beside the engine's own worker.

What it is for: Analyse (``analysis_page``) judges every decision of a game
with the search bot, and each decision is its own work, seeded by its move
(``bots.analysis``): nothing one decision finds changes another's verdict.
So on a machine with a core to spare the page starts a helper (a worker with
a Pyodide of its own: ``static/worker/analysis-helper.mjs``, through
``browser.Helper``), and the helper and the engine's worker take the
decisions of the analysis from one queue (the helpers from its front, the
engine's worker from its back: ``analysis_page.run``). The two speak in
text:

- :func:`request`: what the engine's worker asks, one decision at a time
  (the game's record, the analysis settings, the move);
- :func:`judge`: the helper's answer to a request (it runs in the helper's
  Python): ``{"decision": ...}`` with every field of the
  :class:`~netarcade.bots.analysis.Decision` unrounded, ``null`` for a
  forced move, or ``{"error": why}`` for a request it cannot judge (it
  changes nothing and keeps the helper's other work);
- :func:`answer`: the answer read back on the engine's side (an error
  raises :class:`HelperFailed`: the engine then judges the move itself).

A helper's verdict is the engine's own: the same record, the same settings
and the same move give the same decision (the seed rule of
``bots.analysis``; ``tests/web/test_web_helping.py`` compares them in all
four games). A helper keeps one :class:`~netarcade.bots.analysis.Analyser`
for the game it was last asked about, so Backbone's shared rankings
(``Analyser._rankings``) serve its later decisions as they serve the
engine's.

What it is not: the analysis (``bots.analysis``), the queue and the panel
(``analysis_page``) or JavaScript (``browser``): it runs on CPython.
"""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Any

from ...bots.analysis import Analyser, Decision, Settings
from ...core.errors import NetarcadeError
from ...core.match import Match
from ...core.record import decode_record, encode_record
from ...games.registry import get_game

__all__ = ["HelperFailed", "answer", "count", "judge", "request"]

#: the settings' fields a request carries (every one: the helper's analysis must be the engine's)
_SETTINGS = tuple(field.name for field in fields(Settings))
#: the decision's fields an answer carries
_DECISION = tuple(field.name for field in fields(Decision))
#: the analyser of the game a helper was last asked about: (record text, settings and seats as JSON) -> Analyser
_kept: dict[tuple[str, str], Analyser] = {}


def count(most: int, cores: Any, memory: Any = None) -> int:
    """How many helpers a machine gets: one per core beyond the engine's
    worker, up to ``most``, and fewer where the browser says the device has
    little memory (``navigator.deviceMemory``, in GB, rounded down by the
    browser; None where it does not say): a helper's Pyodide holds some
    36-52 MiB while it runs, so under 4 GB one at most, under 2 GB none.

    >>> count(2, 2), count(2, 8), count(2, 1), count(2, 8, 4), count(2, 8, 2), count(2, 8, 1), count(2, None)
    (1, 2, 0, 2, 1, 0, 0)
    """
    try:
        spare = int(cores) - 1
    except (TypeError, ValueError):
        spare = 0
    if isinstance(memory, (int, float)) and not isinstance(memory, bool):
        spare = min(spare, 0 if memory < 2 else 1 if memory < 4 else spare)
    return max(0, min(most, spare))


class HelperFailed(Exception):
    """A helper could not judge a decision (its answer says why, or it is gone)."""


def request(analyser: Analyser, index: int) -> str:
    """What the engine's worker asks a helper: the decision at move ``index``
    (0-based) of ``analyser``'s game, with ``analyser``'s settings."""
    match = analyser.match
    return json.dumps({"record": encode_record(match.record()), "settings": asdict(analyser.settings),
                       "seats": sorted(analyser.seats), "index": index})


def judge(text: str) -> str:
    """A helper's answer to a :func:`request` (JSON text in, JSON text out):
    the decision, or why the request could not be judged."""
    try:
        asked = json.loads(text)
        if not isinstance(asked, dict):
            raise ValueError("a request is a JSON object")
        index = asked.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ValueError("the request names no move")
        analyser = _analyser(asked.get("record"), asked.get("settings"), asked.get("seats"))
        if index >= len(analyser.match.actions):
            raise ValueError(f"the game has no move {index + 1}")
        decision = analyser.decide(index)
    except (ValueError, TypeError, NetarcadeError) as err:  # a record, a move or settings it cannot take
        return json.dumps({"error": f"{type(err).__name__}: {err}"})
    return json.dumps({"decision": None if decision is None else asdict(decision)})


def _analyser(record: Any, settings: Any, seats: Any) -> Analyser:
    """The analyser of the game a request names (kept for the next request of the same game)."""
    if not isinstance(record, str):
        raise ValueError("the request has no record")
    if not isinstance(settings, dict) or set(settings) != set(_SETTINGS):
        raise ValueError("the request's settings are not the analysis's")
    if not isinstance(seats, list) or not all(isinstance(seat, int) and not isinstance(seat, bool) for seat in seats):
        raise ValueError("the request's seats are not a list of seats")
    key = (record, json.dumps([settings, seats], sort_keys=True))
    if key not in _kept:
        parsed = decode_record(record)
        match = Match.from_record(get_game(parsed.game), parsed)
        _kept.clear()  # one game at a time: a helper lives for one analysis
        _kept[key] = Analyser(match, Settings(**settings), seats)
    return _kept[key]


def answer(text: str) -> Decision | None:
    """A helper's answer (:func:`judge`) read back: the decision (None: a forced move).
    Raises :class:`HelperFailed` when it is an error or not an answer at all."""
    try:
        said = json.loads(text)
    except ValueError:
        raise HelperFailed("the helper's answer is not JSON") from None
    if not isinstance(said, dict) or ("decision" not in said and "error" not in said):
        raise HelperFailed("the helper's answer is not an answer")
    if "error" in said:
        raise HelperFailed(str(said["error"]))
    decision = said["decision"]
    if decision is None:
        return None
    if not isinstance(decision, dict) or set(decision) != set(_DECISION):
        raise HelperFailed("the helper's decision has the wrong fields")
    return Decision(**decision)
