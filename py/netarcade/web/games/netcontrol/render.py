"""Net Control's island as SVG text, from a view and optional UI hints.

What it is for: :func:`render_board` turns ``NetControl.view(...)``,
often for the observer ``TABLE``; plain data) plus hints from the UI (which vertices, edges or
tiles are clickable and what a click means, the last move, who is who) into
one self-contained SVG string. :func:`hints_from_actions` turns action
notation into hints.

What it is not: UI logic or rules. It never decides what is legal (the UI
asks ``legal_actions`` and passes the answer in as hints), never touches a
DOM and imports nothing from the browser runtime.

Drawing
-------
Pointy-top hexes at the positions of ``board.topology(radius)``
(``tile_xy``, ``vertex_xy``, size 1, scaled by :data:`HEX_SIZE`). A tile's
outline joins its six vertices (``tile_vertices``; any cyclic order draws
the same polygon). Each terrain has its own dark fill **and** its own icon
and two-letter code (``co ba fi sc me``, dead zones hatched), so no
information depends on colour alone. Number tokens are light discs with the
number and its pips (one dot per 1/36 chance); 6 and 8 are red and larger.
An infected tile is dimmed under a red dashed ring and a virus mark.
Exchanges sit in the sea beside their coast edge, with two piers to the two
vertices that use them, reading ``3:1`` or ``2:1`` and the resource's code.
Links are thick lines in the owner's colour on a dark casing, carrying the
owner's shape at their middle; nodes are the owner's shape, Super Nodes a
larger shape with an inner ring, and a shield badge counts fortifications.

Markup
------
Stable ids: every tile is ``<g id="t5" class="tile co" data-name="t5">``,
every edge ``<g id="e30" class="edge" data-name="e30">``, every vertex
``<g id="v12" class="vertex" data-name="v12">``, whether or not something
stands there. Extra classes: ``link``/``node``/``super``, ``p1``..``p6``,
``infected``, ``dead``, ``lit hl-<kind>`` (a highlighted target), ``last``. An element with an action
gets ``data-action``, ``role="button"``, ``tabindex="0"`` and an
``aria-label`` (the Backbone scheme). The root carries ``data-pick``
(``vertex``, ``edge`` or ``tile``) when something is clickable, so the
stylesheet lets clicks through the other layers.

Output is deterministic: the same view and hints give byte-identical SVG.
Modules
-------
This module draws the whole board and turns actions into hints; the rest is
split by topic, each importing only those before it:
``render_style.py`` (terrain styles, colours, icons, the stylesheet),
``render_geometry.py`` (pixel positions of one radius) and
``render_pieces.py`` (one tile, exchange, edge or vertex as an SVG group).
Their public names stay importable from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from netarcade.web.render.palette import THEME
from netarcade.web.render.svg import el, escape, svg_document
from .render_geometry import HEX_SIZE, Geometry, board_geometry
from .render_pieces import aria_label, edge_group, exchange_group, name_tag, seat_name, tile_group, vertex_group
from .render_style import SEA, SHORE, TERRAIN, TerrainStyle, defs, resource_icon, stylesheet

__all__ = [
    "HEX_SIZE",
    "TERRAIN",
    "TerrainStyle",
    "board_geometry",
    "hints_from_actions",
    "render_board",
    "resource_icon",
]

_VERB_KIND = {"hack": "hack", "virus": "virus", "clear": "clear"}


# --- hints ----------------------------------------------------------------------------


def _target_of(action: str) -> tuple[str, str] | None:
    """(element id, highlight kind) a click on which means ``action``."""
    words = action.split()
    if len(words) < 3:
        return None
    verb = words[1]
    if verb == "linkbuild":
        return (words[-1], "build")
    target = words[2]
    if target[:1] not in ("v", "e", "t"):
        return None
    return (target, _VERB_KIND.get(verb, "build"))


def hints_from_actions(actions: Iterable[str], selected: Iterable[str] = ()) -> dict[str, Any]:
    """Hints that make each action clickable on the element it names.

    ``actions`` are in Net Control notation (``"p1 node v12"``,
    ``"p2 hack v40"``, ``"p1 virus t3"``); actions without a board target
    (``roll``, ``trade``, ...) are skipped. ``linkbuild`` goes on its *second*
    edge (the page offers the first edge as ``link``-like picks, then the
    second). When several actions share an element the first one wins.
    ``selected`` marks elements already picked.

    >>> hints_from_actions(["p1 node v12", "p1 hack v40", "p1 roll"])["actions"]
    {'v12': 'p1 node v12', 'v40': 'p1 hack v40'}
    """
    highlight: dict[str, str] = {}
    by_id: dict[str, str] = {}
    for action in actions:
        found = _target_of(action)
        if found is None:
            continue
        where, kind = found
        if where not in by_id:
            by_id[where] = action
            highlight[where] = kind
    for where in selected:
        highlight[where] = "selected"
    return {"highlight": highlight, "actions": by_id}


# --- the board ------------------------------------------------------------------------


def _sea_and_shore(geometry: Geometry, glow: bool) -> list[str]:
    """The sea filling the frame and the island's shore (glowing when the
    board's filters are defined)."""
    shore = {"class": "shore", "points": geometry.coast, "fill": SHORE, "stroke": SHORE,
             "stroke-width": 14, "stroke-linejoin": "round"}
    if glow:
        shore["filter"] = "url(#nc-glow)"
    shore["opacity"] = 0.9
    return [
        el("rect", None, {"class": "sea", "x": 0, "y": 0, "width": geometry.width, "height": geometry.height,
                          "fill": SEA}),
        el("polygon", None, shore),
    ]


def render_board(view: Mapping[str, Any], hints: Mapping[str, Any] | None = None) -> str:
    """The island of a Net Control ``view`` as an SVG string.

    ``hints`` (every key optional):

    - ``actions``: ``{"v12": "p1 node v12", "e30": ..., "t5": ...}``: the
      element becomes a button carrying the action in ``data-action``
    - ``highlight``: ``{"v12": "build" | "hack" | "virus" | "clear" | "selected" | "pick"}``
      (inferred from the action when missing)
    - ``labels``: ``{"v12": "..."}`` overrides the generated ``aria-label``
    - ``last``: ids touched by the last moves (``["v12", "e30"]``)
    - ``names``: display names of the seats (titles and labels)
    - ``tags``: ids whose names are written beside them (``["v19", "e21"]``:
      the elements a hint names, ``render_pieces.name_tag``)
    """
    hints = hints or {}
    board = view["board"]
    geometry = board_geometry(board["radius"])
    topo = geometry.topo
    actions = dict(hints.get("actions") or {})
    highlight = dict(hints.get("highlight") or {})
    labels = hints.get("labels") or {}
    last = set(hints.get("last") or ())
    names = [str(n) for n in (hints.get("names") or ())]
    for element, action in actions.items():
        if element not in highlight:
            found = _target_of(action)
            highlight[element] = found[1] if found else "build"
    infected = set(board.get("infected") or ())
    buildings = {b["vertex"]: b for b in view.get("buildings") or ()}
    links = {e: who for e, who in view.get("links") or ()}

    def label_for(element: str) -> str | None:
        if element in labels:
            return labels[element]
        action = actions.get(element)
        if not action:
            return None
        building = buildings.get(int(element[1:])) if element.startswith("v") else None
        return aria_label(highlight.get(element, "build"), element, action, view, geometry, names, building)

    tiles = [
        tile_group(view, geometry, t, t in infected, actions.get(f"t{t}"), highlight.get(f"t{t}"),
              label_for(f"t{t}"), f"t{t}" in last)
        for t in range(len(topo.tiles))
    ]
    exchanges = [exchange_group(geometry, e, resource) for e, resource in board.get("exchanges") or ()]
    edges = [
        edge_group(geometry, e, links.get(e), actions.get(f"e{e}"), highlight.get(f"e{e}"), label_for(f"e{e}"),
              f"e{e}" in last, names)
        for e in range(topo.edge_count)
    ]
    vertices = [
        vertex_group(geometry, v, buildings.get(v), actions.get(f"v{v}"), highlight.get(f"v{v}"),
                label_for(f"v{v}"), f"v{v}" in last, names)
        for v in range(topo.vertex_count)
    ]
    picks = {element[0] for element in actions}
    pick = {"v": "vertex", "e": "edge", "t": "tile"}[picks.pop()] if len(picks) == 1 else None

    turn = view.get("turn")
    xp = [p["xp"] for p in view.get("players") or ()]
    scores = ", ".join(f"{seat_name(names, seat)} {value} XP" for seat, value in enumerate(xp))
    summary = f"Net Control island, radius {board['radius']}" + (f", turn {turn}" if turn else ", setup")
    summary += f". {scores}." if scores else "."

    content = [
        el("title", escape(summary)),
        stylesheet(),
        defs(),
        *_sea_and_shore(geometry, glow=True),
        el("g", exchanges, {"class": "exchanges"}),
        el("g", tiles, {"class": "tiles"}),
        el("g", edges, {"class": "edges"}),
        el("g", vertices, {"class": "vertices"}),
    ]
    tags = [name_tag(geometry, name) for name in hints.get("tags") or ()]
    if any(tags):
        content.append(el("g", tags, {"class": "name-tags"}))
    return svg_document(content, (0, 0, geometry.width, geometry.height), {
        "class": "nc-board",
        "style": f"background:{SEA}",
        "role": "group",
        "aria-label": summary,
        "data-game": "netcontrol",
        "data-turn": turn,
        "data-current": view.get("current"),
        "data-pick": pick,
    })


def render_island_outline(radius: int) -> str:
    """The bare island of ``radius`` (sea, shore, empty tiles), with the
    frame of :func:`render_board`: what a Net Control link shows before
    Python is up, when the seed's terrain is not known yet.

    >>> svg = render_island_outline(2)
    >>> svg.count('class="cell"'), 'data-game="netcontrol"' in svg
    (19, True)
    """
    geometry = board_geometry(radius)
    tiles = [el("polygon", None, {"class": "cell", "points": points, "fill": THEME["panel"],
                                  "stroke": THEME["grid"], "stroke-width": 2})
             for points in geometry.outline]
    summary = f"Net Control island, radius {radius}: drawing it"
    return svg_document([
        el("title", escape(summary)),
        *_sea_and_shore(geometry, glow=False),
        el("g", tiles, {"class": "tiles"}),
    ], (0, 0, geometry.width, geometry.height), {
        "class": "nc-board outline", "style": f"background:{SEA}", "role": "img", "aria-label": summary,
        "data-game": "netcontrol",
    })
