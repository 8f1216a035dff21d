"""Tests for Net Control's SVG island (netarcade.web.games.netcontrol.render)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from netarcade.games import get_game
from netarcade.core.prng import Rng
from netarcade.core.game import TABLE
from netarcade.core.actors import RandomActor
from netarcade.core.match import Match
from netarcade.games.netcontrol.board import DEAD, PIPS, RESOURCES, topology
from netarcade.web.games.netcontrol.render import (
    TERRAIN,
    board_geometry,
    hints_from_actions,
    render_board,
    resource_icon,
)
from netarcade.web.render.palette import PLAYERS
from support.playing import turns

NS = "{http://www.w3.org/2000/svg}"
GAME = get_game("netcontrol")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, cls: str) -> dict[str, ET.Element]:
    return {g.get("id"): g for g in root.iter(f"{NS}g") if cls in (g.get("class") or "").split()}


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def play(seed: int, moves: int, players: int = 3, radius: int = 2):
    """A state after up to ``moves`` random legal actions, ending turns rarely."""
    rng = Rng(seed)
    state = GAME.new_game({"players": players, "radius": radius}, seed)
    match = Match.around(GAME, state, RandomActor(rng))
    for seat in turns(match, moves):
        actions = GAME.legal_actions(state, seat)
        if len(actions) > 1 and rng.below(8):
            actions = actions[:-1]
        match.advance(rng.choice(actions))
    return state


@pytest.fixture(scope="module")
def midgame():
    state = play(4, 260)
    assert state.owner and state.links
    return state


@pytest.mark.parametrize("radius", [1, 2, 3, 4])
def test_every_tile_edge_and_vertex_has_a_stable_id(radius):
    state = GAME.new_game({"radius": radius, "players": 2}, 3)
    root = parse(render_board(GAME.view(state, TABLE)))
    topo = topology(radius)
    assert set(groups(root, "tile")) == {f"t{t}" for t in range(len(topo.tiles))}
    assert set(groups(root, "edge")) == {f"e{e}" for e in range(topo.edge_count)}
    assert set(groups(root, "vertex")) == {f"v{v}" for v in range(topo.vertex_count)}
    for name, group in {**groups(root, "tile"), **groups(root, "edge"), **groups(root, "vertex")}.items():
        assert group.get("data-name") == name
    assert root.get("data-game") == "netcontrol"


@pytest.mark.parametrize("radius", [1, 2, 3, 4])
def test_everything_fits_in_the_view_box(radius):
    geometry = board_geometry(radius)
    xs = [x for x, _ in geometry.vertex] + [x for x, _ in geometry.tile]
    ys = [y for _, y in geometry.vertex] + [y for _, y in geometry.tile]
    assert min(xs) > 20 and max(xs) < geometry.width - 20
    assert min(ys) > 20 and max(ys) < geometry.height - 20
    for e in topology(radius).coast_edges:  # an exchange label beside any coast edge stays inside
        x, y = geometry.seaward(e, 0.62 * 46)
        assert 23 <= x <= geometry.width - 23 and 9.5 <= y <= geometry.height - 9.5


def test_terrain_is_told_apart_by_colour_icon_and_code():
    state = GAME.new_game({"radius": 2}, 11)
    view = GAME.view(state, TABLE)
    root = parse(render_board(view))
    tiles = groups(root, "tile")
    fills = {style.fill for style in TERRAIN.values()}
    assert len(fills) == len(TERRAIN)  # one fill per terrain
    for t, terrain in enumerate(view["board"]["terrain"]):
        group = tiles[f"t{t}"]
        code = "dead" if terrain == DEAD else TERRAIN[terrain].code
        assert code in classes(group)
        uses = [u.get("href") for u in group.iter(f"{NS}use")]
        assert f"#nc-{terrain}" in uses
        words = [t.text for t in group.iter(f"{NS}text")]
        assert (code if terrain != DEAD else "dead") in words
        title = group.find(f"{NS}title").text
        assert terrain in title or "dead" in title


def test_number_tokens_show_the_number_its_pips_and_stress_6_and_8():
    state = GAME.new_game({"radius": 2}, 5)
    view = GAME.view(state, TABLE)
    root = parse(render_board(view))
    tiles = groups(root, "tile")
    for t, number in enumerate(view["board"]["numbers"]):
        group = tiles[f"t{t}"]
        nums = [e for e in group.iter(f"{NS}text") if "num" in classes(e)]
        if view["board"]["terrain"][t] == DEAD:
            assert not nums
            continue
        assert [e.text for e in nums] == [str(number)]
        assert ("hot" in classes(nums[0])) == (number in (6, 8))
        dots = [c for c in group.iter(f"{NS}circle") if c.get("r") == "0.95"]
        assert len(dots) == PIPS[number]


def test_exchanges_sit_on_the_coast_with_their_rate():
    state = GAME.new_game({"radius": 2}, 8)
    view = GAME.view(state, TABLE)
    root = parse(render_board(view))
    found = [g for g in root.iter(f"{NS}g") if "exchange" in classes(g)]
    assert len(found) == len(view["board"]["exchanges"]) == 9
    coast = set(topology(2).coast_edges)
    for group, (edge, resource) in zip(found, view["board"]["exchanges"]):
        assert int(group.get("data-edge")[1:]) in coast
        label = next(t.text for t in group.iter(f"{NS}text"))
        assert label == ("3:1" if resource is None else f"2:1 {TERRAIN[resource].code}")


def test_buildings_and_links_carry_owner_colour_shape_and_fortification(midgame):
    view = GAME.view(midgame, TABLE)
    view["buildings"][0]["forts"] = 2  # a fortified building, to see its badge
    view["buildings"][0]["level"] = 2
    root = parse(render_board(view, {"names": ["You", "Bot 2", "Bot 3"]}))
    vertices, edges = groups(root, "vertex"), groups(root, "edge")
    for building in view["buildings"]:
        group = vertices[f"v{building['vertex']}"]
        seat = building["owner"]
        assert {f"p{seat + 1}", "super" if building["level"] == 2 else "node"} <= classes(group)
        body = next(e for e in group.iter() if "body" in classes(e))
        assert body.get("fill") == PLAYERS[seat].color
        shape = PLAYERS[seat].shape
        tag = {"circle": "circle", "square": "rect"}.get(shape, "polygon")
        assert body.tag == f"{NS}{tag}"
        title = group.find(f"{NS}title").text
        assert f"protection {building['protection']}" in title
        badges = [u for u in group.iter(f"{NS}use") if u.get("href") == "#nc-shield"]
        assert len(badges) == (1 if building["forts"] else 0)
    fortified = vertices[f"v{view['buildings'][0]['vertex']}"]
    assert "2" in [t.text for t in fortified.iter(f"{NS}text")]
    for edge, seat in view["links"]:
        group = edges[f"e{edge}"]
        assert {"link", f"p{seat + 1}"} <= classes(group)
        road = next(e for e in group.iter(f"{NS}line") if "road" in classes(e))
        assert road.get("stroke") == PLAYERS[seat].color
        assert any("cue" in classes(e) for e in group.iter())  # the owner's shape on the link


def test_infected_tiles_are_marked():
    state = GAME.new_game({"radius": 2}, 5)
    producing = [t for t, terrain in enumerate(state.board.terrain) if terrain != DEAD]
    state.infected.update(producing[:2])
    root = parse(render_board(GAME.view(state, TABLE)))
    tiles = groups(root, "tile")
    for t in producing:
        group = tiles[f"t{t}"]
        marked = any(u.get("href") == "#nc-virus" for u in group.iter(f"{NS}use"))
        assert marked == (t in producing[:2]) == ("infected" in classes(group))
        if t in producing[:2]:
            assert "infected" in group.find(f"{NS}title").text


def test_hints_make_targets_buttons_of_the_right_kind(midgame):
    view = GAME.view(midgame, TABLE)
    enemy = next(b["vertex"] for b in view["buildings"] if b["owner"] != 0)
    free_edge = next(e for e in range(topology(2).edge_count) if e not in dict(view["links"]))
    actions = [f"p1 hack v{enemy}", "p1 virus t3", f"p1 link e{free_edge}", "p1 roll", "p1 trade co fi"]
    hints = hints_from_actions(actions)
    assert hints["actions"] == {f"v{enemy}": actions[0], "t3": actions[1], f"e{free_edge}": actions[2]}
    assert hints["highlight"] == {f"v{enemy}": "hack", "t3": "virus", f"e{free_edge}": "build"}
    root = parse(render_board(view, {**hints, "names": ["You", "Bot 2", "Bot 3"]}))
    buttons = [e for e in root.iter() if e.get("data-action")]
    assert {b.get("id") for b in buttons} == set(hints["actions"])
    for button in buttons:
        assert button.get("role") == "button" and button.get("tabindex") == "0"
        assert button.get("aria-label").startswith(button.get("id"))
        assert "lit" in classes(button)
    hack = next(b for b in buttons if b.get("id") == f"v{enemy}")
    assert "hack" in hack.get("aria-label") and "protection" in hack.get("aria-label")
    assert root.get("data-pick") is None  # mixed targets: no layer is switched off
    only_tiles = parse(render_board(view, hints_from_actions(["p1 virus t3", "p1 virus t4"])))
    assert only_tiles.get("data-pick") == "tile"


def test_linkbuild_goes_on_its_second_edge_and_selected_is_marked():
    hints = hints_from_actions(["p1 linkbuild e3 e4", "p1 linkbuild e3 e9"], selected=["e3"])
    assert hints["actions"] == {"e4": "p1 linkbuild e3 e4", "e9": "p1 linkbuild e3 e9"}
    assert hints["highlight"]["e3"] == "selected"


def test_last_move_rings_and_labels_override():
    state = play(2, 30)
    view = GAME.view(state, TABLE)
    v = view["buildings"][0]["vertex"]
    root = parse(render_board(view, {"last": [f"v{v}", "t2"], "actions": {"t2": "p1 virus t2"},
                                     "labels": {"t2": "custom label"}}))
    assert "last" in classes(groups(root, "vertex")[f"v{v}"])
    assert "last" in classes(groups(root, "tile")["t2"])
    assert groups(root, "tile")["t2"].get("aria-label") == "custom label"


def test_output_is_deterministic_and_escapes_names(midgame):
    view = GAME.view(midgame, TABLE)
    hints = {"names": ["<b>&", "Bot", "Bot"], "last": ["e1"]}
    a, b = render_board(view, hints), render_board(view, dict(reversed(list(hints.items()))))
    assert a == b
    assert "<b>&" not in a
    parse(a)


def test_resource_icons_exist_for_every_resource():
    for name in (*RESOURCES, DEAD, "virus", "shield"):
        assert resource_icon(name).startswith("<svg")
