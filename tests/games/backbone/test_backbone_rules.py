"""One or more tests per rule of docs/rules/backbone.md (B1..B26).

Each test names its rule and checks the exact behaviour the page states, so
that changing that behaviour in rules.py (a different cost, an off-by-one in
a count, a missing condition) makes it fail. Positions are built directly
with ``backbone_positions.position``; hexes are written by name, a1 = (0, 0).

Reminders for reading the positions (axial (q, r), letter = q, number = r+1):
the six neighbours of (q, r) are (q+-1, r), (q, r+-1), (q+1, r-1), (q-1, r+1);
so b1's neighbours are a1, c1, a2, b2.
"""

from __future__ import annotations

import pytest

from support.backbone_positions import GAME, act, h, hexes, mirror, names, position, routers
from netarcade.core.actors import LowestSeat
from netarcade.core.errors import IllegalAction, InvalidOption
from netarcade.core.grid import hex_distance
from netarcade.core.match import Match
from netarcade.games.backbone import board, rules
from netarcade.games.backbone.actions import Build, End, Hack, Reroute
from support.playing import play, random_moves, turns

P1, P2 = 0, 1


def net(state, seat) -> list[str]:
    return names(rules.network(state, seat))


def illegal(state, text: str) -> str:
    """Apply ``text`` expecting IllegalAction; return its code."""
    with pytest.raises(IllegalAction) as info:
        act(state, text)
    return info.value.code


def rot(x):
    return (8 - x[0], 8 - x[1])


# P2's long arm of Routers from i9 up the i column and left along row 1, so
# P2 has pieces in P1's corner: i8..i1, then h1, g1, f1.
P2_ARM = routers(P2, "i8 i7 i6 i5 i4 i3 i2 i1 h1 g1 f1")

# A scoring corner for P1: Server b1 online (Routers a1, a2) connecting the
# Cities c1 and b2; a Datacenter a3 beside Router a2 (and a4 when built).
P1_CORNER_CITIES = ("c1", "b2")
P1_CORNER = {"a2": (P1, "router"), "a3": (P1, "datacenter")}


def mirrored(pieces: dict) -> dict:
    """The same pieces for the other seat, rotated onto its corner."""
    return {mirror(n): (1 - owner, kind) for n, (owner, kind) in pieces.items()}


# ---------------------------------------------------------------------------
# Board (B1-B3)
# ---------------------------------------------------------------------------


def test_b01_map_is_9x9_rhombus_with_named_hexes():
    assert board.ON_BOARD == {(q, r) for q in range(9) for r in range(9)}
    assert len(board.HEXES) == 81
    assert h("a1") == (0, 0) and h("i9") == (8, 8) and h("e5") == (4, 4)
    assert h("c7") == (2, 6) and h("g3") == (6, 2)
    for x in board.HEXES:
        assert h(board.hex_name(x)) == x
    # the six touching hexes, clipped at the edge
    assert set(board.NEIGHBORS[h("e5")]) == hexes("f5 f4 e4 d5 d6 e6")
    assert set(board.NEIGHBORS[h("a1")]) == hexes("b1 a2")  # acute corner
    assert set(board.NEIGHBORS[h("i1")]) == hexes("h1 h2 i2")  # obtuse corner
    assert set(board.NEIGHBORS[h("i9")]) == hexes("h9 i8")


def test_b01_nothing_exists_off_the_board():
    state = position()
    for off in ((9, 0), (-1, 0), (0, 9), (3, -1)):
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, Build(P1, "router", off))
        assert info.value.code == "off-board"


def test_b02_start_pieces_on_the_acute_corners():
    state = GAME.new_game({}, 0)
    assert state.pieces == {
        h("a1"): (P1, "router"),
        h("b1"): (P1, "server"),
        h("i9"): (P2, "router"),
        h("h9"): (P2, "server"),
    }
    assert hex_distance(h("a1"), h("i9")) == 16
    assert rot(h("a1")) == h("i9") and rot(h("b1")) == h("h9")
    assert board.START_ROUTER == (h("a1"), h("i9"))
    assert board.START_SERVER == (h("b1"), h("h9"))
    assert state.firewalls == set() and state.disabled == set()
    # both start networks hold just the two start pieces; no Server is online
    assert net(state, P1) == ["a1", "b1"] and net(state, P2) == ["h9", "i9"]
    assert GAME.scores(state) == [0, 0]


def test_b02_start_pieces_do_not_depend_on_options_or_seed():
    a = GAME.new_game({"map": "seeded", "target": 5}, 123)
    b = GAME.new_game({}, 0)
    assert a.pieces == b.pieces


def _check_layout(cities):
    assert len(cities) == 7
    assert h("e5") in cities
    assert all(c in board.ON_BOARD for c in cities)
    assert {rot(c) for c in cities} == set(cities)
    for c in cities:
        for s in board.START_HEXES:
            assert hex_distance(c, s) >= 2, (board.hex_name(c), board.hex_name(s))
        for d in cities:
            if c != d:
                assert hex_distance(c, d) >= 2, (board.hex_name(c), board.hex_name(d))
    assert board.is_fair_city_layout(frozenset(cities))


def test_b03_classic_cities():
    state = GAME.new_game({}, 0)
    assert state.cities == hexes("e5 e2 e8 b5 h5 g3 c7")
    _check_layout(state.cities)
    # c7, e5, g3 on the short diagonal q + r = 8
    assert {c for c in state.cities if c[0] + c[1] == 8} == hexes("c7 e5 g3")
    # the seed changes nothing with map=classic
    for seed in (1, 2, 2**64 - 1):
        assert GAME.new_game({"map": "classic"}, seed).cities == state.cities


def test_b03_seeded_cities_fair_over_200_seeds():
    layouts = set()
    for seed in range(200):
        state = GAME.new_game({"map": "seeded"}, seed)
        cities = state.cities
        _check_layout(cities)
        # seeded: every City at least 3 steps from every start hex
        assert all(hex_distance(c, s) >= 3 for c in cities for s in board.START_HEXES)
        assert not (cities & board.START_HEXES)
        # reproducible from the seed alone
        assert GAME.new_game({"map": "seeded"}, seed).cities == cities
        assert board.seeded_cities(seed) == cities
        layouts.add(frozenset(cities))
    # different seeds give different maps (a few collisions are fine)
    assert len(layouts) >= 150
    assert board.seeded_cities(0) != board.seeded_cities(1)
    # and they are not just the classic map
    assert frozenset(hexes("e5 e2 e8 b5 h5 g3 c7")) not in layouts


def test_b03_nothing_is_built_on_a_city():
    state = position(pieces={"c1": (P1, "router")}, cities=("d1",), bw=(10, 10))
    assert illegal(state, "p1 router d1") == "city"
    assert illegal(state, "p1 ap d1") == "city"
    assert h("d1") not in rules.build_hexes(state, P1, "router")


# ---------------------------------------------------------------------------
# Adjacency and the network (B4-B6)
# ---------------------------------------------------------------------------


def test_b04_ap_builds_two_straight_steps_away_and_jumped_hex_stays_empty():
    state = position(cities=(), bw=(10, 10))
    assert illegal(state, "p1 router d1") == "not-adjacent"  # only an AP jumps
    act(state, "p1 ap d1")  # b1 -> (c1) -> d1
    assert state.pieces[h("d1")] == (P1, "ap")
    assert h("c1") not in state.pieces  # the jumped hex is not claimed
    assert net(state, P1) == ["a1", "b1", "d1"]
    # the jumped hex is still buildable
    assert h("c1") in rules.build_hexes(state, P1, "router")
    act(state, "p1 router c1")
    assert state.pieces[h("c1")] == (P1, "router")


def test_b04_ap_reach_is_only_straight_lines():
    state = position(pieces={"d1": (P1, "ap")}, cities=(), bw=(10, 10))
    # e2 and c2 are 2 steps from the AP d1 but not in a straight line
    assert hex_distance(h("d1"), h("e2")) == 2
    assert illegal(state, "p1 router e2") == "not-adjacent"
    # f1 (east x2), d3 (south x2) and b3 (south-west x2) are straight jumps
    for target in ("f1", "d3", "b3"):
        assert h(target) in rules.build_hexes(state, P1, "router"), target
    # three steps is too far even in a straight line
    assert illegal(state, "p1 router g1") == "not-adjacent"


def test_b04_adjacency_is_symmetric_for_the_network():
    # Router f1 is two straight steps from the AP d1: they are adjacent, so f1
    # is in the network although e1 between them is empty.
    state = position(pieces={"d1": (P1, "ap"), "f1": (P1, "router")}, cities=())
    assert net(state, P1) == ["a1", "b1", "d1", "f1"]
    # without the AP in between, f1 is cut off
    state = position(pieces={"d1": (P1, "router"), "f1": (P1, "router")}, cities=())
    assert net(state, P1) == ["a1", "b1"]


def test_b04_jumped_hex_is_buildable_by_the_opponent():
    # P1 builds an AP at e1 from its Router c1, jumping d1. P2's arm runs on
    # to e2 and d2, which touches d1: P2 may then build on the jumped hex.
    pieces = {**P2_ARM, **routers(P2, "e2 d2"), "c1": (P1, "router")}
    state = position(pieces=pieces, cities=(), bw=(10, 10))
    act(state, "p1 ap e1")
    assert h("d1") not in state.pieces
    assert h("d1") in rules.build_hexes(state, P1, "router")
    act(state, "p1 end")
    act(state, "p2 router d1")
    assert state.pieces[h("d1")] == (P2, "router")


def test_b04_hack_reaches_through_an_ap_both_ways():
    # P1's AP d1 is adjacent to P2's Router f1 (two straight steps)
    state = position(pieces={**P2_ARM, "d1": (P1, "ap")}, cities=(), bw=(10, 10))
    assert h("f1") in rules.hack_targets(state, P1)
    act(state, "p1 hack f1")
    assert h("f1") in state.disabled
    # the other way: P2's AP at f1 is adjacent to P1's Router d1
    state = position(pieces={**P2_ARM, "f1": (P2, "ap"), "d1": (P1, "router"), "c1": (P1, "router")},
                     cities=(), bw=(10, 10))
    assert h("f1") in rules.hack_targets(state, P1)
    act(state, "p1 hack f1")
    assert h("f1") in state.disabled
    # two plain Routers two steps apart are not adjacent
    state = position(pieces={**P2_ARM, "d1": (P1, "router"), "c1": (P1, "router")},
                     cities=(), bw=(10, 10))
    assert h("f1") not in rules.hack_targets(state, P1)
    assert illegal(state, "p1 hack f1") == "not-adjacent"


def test_b05_network_is_what_joins_the_start_pieces():
    # c1-d1-e1 chain from b1; f2 is P1's but touches nothing of P1's
    pieces = {"c1": (P1, "router"), "d1": (P1, "router"), "e1": (P1, "router"),
              "g3": (P1, "router")}
    state = position(pieces=pieces, cities=())
    assert net(state, P1) == ["a1", "b1", "c1", "d1", "e1"]
    # Disabled d1 cuts e1 off; e1 stays on the board
    state = position(pieces=pieces, cities=(), disabled=("d1",))
    assert net(state, P1) == ["a1", "b1", "c1"]
    assert state.pieces[h("e1")] == (P1, "router")
    # pieces cut off cannot be built from
    assert illegal(state, "p1 router f1") == "not-adjacent"
    # an enemy piece never joins a network
    state = position(pieces={**pieces, "d1": (P2, "router")}, cities=())
    assert net(state, P1) == ["a1", "b1", "c1"]


def test_b05_either_start_piece_roots_the_network():
    pieces = {"a2": (P1, "router"), "c1": (P1, "router")}  # a2 touches a1 (and b1); c1 only b1
    state = position(pieces=pieces, cities=(), disabled=("a1",))
    assert net(state, P1) == ["a2", "b1", "c1"]
    state = position(pieces=pieces, cities=(), disabled=("b1",))
    assert net(state, P1) == ["a1", "a2"]  # c1 hangs on b1 only
    state = position(pieces=pieces, cities=(), disabled=("a1", "b1"))
    assert net(state, P1) == []


def test_b05_cut_off_pieces_return_when_the_marker_goes():
    # P2 hacks P1's d1 (via the AP at the end of its arm, f1), cutting e1
    # off; at the end of P1's next turn d1 recovers and e1 is back.
    pieces = {**P2_ARM, "f1": (P2, "ap"), "c1": (P1, "router"), "d1": (P1, "router"),
              "e1": (P1, "router")}
    state = position(pieces=pieces, cities=(), current=P2, bw=(5, 5))
    assert "e1" in net(state, P1)
    act(state, "p2 hack d1")
    assert net(state, P1) == ["a1", "b1", "c1"]
    act(state, "p2 end")
    assert net(state, P1) == ["a1", "b1", "c1"]  # still out during P1's turn
    act(state, "p1 end")
    assert net(state, P1) == ["a1", "b1", "c1", "d1", "e1"]
    assert len(state.pieces) == len(pieces) + 4  # nothing destroyed


def test_b06_two_online_datacenters_are_linked_by_definition():
    # Server b1 online (a1, a2); Datacenter b2 beside Routers a2, c1, a3 and
    # Datacenter b3 beside a3, a4 (b2 touches c2 c1 b1 a2 a3 b3; b3 touches
    # c3 c2 b2 a3 a4 b4).
    pieces = {"a2": (P1, "router"), "c1": (P1, "router"), "b2": (P1, "datacenter"),
              "a3": (P1, "router"), "b3": (P1, "datacenter"), "a4": (P1, "router")}
    state = position(pieces=pieces, cities=())
    assert rules.online_datacenters(state, P1) == [h("b2"), h("b3")]
    assert rules.score(state, P1) == 4  # 2 DCs + 2 bonus
    # a Datacenter outside the network is neither online nor linked: a third
    # "online-looking" one at g5 with Routers g4, g6 cut off from the network
    far = {"g5": (P1, "datacenter"), "g4": (P1, "router"), "g6": (P1, "router")}
    state = position(pieces={**pieces, **far}, cities=())
    assert rules.online_datacenters(state, P1) == [h("b2"), h("b3")]
    assert rules.score(state, P1) == 4
    # and with only the far pair + one near DC there is no bonus
    del pieces["b3"]
    state = position(pieces={**pieces, **far}, cities=())
    assert rules.online_datacenters(state, P1) == [h("b2")]
    assert rules.score(state, P1) == 1


# ---------------------------------------------------------------------------
# Building (B7-B10)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "piece,cost,where",
    [("router", 2, "c1"), ("ap", 3, "d1"), ("server", 3, "c1"), ("datacenter", 6, "c1"),
     ("switch", 1, "a2"), ("firewall", 2, "a1")],
)
def test_b07_build_costs(piece, cost, where):
    state = position(cities=(), bw=(10, 10))
    act(state, f"p1 {piece} {where}")
    assert state.bw == [10 - cost, 10]
    if piece == "firewall":
        assert state.firewalls == {h(where)}
    else:
        assert state.pieces[h(where)] == (P1, piece)
    # exactly the cost is enough, one less is not
    state = position(cities=(), bw=(cost, 0))
    act(state, f"p1 {piece} {where}")
    assert state.bw[P1] == 0
    state = position(cities=(), bw=(cost - 1, 10))
    assert illegal(state, f"p1 {piece} {where}") == "insufficient-bw"


def test_b07_build_must_touch_the_network():
    state = position(cities=(), bw=(10, 10))
    assert set(rules.build_hexes(state, P1, "router")) == hexes("c1 a2 b2")
    assert illegal(state, "p1 router c2") == "not-adjacent"
    assert illegal(state, "p1 server e5") == "not-adjacent"
    assert illegal(state, "p1 datacenter c2") == "not-adjacent"
    # touching a cut-off piece of one's own is not enough
    state = position(pieces={"c1": (P1, "router"), "d1": (P1, "router")}, disabled=("c1",),
                     cities=(), bw=(10, 10))
    assert illegal(state, "p1 router e1") == "not-adjacent"
    # touching an enemy piece is not enough
    state = position(pieces=P2_ARM, cities=(), bw=(10, 10))
    assert illegal(state, "p1 router e1") == "not-adjacent"


def test_b08_switch_needs_two_network_neighbours():
    state = position(cities=(), bw=(10, 10))
    # a2 and b2? a2 touches a1 and b1 (2); c1 touches only b1 (1)
    assert illegal(state, "p1 switch c1") == "switch-needs-two"
    assert illegal(state, "p1 switch b2") == "switch-needs-two"
    act(state, "p1 switch a2")
    assert state.pieces[h("a2")] == (P1, "switch")
    # now b2 touches b1 and a2
    act(state, "p1 switch b2")
    assert state.pieces[h("b2")] == (P1, "switch")


def test_b08_switch_neighbours_must_be_in_the_network():
    # c2 touches the Routers c1 and d1; with d1 Disabled only c1 counts.
    pieces = {"c1": (P1, "router"), "d1": (P1, "router")}
    state = position(pieces=pieces, cities=(), bw=(10, 10), disabled=("d1",))
    assert illegal(state, "p1 switch c2") == "switch-needs-two"  # c1 + disabled d1
    state = position(pieces=pieces, cities=(), bw=(10, 10))
    act(state, "p1 switch c2")  # c1 + d1
    # an enemy neighbour does not count either
    state = position(pieces={"c1": (P1, "router"), "d1": (P2, "router")}, cities=(), bw=(10, 10))
    assert illegal(state, "p1 switch c2") == "switch-needs-two"


def test_b08_switch_counts_an_ap_two_steps_away():
    # c3 touches one network piece (Router c2; its neighbours are d3 d2 c2
    # b3 b4 c4) and is two straight steps east of the AP a3: two neighbours.
    pieces = {"a2": (P1, "router"), "a3": (P1, "ap"), "b2": (P1, "router"), "c2": (P1, "router")}
    state = position(pieces=pieces, cities=(), bw=(10, 10))
    assert net(state, P1) == ["a1", "a2", "a3", "b1", "b2", "c2"]
    act(state, "p1 switch c3")
    assert state.pieces[h("c3")] == (P1, "switch")


def test_b09_firewall_on_any_own_piece_once():
    pieces = {"c1": (P1, "router"), "d1": (P1, "router"), "e1": (P1, "router")}
    state = position(pieces={**pieces, "g5": (P2, "router")}, disabled=("d1",), cities=(),
                     bw=(10, 10))
    act(state, "p1 firewall d1")  # a Disabled piece
    act(state, "p1 firewall e1")  # a cut-off piece
    assert state.firewalls == hexes("d1 e1")
    assert state.bw[P1] == 6
    state = position(pieces={**pieces, "g5": (P2, "router")}, firewalls=("c1",), cities=(),
                     bw=(10, 10))
    assert illegal(state, "p1 firewall c1") == "already-firewalled"
    assert illegal(state, "p1 firewall g5") == "not-your-piece"
    assert illegal(state, "p1 firewall c2") == "not-your-piece"  # empty
    act(state, "p1 firewall a1")  # a start piece
    assert state.firewalls == hexes("c1 a1")


def test_b09_firewall_absorbs_one_hack():
    pieces = {**P2_ARM, "d1": (P1, "ap")}
    state = position(pieces=pieces, firewalls=("f1",), cities=(), bw=(10, 10))
    act(state, "p1 hack f1")
    assert state.firewalls == set()  # spent
    assert state.disabled == set()  # the piece is unharmed
    assert state.bw[P1] == 9 and state.hacked
    # the same hack with the Firewall gone disables it
    state = position(pieces=pieces, cities=(), bw=(10, 10))
    act(state, "p1 hack f1")
    assert state.disabled == hexes("f1")
    # a Firewall guards only its own piece
    state = position(pieces=pieces, firewalls=("g1",), cities=(), bw=(10, 10))
    act(state, "p1 hack f1")
    assert state.disabled == hexes("f1") and state.firewalls == hexes("g1")


def test_b09_firewall_absorbs_then_next_hack_disables():
    pieces = {**P2_ARM, "d1": (P1, "ap")}
    state = position(pieces=pieces, firewalls=("f1",), cities=(), bw=(10, 10))
    act(state, "p1 hack f1")
    act(state, "p1 end")
    act(state, "p2 end")
    act(state, "p1 hack f1")
    assert state.disabled == hexes("f1")


def test_b10_build_refusals():
    state = position(pieces={"c1": (P2, "router")}, cities=("a2",), bw=(1, 10))
    assert illegal(state, "p1 router a2") == "city"
    assert illegal(state, "p1 router c1") == "occupied"
    assert illegal(state, "p1 router a1") == "occupied"  # own piece too
    assert illegal(state, "p1 router b2") == "insufficient-bw"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, Build(P1, "switch", (9, 9)))
    assert info.value.code == "off-board"


# ---------------------------------------------------------------------------
# Online and scoring (B11-B14)
# ---------------------------------------------------------------------------


def test_b11_server_online_needs_two_routers():
    state = position(cities=())
    assert rules.online_servers(state, P1) == []  # only a1
    state = position(pieces={"a2": (P1, "router")}, cities=())
    assert rules.online_servers(state, P1) == [h("b1")]
    # a Switch (or any other piece) is not a Router
    for kind in ("switch", "ap", "server", "datacenter"):
        state = position(pieces={"a2": (P1, kind)}, cities=())
        assert rules.online_servers(state, P1) == [], kind
    # an enemy Router does not count
    state = position(pieces={"a2": (P2, "router")}, cities=())
    assert rules.online_servers(state, P1) == []


def test_b11_disabled_or_cut_off_routers_do_not_count():
    state = position(pieces={"a2": (P1, "router")}, disabled=("a2",), cities=())
    assert rules.online_servers(state, P1) == []
    # a Server itself Disabled is not online
    state = position(pieces={"a2": (P1, "router"), "c1": (P1, "router")}, disabled=("b1",),
                     cities=())
    assert h("b1") not in rules.online_servers(state, P1)
    # cut-off: Server d2 beside Routers d1 and e1... d2 (3,1) touches d1 (3,0)
    # and e1 (4,0); the chain to them runs through c1, which is Disabled.
    pieces = {"c1": (P1, "router"), "d1": (P1, "router"), "e1": (P1, "router"),
              "d2": (P1, "server")}
    state = position(pieces=pieces, cities=())
    assert h("d2") in rules.online_servers(state, P1)
    state = position(pieces=pieces, cities=(), disabled=("c1",))
    assert rules.online_servers(state, P1) == []


def test_b12_city_counts_only_beside_an_online_server():
    state = position(cities=("c1", "b2", "e5"))
    assert rules.connected_cities(state, P1) == []  # b1 beside c1 and b2, but offline
    state = position(pieces={"a2": (P1, "router")}, cities=("c1", "b2", "e5"))
    assert set(rules.connected_cities(state, P1)) == hexes("c1 b2")
    assert rules.score(state, P1) == 2
    # a Router, a Datacenter, a Switch beside a City do not connect it
    # (b1 is online but touches no City; d2 touches d1 and c2, e1 touches d1,
    # b3 touches c2 and the Switch b2)
    pieces = {"a2": (P1, "router"), "c1": (P1, "router"), "d1": (P1, "router"),
              "c2": (P1, "datacenter"), "b2": (P1, "switch")}
    state = position(pieces=pieces, cities=("d2", "e1", "b3"))
    assert set(rules.network(state, P1)) == set(state.pieces) - hexes("i9 h9")
    assert rules.online_servers(state, P1) == [h("b1")]
    assert rules.connected_cities(state, P1) == []
    # the City must touch the Server (not be two steps away)
    state = position(pieces={"a2": (P1, "router")}, cities=("d1",))
    assert rules.connected_cities(state, P1) == []


def test_b12_disabled_server_connects_nothing():
    state = position(pieces={"a2": (P1, "router")}, cities=("c1", "b2"), disabled=("b1",))
    assert rules.connected_cities(state, P1) == []
    assert rules.score(state, P1) == 0


def test_b12_both_players_connect_the_same_city():
    # City e1 between P1's Server d1 (Routers c1, d2) and P2's Server f1
    # (Routers g1 and e2; e2 touches f1 and e1).
    pieces = {
        "c1": (P1, "router"), "d1": (P1, "server"), "d2": (P1, "router"),
        **routers(P2, "i8 i7 i6 i5 i4 i3 i2 i1 h1 g1 e2"), "f1": (P2, "server"),
    }
    state = position(pieces=pieces, cities=("e1",))
    assert h("f1") in rules.network(state, P2) and h("e2") in rules.network(state, P2)
    assert rules.connected_cities(state, P1) == [h("e1")]
    assert rules.connected_cities(state, P2) == [h("e1")]
    assert GAME.scores(state) == [1, 1]


def test_b13_datacenter_online_conditions():
    base = {"a2": (P1, "router"), "a3": (P1, "datacenter")}
    # a3 beside a2 only: one Router is not enough
    state = position(pieces=base, cities=())
    assert rules.online_datacenters(state, P1) == []
    # a4 makes two Routers, and b1 is online (a1, a2)
    state = position(pieces={**base, "a4": (P1, "router")}, cities=())
    assert rules.online_datacenters(state, P1) == [h("a3")]
    assert rules.score(state, P1) == 1
    # Disabled Router a4 -> one Router again
    state = position(pieces={**base, "a4": (P1, "router")}, cities=(), disabled=("a4",))
    assert rules.online_datacenters(state, P1) == []
    # a Disabled Datacenter is not online either (B19), though its Routers are
    state = position(pieces={**base, "a4": (P1, "router")}, cities=(), disabled=("a3",))
    assert h("a4") not in rules.network(state, P1)  # a4 hung on a3
    state = position(pieces={**base, **routers(P1, "a4 b2 b3")}, cities=(), disabled=("a3",))
    assert h("a4") in rules.network(state, P1)  # now via b1 - b2 - b3 - a4
    assert rules.online_datacenters(state, P1) == []
    assert rules.score(state, P1) == 0


def test_b13_datacenter_needs_an_online_server_in_the_network():
    # DC c3 with Routers c2 and d2 (c3's neighbours: d3 d2 c2 b3 b4 c4), the
    # network running b1 - c1 - c2/d2. b1 is online with a1 and c1; Disabling
    # a1 takes it offline while the DC stays in the network.
    pieces = {"c1": (P1, "router"), "c2": (P1, "router"), "d2": (P1, "router"),
              "c3": (P1, "datacenter")}
    state = position(pieces=pieces, cities=())
    assert rules.online_servers(state, P1) == [h("b1")]
    assert rules.online_datacenters(state, P1) == [h("c3")]
    assert rules.score(state, P1) == 1
    state = position(pieces=pieces, cities=(), disabled=("a1",))
    assert h("c3") in rules.network(state, P1)
    assert rules.online_servers(state, P1) == []
    assert rules.online_datacenters(state, P1) == []
    assert rules.score(state, P1) == 0


def test_b13_server_online_outside_the_network_does_not_count():
    # A second Server f5 with Routers f4, g4 (f5's neighbours: g5 g4 f4 e5 e6 f6)
    # is "online-looking" but cut off; DC c3 is not online.
    pieces = {"c1": (P1, "router"), "c2": (P1, "router"), "d2": (P1, "router"),
              "c3": (P1, "datacenter"), "f5": (P1, "server"), "f4": (P1, "router"),
              "g4": (P1, "router")}
    state = position(pieces=pieces, cities=(), disabled=("a1",))
    assert rules.online_servers(state, P1) == []
    assert rules.online_datacenters(state, P1) == []


def test_b14_tokens_datacenters_cities_and_bonus():
    # b1 online, Cities c1 and b2 connected; DCs a3 (a2, a4) and a5 (a4, a6)
    # a5's neighbours: b5 b4 a4 a6; a3's: b3 b2 a2 a4.
    cities = ("c1", "b2")
    one = {"a2": (P1, "router"), "a3": (P1, "datacenter"), "a4": (P1, "router")}
    state = position(pieces=one, cities=cities)
    assert rules.score(state, P1) == 2 + 1
    two = {**one, "a5": (P1, "datacenter"), "a6": (P1, "router")}
    state = position(pieces=two, cities=cities)
    assert rules.score(state, P1) == 2 + 2 + 2
    three = {**two, "a7": (P1, "datacenter"), "a8": (P1, "router")}
    state = position(pieces=three, cities=cities)
    assert rules.score(state, P1) == 2 + 3 + 2  # the bonus is counted once
    assert GAME.scores(state) == [7, 0]
    # an offline Datacenter is worth nothing
    state = position(pieces={"a2": (P1, "router"), "a3": (P1, "datacenter")}, cities=cities)
    assert rules.score(state, P1) == 2


# ---------------------------------------------------------------------------
# Economy (B15-B16)
# ---------------------------------------------------------------------------


def test_b15_start_bw():
    assert rules.START_BW == (3, 5)
    state = GAME.new_game({}, 0)
    assert state.bw == [6, 5]  # P1 already has its first Income
    act(state, "p1 end")
    assert state.bw == [6, 8]


def test_b16_income_is_three_plus_connected_cities():
    # P1's Server b1 connects c1 and b2; income at the start of P1's turn
    state = position(pieces={"a2": (P1, "router")}, cities=("c1", "b2"), current=P2, bw=(0, 0))
    act(state, "p2 end")
    assert state.current == P1 and state.bw == [5, 0]
    act(state, "p1 end")
    assert state.bw == [5, 3]


def test_b16_income_capped_at_ten():
    state = position(pieces={"a2": (P1, "router")}, cities=("c1", "b2"), current=P2, bw=(6, 9))
    act(state, "p2 end")
    assert state.bw == [10, 9]
    act(state, "p1 end")
    assert state.bw == [10, 10]  # 9 + 3 capped
    state = position(current=P2, bw=(10, 0), cities=())
    act(state, "p2 end")
    assert state.bw[P1] == 10


def test_b16_disabled_server_city_pays_no_income():
    # P2 hacked b1 on its turn: it is still Disabled at P1's Income
    state = position(pieces={"a2": (P1, "router")}, cities=("c1", "b2"), current=P2, bw=(0, 0),
                     disabled=("b1",))
    act(state, "p2 end")
    assert state.bw == [3, 0]
    # the marker goes at P1's Recover, so the next Income pays again
    act(state, "p1 end")
    act(state, "p2 end")
    assert state.bw == [3 + 5, 3]


def test_b16_income_at_the_start_of_the_first_turn():
    state = GAME.new_game({}, 0)
    assert state.bw[P1] == rules.START_BW[P1] + rules.INCOME
    assert state.bw[P2] == rules.START_BW[P2]


# ---------------------------------------------------------------------------
# The turn (B17-B22)
# ---------------------------------------------------------------------------


def test_b17_two_actions_then_the_turn_passes():
    state = position(cities=(), bw=(10, 5))
    act(state, "p1 router c1")
    assert state.current == P1 and state.actions_taken == 1 and state.turn == 1
    act(state, "p1 router d1")  # the same action twice is allowed
    assert state.current == P2 and state.turn == 2 and state.actions_taken == 0
    assert state.bw == [6, 8]  # P2's Income already added
    assert state.passes == 0
    with pytest.raises(IllegalAction) as info:
        act(state, "p1 router e1")
    assert info.value.code == "not-your-turn"


def test_b17_mixed_actions_and_end_after_one():
    pieces = {**P2_ARM, "d1": (P1, "ap")}
    state = position(pieces=pieces, cities=(), bw=(10, 5))
    act(state, "p1 hack f1")
    act(state, "p1 router c1")
    assert state.current == P2
    state = position(pieces=pieces, cities=(), bw=(10, 5))
    act(state, "p1 router c1")
    act(state, "p1 end")
    assert state.current == P2 and state.passes == 0  # one action is not a Pass


def test_b18_hack_costs_one_and_once_per_turn():
    # P1's AP d1 reaches P2's f1 (two steps) and touches P2's e1
    pieces = {**P2_ARM, "e1": (P2, "router"), "d1": (P1, "ap")}
    state = position(pieces=pieces, cities=(), bw=(5, 5))
    assert set(rules.hack_targets(state, P1)) == hexes("e1 f1")
    assert state.hacked is False
    act(state, "p1 hack f1")
    assert state.bw[P1] == 4 and state.hacked and state.disabled == hexes("f1")
    # once per turn, even on another piece
    assert illegal(state, "p1 hack e1") == "hack-used"
    assert rules.legal_actions(state, P1) and not any(
        isinstance(a, Hack) for a in rules.legal_actions(state, P1))
    # the next turn allows a hack again
    act(state, "p1 end")
    act(state, "p2 end")
    assert state.hacked is False
    act(state, "p1 hack e1")
    assert state.disabled == hexes("e1") and state.bw[P1] == 4 + 3 - 1


def test_b18_hack_needs_bw_and_an_adjacent_enemy_piece():
    pieces = {**P2_ARM, "d1": (P1, "ap")}
    state = position(pieces=pieces, cities=(), bw=(0, 5))
    assert illegal(state, "p1 hack f1") == "insufficient-bw"
    state = position(pieces=pieces, cities=(), bw=(1, 5))
    act(state, "p1 hack f1")
    assert state.bw[P1] == 0
    state = position(pieces=pieces, cities=(), bw=(5, 5))
    assert illegal(state, "p1 hack g1") == "not-adjacent"
    assert illegal(state, "p1 hack b1") == "not-enemy"
    assert illegal(state, "p1 hack e5") == "not-enemy"


def test_b19_disabled_lasts_through_victims_next_turn():
    # P2's Server h9 is online (i9, i8) connecting g9 and h8. P1's arm of
    # Routers a2..a9, b9..f9 ends in an AP at g8, two straight steps from i8.
    p1_arm = routers(P1, "a2 a3 a4 a5 a6 a7 a8 a9 b9 c9 d9 e9 f9")
    pieces = {**p1_arm, "g8": (P1, "ap"), "i8": (P2, "router")}
    cities = ("g9", "h8")
    state = position(pieces=pieces, cities=cities, bw=(5, 0))
    assert rules.connected_cities(state, P2) == [h("g9"), h("h8")]
    assert h("i8") in rules.hack_targets(state, P1)
    act(state, "p1 hack i8")
    assert rules.score(state, P2) == 0  # shown live
    act(state, "p1 end")
    # P1's Recover does not touch P2's marker; P1's Score sees it
    assert state.disabled == hexes("i8")
    assert state.history[-1] == [0, 0]
    # P2's Income: the marker is still there, no City pays
    assert state.current == P2 and state.bw[P2] == 3
    # during P2's actions the piece is still out
    assert h("i8") not in rules.network(state, P2)
    assert illegal(state, "p2 router i7") == "not-adjacent"  # i7 touches only i8 of P2's
    act(state, "p2 end")
    # removed at P2's Recover, before P2's Score
    assert state.disabled == set()
    assert state.history[-1] == [0, 2]
    # P2's next Income counts the Cities again
    act(state, "p1 end")
    assert state.bw[P2] == 3 + 3 + 2


def test_b19_own_markers_removed_at_own_recover_only():
    # P1 has a marker (hacked by P2) and P2 has one (hacked by P1): ending
    # P1's turn removes only P1's.
    pieces = {"c1": (P1, "router"), **P2_ARM}
    state = position(pieces=pieces, cities=(), disabled=("c1", "g1"))
    act(state, "p1 end")
    assert state.disabled == hexes("g1")
    act(state, "p2 end")
    assert state.disabled == set()


def test_b19_recover_happens_before_score():
    # P1's Router a2 is Disabled (hacked by P2), so b1 is offline; at the end
    # of P1's turn a2 recovers and P1's Score already counts the City c1.
    state = position(pieces={"a2": (P1, "router")}, cities=("c1",), disabled=("a2",))
    assert rules.score(state, P1) == 0
    act(state, "p1 end")
    assert state.history[-1] == [1, 0]


def _reroute_base(**kw):
    # a1 R, b1 S; Router c1; Switch a2 (touches a1, b1)
    pieces = {"c1": (P1, "router"), "a2": (P1, "switch")}
    pieces.update(kw.pop("extra", {}))
    return position(pieces=pieces, cities=(), bw=(5, 5), **kw)


def test_b20_reroute_moves_a_switch():
    state = _reroute_base()
    before = rules.network(state, P1)
    act(state, "p1 reroute a2 b2")  # b2 touches b1 and c1
    assert h("a2") not in state.pieces
    assert state.pieces[h("b2")] == (P1, "switch")
    assert state.bw == [5, 5]  # free
    assert state.actions_taken == 1  # but an action
    assert (before - hexes("a2")) <= rules.network(state, P1)
    assert h("b2") in rules.network(state, P1)


def test_b20_reroute_moves_an_ap():
    state = position(pieces={"d1": (P1, "ap")}, cities=(), bw=(5, 5))
    act(state, "p1 reroute d1 b3")  # b1 -> (b2) -> b3 straight south
    assert state.pieces[h("b3")] == (P1, "ap") and h("d1") not in state.pieces
    assert h("b3") in rules.network(state, P1)


def test_b20_switch_reroute_needs_two_neighbours_where_it_lands():
    state = _reroute_base()
    # c2 touches c1 and b2 (empty) -> one neighbour: not where a Switch could be built
    code = illegal(state, "p1 reroute a2 c2")
    assert code == "reroute-breaks-network"
    assert h("c2") not in rules.reroute_targets(state, P1, h("a2"))


@pytest.mark.parametrize("kind", ["router", "server", "datacenter"])
def test_b20_only_switches_and_aps_reroute(kind):
    state = position(pieces={"c1": (P1, kind)}, cities=(), bw=(5, 5))
    assert illegal(state, "p1 reroute c1 b2") == "not-movable"
    assert illegal(state, "p1 reroute a1 a2") == "not-movable"  # the start Router


def test_b20_reroute_may_not_cut_anything_off():
    # Switch c1 holds Router d1 (which touches only c1 of the network).
    pieces = {"a2": (P1, "router"), "c1": (P1, "switch"), "d1": (P1, "router")}
    state = position(pieces=pieces, cities=(), bw=(5, 5))
    # b2 is a fine hex for a Switch (a2, b1) but d1 would drop out
    assert illegal(state, "p1 reroute c1 b2") == "reroute-breaks-network"
    assert h("b2") not in rules.reroute_targets(state, P1, h("c1"))
    # an AP leaving the network's reach is refused too
    state = position(pieces={"d1": (P1, "ap")}, cities=(), bw=(5, 5))
    assert illegal(state, "p1 reroute d1 e5") == "reroute-breaks-network"


def test_b20_reroute_can_rejoin_cut_off_pieces_and_firewall_moves():
    # Router c2 is Disabled, so d2 (touching only c2 and d1) is cut off. The
    # AP a2 (Firewalled) moves to d1, which touches c1 (network) and d2.
    pieces = {"b2": (P1, "router"), "c1": (P1, "router"), "c2": (P1, "router"),
              "d2": (P1, "router"), "a2": (P1, "ap")}
    state = position(pieces=pieces, cities=(), disabled=("c2",), firewalls=("a2",), bw=(5, 5))
    before = rules.network(state, P1)
    assert h("d2") not in before
    assert h("d1") in rules.reroute_targets(state, P1, h("a2"))
    act(state, "p1 reroute a2 d1")
    after = rules.network(state, P1)
    assert h("d2") in after and h("d1") in after
    assert (before - hexes("a2")) <= after and len(after) > len(before)
    assert state.firewalls == hexes("d1")
    assert state.disabled == hexes("c2")


def test_b20_disabled_or_cut_off_pieces_do_not_reroute():
    state = _reroute_base(disabled=("a2",))
    assert illegal(state, "p1 reroute a2 b2") == "not-in-network"
    # Switch e1 hangs on d1 only, and d1 is Disabled
    pieces = {"c1": (P1, "router"), "d1": (P1, "router"), "e1": (P1, "switch")}
    state = position(pieces=pieces, cities=(), disabled=("d1",), bw=(5, 5))
    assert h("e1") not in rules.network(state, P1)
    assert illegal(state, "p1 reroute e1 c2") == "not-in-network"
    assert rules.movable_pieces(state, P1) == []


def test_b20_reroute_legal_targets_match_check():
    # every hex reroute_targets lists passes check, every other one fails it
    pieces = {"a2": (P1, "router"), "c1": (P1, "switch"), "d1": (P1, "router"),
              "b2": (P1, "ap"), "c2": (P1, "router")}
    state = position(pieces=pieces, cities=("e5",), bw=(5, 5))
    for source in rules.movable_pieces(state, P1):
        listed = set(rules.reroute_targets(state, P1, source))
        for target in board.HEXES:
            try:
                rules.check(state, Reroute(P1, source, target))
                ok = True
            except IllegalAction:
                ok = False
            assert ok == (target in listed), (board.hex_name(source), board.hex_name(target))


def test_b21_four_consecutive_passes_end_the_game():
    state = position(cities=())
    passing = Match.around(GAME, state, LowestSeat())
    for n, seat in enumerate(turns(passing, 3)):
        passing.advance(End(seat))
        assert state.passes == n + 1 and not state.over
    act(state, "p2 end")
    assert state.over and state.passes == 4
    assert GAME.winners(state) == [0, 1]
    with pytest.raises(IllegalAction) as info:
        act(state, "p1 end")
    assert info.value.code == "game-over"


def test_b21_an_action_resets_the_pass_count():
    state = position(cities=(), bw=(10, 10))
    act(state, "p1 end")
    act(state, "p2 end")
    act(state, "p1 end")
    act(state, "p2 router h8")
    act(state, "p2 end")
    assert state.passes == 0 and not state.over
    passing = play(Match.around(GAME, state, LowestSeat()), End, limit=3)
    assert not state.over and state.passes == 3
    play(passing, End, limit=1)
    assert state.over


def test_b22_score_at_the_end_of_every_turn_for_both():
    state = position(cities=("c1", "b2", mirror("c1")),
                     bw=(10, 10))
    act(state, "p1 router a2")  # b1 online: c1 and b2
    assert GAME.scores(state) == [2, 0]  # shown live
    assert state.history == []
    act(state, "p1 end")
    assert state.history == [[2, 0]]
    act(state, "p2 router i8")  # h9 online: g9
    act(state, "p2 end")
    assert state.history == [[2, 0], [2, 1]]
    act(state, "p1 end")
    assert state.history == [[2, 0], [2, 1], [2, 1]]
    assert len(state.history) == state.turn - 1


# ---------------------------------------------------------------------------
# End of the game (B23-B26)
# ---------------------------------------------------------------------------

TARGET3 = {"target": 3}
CLOSING_CITIES = P1_CORNER_CITIES + tuple(mirror(c) for c in P1_CORNER_CITIES)


def _closing_position(**kw):
    """P1: b1 online (a1, a2), Cities c1 b2 (2 tokens) and DC a3 missing its
    second Router a4. P2: the mirror image, missing i6. target=3."""
    pieces = {**P1_CORNER, **mirrored(P1_CORNER)}
    pieces.update(kw.pop("extra", {}))
    return position(pieces=pieces, cities=CLOSING_CITIES, options=kw.pop("options", TARGET3),
                    bw=kw.pop("bw", (10, 10)), **kw)


def test_b23_trigger_at_end_of_turn_gives_one_closing_turn_p1():
    state = _closing_position()
    assert GAME.scores(state) == [2, 2]
    act(state, "p1 router a4")
    assert GAME.scores(state) == [3, 2]
    assert state.closing is None  # reaching the target mid-turn triggers nothing
    act(state, "p1 end")
    assert state.closing == P1 and not state.over and state.current == P2
    act(state, "p2 end")  # the closing turn, here a Pass
    assert state.over
    assert GAME.winners(state) == [P1]
    assert GAME.to_act(state) == {}


def test_b23_trigger_by_p2_gives_p1_a_closing_turn():
    state = _closing_position(current=P2)
    act(state, "p2 router i6")
    act(state, "p2 end")
    assert state.closing == P2 and not state.over and state.current == P1
    act(state, "p1 firewall a1")
    act(state, "p1 firewall b1")  # two actions end the closing turn by themselves
    assert state.over and GAME.winners(state) == [P2]
    assert GAME.scores(state) == [2, 3]


def test_b23_closing_turn_never_grants_another():
    state = _closing_position()
    act(state, "p1 router a4")
    act(state, "p1 end")
    turn = state.turn
    act(state, "p2 router i6")  # P2 reaches the target in the closing turn
    act(state, "p2 end")
    assert state.over and state.turn == turn
    assert state.closing == P1
    assert GAME.scores(state) == [3, 3]
    assert GAME.winners(state) == [P1, P2]  # 3-3, 2-2 Cities: a draw


def test_b23_closing_turn_can_overtake():
    # P2 also has a Datacenter i5 with Router i4 (cut off until i6 is built):
    # i6 brings both DCs online in the closing turn: 2 + 2 + 2 = 6 > 3.
    state = _closing_position(extra={"i5": (P2, "datacenter"), "i4": (P2, "router")})
    act(state, "p1 router a4")
    act(state, "p1 end")
    assert state.closing == P1
    act(state, "p2 router i6")
    assert not state.over
    act(state, "p2 end")
    assert state.over and GAME.scores(state) == [3, 6]
    assert GAME.winners(state) == [P2]


def test_b23_closing_player_disables_stay_in_the_final_count():
    # P2 triggers (3 tokens); P1's AP g8 (reached along P1's arm) hacks P2's
    # Router i8, taking h9 offline: P2's count drops to 0 for the final count.
    p1_arm = routers(P1, "a2 a3 a4 a5 a6 a7 a8 a9 b9 c9 d9 e9 f9")
    pieces = {**p1_arm, "g8": (P1, "ap"), **mirrored(P1_CORNER)}
    state = position(pieces=pieces, cities=("g9", "h8"), options=TARGET3, current=P2,
                     bw=(10, 10))
    act(state, "p2 router i6")
    act(state, "p2 end")
    assert state.closing == P2 and GAME.scores(state) == [0, 3]
    act(state, "p1 hack i8")
    act(state, "p1 end")
    assert state.over
    assert state.disabled == hexes("i8")  # P2 gets no Recover
    assert GAME.scores(state) == [0, 0]
    assert state.history[-1] == [0, 0]
    assert GAME.winners(state) == [P1, P2]


def test_b23_only_the_player_ending_the_turn_triggers():
    # P2 holds 3 tokens (a position built for the test) while P1 ends a turn:
    # "ending *your* turn with target+" - P1's turn end triggers nothing.
    state = _closing_position(extra={mirror("a4"): (P2, "router")})
    assert GAME.scores(state) == [2, 3]
    act(state, "p1 end")
    assert state.closing is None and not state.over
    act(state, "p2 end")
    assert state.closing == P2


def test_b23_below_target_does_not_trigger():
    state = _closing_position(options={"target": 4})
    act(state, "p1 router a4")
    act(state, "p1 end")
    assert state.closing is None and not state.over
    assert GAME.scores(state) == [3, 2]


def test_b23_default_target_is_ten():
    assert GAME.new_game({}, 0).options["target"] == 10
    # 7 tokens are not enough with the default target
    pieces = {"a2": (P1, "router"), "a3": (P1, "datacenter"), "a4": (P1, "router"),
              "a5": (P1, "datacenter"), "a6": (P1, "router"), "a7": (P1, "datacenter"),
              "a8": (P1, "router")}
    state = position(pieces=pieces, cities=P1_CORNER_CITIES)
    assert rules.score(state, P1) == 7
    act(state, "p1 end")
    assert state.closing is None


def test_b24_higher_total_wins():
    state = _closing_position(passes=3)
    act(state, "p1 router a4")
    act(state, "p1 end")
    # not a Pass: the game goes on to the closing turn
    act(state, "p2 end")
    assert state.over and GAME.winners(state) == [P1]


def test_b24_tie_broken_by_connected_cities():
    # P1: 2 Cities + 1 DC = 3. P2: 3 Cities (h9 and a second Server h8 with
    # Routers i8, i7 connect g9, h7, g8) = 3 -> P2 wins on Cities.
    pieces = {**P1_CORNER, "a4": (P1, "router"),
              "i8": (P2, "router"), "h8": (P2, "server"), "i7": (P2, "router")}
    state = position(pieces=pieces, cities=("c1", "b2", "g9", "h7", "g8"), passes=3)
    assert GAME.scores(state) == [3, 3]
    assert [len(rules.connected_cities(state, s)) for s in (0, 1)] == [2, 3]
    act(state, "p1 end")
    assert state.over and GAME.winners(state) == [P2]


def test_b24_full_tie_is_a_draw():
    pieces = {**P1_CORNER, "a4": (P1, "router")}
    pieces.update(mirrored(pieces))
    state = position(pieces=pieces, cities=CLOSING_CITIES, passes=3)
    assert GAME.scores(state) == [3, 3]
    act(state, "p1 end")
    assert GAME.winners(state) == [P1, P2]


def test_b24_no_winner_while_running():
    state = _closing_position()
    assert GAME.winners(state) == []


def test_b25_stuck_round_uses_the_same_comparison():
    pieces = {**P1_CORNER}
    state = position(pieces=pieces, cities=CLOSING_CITIES)
    assert play(Match.around(GAME, state, LowestSeat()), End, limit=4).version == 4
    assert state.over and GAME.scores(state) == [2, 0]
    assert GAME.winners(state) == [P1]


def test_b26_turn_limit():
    state = position(cities=(), turn=199, bw=(10, 10))
    act(state, "p1 router c1")
    act(state, "p1 router d1")
    assert not state.over and state.turn == 200
    act(state, "p2 router h8")
    act(state, "p2 router g9")
    assert state.over and state.turn == 200
    assert GAME.winners(state) == [P1, P2]
    assert rules.MAX_TURNS == 200


def test_b26_turn_limit_uses_the_same_comparison():
    pieces = {**P1_CORNER}
    state = position(pieces=pieces, cities=CLOSING_CITIES, turn=200, current=P2)
    act(state, "p2 end")
    assert state.over and GAME.winners(state) == [P1]


def test_b26_random_games_finish():
    from netarcade.core.prng import Rng

    for seed in (1, 2):
        rng = Rng(seed)
        match = Match(GAME, {}, seed, history=False, actor=LowestSeat())  # one seat acts at a time
        match.play_out(random_moves(match, rng), cheap=True)
        state = match.state
        assert state.turn <= rules.MAX_TURNS
        assert GAME.winners(state)


# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [3, 20, "7"])
def test_option_target_in_range(value):
    assert GAME.new_game({"target": value}, 0).options["target"] == int(value)


@pytest.mark.parametrize("value", [2, 21, 0, -1, "ten", True, 10.0])
def test_option_target_out_of_range(value):
    with pytest.raises(InvalidOption) as info:
        GAME.new_game({"target": value}, 0)
    assert info.value.name == "target"
    assert "target" in str(info.value)


@pytest.mark.parametrize("value", ["classic", "seeded"])
def test_option_map_choices(value):
    assert GAME.new_game({"map": value}, 0).options["map"] == value


@pytest.mark.parametrize("value", ["random", "", "Classic", 1, None])
def test_option_map_invalid(value):
    with pytest.raises(InvalidOption) as info:
        GAME.new_game({"map": value}, 0)
    assert info.value.name == "map"
    assert "map" in str(info.value)


def test_option_players_and_unknown_names():
    assert GAME.new_game({"players": 2}, 0).options == {"players": 2, "target": 10, "map": "classic"}
    with pytest.raises(InvalidOption) as info:
        GAME.new_game({"players": 3}, 0)
    assert info.value.name == "players"
    with pytest.raises(InvalidOption) as info:
        GAME.new_game({"targte": 5}, 0)
    assert info.value.name == "targte"


def test_b27_either_player_resigns_at_any_moment_and_the_other_wins():
    from netarcade.core import Match, digest

    match = Match(GAME, {}, 3)
    match.submit(0, match.legal(0)[0])
    assert all(not text.endswith("resign") for text in match.legal(0))  # never listed
    ahead = match.scores()
    events = match.submit(1, "p2 resign")  # not P2's turn
    assert [e.kind for e in events] == ["resign", "game-over"]
    assert match.over and match.winners() == [0] and match.to_act() == {}
    assert match.scores() == ahead and match.view()["resigned"] == 1
    with pytest.raises(IllegalAction) as refused:
        match.submit(0, "p1 resign")
    assert refused.value.code == "game-over"
    again = Match(GAME, {}, 3, match.actions)
    assert again.digest() == match.digest() and again.winners() == [0]
    # the digest of a game nobody resigned is what it was before resigning existed
    assert "resigned" not in GAME.canonical(Match(GAME, {}, 3).state)
    fresh = Match(GAME, {}, 3)
    fresh.submit(0, "p1 resign")
    assert fresh.winners() == [1] and digest(GAME, fresh.state) != digest(GAME, Match(GAME, {}, 3).state)
