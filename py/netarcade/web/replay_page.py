"""The replay viewer in the page: its bar, the log as moves, the slider.

What it is for: ``app`` draws every game's position the same way; this
adds what the viewer (``web/replay.py``) shows on top, for every game
alike: the bar (first, back, slider, forward, last, Play from here, Leave
replay), drawn once when the viewer opens and then updated in place so a
dragged slider keeps its grip; the activity log as the whole game, each
move a button to the position after it, scrolled to the move shown; and
the game bar's Replay button.

What it is not: the viewer's logic (``replay``) or the page's lifecycle
(``controller``). Like ``focus`` it needs only a ``document`` object (no
``js`` import), so ``app`` stays the one module that talks to the browser.
"""

from __future__ import annotations

from typing import Any

from .focus import real  # a DOM answer, or None (Pyodide's null is ``jsnull``)

__all__ = ["draw", "panels", "slid"]


def panels(document: Any, page: Any, control: Any) -> dict[str, str]:
    """The game's panels; in the viewer the log is every move of the game
    (put in once: :func:`draw` marks the move shown)."""
    found = page.panels(control.table)
    replay = control.replay
    if replay is not None:
        if real(document.querySelector(f'#log .replay-log[data-replay="{replay.key}"]')) is not None:
            del found["log"]
        else:
            found["log"] = replay.log_html(control.live_table)
    return found


def slid(target: Any, control: Any) -> bool:
    """An ``input`` event: the viewer's slider goes to its move (True), anything else is not ours."""
    if str(getattr(target, "id", "") or "") != "replay-slider":
        return False
    control.command("replay-to", str(target.value))
    return True


def draw(document: Any, control: Any) -> None:
    """After every render: the bar, the game bar's Replay, the log's scroll."""
    replay = control.replay
    root = document.documentElement
    bar = real(document.getElementById("replay"))
    log = real(document.getElementById("log"))
    opener = real(document.getElementById("replay-open"))
    if opener is not None:
        opener.hidden = replay is not None or not control.can_replay()
    if replay is None:
        root.dataset.replay = ""
        if bar is not None and not bar.hidden:
            bar.hidden, bar.innerHTML = True, ""
        if log is not None:
            log.scrollTop = log.scrollHeight
        return
    root.dataset.replay = str(replay.at)
    slider = real(document.getElementById("replay-slider"))
    if bar.hidden or slider is None or str(slider.max) != str(replay.total):
        bar.innerHTML = replay.bar_html()
        bar.hidden = False
        slider = real(document.getElementById("replay-slider"))
    slider.value = str(replay.at)
    slider.setAttribute("aria-valuetext", replay.counter())
    document.getElementById("replay-at").textContent = replay.counter()
    ends = {"rp-first": replay.at == 0, "rp-back": replay.at == 0,
            "rp-forward": replay.at == replay.total, "rp-last": replay.at == replay.total}
    for cls, off in ends.items():
        button = real(bar.querySelector("." + cls))
        if button is not None:
            button.disabled = off
    document.getElementById("replay-branch").disabled = not replay.can_branch()
    mark(document, log, replay.at)


def mark(document: Any, log: Any, at: int) -> None:
    """The log's move ``at`` marked as shown (``aria-current``, the one log
    button in the tab order), the later ones dimmed by one style rule, and
    scrolled to the middle of the log box (the page itself does not scroll)."""
    steps = real(log.querySelector(".replay-log")) if log is not None else None
    if steps is None:
        return
    old = real(steps.querySelector("li.now"))
    if old is not None:
        old.classList.remove("now")
        old.firstElementChild.removeAttribute("aria-current")
        old.firstElementChild.tabIndex = -1
    now = real(steps.children.item(at))  # the first item is the start, then move 1, 2, ...
    if now is None:
        return
    now.classList.add("now")
    now.firstElementChild.setAttribute("aria-current", "step")
    now.firstElementChild.tabIndex = 0
    document.getElementById("replay-later").textContent = f".replay-log > li:nth-child(n+{at + 2}) {{ opacity: .45; }}"
    top = now.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop
    log.scrollTop = max(0, top - log.clientHeight / 2)
