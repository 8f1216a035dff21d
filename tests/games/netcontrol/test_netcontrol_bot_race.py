"""Net Control bots race for the XP target instead of drawing for the kill.

The evaluation (games/netcontrol/evaluation.py) counts a held Hack as worth
nothing until it is played and the rivals' strength at 0.7 of the runner's
own, so building toward the target outbids buying cards to hack with
(docs/bots.md, "Pacing"). Before, with a Hack worth 0.4 in hand and rivals
counted in full, the greedy bot in this position drew a card first, spending
the firewall and scanner of the Node that wins the game.
"""

from __future__ import annotations

import pytest

from netarcade.bots import make_bot
from netarcade.games.netcontrol import rules
from support.netcontrol_positions import GAME, P1, P2, P3, position


def _edge(state, a, b):
    topo = state.topo
    return topo.vertex_edges[a][topo.vertex_neighbors[a].index(b)]


def one_node_from_the_target():
    """P1 at 9 XP of 10 (four Super Nodes and a Node), its network one link
    short of a free Node spot; in hand a link and most of a Node
    (co ba fi sc) or a card (fi sc me); every unseen card is a Hack, so a
    draw surely gives one. P2 (6 XP) and P3 (4 XP) have unguarded Super
    Nodes to hack."""
    state = position(players=3, seed=0)
    v0, v1 = 10, 6
    spot = next(u for u in state.topo.vertex_neighbors[v1]
                if u != v0 and u not in state.topo.vertex_neighbors[v0])
    state = position(
        players=3, seed=0, turn=100, dice=(3, 4),
        buildings={v0: (P1, 2), 0: (P1, 2), 27: (P1, 2), 9: (P1, 2), 19: (P1, 1),
                   8: (P2, 2), 18: (P2, 2), 20: (P2, 2), 16: (P3, 2), 28: (P3, 2)},
        links={_edge(state, v0, v1): P1}, hands={P1: "co ba fi sc me", P2: "3co", P3: "2ba"},
        deck=[0] * 20, discard=[1] * 14 + [2] * 5 + [3] * 2 + [4] * 2 + [5] * 2)
    return state, _edge(state, v1, spot), spot


def test_the_position_is_one_link_and_one_node_from_the_win():
    state, link, spot = one_node_from_the_target()
    assert GAME.scores(state) == [9, 6, 4]
    legal = GAME.legal_actions(state, P1)
    assert GAME.parse_action(f"p1 link e{link}") in legal and GAME.parse_action("p1 draw") in legal
    assert spot not in rules.node_spots(state, P1)
    GAME.apply(state, GAME.parse_action(f"p1 link e{link}"))
    assert spot in rules.node_spots(state, P1)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_greedy_builds_toward_the_target_before_drawing_for_a_hack(seed):
    state, link, _ = one_node_from_the_target()
    bot = make_bot("greedy", seed, GAME)
    first = bot.choose(GAME, state, P1)
    assert GAME.format_action(first) == f"p1 link e{link}"
    GAME.apply(state, first)
    # with the link down, the hand keeps the firewall and scanner of the winning Node
    second = bot.choose(GAME, state, P1)
    assert second.verb != "draw"
