"""Net Control's pieces as SVG groups: tiles with their tokens, exchanges,
edges with links, vertices with buildings, each with its title, its
highlight and, when it carries an action, its button attributes and label.

What it is for: ``tile_group``, ``exchange_group``, ``edge_group`` and
``vertex_group`` draw one element each, with the stable ids and classes the
markup section of ``render.py`` describes; ``aria_label`` words an action for
a screen reader; ``seat_name`` names a seat.

What it is not: the whole board or the hints (``render.py``), the pixel
geometry (``render_geometry.py``) or the look (``render_style.py``). It
decides nothing about legality: actions arrive as hints.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from netarcade.web.render.palette import PLAYERS, THEME
from netarcade.web.render.svg import cell_attrs, el, escape, fmt, shape, text
from netarcade.games.netcontrol.board import DEAD, PIPS, RESOURCE_CODES, RESOURCES
from .render_geometry import LABEL_H, LABEL_OUT, LABEL_W, Geometry
from .render_style import HL, HOT_INK, TERRAIN, TOKEN, TOKEN_INK, VIRUS_INK, use

_VERB_TEXT = {
    "node": "place a node", "link": "place a link", "super": "upgrade to a Super Node",
    "fortify": "fortify", "hack": "hack", "virus": "infect", "clear": "clear the virus off",
    "linkbuild": "place a free link",
}


def _terrain_of(view: Mapping[str, Any], t: int) -> str:
    return view["board"]["terrain"][t]


def _tile_words(view: Mapping[str, Any], t: int) -> str:
    terrain = _terrain_of(view, t)
    if terrain == DEAD:
        return f"t{t} dead zone"
    number = view["board"]["numbers"][t]
    return f"t{t} {terrain} {number}"


def _vertex_words(view: Mapping[str, Any], geometry: Geometry, v: int) -> str:
    tiles = geometry.topo.vertex_tiles[v]
    return ", ".join(_short_tile(view, t) for t in tiles)


def _short_tile(view: Mapping[str, Any], t: int) -> str:
    terrain = _terrain_of(view, t)
    if terrain == DEAD:
        return "dead"
    return f"{TERRAIN[terrain].code} {view['board']['numbers'][t]}"


def seat_name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"P{seat + 1}"


def whose(names: list[str], seat: int) -> str:
    """ "your" for the seat called "You", else "Greedy bot's"."""
    name = seat_name(names, seat)
    return "your" if name == "You" else f"{name}'s"


def _building_words(b: Mapping[str, Any], names: list[str]) -> str:
    kind = "Super Node" if b["level"] == 2 else "node"
    words = f"{whose(names, b['owner'])} {kind}, protection {b['protection']}"
    if b.get("forts"):
        words += f" ({b['forts']} fortification{'s' if b['forts'] != 1 else ''})"
    return words


def aria_label(kind: str, element: str, action: str, view, geometry, names, building) -> str:
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
    ink = HOT_INK if hot else TOKEN_INK
    out = [el("circle", None, {"class": "token", "cx": cx, "cy": cy, "r": r, "fill": TOKEN,
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


def tile_group(view, geometry: Geometry, t: int, infected: bool, action: str | None, kind: str | None,
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
        body.append(use(DEAD, cx, cy - 6, 22, color=style.ink, class_="ticon"))
        body.append(text(cx, cy + 20, "dead", {"class": "tcode", "text-anchor": "middle", "fill": style.ink}))
    else:
        body.append(use(terrain, cx - 9, cy - 22, 15, color=style.ink, class_="ticon"))
        body.append(text(cx + 9, cy - 17.5, style.code, {"class": "tcode", "text-anchor": "middle",
                                                         "fill": style.ink}))
        body.extend(_token(number, cx, cy + 7))
    if infected:
        classes.append("infected")
        parts.extend(body)
        parts.append(el("polygon", None, {"class": "virus-veil", "points": geometry.inset[t],
                                          "fill": THEME["bg"], "fill-opacity": 0.55, "stroke": VIRUS_INK,
                                          "stroke-width": 2.2, "stroke-dasharray": "6 4"}))
        parts.append(use("virus", cx + 17, cy - 4, 19, color=VIRUS_INK, class_="virus-mark"))
    else:
        parts.extend(body)
    if last:
        classes.append("last")
        parts.append(el("polygon", None, {"class": "last-ring", "points": geometry.inset[t]}))
    attributes: dict[str, Any] = {"id": f"t{t}", "class": " ".join(classes), "data-name": f"t{t}"}
    if kind is not None:
        color, dash = HL.get(kind, HL["build"])
        classes.extend(["lit", f"hl-{kind}"])
        attributes["class"] = " ".join(classes)
        parts.append(el("polygon", None, {"class": "hl", "points": geometry.inset[t], "fill": color,
                                          "stroke": color, "stroke-dasharray": None if dash == "none" else dash}))
    # unplayable, a screen reader hears the tile as its title says it, not its code and token one by one
    attributes.update(cell_attrs(action, label or action, f"t{t}: {title}"))
    return el("g", parts, attributes)


def exchange_group(geometry: Geometry, e: int, resource: str | None) -> str:
    a, b = geometry.topo.edge_vertices[e]
    lx, ly = geometry.seaward(e, LABEL_OUT)
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
        w = LABEL_W
    h = LABEL_H
    parts = [
        el("title", escape(f"{words} (at v{a} and v{b})")),
        el("path", None, {"class": "pier", "d": "".join(piers), "stroke": ink, "stroke-width": 2,
                          "stroke-dasharray": "2 3", "fill": "none", "opacity": 0.7}),
        el("rect", None, {"class": "xbox", "x": lx - w / 2, "y": ly - h / 2, "width": w, "height": h, "rx": 5,
                          "fill": "#0e1e2b", "stroke": ink, "stroke-width": 1.4}),
        text(lx, ly + 4.2, label, {"class": "xlabel", "text-anchor": "middle", "fill": ink}),
    ]
    kind = "any" if resource is None else RESOURCE_CODES[RESOURCES.index(resource)]
    return el("g", parts, {"class": f"exchange x-{kind}", "data-edge": f"e{e}", "role": "img",
                           "aria-label": f"{words} (at v{a} and v{b})"})


#: a board target's least size on screen, in CSS pixels (the usual touch guideline)
TOUCH_PX = 44
#: the narrowest screen the island is drawn across (a phone held upright)
PHONE_PX = 360


#: corners are this many board units apart; a target's area stops short of
#: its neighbours' centres, so a tap on a target is always that target's
CORNER_GAP = 46


def _touch_half(geometry: Geometry) -> float:
    """Half of TOUCH_PX in board units when the island spans a phone's width.
    (A non-scaling stroke would size it in pixels directly, but Chromium
    hit-tests such a stroke as a thin ring, not the band it paints.)"""
    return TOUCH_PX / 2 * geometry.width / PHONE_PX


def _touch(tag: str, geometry: dict[str, Any]) -> str:
    """An invisible target area for fingers: drawn (and hit) only on screens
    without hover (``render_style``: ``.touch``), so a mouse keeps the exact
    targets; it draws nothing."""
    return el(tag, None, {"class": "hit touch", **geometry, "fill": "transparent"})


def _band(xa: float, ya: float, xb: float, yb: float, half: float) -> str:
    """The points of a rectangle ``2 * half`` wide around the segment."""
    length = math.hypot(xb - xa, yb - ya) or 1.0
    nx, ny = -(yb - ya) / length * half, (xb - xa) / length * half
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in
                    ((xa + nx, ya + ny), (xb + nx, yb + ny), (xb - nx, yb - ny), (xa - nx, ya - ny)))


def edge_group(geometry: Geometry, e: int, owner: int | None, action: str | None, kind: str | None,
          label: str | None, last: bool, names: list[str]) -> str:
    xa, ya, xb, yb = geometry.edge_ends(e, trim=4.0)
    classes = ["edge"]
    parts = []
    if owner is not None:
        style = PLAYERS[owner % len(PLAYERS)]
        classes.extend(["link", f"p{owner + 1}"])
        parts.append(el("title", escape(f"e{e}: {whose(names, owner)} link")))
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
        color, dash = HL.get(kind, HL["build"])
        classes.extend(["lit", f"hl-{kind}"])
        parts.append(el("line", None, {"class": "hl", "x1": xa, "y1": ya, "x2": xb, "y2": yb, "stroke": color,
                                       "stroke-width": 6, "stroke-linecap": "round",
                                       "stroke-dasharray": "7 5" if kind == "build" else None}))
    # an invisible band 22 units wide along the edge (a polygon: a vertical
    # edge's box has width too), and for a target a finger's minimum on screen
    parts.append(el("polygon", None, {"class": "hit", "points": _band(xa, ya, xb, yb, 11),
                                      "fill": "transparent"}))
    if action:  # TOUCH_PX across on a phone, a disc on the middle of the edge: it stays short
        # of a neighbouring edge's middle (40 units away), as a band along the edge would not
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        parts.append(_touch("circle", {"cx": fmt(mx), "cy": fmt(my), "r": fmt(min(max(11, _touch_half(geometry)), 34))}))
    return _spot(f"e{e}", classes, parts, action, label,
                 None if owner is None else f"e{e}: {whose(names, owner)} link")


def vertex_group(geometry: Geometry, v: int, building: Mapping[str, Any] | None, action: str | None,
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
            parts.append(use("shield", bx, by, 15, color=THEME["text"], class_="fort"))
            parts.append(text(bx, by + 3.4, forts, {"class": "fort-n", "text-anchor": "middle",
                                                    "fill": THEME["bg"]}))
    if last:
        classes.append("last")
        parts.append(el("circle", None, {"class": "last-ring", "cx": cx, "cy": cy, "r": 15.5}))
    if kind is not None:
        color, dash = HL.get(kind, HL["build"])
        classes.extend(["lit", f"hl-{kind}"])
        if kind == "hack":
            parts.append(use("target", cx, cy, 36, color=color, class_="hl glyph"))
        elif building is not None:
            parts.append(el("circle", None, {"class": "hl", "cx": cx, "cy": cy, "r": 16, "fill": color,
                                             "stroke": color, "stroke-dasharray": None if dash == "none" else dash}))
        else:
            parts.append(el("circle", None, {"class": "hl", "cx": cx, "cy": cy, "r": 9.5, "fill": color,
                                             "stroke": color}))
    # as large as it can be without reaching the next corner (46 units away): a finger's target
    parts.append(el("circle", None, {"class": "hit", "cx": cx, "cy": cy, "r": 20, "fill": "transparent"}))
    if action:
        parts.append(_touch("circle", {"cx": cx, "cy": cy,
                                       "r": fmt(min(max(20, _touch_half(geometry)), CORNER_GAP - 6))}))
    return _spot(f"v{v}", classes, parts, action, label,
                 None if building is None else f"v{v}: {_building_words(building, names)}")


#: a name tag's height and the width of one character of its text, in board units
TAG_H, TAG_CHAR = 17.0, 7.6


def name_tag(geometry: Geometry, name: str) -> str:
    """The name of a vertex, edge or tile (``v19``, ``e21``, ``t5``) written
    beside it on a small tag: the island draws no names, and a hint that says
    "place a link on e21" shows where e21 is. Above a corner or a link's
    middle, below a tile's number token; it takes no clicks. ``""`` for a
    name that is no element of this island."""
    kind, number = name[:1], name[1:]
    if not number.isdigit():
        return ""
    index = int(number)
    topo = geometry.topo
    if kind == "v" and index < topo.vertex_count:
        x, y = geometry.vertex[index]
        y -= 24
    elif kind == "e" and index < topo.edge_count:
        x, y = geometry.edge_mid(index)
        y -= 17
    elif kind == "t" and index < len(topo.tiles):
        x, y = geometry.tile[index]
        y += 29
    else:
        return ""
    width = TAG_CHAR * len(name) + 10
    return el("g", [
        el("rect", None, {"x": x - width / 2, "y": y - TAG_H / 2, "width": width, "height": TAG_H, "rx": 4,
                          "fill": THEME["bg"], "stroke": THEME["focus"], "stroke-width": 1.4}),
        text(x, y + 4.3, name, {"class": "tag-text", "text-anchor": "middle", "fill": THEME["focus"]}),
    ], {"class": "name-tag", "data-tag": name, "aria-hidden": "true", "pointer-events": "none"})


def _spot(name: str, classes: list[str], parts: list[str], action: str | None, label: str | None,
          picture: str | None) -> str:
    """A link or corner of the board as a group: a button when ``action``
    may be played there, else an image described by ``picture`` (if any)."""
    attributes: dict[str, Any] = {"id": name, "class": " ".join(classes), "data-name": name}
    attributes.update(cell_attrs(action, label or action, picture))
    return el("g", parts, attributes)
