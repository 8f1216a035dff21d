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
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from ...render.palette import HIGHLIGHT, PLAYERS, THEME
from ...render.svg import el, escape, fmt, polygon_points, shape, svg_document, text
from .board import DEAD, PIPS, RESOURCE_CODES, RESOURCES, topology

__all__ = [
    "HEX_SIZE",
    "TERRAIN",
    "TerrainStyle",
    "board_geometry",
    "hints_from_actions",
    "render_board",
    "resource_icon",
]

#: distance from a tile's centre to a corner, in view-box units
HEX_SIZE = 46.0
#: exchange labels: how far out to sea from their edge's middle, and their largest size
_LABEL_OUT = 0.62 * HEX_SIZE
_LABEL_W, _LABEL_H = 46.0, 19.0


class TerrainStyle:
    """How one terrain looks: tile fill, ink (icon, code) and its names."""

    __slots__ = ("code", "name", "fill", "ink")

    def __init__(self, code: str, name: str, fill: str, ink: str):
        self.code, self.name, self.fill, self.ink = code, name, fill, ink


#: terrain -> style. Fills are dark and differ in hue *and* lightness; the
#: ink is the same hue, light. The icon and the code tell them apart in grey.
TERRAIN: dict[str, TerrainStyle] = {
    "compute": TerrainStyle("co", "compute", "#1b4463", "#86c8f2"),
    "bandwidth": TerrainStyle("ba", "bandwidth", "#1c4a30", "#85dca2"),
    "firewall": TerrainStyle("fi", "firewall", "#5c2820", "#f39a86"),
    "scanner": TerrainStyle("sc", "scanner", "#3f2d5c", "#c8a8f4"),
    "memory": TerrainStyle("me", "memory", "#54441a", "#efd27a"),
    DEAD: TerrainStyle("--", "dead zone", "#14171c", "#59626d"),
}

_SEA = "#0a131c"
_SHORE = "#1d3a50"
_TOKEN = "#e9e2cf"
_TOKEN_INK = "#1b1f24"
_HOT_INK = "#c62828"
_VIRUS = THEME["danger"]

_S = 'fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"'

#: resource icons (view box -12 -12 24 24, colour: currentColor)
_ICONS: dict[str, str] = {
    # a chip with pins
    "compute": (
        f'<rect x="-6.5" y="-6.5" width="13" height="13" rx="1.5" {_S} stroke-width="2"/>'
        '<rect x="-2.6" y="-2.6" width="5.2" height="5.2" fill="currentColor"/>'
        f'<path {_S} stroke-width="1.8" d="M-3,-6.5V-10M3,-6.5V-10M-3,6.5V10M3,6.5V10'
        'M-6.5,-3H-10M-6.5,3H-10M6.5,-3H10M6.5,3H10"/>'
    ),
    # two opposite arrows: traffic both ways
    "bandwidth": (
        f'<path {_S} stroke-width="2.2" d="M-9,-4H7M3.5,-8L7.5,-4L3.5,0'
        'M9,4H-7M-3.5,0L-7.5,4L-3.5,8"/>'
    ),
    # a brick wall
    "firewall": (
        f'<rect x="-10" y="-8" width="20" height="16" rx="1.2" {_S} stroke-width="2"/>'
        f'<path {_S} stroke-width="1.8" d="M-10,-2.7H10M-10,2.7H10M-3,-8V-2.7M4,-2.7V2.7M-3,2.7V8'
        'M-6.5,-2.7V2.7M7,-8V-2.7M7,2.7V8"/>'
    ),
    # a radar sweep
    "scanner": (
        f'<circle r="9.5" {_S} stroke-width="2"/>'
        f'<circle r="4.8" {_S} stroke-width="1.5" opacity=".7"/>'
        f'<path {_S} stroke-width="2.2" d="M0,0L6.7,-6.7"/>'
        '<circle cx="3.6" cy="3.4" r="1.6" fill="currentColor"/>'
    ),
    # a memory module
    "memory": (
        f'<rect x="-10.5" y="-5.5" width="21" height="10" rx="1" {_S} stroke-width="2"/>'
        '<path fill="currentColor" d="M-7.5,-2.5h3v4h-3zM-2.5,-2.5h3v4h-3zM2.5,-2.5h3v4h-3z"/>'
        f'<path {_S} stroke-width="1.6" d="M-8,4.5V8M-4,4.5V8M0,4.5V8M4,4.5V8M8,4.5V8"/>'
    ),
    DEAD: f'<path {_S} stroke-width="2.2" d="M-7,-7L7,7M7,-7L-7,7"/><circle r="10" {_S} stroke-width="1.6"/>',
    # a virus: a disc with spikes
    "virus": (
        '<circle r="5.8" fill="currentColor"/>'
        f'<path {_S} stroke-width="2" d="M0,-6V-10M0,6V10M-6,0H-10M6,0H10'
        'M-4.2,-4.2L-7.1,-7.1M4.2,4.2L7.1,7.1M4.2,-4.2L7.1,-7.1M-4.2,4.2L-7.1,7.1"/>'
        '<circle cx="0" cy="-10" r="1.6" fill="currentColor"/><circle cx="0" cy="10" r="1.6" fill="currentColor"/>'
        '<circle cx="-10" cy="0" r="1.6" fill="currentColor"/><circle cx="10" cy="0" r="1.6" fill="currentColor"/>'
    ),
    # a shield (fortification)
    "shield": '<path fill="currentColor" d="M0,-11L9,-7.6V-0.5C9,5 4.8,9 0,11C-4.8,9 -9,5 -9,-0.5V-7.6Z"/>',
    "target": (
        f'<circle r="7" {_S} stroke-width="2.2"/>'
        f'<path {_S} stroke-width="2.2" d="M0,-11V-3.5M0,3.5V11M-11,0H-3.5M3.5,0H11"/>'
    ),
}

#: highlight kinds: colour and dash (HIGHLIGHT's, plus the card targets)
_HL: dict[str, tuple[str, str]] = {
    **HIGHLIGHT,
    "virus": (THEME["danger"], "5 3"),
    "clear": (HIGHLIGHT["build"][0], "none"),
    "pick": (HIGHLIGHT["move-from"][0], "none"),
}

_VERB_KIND = {"hack": "hack", "virus": "virus", "clear": "clear"}
_VERB_TEXT = {
    "node": "place a node", "link": "place a link", "super": "upgrade to a Super Node",
    "fortify": "fortify", "hack": "hack", "virus": "infect", "clear": "clear the virus off",
    "linkbuild": "place a free link",
}


def resource_icon(name: str, cls: str = "ico") -> str:
    """A resource's (or ``dead``, ``virus``, ``shield``'s) icon as a small inline SVG."""
    return (f'<svg class="{escape(cls)}" viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">'
            f"{_ICONS[name]}</svg>")


def _use(name: str, cx: float, cy: float, size: float, **kw: Any) -> str:
    half = size / 2.0
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(v)}"' for k, v in kw.items() if v is not None)
    return (f'<use href="#nc-{name}" x="{fmt(cx - half)}" y="{fmt(cy - half)}" '
            f'width="{fmt(size)}" height="{fmt(size)}"{extra}/>')


def _defs() -> str:
    symbols = "".join(f'<symbol id="nc-{name}" viewBox="-12 -12 24 24" overflow="visible">{body}</symbol>'
                      for name, body in _ICONS.items())
    hatch = (f'<pattern id="nc-hatch" width="7" height="7" patternUnits="userSpaceOnUse" '
             f'patternTransform="rotate(45)"><rect width="7" height="7" fill="{TERRAIN[DEAD].fill}"/>'
             f'<path d="M0,0V7" stroke="#252a31" stroke-width="2.4"/></pattern>')
    glow = ('<filter id="nc-glow" x="-50%" y="-50%" width="200%" height="200%">'
            '<feGaussianBlur stdDeviation="3"/></filter>')
    return f"<defs>{symbols}{hatch}{glow}</defs>"


# --- geometry -------------------------------------------------------------------------


class _Geometry:
    """Pixel positions of one radius: tiles, vertices, edges, exchanges, view box."""

    __slots__ = ("topo", "tile", "vertex", "outline", "inset", "width", "height", "coast")

    def __init__(self, radius: int):
        topo = topology(radius)
        self.topo = topo
        # the view box holds every vertex and a label beside every coast edge
        # (exchanges move with the seed; the frame must not)
        points = [(x * HEX_SIZE, y * HEX_SIZE) for x, y in topo.vertex_xy]
        unit = [(x * HEX_SIZE, y * HEX_SIZE) for x, y in topo.tile_xy]
        for e in topo.coast_edges:
            a, b = topo.edge_vertices[e]
            mx = (points[a][0] + points[b][0]) / 2
            my = (points[a][1] + points[b][1]) / 2
            cx, cy = unit[topo.edge_tiles[e][0]]
            length = math.hypot(mx - cx, my - cy)
            lx = mx + (mx - cx) / length * _LABEL_OUT
            ly = my + (my - cy) / length * _LABEL_OUT
            points.extend([(lx - _LABEL_W / 2, ly - _LABEL_H / 2), (lx + _LABEL_W / 2, ly + _LABEL_H / 2)])
        pad = 6.0
        left = min(x for x, _ in points) - pad
        top = min(y for _, y in points) - pad
        self.width = max(x for x, _ in points) + pad - left
        self.height = max(y for _, y in points) + pad - top

        def px(point: tuple[float, float]) -> tuple[float, float]:
            return (point[0] * HEX_SIZE - left, point[1] * HEX_SIZE - top)

        self.tile = [px(p) for p in topo.tile_xy]
        self.vertex = [px(p) for p in topo.vertex_xy]
        self.outline = [polygon_points([self.vertex[v] for v in vs]) for vs in topo.tile_vertices]
        self.inset = []
        for t, vs in enumerate(topo.tile_vertices):
            cx, cy = self.tile[t]
            self.inset.append(polygon_points(
                [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.86) for x, y in (self.vertex[v] for v in vs)]))
        self.coast = polygon_points([self.vertex[a] for a, _ in topo.coast_direction])

    def edge_ends(self, e: int, trim: float = 0.0) -> tuple[float, float, float, float]:
        a, b = self.topo.edge_vertices[e]
        (xa, ya), (xb, yb) = self.vertex[a], self.vertex[b]
        if trim:
            dx, dy = xb - xa, yb - ya
            length = math.hypot(dx, dy)
            k = trim / length
            xa, ya, xb, yb = xa + dx * k, ya + dy * k, xb - dx * k, yb - dy * k
        return xa, ya, xb, yb

    def edge_mid(self, e: int) -> tuple[float, float]:
        xa, ya, xb, yb = self.edge_ends(e)
        return ((xa + xb) / 2, (ya + yb) / 2)

    def seaward(self, e: int, distance: float) -> tuple[float, float]:
        """A point ``distance`` out to sea from coast edge ``e``'s middle."""
        mx, my = self.edge_mid(e)
        cx, cy = self.tile[self.topo.edge_tiles[e][0]]
        dx, dy = mx - cx, my - cy
        length = math.hypot(dx, dy) or 1.0
        return (mx + dx / length * distance, my + dy / length * distance)


_GEOMETRY: dict[int, _Geometry] = {}


def board_geometry(radius: int) -> _Geometry:
    """The (cached) pixel geometry of an island of ``radius``."""
    geometry = _GEOMETRY.get(radius)
    if geometry is None:
        geometry = _GEOMETRY[radius] = _Geometry(radius)
    return geometry


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


# --- pieces ---------------------------------------------------------------------------


def _terrain_of(view: Mapping[str, Any], t: int) -> str:
    return view["board"]["terrain"][t]


def _tile_words(view: Mapping[str, Any], t: int) -> str:
    terrain = _terrain_of(view, t)
    if terrain == DEAD:
        return f"t{t} dead zone"
    number = view["board"]["numbers"][t]
    return f"t{t} {terrain} {number}"


def _vertex_words(view: Mapping[str, Any], geometry: _Geometry, v: int) -> str:
    tiles = geometry.topo.vertex_tiles[v]
    return ", ".join(_short_tile(view, t) for t in tiles)


def _short_tile(view: Mapping[str, Any], t: int) -> str:
    terrain = _terrain_of(view, t)
    if terrain == DEAD:
        return "dead"
    return f"{TERRAIN[terrain].code} {view['board']['numbers'][t]}"


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"P{seat + 1}"


def _building_words(b: Mapping[str, Any], names: list[str]) -> str:
    kind = "Super Node" if b["level"] == 2 else "node"
    words = f"{_name(names, b['owner'])}'s {kind}, protection {b['protection']}"
    if b.get("forts"):
        words += f" ({b['forts']} fortification{'s' if b['forts'] != 1 else ''})"
    return words


def _aria_label(kind: str, element: str, action: str, view, geometry, names, building) -> str:
    words = action.split()
    verb = words[1]
    if element.startswith("v"):
        where = f"{element} ({_vertex_words(view, geometry, int(element[1:]))})"
    elif element.startswith("t"):
        where = _tile_words(view, int(element[1:]))
    else:
        where = element
    if verb in ("hack", "super", "fortify") and building is not None:
        return f"{where}: {_VERB_TEXT[verb]} {_building_words(building, names)}"
    what = _VERB_TEXT.get(verb, verb)
    if verb in ("node", "link", "linkbuild"):
        return f"{where}: {what} here"
    return f"{where}: {what}"


def _hot(n: int) -> bool:
    return n in (6, 8)


def _token(n: int, cx: float, cy: float) -> list[str]:
    hot = _hot(n)
    r = 15.5 if hot else 13.5
    ink = _HOT_INK if hot else _TOKEN_INK
    out = [el("circle", None, {"class": "token", "cx": cx, "cy": cy, "r": r, "fill": _TOKEN,
                                "stroke": THEME["bg"], "stroke-width": 1.6})]
    out.append(text(cx, cy + (4.2 if hot else 3.8), n, {
        "class": "num" + (" hot" if hot else ""), "text-anchor": "middle", "fill": ink,
        "font-size": 15.5 if hot else 13, "font-weight": 700}))
    pips = PIPS[n]
    gap = 3.0
    x0 = cx - (pips - 1) * gap / 2
    for i in range(pips):
        out.append(el("circle", None, {"cx": x0 + i * gap, "cy": cy + r - 4.2, "r": 0.95, "fill": ink}))
    return out


def _tile(view, geometry: _Geometry, t: int, infected: bool, action: str | None, kind: str | None,
          label: str | None, last: bool) -> str:
    terrain = _terrain_of(view, t)
    style = TERRAIN[terrain]
    cx, cy = geometry.tile[t]
    number = view["board"]["numbers"][t]
    classes = ["tile", style.code if terrain != DEAD else "dead"]
    fill = "url(#nc-hatch)" if terrain == DEAD else style.fill
    title = _tile_words(view, t).split(" ", 1)[1]
    if terrain != DEAD:
        title = f"{terrain}, {number} ({PIPS[number]}/36)"
    if infected:
        title += ", infected: produces nothing until cleared"
    parts = [el("title", escape(f"t{t}: {title}")),
             el("polygon", None, {"class": "cell", "points": geometry.outline[t], "fill": fill})]
    body = []
    if terrain == DEAD:
        body.append(_use(DEAD, cx, cy - 6, 22, color=style.ink, class_="ticon"))
        body.append(text(cx, cy + 20, "dead", {"class": "tcode", "text-anchor": "middle", "fill": style.ink}))
    else:
        body.append(_use(terrain, cx - 9, cy - 22, 15, color=style.ink, class_="ticon"))
        body.append(text(cx + 9, cy - 17.5, style.code, {"class": "tcode", "text-anchor": "middle",
                                                         "fill": style.ink}))
        body.extend(_token(number, cx, cy + 7))
    if infected:
        classes.append("infected")
        parts.extend(body)
        parts.append(el("polygon", None, {"class": "virus-veil", "points": geometry.inset[t],
                                          "fill": THEME["bg"], "fill-opacity": 0.55, "stroke": _VIRUS,
                                          "stroke-width": 2.2, "stroke-dasharray": "6 4"}))
        parts.append(_use("virus", cx + 17, cy - 4, 19, color=_VIRUS, class_="virus-mark"))
    else:
        parts.extend(body)
    if last:
        classes.append("last")
        parts.append(el("polygon", None, {"class": "last-ring", "points": geometry.inset[t]}))
    attributes: dict[str, Any] = {"id": f"t{t}", "class": " ".join(classes), "data-name": f"t{t}"}
    if kind is not None:
        color, dash = _HL.get(kind, _HL["build"])
        classes.extend(["lit", f"hl-{kind}"])
        attributes["class"] = " ".join(classes)
        parts.append(el("polygon", None, {"class": "hl", "points": geometry.inset[t], "fill": color,
                                          "stroke": color, "stroke-dasharray": None if dash == "none" else dash}))
    if action:
        attributes.update({"data-action": action, "role": "button", "tabindex": "0",
                           "aria-label": label or action})
    return el("g", parts, attributes)


def _exchange(geometry: _Geometry, e: int, resource: str | None) -> str:
    a, b = geometry.topo.edge_vertices[e]
    lx, ly = geometry.seaward(e, _LABEL_OUT)
    piers = []
    for v in (a, b):
        vx, vy = geometry.vertex[v]
        # stop the pier short of the vertex, where a building may stand
        dx, dy = lx - vx, ly - vy
        length = math.hypot(dx, dy)
        k = 9.5 / length
        piers.append(f"M{fmt(vx + dx * k)},{fmt(vy + dy * k)}L{fmt(lx)},{fmt(ly)}")
    if resource is None:
        ink, label, words = "#c9d3de", "3:1", "exchange 3:1: any 3 of a resource for 1"
        w = 30
    else:
        style = TERRAIN[resource]
        ink, label, words = style.ink, f"2:1 {style.code}", f"exchange 2:1 for {resource}"
        w = _LABEL_W
    h = _LABEL_H
    parts = [
        el("title", escape(f"{words} (at v{a} and v{b})")),
        el("path", None, {"class": "pier", "d": "".join(piers), "stroke": ink, "stroke-width": 2,
                          "stroke-dasharray": "2 3", "fill": "none", "opacity": 0.7}),
        el("rect", None, {"class": "xbox", "x": lx - w / 2, "y": ly - h / 2, "width": w, "height": h, "rx": 5,
                          "fill": "#0e1e2b", "stroke": ink, "stroke-width": 1.4}),
        text(lx, ly + 4.2, label, {"class": "xlabel", "text-anchor": "middle", "fill": ink}),
    ]
    kind = "any" if resource is None else RESOURCE_CODES[RESOURCES.index(resource)]
    return el("g", parts, {"class": f"exchange x-{kind}", "data-edge": f"e{e}"})


def _edge(geometry: _Geometry, e: int, owner: int | None, action: str | None, kind: str | None,
          label: str | None, last: bool, names: list[str]) -> str:
    xa, ya, xb, yb = geometry.edge_ends(e, trim=4.0)
    classes = ["edge"]
    parts = []
    if owner is not None:
        style = PLAYERS[owner % len(PLAYERS)]
        classes.extend(["link", f"p{owner + 1}"])
        parts.append(el("title", escape(f"e{e}: {_name(names, owner)}'s link")))
        parts.append(el("line", None, {"class": "casing", "x1": xa, "y1": ya, "x2": xb, "y2": yb,
                                       "stroke": THEME["bg"], "stroke-width": 10, "stroke-linecap": "round"}))
        parts.append(el("line", None, {"class": "road", "x1": xa, "y1": ya, "x2": xb, "y2": yb,
                                       "stroke": style.color, "stroke-width": 6, "stroke-linecap": "round"}))
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        parts.append(shape(style.shape, mx, my, 2.5, {"class": "cue", "fill": THEME["bg"]}))
    if last:
        classes.append("last")
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        parts.append(el("circle", None, {"class": "last-ring", "cx": mx, "cy": my, "r": 9}))
    if kind is not None:
        color, dash = _HL.get(kind, _HL["build"])
        classes.extend(["lit", f"hl-{kind}"])
        parts.append(el("line", None, {"class": "hl", "x1": xa, "y1": ya, "x2": xb, "y2": yb, "stroke": color,
                                       "stroke-width": 6, "stroke-linecap": "round",
                                       "stroke-dasharray": "7 5" if kind == "build" else None}))
    # a wide invisible stroke: an easy target for a finger
    parts.append(el("line", None, {"class": "hit", "x1": xa, "y1": ya, "x2": xb, "y2": yb,
                                   "stroke": "transparent", "stroke-width": 22}))
    attributes: dict[str, Any] = {"id": f"e{e}", "class": " ".join(classes), "data-name": f"e{e}"}
    if action:
        attributes.update({"data-action": action, "role": "button", "tabindex": "0",
                           "aria-label": label or action})
    return el("g", parts, attributes)


def _vertex(geometry: _Geometry, v: int, building: Mapping[str, Any] | None, action: str | None,
            kind: str | None, label: str | None, last: bool, names: list[str]) -> str:
    cx, cy = geometry.vertex[v]
    classes = ["vertex"]
    parts = []
    if building is not None:
        seat = building["owner"]
        style = PLAYERS[seat % len(PLAYERS)]
        classes.extend(["super" if building["level"] == 2 else "node", f"p{seat + 1}"])
        parts.append(el("title", escape(f"v{v}: {_building_words(building, names)}")))
        if building["level"] == 2:
            parts.append(shape(style.shape, cx, cy, 12.5, {"class": "body", "fill": style.color,
                                                           "stroke": THEME["bg"], "stroke-width": 2.4}))
            parts.append(shape(style.shape, cx, cy, 6.2, {"class": "ring", "fill": "none",
                                                          "stroke": THEME["bg"], "stroke-width": 2.2}))
        else:
            parts.append(shape(style.shape, cx, cy, 8.8, {"class": "body", "fill": style.color,
                                                          "stroke": THEME["bg"], "stroke-width": 2.2}))
        forts = building.get("forts") or 0
        if forts:
            bx, by = cx + 11, cy - 10
            parts.append(_use("shield", bx, by, 15, color=THEME["text"], class_="fort"))
            parts.append(text(bx, by + 3.4, forts, {"class": "fort-n", "text-anchor": "middle",
                                                    "fill": THEME["bg"]}))
    if last:
        classes.append("last")
        parts.append(el("circle", None, {"class": "last-ring", "cx": cx, "cy": cy, "r": 15.5}))
    if kind is not None:
        color, dash = _HL.get(kind, _HL["build"])
        classes.extend(["lit", f"hl-{kind}"])
        if kind == "hack":
            parts.append(_use("target", cx, cy, 36, color=color, class_="hl glyph"))
        elif building is not None:
            parts.append(el("circle", None, {"class": "hl", "cx": cx, "cy": cy, "r": 16, "fill": color,
                                             "stroke": color, "stroke-dasharray": None if dash == "none" else dash}))
        else:
            parts.append(el("circle", None, {"class": "hl", "cx": cx, "cy": cy, "r": 9.5, "fill": color,
                                             "stroke": color}))
    # as large as it can be without reaching the next corner (46 units away): a finger's target
    parts.append(el("circle", None, {"class": "hit", "cx": cx, "cy": cy, "r": 20, "fill": "transparent"}))
    attributes: dict[str, Any] = {"id": f"v{v}", "class": " ".join(classes), "data-name": f"v{v}"}
    if action:
        attributes.update({"data-action": action, "role": "button", "tabindex": "0",
                           "aria-label": label or action})
    return el("g", parts, attributes)


def _style() -> str:
    t = THEME
    return (
        "<style>"
        f".nc-board{{font-family:{t['font']};}}"
        ".nc-board .tcode{font-size:12px;font-weight:700;letter-spacing:.04em;}"
        ".nc-board .xlabel{font-size:11px;font-weight:700;}"
        f".nc-board .fort-n{{font-size:9px;font-weight:700;}}"
        ".nc-board .cell{stroke:#0b0f14;stroke-width:2.2;stroke-linejoin:round;}"
        ".nc-board .vertex,.nc-board .edge{pointer-events:none;}"
        ".nc-board .vertex.node,.nc-board .vertex.super,.nc-board .edge.link{pointer-events:visiblePainted;}"
        ".nc-board .hit{pointer-events:none;}"
        ".nc-board [data-action]{cursor:pointer;outline:none;pointer-events:all;}"
        ".nc-board [data-action] .hit{pointer-events:all;}"
        ".nc-board .hl{fill-opacity:.18;stroke-width:2.4;}"
        ".nc-board .edge .hl{stroke-opacity:.85;}"
        ".nc-board .tile .hl{fill-opacity:.1;stroke-width:3;}"
        ".nc-board .vertex.hl-build .hl{fill-opacity:.3;}"
        ".nc-board [data-action]:hover .hl,.nc-board [data-action]:focus-visible .hl{fill-opacity:.45;stroke-width:4;}"
        ".nc-board .edge[data-action]:hover .hl,.nc-board .edge[data-action]:focus-visible .hl{stroke-width:9;stroke-opacity:1;}"
        ".nc-board .tile[data-action]:hover .hl,.nc-board .tile[data-action]:focus-visible .hl{fill-opacity:.3;stroke-width:5;}"
        f".nc-board [data-action]:focus-visible .hit{{stroke:{t['focus']};stroke-width:2;fill:none;}}"
        f".nc-board .tile[data-action]:focus-visible .cell{{stroke:{t['focus']};stroke-width:3;}}"
        f".nc-board .last-ring{{fill:none;stroke:{t['text']};stroke-width:1.5;stroke-dasharray:4 3;opacity:.8;}}"
        # while tiles are the targets, the pieces on top let clicks through (and so on)
        ".nc-board[data-pick=tile] .vertex,.nc-board[data-pick=tile] .edge{pointer-events:none;}"
        ".nc-board[data-pick=vertex] .edge{pointer-events:none;}"
        "</style>"
    )


# --- the board ------------------------------------------------------------------------


def _sea_and_shore(geometry: _Geometry, glow: bool) -> list[str]:
    """The sea filling the frame and the island's shore (glowing when the
    board's filters are defined)."""
    shore = {"class": "shore", "points": geometry.coast, "fill": _SHORE, "stroke": _SHORE,
             "stroke-width": 14, "stroke-linejoin": "round"}
    if glow:
        shore["filter"] = "url(#nc-glow)"
    shore["opacity"] = 0.9
    return [
        el("rect", None, {"class": "sea", "x": 0, "y": 0, "width": geometry.width, "height": geometry.height,
                          "fill": _SEA}),
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
        return _aria_label(highlight.get(element, "build"), element, action, view, geometry, names, building)

    tiles = [
        _tile(view, geometry, t, t in infected, actions.get(f"t{t}"), highlight.get(f"t{t}"),
              label_for(f"t{t}"), f"t{t}" in last)
        for t in range(len(topo.tiles))
    ]
    exchanges = [_exchange(geometry, e, resource) for e, resource in board.get("exchanges") or ()]
    edges = [
        _edge(geometry, e, links.get(e), actions.get(f"e{e}"), highlight.get(f"e{e}"), label_for(f"e{e}"),
              f"e{e}" in last, names)
        for e in range(topo.edge_count)
    ]
    vertices = [
        _vertex(geometry, v, buildings.get(v), actions.get(f"v{v}"), highlight.get(f"v{v}"),
                label_for(f"v{v}"), f"v{v}" in last, names)
        for v in range(topo.vertex_count)
    ]
    picks = {element[0] for element in actions}
    pick = {"v": "vertex", "e": "edge", "t": "tile"}[picks.pop()] if len(picks) == 1 else None

    turn = view.get("turn")
    xp = [p["xp"] for p in view.get("players") or ()]
    scores = ", ".join(f"{_name(names, seat)} {value} XP" for seat, value in enumerate(xp))
    summary = f"Net Control island, radius {board['radius']}" + (f", turn {turn}" if turn else ", setup")
    summary += f". {scores}." if scores else "."

    content = [
        el("title", escape(summary)),
        _style(),
        _defs(),
        *_sea_and_shore(geometry, glow=True),
        el("g", exchanges, {"class": "exchanges"}),
        el("g", tiles, {"class": "tiles"}),
        el("g", edges, {"class": "edges"}),
        el("g", vertices, {"class": "vertices"}),
    ]
    return svg_document(content, (0, 0, geometry.width, geometry.height), {
        "class": "nc-board",
        "style": f"background:{_SEA}",
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
        "class": "nc-board outline", "style": f"background:{_SEA}", "role": "img", "aria-label": summary,
        "data-game": "netcontrol",
    })
