"""Every refusal of Backbone's rules, by its code, and notation errors.

Each illegal action must raise ``IllegalAction`` with the documented code and
leave the state exactly as it was (same digest, same legal actions).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from support.backbone_positions import GAME, act, digest, hexes, position, routers
from support.illegal_codes import assert_every_code_tested
from netarcade.core.errors import IllegalAction, InvalidNotation
from netarcade.games.backbone import rules
from netarcade.games.backbone.actions import Build, End, Hack, Reroute, format_action, parse_action

P1, P2 = 0, 1


@dataclass(frozen=True)
class Bogus:
    """Not a Backbone action, though it has a seat and a hex."""

    seat: int
    hex: tuple


@dataclass(frozen=True)
class SeatOnly:
    """Not a Backbone action, with nothing but a seat."""

    seat: int


def _over():
    state = position(passes=3)
    act(state, "p1 end")
    assert state.over
    return state


class Raw(str):
    """Text handed to ``apply`` as it is, without parsing it first."""


def _base(**kw):
    """P1: a1 R, b1 S, Router c1, Switch a2 (touching a1, b1), AP e1 (two
    straight steps from c1). P2: an arm of Routers i8..i1, h1, g1, f1 reaching
    P1's corner (f1 touches P1's AP e1). Cities e5 and c2."""
    pieces = {
        "c1": (P1, "router"),
        "a2": (P1, "switch"),
        "e1": (P1, "ap"),
        **routers(P2, "i8 i7 i6 i5 i4 i3 i2 i1 h1 g1 f1"),
    }
    pieces.update(kw.pop("extra", {}))
    kw.setdefault("bw", (10, 10))
    return position(pieces=pieces, cities=kw.pop("cities", ("e5", "c2")), **kw)


# (id, state factory, action (text or object), expected code)
CASES = [
    ("game-over-end", _over, "p2 end", "game-over"),
    ("game-over-build", _over, "p2 router h8", "game-over"),
    ("bad-seat-2", _base, End(2), "bad-seat"),
    ("bad-seat-negative", _base, Build(-1, "router", (2, 1)), "bad-seat"),
    ("bad-seat-none", _base, Hack(None, (5, 0)), "bad-seat"),
    ("unknown-action-text", _base, Raw("p1 end"), "unknown-action"),
    ("not-your-turn-end", _base, "p2 end", "not-your-turn"),
    ("not-your-turn-build", _base, "p2 router h8", "not-your-turn"),
    ("off-board-build", _base, Build(P1, "router", (9, 0)), "off-board"),
    ("off-board-build-negative", _base, Build(P1, "ap", (0, -1)), "off-board"),
    ("off-board-hack", _base, Hack(P1, (-1, 3)), "off-board"),
    ("off-board-reroute-target", _base, Reroute(P1, (0, 1), (0, 9)), "off-board"),
    ("off-board-reroute-source", _base, Reroute(P1, (9, 9), (1, 1)), "off-board"),
    ("unknown-piece", _base, Build(P1, "tower", (1, 1)), "unknown-piece"),
    ("unknown-piece-city", _base, Build(P1, "city", (1, 1)), "unknown-piece"),
    ("not-your-piece-firewall-enemy", _base, "p1 firewall f1", "not-your-piece"),
    ("not-your-piece-firewall-empty", _base, "p1 firewall b2", "not-your-piece"),
    ("not-your-piece-firewall-city", _base, "p1 firewall c2", "not-your-piece"),
    ("not-your-piece-reroute-enemy", _base, "p1 reroute f1 d2", "not-your-piece"),
    ("not-your-piece-reroute-empty", _base, "p1 reroute b2 b3", "not-your-piece"),
    ("already-firewalled", lambda: _base(firewalls=("c1",)), "p1 firewall c1", "already-firewalled"),
    ("city-build", _base, "p1 router c2", "city"),
    ("city-build-far", _base, "p1 datacenter e5", "city"),
    ("city-reroute", _base, "p1 reroute a2 c2", "city"),
    ("occupied-own", _base, "p1 router a1", "occupied"),
    ("occupied-enemy", _base, "p1 ap f1", "occupied"),
    ("occupied-reroute", _base, "p1 reroute a2 c1", "occupied"),
    ("switch-needs-two", _base, "p1 switch d2", "switch-needs-two"),
    ("city-switch", _base, "p1 switch e5", "city"),
    ("switch-needs-two-nowhere", _base, "p1 switch g6", "switch-needs-two"),
    ("not-adjacent-build", _base, "p1 router g6", "not-adjacent"),
    ("not-adjacent-ap", _base, "p1 ap d4", "not-adjacent"),
    ("not-adjacent-hack", lambda: _base(extra={"h5": (P2, "ap")}), "p1 hack h5", "not-adjacent"),
    ("not-adjacent-hack-far", _base, "p1 hack i9", "not-adjacent"),
    ("insufficient-bw-router", lambda: _base(bw=(1, 10)), "p1 router b2", "insufficient-bw"),
    ("insufficient-bw-datacenter", lambda: _base(bw=(5, 10)), "p1 datacenter b2", "insufficient-bw"),
    ("insufficient-bw-firewall", lambda: _base(bw=(1, 10)), "p1 firewall a1", "insufficient-bw"),
    ("insufficient-bw-hack", lambda: _base(bw=(0, 10)), "p1 hack f1", "insufficient-bw"),
    ("hack-used", lambda: _base(hacked=True), "p1 hack f1", "hack-used"),
    ("not-enemy-own", _base, "p1 hack c1", "not-enemy"),
    ("not-enemy-empty", _base, "p1 hack d1", "not-enemy"),
    ("not-enemy-city", _base, "p1 hack e5", "not-enemy"),
    ("already-disabled", lambda: _base(disabled=("f1",)), "p1 hack f1", "already-disabled"),
    ("not-movable-router", _base, "p1 reroute c1 b2", "not-movable"),
    ("not-movable-server", _base, "p1 reroute b1 b2", "not-movable"),
    ("not-in-network-disabled", lambda: _base(disabled=("a2",)), "p1 reroute a2 b2", "not-in-network"),
    ("not-in-network-cut-off", lambda: _base(extra={"g5": (P1, "switch")}),
     "p1 reroute g5 b2", "not-in-network"),
    ("same-hex", _base, "p1 reroute a2 a2", "same-hex"),
    ("reroute-breaks-network-far", _base, "p1 reroute e1 g6", "reroute-breaks-network"),
    ("reroute-breaks-network-switch", _base, "p1 reroute a2 a3", "reroute-breaks-network"),
    ("reroute-breaks-network-cut",
     lambda: _base(extra={"d2": (P1, "router")}, cities=()), "p1 reroute e1 a3", "reroute-breaks-network"),
    ("unknown-action", _base, Bogus(P1, (1, 1)), "unknown-action"),
]


@pytest.mark.parametrize("make,action,code", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_illegal_action_code_and_state_untouched(make, action, code):
    state = make()
    if type(action) is str:
        action = GAME.parse_action(action)
    before = digest(state)
    legal_before = list(GAME.legal_actions(state, state.current)) if not state.over else []
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.code == code, str(info.value)
    assert str(info.value)  # a sentence for the player
    assert digest(state) == before
    # still the same position for the rules, too
    if not state.over:
        assert GAME.legal_actions(state, state.current) == legal_before
        assert action not in legal_before


def test_every_code_in_rules_is_tested():
    assert_every_code_tested(rules, {c[3] for c in CASES})


def test_sanity_of_the_base_position():
    # the cases above rely on these facts about _base()
    state = _base()
    net = rules.network(state, P1)
    assert {GAME.format_action(a) for a in GAME.legal_actions(state, P1)} >= {
        "p1 hack f1", "p1 router b2", "p1 reroute a2 b2", "p1 firewall c1", "p1 switch b2"}
    assert hexes("a1 b1 c1 a2 e1") == set(net)
    # the reroute e1 -> a3 is fine unless something hangs on e1 (Router d2)
    assert "p1 reroute e1 a3" in {GAME.format_action(a) for a in GAME.legal_actions(state, P1)}
    state = _base(extra={"d2": (P1, "router")}, cities=())
    assert "p1 reroute e1 a3" not in {GAME.format_action(a) for a in GAME.legal_actions(state, P1)}
    assert "p1 reroute e1 b2" in {GAME.format_action(a) for a in GAME.legal_actions(state, P1)}


def test_end_with_bad_seat_object_is_not_applied():
    state = _base()
    before = digest(state)
    for action in (End(2), End(-1), End(None)):
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, action)
        assert info.value.code == "bad-seat"
    assert digest(state) == before


def test_non_action_object_raises_illegal_action():
    state = _base()
    before = digest(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, SeatOnly(P1))
    assert info.value.code == "unknown-action"
    assert digest(state) == before


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------

GOOD = [
    ("p1 router e5", Build(P1, "router", (4, 4))),
    ("p1 switch d4", Build(P1, "switch", (3, 3))),
    ("p1 ap c3", Build(P1, "ap", (2, 2))),
    ("p1 server f6", Build(P1, "server", (5, 5))),
    ("p1 datacenter g7", Build(P1, "datacenter", (6, 6))),
    ("p1 firewall b1", Build(P1, "firewall", (1, 0))),
    ("p2 hack d4", Hack(P2, (3, 3))),
    ("p1 reroute c3 d4", Reroute(P1, (2, 2), (3, 3))),
    ("p2 end", End(P2)),
    ("p1 router a1", Build(P1, "router", (0, 0))),
    ("p2 router i9", Build(P2, "router", (8, 8))),
]


@pytest.mark.parametrize("text,action", GOOD)
def test_notation_parses_and_round_trips(text, action):
    assert parse_action(text) == action
    assert format_action(action) == text
    assert GAME.parse_action(text) == action and GAME.format_action(action) == text


def test_notation_tolerates_extra_spaces():
    assert parse_action("  p1   reroute   c3  d4 ") == Reroute(P1, (2, 2), (3, 3))


BAD = [
    "", " ", "p1", "p1 ", "p3 end", "p0 end", "p-1 end", "x1 end", "1 end", "pp end",
    "p1 jump e5", "p1 router", "p1 router e5 e6", "p1 router j1", "p1 router a0",
    "p1 router a10", "p1 router 5e", "p1 router E5", "P1 end", "p1 END", "p1 Router e5",
    "p1 reroute a1", "p1 reroute a1 b1 c1", "p1 hack", "p1 hack a1 b1", "p1 end now",
    "p1 firewall", "p1 city e5", "p1 tower e5", "p1 router e", "p1 router ee", "p1 router 55",
    "p1,router,e5", "p1\trouter e5x", "router e5", "end",
]


@pytest.mark.parametrize("text", BAD)
def test_notation_garbage_is_invalid_notation(text):
    with pytest.raises(InvalidNotation):
        parse_action(text)


@pytest.mark.parametrize("value", [None, 5, b"p1 end", ["p1", "end"]])
def test_notation_non_text_is_invalid_notation(value):
    with pytest.raises(InvalidNotation):
        parse_action(value)
