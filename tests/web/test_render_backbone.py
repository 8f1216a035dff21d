"""Tests for Backbone's SVG board (netarcade.web.games.backbone.render)."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

import pytest

from netarcade.games import get_game
from netarcade.core.grid import HexLayout
from netarcade.core.actors import LowestSeat
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games.backbone.board import HEXES, hex_name
from netarcade.web.games.backbone.render import (
    LAYOUT,
    hints_from_actions,
    render_board,
    render_static_board,
)
from netarcade.web.render.svg import polygon_points
from support.playing import turns

NS = "{http://www.w3.org/2000/svg}"
GAME = get_game("backbone")
KINDS = ("router", "switch", "ap", "server", "datacenter", "firewall")


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def hex_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-name"): g for g in root.iter(f"{NS}g") if "hex" in (g.get("class") or "").split()}


def classes(group: ET.Element) -> set[str]:
    return set(group.get("class").split())


def play(seed: int, moves: int, stop=None):
    """A state after up to ``moves`` random legal actions (ending a turn is
    made unlikely so the board fills up); stops early when ``stop(state)``."""
    rng = Rng(seed)
    state = GAME.new_game({}, seed)
    match = Match.around(GAME, state, LowestSeat())  # Backbone: one seat acts at a time
    for seat in turns(match, moves):
        if stop and stop(state):
            break
        actions = GAME.legal_actions(state, seat)
        if len(actions) > 1 and rng.below(6):
            actions = actions[:-1]
        match.advance(rng.choice(actions))
    return state


def texts(actions) -> list[str]:
    return [GAME.format_action(a) for a in actions]


@pytest.fixture(scope="module")
def midgame():
    return play(11, 40)


def find_state(predicate, moves=120):
    for seed in range(300):
        state = play(seed, moves, stop=predicate)
        if predicate(state):
            return state
    raise AssertionError("no such position in 300 random games")


# --- structure ---------------------------------------------------------------------


def test_start_board_parses_and_scales_to_its_container():
    root = parse(render_static_board())
    assert root.tag == f"{NS}svg"
    assert root.get("width") == "100%"
    assert root.get("height") is None
    x, y, w, h = map(float, root.get("viewBox").split())
    assert (x, y) == (0, 0) and w > h > 0
    assert root.find(f"{NS}style") is not None
    assert "bb-board" in root.get("class")


def test_all_81_hexes_with_names_and_axial_coordinates():
    root = parse(render_static_board())
    groups = hex_groups(root)
    assert len(groups) == 81
    for h in HEXES:
        name = hex_name(h)
        group = groups[name]
        assert group.get("id") == f"hex-{name}"
        assert group.get("data-hex") == f"{h[0]},{h[1]}"
        cell = group.find(f"{NS}polygon")
        assert cell.get("class") == "cell"
        assert cell.get("points") == polygon_points(LAYOUT.corners(h))


def test_layout_is_the_core_hex_layout_pointy_top():
    assert isinstance(LAYOUT, HexLayout) and LAYOUT.orientation == "pointy"
    # a1 top left, i9 bottom right: the start corners at the ends of the long diagonal
    (x1, y1), (x9, y9) = LAYOUT.to_pixel((0, 0)), LAYOUT.to_pixel((8, 8))
    assert x1 < x9 and y1 < y9


def test_ids_are_unique_and_every_use_points_at_a_definition(midgame):
    root = parse(render_board(GAME.view(midgame, None)))
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    defined = set(ids)
    for use in root.iter(f"{NS}use"):
        assert use.get("href")[1:] in defined


def test_edge_labels_name_every_column_and_row():
    root = parse(render_static_board())
    edge = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "edge"]
    assert sorted(edge) == sorted(list("abcdefghi") * 2 + [str(n) for n in range(1, 10)] * 2)


def test_cities_and_start_pieces_are_drawn():
    view = GAME.view(GAME.new_game({}, 0), None)
    groups = hex_groups(parse(render_board(view)))
    for city in view["cities"]:
        assert "city" in classes(groups[city["hex"]])
    assert {"piece", "p1", "router", "start"} <= classes(groups["a1"])
    assert {"piece", "p1", "server", "start"} <= classes(groups["b1"])
    assert {"piece", "p2", "router", "start"} <= classes(groups["i9"])
    assert {"piece", "p2", "server", "start"} <= classes(groups["h9"])
    assert "piece" not in classes(groups["e4"])


def test_static_board_is_the_start_view():
    assert render_static_board() == render_board(GAME.view(GAME.new_game({"map": "classic"}, 0), None))
    seeded = parse(render_static_board("seeded"))
    cities = [n for n, g in hex_groups(seeded).items() if "city" in classes(g)]
    assert len(cities) == 7 and "e5" in cities


# --- determinism ---------------------------------------------------------------------


def test_same_view_gives_byte_identical_svg(midgame):
    view = GAME.view(midgame, None)
    hints = hints_from_actions(texts(GAME.legal_actions(midgame, midgame.current)))
    first = render_board(view, hints)
    assert render_board(view, hints) == first
    assert render_board(GAME.view(GAME.copy(midgame), None), hints) == first
    assert render_board(copy.deepcopy(view), copy.deepcopy(hints)) == first


def test_dict_and_list_order_do_not_matter(midgame):
    view = GAME.view(midgame, None)
    hints = hints_from_actions(texts(GAME.legal_actions(midgame, midgame.current)))
    hints["last"] = ["c3", "e5"]
    shuffled_view = {k: view[k] for k in reversed(list(view))}
    shuffled_view["pieces"] = list(reversed(view["pieces"]))
    shuffled_view["cities"] = list(reversed(view["cities"]))
    shuffled_hints = {k: dict(reversed(list(v.items()))) if isinstance(v, dict) else v
                      for k, v in reversed(list(hints.items()))}
    shuffled_hints["last"] = ["e5", "c3"]
    assert render_board(shuffled_view, shuffled_hints) == render_board(view, hints)


# --- interaction hints -----------------------------------------------------------------


def assert_clickable(root, by_hex: dict[str, str]):
    groups = hex_groups(root)
    for name, action in by_hex.items():
        group = groups[name]
        assert group.get("data-action") == action
        assert group.get("role") == "button"
        assert group.get("tabindex") == "0"
        assert group.get("aria-label").startswith(f"{name}: ")
    clickable = {n for n, g in groups.items() if g.get("data-action")}
    assert clickable == set(by_hex)


@pytest.mark.parametrize("kind", KINDS)
def test_every_legal_build_hex_is_clickable(kind):
    state = play(11, 40)
    seat = state.current
    state.bw[seat] = 10  # afford every kind; legality still comes from the rules
    builds = [a for a in texts(GAME.legal_actions(state, seat)) if a.split()[1] == kind]
    if kind != "datacenter":
        assert builds, kind
    hints = hints_from_actions(builds)
    by_hex = {a.split()[2]: a for a in builds}
    assert hints["actions"] == by_hex
    root = parse(render_board(GAME.view(state, None), hints))
    assert_clickable(root, by_hex)
    for name in by_hex:
        assert "hl-build" in classes(hex_groups(root)[name])


def test_every_legal_hack_target_is_clickable():
    state = find_state(lambda s: any(a.__class__.__name__ == "Hack"
                                     for a in GAME.legal_actions(s, s.current)) if not s.over else False)
    hacks = [a for a in texts(GAME.legal_actions(state, state.current)) if a.split()[1] == "hack"]
    by_hex = {a.split()[2]: a for a in hacks}
    root = parse(render_board(GAME.view(state, None), hints_from_actions(hacks)))
    assert_clickable(root, by_hex)
    groups = hex_groups(root)
    for name in by_hex:
        assert "hl-hack" in classes(groups[name])
        assert "piece" in classes(groups[name])
        assert groups[name].get("aria-label").startswith(f"{name}: hack P")


def test_every_legal_reroute_target_is_clickable():
    state = find_state(lambda s: not s.over and any(a.__class__.__name__ == "Reroute"
                                                    for a in GAME.legal_actions(s, s.current)))
    reroutes = [a for a in texts(GAME.legal_actions(state, state.current)) if a.split()[1] == "reroute"]
    sources = sorted({a.split()[2] for a in reroutes})
    for source in sources:
        mine = [a for a in reroutes if a.split()[2] == source]
        by_hex = {a.split()[3]: a for a in mine}
        hints = hints_from_actions(mine)
        root = parse(render_board(GAME.view(state, None), hints))
        assert_clickable(root, by_hex)
        groups = hex_groups(root)
        assert "hl-selected" in classes(groups[source])
        for name in by_hex:
            assert "hl-reroute" in classes(groups[name])
            assert groups[name].get("aria-label") == f"{name}: reroute from {source} to here"


def test_move_from_hints_and_explicit_labels():
    view = GAME.view(GAME.new_game({}, 0), None)
    hints = {"highlight": {"b1": "move-from", "c1": "build"},
             "actions": {"b1": "select b1", "c1": "p1 router c1"},
             "labels": {"b1": "b1: pick up this Server"}}
    groups = hex_groups(parse(render_board(view, hints)))
    assert "hl-move-from" in classes(groups["b1"])
    assert groups["b1"].get("aria-label") == "b1: pick up this Server"
    assert groups["c1"].get("aria-label") == "c1: build router here"


def test_highlights_without_actions_are_not_buttons():
    view = GAME.view(GAME.new_game({}, 0), None)
    groups = hex_groups(parse(render_board(view, {"highlight": {"e5": "selected", "d4": "hack"}})))
    assert "hl-selected" in classes(groups["e5"]) and "hl-hack" in classes(groups["d4"])
    assert groups["e5"].get("role") != "button" and groups["e5"].get("tabindex") is None


def test_last_focus_and_unknown_hexes():
    view = GAME.view(GAME.new_game({}, 0), None)
    hints = {"last": ["c1", "zz"], "focus": "e5", "highlight": {"q0": "build"}, "actions": {"j9": "p1 end"}}
    groups = hex_groups(parse(render_board(view, hints)))
    assert "last" in classes(groups["c1"])
    assert "focus" in classes(groups["e5"])
    assert sum("last" in classes(g) for g in groups.values()) == 1
    assert not any(g.get("data-action") for g in groups.values())


def test_action_text_and_names_are_escaped():
    view = GAME.view(GAME.new_game({}, 0), None)
    out = render_board(view, {"actions": {"c1": 'p1 router c1" onclick="x()'},
                              "names": ["<Ada & Co>", "Bob"]})
    root = parse(out)
    assert hex_groups(root)["c1"].get("data-action") == 'p1 router c1" onclick="x()'
    assert hex_groups(root)["c1"].get("onclick") is None
    assert "<Ada & Co>" in [t.text for t in root.iter(f"{NS}text")]


def test_hints_from_actions_first_action_per_hex_wins():
    hints = hints_from_actions(["p1 router c1", "p1 switch c1", "p1 hack d4", "p1 reroute b2 c3", "p1 end"],
                               selected="a1")
    assert hints["actions"] == {"c1": "p1 router c1", "d4": "p1 hack d4", "c3": "p1 reroute b2 c3"}
    assert hints["highlight"] == {"c1": "build", "d4": "hack", "b2": "selected", "c3": "reroute",
                                  "a1": "selected"}


# --- piece states ---------------------------------------------------------------------


def test_disabled_piece_has_the_disabled_class_and_marker():
    state = find_state(lambda s: bool(s.disabled))
    view = GAME.view(state, None)
    root = parse(render_board(view))
    groups = hex_groups(root)
    disabled = [p["hex"] for p in view["pieces"] if p["disabled"]]
    assert disabled
    for name in disabled:
        assert "disabled" in classes(groups[name])
        assert any(u.get("href") == "#na-disabled" for u in groups[name].iter(f"{NS}use"))
    for p in view["pieces"]:
        if not p["disabled"]:
            assert "disabled" not in classes(groups[p["hex"]])


def test_cut_off_online_and_firewalled_pieces_are_marked():
    view = GAME.view(GAME.new_game({}, 0), None)
    view["pieces"][0] |= {"in_network": False}
    view["pieces"][1] |= {"online": True, "firewall": True}
    groups = hex_groups(parse(render_board(view)))
    first, second = view["pieces"][0]["hex"], view["pieces"][1]["hex"]
    assert "offline-net" in classes(groups[first])
    assert {"online", "firewall"} <= classes(groups[second])
    assert any(u.get("href") == "#na-firewall" for u in groups[second].iter(f"{NS}use"))


def test_connected_city_shows_each_connecting_seat():
    view = GAME.view(GAME.new_game({}, 0), None)
    view["cities"][0]["connected"] = [1, 0]
    name = view["cities"][0]["hex"]
    group = hex_groups(parse(render_board(view)))[name]
    links = [e.get("class") for e in group if (e.get("class") or "").startswith("link")]
    assert links == ["link p1", "link p2"]


def test_status_panels_follow_the_view():
    state = play(11, 40)
    root = parse(render_board(GAME.view(state, None), {"names": ["Ada", "Bob"]}))
    panels = {g.get("id"): g for g in root.iter(f"{NS}g") if (g.get("id") or "").startswith("panel-")}
    assert set(panels) == {"panel-p1", "panel-p2"}
    active = [pid for pid, g in panels.items() if "active" in g.get("class")]
    assert active == [f"panel-p{state.current + 1}"]
    assert not [g for g in parse(render_board(GAME.view(state, None), {"panels": False})).iter(f"{NS}g")
                if (g.get("id") or "").startswith("panel-")]


def test_finished_game_renders():
    state = play(5, 2000)
    assert GAME.is_over(state)
    root = parse(render_board(GAME.view(state, None)))
    assert len(hex_groups(root)) == 81
