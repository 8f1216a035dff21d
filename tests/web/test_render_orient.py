"""Backbone's board in its two orientations: ``wide`` (default) and ``tall``
(the board turned 60 degrees, for portrait phones)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from netarcade.games import get_game
from netarcade.core.actors import LowestSeat
from netarcade.core.match import Match
from netarcade.core.prng import Rng
from netarcade.games.backbone.board import HEXES, hex_name
from netarcade.web.games.backbone.render import (
    HEX_SIZE,
    ORIENTATIONS,
    hints_from_actions,
    render_board,
    render_static_board,
)
from support.playing import turns

NS = "{http://www.w3.org/2000/svg}"
GAME = get_game("backbone")


def midgame(seed=4, moves=60):
    rng = Rng(seed)
    state = GAME.new_game({"map": "seeded"}, seed)
    match = Match.around(GAME, state, LowestSeat())  # Backbone: one seat acts at a time
    for seat in turns(match, moves):
        actions = GAME.legal_actions(state, seat)
        match.advance(rng.choice(actions[:-1] if len(actions) > 1 and rng.below(6) else actions))
    assert match.version == moves
    return state


def points(polygon) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]


def hexes(root):
    return {g.get("data-name"): g for g in root.iter(f"{NS}g") if "hex" in (g.get("class") or "").split()}


def centre(polygon) -> tuple[float, float]:
    pts = points(polygon)
    return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))


def test_tall_is_a_diamond_standing_on_a1_and_i9():
    root = ET.fromstring(render_static_board("classic", {"orient": "tall"}))
    _, _, width, height = map(float, root.get("viewBox").split())
    assert height > 1.4 * width
    assert root.get("data-orient") == "tall"
    cells = {name: g.find(f"{NS}polygon") for name, g in hexes(root).items()}
    assert len(cells) == 81
    centres = {name: centre(cell) for name, cell in cells.items()}
    ys = sorted(y for _, y in centres.values())
    assert centres["a1"][1] == ys[0] and centres["i9"][1] == ys[-1]
    assert abs(centres["a1"][0] - centres["i9"][0]) < 0.5  # the long diagonal is vertical
    assert centres["a9"][0] < centres["e5"][0] < centres["i1"][0]
    for name, cell in cells.items():
        pts = points(cell)
        xs, ys_ = [x for x, _ in pts], [y for _, y in pts]
        assert min(xs) >= 0 and min(ys_) >= 0 and max(xs) <= width and max(ys_) <= height, name
        # pointy-top and regular: the same shape as in the wide board
        cx, cy = centre(cell)
        assert all(abs(math.dist((cx, cy), p) - HEX_SIZE) < 0.05 for p in pts)
        assert any(abs(x - cx) < 0.05 and y < cy for x, y in pts)  # a corner straight up


def test_tall_neighbours_touch_and_nothing_overlaps():
    root = ET.fromstring(render_static_board("classic", {"orient": "tall"}))
    centres = {name: centre(g.find(f"{NS}polygon")) for name, g in hexes(root).items()}
    step = math.sqrt(3.0) * HEX_SIZE
    for (q, r) in HEXES:
        here = centres[hex_name((q, r))]
        for dq, dr in ((1, 0), (0, 1), (1, -1)):
            there = (q + dq, r + dr)
            if there in HEXES:
                assert abs(math.dist(here, centres[hex_name(there)]) - step) < 0.1
    names = list(centres)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert math.dist(centres[a], centres[b]) > step - 0.1


def test_tall_labels_and_panels_stay_off_the_hexes():
    root = ET.fromstring(render_board(GAME.view(midgame(), None), {"orient": "tall", "names": ["A", "B"]}))
    centres = [centre(g.find(f"{NS}polygon")) for g in hexes(root).values()]
    labels = [t for t in root.iter(f"{NS}text") if t.get("class") == "edge"]
    assert sorted(t.text for t in labels) == sorted(list("abcdefghi") * 2 + [str(n) for n in range(1, 10)] * 2)
    for label in labels:
        spot = (float(label.get("x")), float(label.get("y")) - 4.5)
        assert min(math.dist(spot, c) for c in centres) > HEX_SIZE * 0.95
    for panel in (g for g in root.iter(f"{NS}g") if (g.get("id") or "").startswith("panel-")):
        box = panel.find(f"{NS}rect")
        x, y, w, h = (float(box.get(k)) for k in ("x", "y", "width", "height"))
        for cx, cy in centres:  # no hex (its circumcircle) reaches into the panel
            nearest = (min(max(cx, x), x + w), min(max(cy, y), y + h))
            assert math.dist(nearest, (cx, cy)) > HEX_SIZE * 0.9


@pytest.mark.parametrize("orient", ORIENTATIONS)
def test_both_orientations_carry_the_same_hexes_and_buttons(orient):
    state = midgame(7, 50)
    (seat,) = GAME.to_act(state)  # Backbone: one seat acts at a time
    hints = hints_from_actions([GAME.format_action(a) for a in GAME.legal_actions(state, seat)])
    wide = ET.fromstring(render_board(GAME.view(state, None), hints))
    other = ET.fromstring(render_board(GAME.view(state, None), {**hints, "orient": orient}))
    strip = lambda root: {n: (g.get("class"), g.get("data-action"), g.get("aria-label"))  # noqa: E731
                          for n, g in hexes(root).items()}
    assert strip(wide) == strip(other)
    ids = [e.get("id") for e in other.iter() if e.get("id")]
    assert len(ids) == len(set(ids))


def test_wide_is_the_default_and_unknown_orientations_are_refused():
    view = GAME.view(GAME.new_game({}, 0), None)
    assert render_board(view) == render_board(view, {"orient": "wide"})
    assert "data-orient" not in render_board(view)
    with pytest.raises(ValueError, match="orientation"):
        render_board(view, {"orient": "sideways"})
