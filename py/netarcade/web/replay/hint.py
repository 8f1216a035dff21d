"""Hints: the search bot's suggestion for a human's decision, and the ghost of a move on the board.

What it is for: in a local game a player may ask for a hint (the Hint
button, key ``I``): the search bot thinks about the decision in front of
the human whose turn it is, from that seat's view (hidden cards sampled,
as it does for itself), exactly as the replay viewer's Analyse chooses its
best move there (``choice_work``: one code path, one seed rule, one budget),
a slice at a time, so the page stays responsive; its move is shown on the
board as a ghost (the board elements it names, ``GamePage.ghost_names``: Overwrite's piece covers
several cells, outlined; ``GamePage.ghost_board`` draws it, Net Control with
the names it says written beside them) and in words that play it
(``Table.hint_words``: the tool or card and the place; Overwrite's piece,
rotation, flip and the cell to click), in the prompt and in the live region
a screen reader hears. A game whose move needs settings made before a click
makes them (``Table.take_hint``: Overwrite picks the hinted piece up as the
hint lays it, so a click on the hinted cell plays the hinted move). The session remembers who asked
(:attr:`Session.hints`), and the game-over card says so. Online games have
no hints: the relay's seats play on their own.

:func:`ghost` is shared with the replay viewer's analysis, which shows the
better move of a marked position the same way.

What it is not: a bot (``thinking.Thinker`` runs the search bot) or DOM code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..render.svg import el, escape

__all__ = ["HINT_KEY", "Hint", "ask", "current", "ghost", "ghost_move", "ghost_names", "hint_note", "offered",
           "outlined", "prompt", "think", "why_no_hint"]

#: the key that asks for a hint (no game's tool uses it)
HINT_KEY = "i"


@dataclass(frozen=True)
class Hint:
    """The suggestion for one position (``changes``: ``Match.changes`` then)."""

    changes: int
    seat: int
    text: str  # notation
    words: str  # what it does, in words


def why_no_hint(control: Any) -> str | None:
    """Why no hint can be asked for now, or None."""
    session = control.live_session
    if session is None or control.demo or control.embed:
        return "Hints are for games you play here."
    if getattr(session, "remote", False):
        return "Hints are not available in online games."
    if control.replay is not None:
        return "This is a replay: Analyse shows the better moves."
    if session.over:
        return "The game is over."
    if not session.is_human_turn():
        return "A hint is for your own decision: wait for your turn."
    return None


def offered(control: Any) -> bool:
    """Is the Hint button shown (a local game with a human seat, not a replay)?"""
    session = control.live_session
    return (session is not None and not control.demo and not control.embed and control.replay is None
            and not getattr(session, "remote", False) and bool(session.setup.humans))


def takes_key(control: Any, key: str, ctrl: bool = False) -> bool:
    """Is ``key`` the Hint key, where a Hint button is shown?"""
    return not ctrl and key.lower() == HINT_KEY and offered(control)


def current(control: Any) -> Hint | None:
    """The hint for the position on screen, if one was asked for it."""
    found = control.hint
    session = control.session
    if found is None or session is None or control.replay is not None:
        return None
    return found if found.changes == session.match.changes else None


async def think(control: Any, generation: int) -> bool:
    """Think about the human's decision a slice at a time and show the
    move found; a change of the game meanwhile (``generation``) drops it."""
    from ..thinking import Thinker  # the bots load when first asked

    session = control.session
    seat = session.current
    thinker = Thinker.over(choice_work(session, seat))
    while not thinker.step():
        await control.sleep(0)  # the page paints and handles input between slices
        if generation != control.generation:
            return False
    if generation != control.generation:
        return False
    text = session.game.format_action(thinker.action)
    words = control.table.hint_words(text)
    control.hint = Hint(session.match.changes, seat, text, words)
    control.table.take_hint(text)  # Overwrite: the hinted piece picked up as the hint lays it
    session.hints[seat] = session.hints.get(seat, 0) + 1
    control.screen.render()
    control.screen.set_text("announce", announcement(control.hint, session.names))
    return True


def choice_work(session: Any, seat: int):
    """The hint's thinking, as a generator returning the action: the replay
    viewer's Analyse's choice at this position (``Analyser.choice_steps``,
    its page settings, its seed rule), so Hint and Analyse name the same move."""
    from ...bots.analysis import PAGE_SETTINGS, Analyser

    match = session.match
    return Analyser(match, PAGE_SETTINGS, seats=[seat]).choice_steps(len(match.actions), session.state, seat)


def announcement(hint: Hint, names: list[str]) -> str:
    """What the live region says of a hint."""
    name = names[hint.seat]
    return f"Hint{'' if name == 'You' else ' for ' + name}: {hint.words}."


def ask(control: Any) -> None:
    """The Hint button or key: think (or say again the hint already found),
    or say why there is none now."""
    reason = why_no_hint(control)
    table = control.table
    if reason is not None:
        if table is not None:
            table.message = reason
            control.screen.render()
        return
    found = current(control)
    if found is not None:
        table.message = None
        table.take_hint(found.text)  # picked up again, if the player put it down meanwhile
        control.screen.render()
        control.screen.set_text("announce", "")  # the same words again are news for the live region
        control.screen.set_text("announce", announcement(found, control.session.names))
        return
    if control.hint_thinking == control.generation:
        return  # already thinking about this position
    table.message = None
    control.hint_thinking = control.generation
    control.screen.render()
    control.screen.spawn(think(control, control.generation))


def thinking(control: Any) -> bool:
    return control.hint_thinking == control.generation and current(control) is None


def ghost_names(control: Any) -> list[str]:
    """The board elements the page outlines now (see :func:`ghost_move`)."""
    text = ghost_move(control)
    return [] if text is None else control.page.ghost_names(control.table.session, text)


def ghost_move(control: Any) -> str | None:
    """The move the board shows as a ghost now: the hint for the human's
    decision, or in the replay viewer the better move of a marked decision
    at the position shown (``analysis_page``)."""
    found = current(control)
    if found is not None:
        return found.text
    if getattr(control.session, "lesson_mode", False) and control.replay is None:
        step = control.session.step  # a lesson's step: its targets lit (web/learn.py)
        return None if step is None else step.play
    replay = control.replay
    analysis = None if replay is None else replay.analysis
    decision = None if analysis is None else analysis.at(replay.at)
    return decision.best if decision is not None and decision.mark else None


_NAMED = re.compile(r'<g\b([^>]*?)\bdata-name="([^"]+)"')


def ghost(board_html: str, names: list[str] | None) -> str:
    """The board with the elements ``names`` (``GamePage.ghost_names`` of a
    move) marked as a ghost (``data-ghost``; the stylesheet outlines them)."""
    words = set(names or ())
    if not words:
        return board_html

    def mark(found: re.Match) -> str:
        if found.group(2) not in words:
            return found.group(0)
        return f'<g{found.group(1)}data-ghost="hint" data-name="{found.group(2)}"'

    return _NAMED.sub(mark, board_html)


def outlined(board_html: str) -> bool:
    """Does the board (:func:`ghost`'s) outline anything?"""
    return 'data-ghost="hint"' in board_html


def prompt(control: Any) -> str | None:
    """The prompt line while a hint is shown or being thought about, else
    None; it says "outlined on the board" only when the board outlines
    something (``control.outlined``: Breach's Run Exploits is a button)."""
    found = current(control)
    if found is not None:
        where = ", outlined on the board" if control.outlined else ""
        return f"Hint: {found.words} (the search bot's suggestion{where})."
    if thinking(control):
        return "Thinking about a hint..."
    return None


def hint_note(session: Any) -> str:
    """The game-over card's line when hints were used in this game, else ``""``."""
    hints = getattr(session, "hints", None) or {}
    if not hints:
        return ""
    who = ", ".join(f"{session.names[seat]} {count} hint{'s' if count > 1 else ''}"
                    for seat, count in sorted(hints.items()))
    return el("p", escape(f"Hints were used in this game: {who}."), class_="hint-note detail")
