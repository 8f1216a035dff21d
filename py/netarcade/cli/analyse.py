"""``python -m netarcade analyse RECORD``: a game's moves judged by the search bot.

What it is for: run :class:`~netarcade.bots.analysis.Analyser` over every
decision of the chosen seats of a record and write the result, as a table
for people or as one JSON object (``--json``). The argument checks and the
one-line errors are ``cli``'s; the analysis itself is ``bots.analysis``.

What it is not: the analysis (``bots.analysis``) or the page's Analyse.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..bots.analysis import MARKS, Analyser, Decision, Settings, summary
from ..core.match import Match
from ..core.record import Record
from ..games import get_game

__all__ = ["analyse", "format_text", "to_json"]


def analyse(record: Record, settings: Settings, seats: Iterable[int] | None = None) -> tuple[Analyser, list[Decision]]:
    """Every decision of ``seats`` (None: every seat) in ``record``, in order.
    A record that does not replay raises ``InvalidRecord``."""
    game = get_game(record.game)
    match = Match.from_record(game, record)
    analyser = Analyser(match, settings, seats)
    decisions = [found for found in map(analyser.decide, analyser.plan) if found is not None]
    return analyser, decisions


def to_json(analyser: Analyser, decisions: list[Decision]) -> dict[str, Any]:
    match = analyser.match
    return {"game": match.game.id, "seed": match.seed, "options": dict(match.options), "moves": match.version,
            "seats": sorted(analyser.seats), "analysis": analyser.settings.to_json(),
            "worlds": analyser.worlds, "thresholds": {mark: threshold for threshold, mark in MARKS},
            "decisions": [decision.to_json() for decision in decisions],
            "summary": summary(decisions, match.players)}


_PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


def _percent(chance: float) -> str:
    return f"{chance * 100:5.1f}%"


def format_text(analyser: Analyser, decisions: list[Decision]) -> list[str]:
    """The analysis as lines of text: what was analysed and how, a row per
    decision, then each seat's marks."""
    match, settings = analyser.match, analyser.settings
    seats = ", ".join(f"P{seat + 1}" for seat in sorted(analyser.seats))
    lines = [f"{match.game.title}, seed {match.seed}, {match.version} moves; seats analysed: {seats}",
             f"analysed {settings.words()}; {analyser.worlds} world{'s' if analyser.worlds > 1 else ''} per move, "
             f"analysis seed {settings.seed}"
             + (f", search limited to {settings.time_limit:g} s a move" if settings.time_limit is not None else ""),
             "chances are the mover's estimated winning chances; marks: "
             + ", ".join(f"{mark} (lost {threshold * 100:g} points or more)" for threshold, mark in MARKS),
             ""]
    width = max([len(d.played) for d in decisions] + [len("played")])
    best_width = max([len(d.best) for d in decisions] + [len("search bot")])
    lines.append(f"{'move':>5}  {'before':>6}  {'played':<{width}}  {'after':>6}  {'search bot':<{best_width}}  "
                 f"{'after':>6}  mark")
    for d in decisions:
        best = "=" if d.best == d.played else d.best
        lines.append(f"{d.index + 1:>5}  {_percent(d.before)}  {d.played:<{width}}  {_percent(d.after_played)}  "
                     f"{best:<{best_width}}  {_percent(d.after_best)}  {d.mark or ''}".rstrip())
    lines.append("")
    for row in summary(decisions, match.players):
        if row["seat"] in analyser.seats:
            counts = ", ".join(f"{row[mark]} {mark if row[mark] == 1 else _PLURALS[mark]}" for _, mark in MARKS)
            lines.append(f"P{row['seat'] + 1}: {row['decisions']} decisions, {counts}; "
                         f"mean loss {row['loss'] * 100:.1f} points")
    return lines
