"""Overwrite's guided first game (``web/learn.py``): one real 2-player game,
seed 10879, to the System Fail.

You are P1 (orange); the gentle bot's replies are scripted. Every kind of
action is played: place (with Turn and Flip), reserve, draw, pass and
Defrag, and the Anti-virus is placed; resigning is only mentioned. The seed
puts the draws where the lesson needs them (found by
``scripts/research/overwrite_lesson_seed.py``): the first layer fills the board
before it joins the first piece's side (the bottom) to the top, so after a
Draw nothing in the bank fits and you pass; your own bank's I4 then joins
them and stacking is allowed; the Anti-virus and the Defrag come after
that, and the rival draws the System Fail after your twelfth step, which
ends the game with your chunk of 30 cells against 2.

``clicks`` replays the lesson up to a move to say how a player makes it on
the page: the piece's bank button, Turn and Flip from the orientation the
page shows first, then the cell under the piece's handle block.
"""

from __future__ import annotations

from collections import deque

from netarcade.web.learn import Chapter, Lesson, Step

LESSON = Lesson(
    game="overwrite",
    title="Learn Overwrite",
    options={"players": 2},
    seed=10879,
    intro=("You are P1 (orange). Each turn a piece is drawn into the bank; you place one piece of any colour. "
           "On a phone, tap a cell to see the piece there, then tap it again to place it."),
    closing=("Lesson done: the System Fail ended the game and your largest chunk won. In a real game it may come "
             "at any draw, so keep your chunk big from the start; Resign gives up at once. "
             "Now play one against the gentle bot, with hints on."),
    mentions=("resign",),
    chapters=(
        Chapter("The first layer", (
            Step("Pick 1O4 in the bank, then click e7: the first piece must touch the blue line, here its bottom side.",
                 "p1 place 1O4 r0 e7", ("p2 place 2L5 r0f c5",),
                 "The rival's L5 touches the chain: no piece may cover another yet."),
            Step("Pick 1T4, press Turn (R) once, then click h6: it joins your O4, and your score is your largest chunk.",
                 "p1 place 1T4 r1 g6", ("p2 place 2L3 r2 g4",),
                 "Your chunk is 8 cells (edges join, corners do not)."),
            Step("Pick 1L5, press Turn (R), then Flip (F) for its mirror image, and click c4: any piece may be turned "
                 "and flipped before it is placed.",
                 "p1 place 1L5 r3f c4", ("p2 place 1I3 r1 c5",),
                 "The rival placed one of your pieces: any colour may be played from the bank."),
        )),
        Chapter("Your own bank", (
            Step("Pick 1I4 and press Reserve (V): a piece of your colour with at most 4 blocks waits in your own bank.",
                 "p1 reserve 1I4", ("p2 place 2L4 r3 e5",),
                 "Your bank holds 1I4, and the board is nearly full."),
            Step("With a piece in your own bank you may play it instead of drawing. This time press Draw (D).",
                 "p1 draw"),
            Step("Nothing in the bank fits, and none is yours with at most 4 blocks: press Pass (P). The drawn piece "
                 "leaves the game.",
                 "p1 pass", ("p2 reserve 2S4",),
                 "The rival kept its S4 in its own bank."),
            Step("Pick 1I4 in your bank (no draw) and click c3: your chain then joins the bottom side to the top, "
                 "so stacking is allowed.",
                 "p1 place 1I4 r0 c3", ("p2 place 2S4 r0 f3",),
                 "The rival's S4 now lies on your L5: pieces may cover others, and only the top colour counts."),
        )),
        Chapter("Specials", (
            Step("Pick the Anti-virus and click f5: every uncovered piece touching it leaves the game, here the rival's "
                 "S4 and L4.",
                 "p1 place av r0 f5", ("p2 place 2T5 r1 e5",),
                 "The Anti-virus took them out, then left too. The rival covered the middle with its T5."),
            Step("Press Defrag (M), click your 1I4 on row 3, then click d6: it moves onto the rival's T5 and joins "
                 "your pieces.",
                 "p1 defrag 1I4 r0 d6", ("p2 place 2I3 r0 e3",),
                 "One chunk of 19 cells now; the Defrag left the game."),
        )),
        Chapter("Chunks and the end", (
            Step("Pick 1T5 and click f3: it covers the rival's I3 and adds 5 cells to your chunk.",
                 "p1 place 1T5 r0 f3", ("p2 reserve 2T4",),
                 "Your chunk is 24 cells."),
            Step("Pick 1S4 and click d7: it covers the rival's L5 at the bottom left.",
                 "p1 place 1S4 r0 c7", ("p2 place 2T4 r0 c3",),
                 "The rival played the T4 from its own bank onto your pieces."),
            Step("Pick 1P5, press Flip (F), then click d3: it covers the rival's T4 and makes your chunk whole again.",
                 "p1 place 1P5 r0f d3", (),
                 "The rival drew the System Fail: the game is over, and your chunk of 30 cells wins."),
        )),
    ),
)


def _orientation_path(shape: str, start: str, goal: str) -> list[str]:
    """The fewest Turn and Flip presses from orientation ``start`` to ``goal``."""
    from .tools import flipped, turned

    queue, seen = deque([(start, [])]), {start}
    while queue:
        orient, presses = queue.popleft()
        if orient == goal:
            return presses
        for command, change in (("rotate", turned), ("flip", flipped)):
            after = change(shape, orient)
            if after not in seen:
                seen.add(after)
                queue.append((after, presses + [command]))
    raise ValueError(f"{goal} cannot be reached from {start} for {shape}")


def _position_before(text: str):
    """The lesson's game just before its move ``text`` (a ``Match``)."""
    from netarcade.core.match import Match
    from netarcade.games import get_game

    record = LESSON.record_actions()
    return Match(get_game(LESSON.game), LESSON.options, LESSON.seed, record[:record.index(text)])


def clicks(text: str) -> list[tuple[str, str]]:
    """How a player makes the move ``text`` on the page (the browser test
    follows it): ``("cmd", name)`` for Draw, Pass, Reserve, Turn and Flip,
    ``("tool", "defrag")``, ``("name", cell)`` for a piece on the board,
    ``("press", selector)`` for a bank piece and a cell under a picked
    piece, and ``("aim", selector)``, the first tap a touch screen makes to
    see the piece there."""
    from .tools import handle_cell, play_name, shape_of

    words = text.split()
    verb = words[1]
    if verb in ("draw", "pass"):
        return [("cmd", verb)]
    match = _position_before(text)
    state = match.state
    seat = int(words[0][1:]) - 1
    if verb == "reserve":
        return [("press", f'#tools [data-cmd="pick"][data-value="{words[2]}"]'), ("cmd", "reserve")]
    name, goal, anchor = words[2:]
    view = match.view(seat)
    if verb == "defrag":
        moving = next(piece for piece in view["pieces"] if piece["id"] == name)
        shape = moving["shape"]
        offered = _orientations(match, seat, f"p{seat + 1} defrag {name} ")
        start = moving["orient"] if moving["orient"] in offered else offered[0]
        presses = [("tool", "defrag"), ("name", moving["cells"][0])]
    else:
        pool = state.personal[seat] if state.phase == "draw" else state.bank
        piece = next(piece for piece in pool if play_name(piece) == name)
        shape = shape_of(name)
        start = _orientations(match, seat, f"p{seat + 1} place {name} ")[0]
        presses = [("press", f'#tools [data-cmd="pick"][data-value="{piece}"]')]
    presses += [("cmd", command) for command in _orientation_path(shape, start, goal)]
    cell = handle_cell(shape, goal, anchor)
    target = f'#board .target[data-name="{cell}"]'
    return presses + [("aim", f"{target} .tap"), ("press", f"{target} .hit")]


def _orientations(match, seat: int, prefix: str) -> list[str]:
    """The orientations the page offers for a piece, in the engine's order
    (the first is the one a picked piece shows, ``OverwriteTable.pick``)."""
    found: list[str] = []
    for text in match.legal(seat, prefix):
        if text.split()[3] not in found:
            found.append(text.split()[3])
    return found
