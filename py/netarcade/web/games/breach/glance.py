"""Breach at a glance (``web/glance.py``): a real three-player race, early in round 2.

P2 sprinted ten layers in, P1 is in layer 2 and P3 still at the Edge,
playing Exploits. The moves were chosen by greedy bots in
every seat of a game on this seed and cut where the position shows the
most; they are kept as written (the card replays them; nothing
regenerates them).
"""

from netarcade.web.glance import Glance, Label

GLANCE = Glance(
    game="breach",
    options={"players": 3},
    seed=3,
    actions=("p1 run", "p1 play backdoor 1b", "p2 pass", "p3 block lag lag", "p1 counter lag splice",
             "p3 counter backdoor backdoor", "p1 counter frame reroute", "p3 pass", "p1 move", "p1 sprint",
             "p1 enter 2b", "p2 run", "p2 play backdoor 1b", "p2 play overclock", "p2 move", "p2 sprint",
             "p2 keep", "p2 enter 2b", "p2 enter 3b", "p2 enter 4b", "p2 enter 5b", "p2 enter 6t", "p2 enter 7t",
             "p2 enter 8t", "p2 enter 9b", "p2 enter 10b", "p3 run", "p3 play shadow", "p2 pass",
             "p3 play reroute 5"),
    caption=("Breach, the track from the Edge to Root: 14 layers of two Nodes each, red Mainframe and "
             "blue Undernet; the three infiltrators' tokens stand on their Nodes."),
    goal=("Race from the Edge through 14 layers to Root, take the Payload and come back out: the first "
          "to enter the Edge again carrying it wins."),
    turn=("Play Exploits from your hand (or lay low to shed Exposure), roll for Bandwidth, then spend it "
          "Node by Node: red Mainframe costs 1, blue Undernet 2."),
    labels=(
        Label("edge", "Edge", "where everyone starts and where the Payload must come back to."),
        Label("2b", "Undernet", "a blue Node: costs 2 to enter; its STOP and EXIT texts act on who uses it."),
        Label("4t", "Mainframe", "a red Node: costs 1 (this Honeypot costs 0 and gives +2 Exposure on a stop)."),
        Label("10b", "Dark Pool", "P2's token (a blue square) stands here, ten layers in: the leader, whom "
                                  "the others' LAG and TRACE Exploits target."),
        Label("root", "Root", "enter it with 1 Bandwidth left to take the Payload."),
    ),
)
