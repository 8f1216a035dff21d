"""The replay viewer in the page: its bar, the log as moves, the slider.

What it is for: ``app`` draws every game's position the same way; this
adds what the viewer (``web/replay/replay.py``) shows on top, for every game
alike: the bar (first, back, slider, forward, last, Play from here, Leave
replay), drawn once when the viewer opens and then updated in place so a
dragged slider keeps its grip; the activity log as the whole game, each
move a button to the position after it, scrolled to the move shown (the
page's ``mark`` op: it needs the log's layout); and the game bar's Replay
button.

What it is not: the viewer's logic (``replay``) or the page's lifecycle
(``controller``). It speaks in ``app``'s ops (``app.op``) and remembers
what it drew on ``app`` (``log_replay``, ``bar_total``): the worker cannot
read the DOM, and nothing here needs to, so it runs on CPython.
"""

from __future__ import annotations

from typing import Any

__all__ = ["draw", "panels"]

#: the bar's step buttons and when each is off
_ENDS = {"rp-first": lambda r: r.at == 0, "rp-back": lambda r: r.at == 0,
         "rp-forward": lambda r: r.at == r.total, "rp-last": lambda r: r.at == r.total}


def panels(app: Any, page: Any, control: Any) -> dict[str, str]:
    """The game's panels; in the viewer the log is every move of the game
    (put in once: :func:`draw` marks the move shown)."""
    found = page.panels(control.table)
    replay = control.replay
    if replay is not None:
        if app.log_replay == replay.key:
            del found["log"]
        else:
            found["log"] = replay.log_html(control.live_table)
    if "log" in found:
        app.log_replay = None if replay is None else replay.key
    return found


def draw(app: Any, control: Any) -> None:
    """After every render: the bar, the game bar's Replay, the log's scroll."""
    replay = control.replay
    app.op("prop", "replay-open", name="hidden", value=replay is not None or not control.can_replay())
    if replay is None:
        app.op("data", name="replay", value="")
        app.analysis_html = None
        if app.bar_total is not None:
            app.op("prop", "replay", name="hidden", value=True)
            app.op("html", "replay", html="")
            app.bar_total = None
        app.op("scroll", "log")
        return
    app.op("data", name="replay", value=str(replay.at))
    if app.bar_total != replay.total:
        app.op("html", "replay", html=replay.bar_html())
        app.op("prop", "replay", name="hidden", value=False)
        app.bar_total = replay.total
        app.analysis_html = None
    app.op("prop", "replay-slider", name="value", value=str(replay.at))
    app.op("attr", "replay-slider", name="aria-valuetext", value=replay.counter())
    app.op("text", "replay-at", text=replay.counter())
    for cls, off in _ENDS.items():
        app.op("prop", f"#replay .{cls}", name="disabled", value=off(replay))
    app.op("prop", "replay-branch", name="disabled", value=not replay.can_branch())
    app.op("mark", at=replay.at)
    app.analysis_panel()  # inside render: its focus ops are render's
