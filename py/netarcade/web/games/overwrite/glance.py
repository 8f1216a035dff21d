"""Overwrite at a glance (``web/glance.py``): a real two-player game, eight turns each.

Pieces are stacked three high in the middle, and P2 has just put Encrypted
data over the middle of the board. The moves were chosen by greedy bots in
every seat of a game on this seed and cut where the position shows the
most; they are kept as written (the card replays them; nothing
regenerates them).
"""

from netarcade.web.glance import Glance, Label

GLANCE = Glance(
    game="overwrite",
    options={"players": 2},
    seed=1,
    actions=("p1 place 1I3 r0 c7", "p2 place 2O4 r0 c5", "p1 place 1S4 r1f f6", "p2 place 2S4 r0f c3",
             "p1 place 1I2 r0 e6", "p2 place 2L3 r3 f3", "p1 place 1L5 r3 e4", "p2 place 2L4 r0f e5",
             "p1 place 1L4 r3f d4", "p2 place 2I4 r0 e5", "p1 place 1T4 r0 e5", "p2 place 2L5 r0f e3",
             "p1 place av r0 e5", "p2 place enc r0 e5", "p1 place 1P5 r0f g3", "p2 place 2T4 r0 f4"),
    caption=("Overwrite on the 6 by 6 board, turn 17: P1's code blocks are orange, P2's blue; numbers "
             "are stack heights; the hatched 2 by 2 square is Encrypted data."),
    goal=("When someone draws the System Fail from the envelope the game ends: the largest connected "
          "chunk of your colour, seen from above, wins."),
    turn=("A piece is drawn into the shared bank; place any piece of the bank, of any colour, where it "
          "touches the pieces already down (later, over them, to cut a rival's chunk)."),
    labels=(
        Label("c7", "P1's 1I3", "a code block in P1's colour: a straight piece of 3 cells."),
        Label("g5", "4 pieces high", "a stack: the top piece's colour owns the cell, the number counts the layers."),
        Label("c3", "P2's 2S4", "P2's chunk here is cut off from P2's other cells: corners do not connect."),
        Label("e5", "Encrypted data", "a special: nothing may ever cover it, and it scores for nobody."),
    ),
)
