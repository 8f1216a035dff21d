"""Net Control at a glance (``web/glance.py``): a real three-runner game in its eighth round.

Every runner has upgraded a node to a Super Node; P3 infected a compute
tile with a Virus; P2 has just rolled. The moves were chosen by greedy bots in
every seat of a game on this seed and cut where the position shows the
most; they are kept as written (the card replays them; nothing
regenerates them).
"""

from netarcade.web.glance import Glance, Label

GLANCE = Glance(
    game="netcontrol",
    options={"players": 3},
    seed=4,
    actions=("p1 node v45", "p1 link e58", "p2 node v35", "p2 link e43", "p3 node v23", "p3 link e26",
             "p3 node v36", "p3 link e46", "p2 node v37", "p2 link e47", "p1 node v25", "p1 link e30", "p1 roll",
             "p1 end", "p2 roll", "p2 end", "p3 roll", "p3 end", "p1 roll", "p1 end", "p2 roll", "p2 end",
             "p3 roll", "p3 end", "p1 roll", "p1 end", "p2 roll", "p2 end", "p3 roll", "p3 super v23", "p3 end",
             "p1 roll", "p1 end", "p2 roll", "p2 trade sc fi", "p2 super v35", "p2 end", "p3 roll",
             "p1 discard co", "p1 discard co", "p1 discard co", "p1 discard me", "p3 end", "p1 roll", "p1 end",
             "p2 roll", "p2 end", "p3 roll", "p3 end", "p1 roll", "p1 end", "p2 roll", "p2 end", "p3 roll",
             "p3 discard sc", "p3 discard sc", "p3 end", "p1 roll", "p1 super v45", "p1 end", "p2 roll", "p2 end",
             "p3 roll", "p3 draw", "p3 end", "p1 roll", "p1 end", "p2 roll", "p2 end", "p3 roll", "p3 virus t11",
             "p3 end", "p1 roll", "p1 super v25", "p1 end", "p2 roll"),
    caption=("Net Control, round 8 of a three-runner game: resource tiles with their dice numbers; "
             "P1's buildings are orange circles, P2's blue squares, P3's green triangles."),
    goal=("First to 10 XP: a node is 1, a Super Node 2, and the Longest Network and Most Fortified "
          "are 2 each."),
    turn=("Roll the two dice: every building on a tile showing the sum produces its resource; then "
          "build, trade with the bank and play a card, and end your turn."),
    labels=(
        Label("v36", "Node", "a building on a corner: 1 XP; it collects from the tiles around it."),
        Label("v45", "Super Node", "an upgraded node: 2 XP, and it collects 2 of each resource."),
        Label("e30", "Link", "links join your buildings: a new node goes at the end of one."),
        Label("t8", "Firewall", "a resource tile: when the dice sum is its number (10), it produces firewall."),
        Label("t11", "Infected", "a Virus card stopped this tile until a runner with a building on it clears it."),
        Label("t1", "Dead zone", "produces nothing, and no Virus can infect it."),
    ),
)
