"""Backbone's board as SVG text, from a view and optional UI hints.

What it is for: :func:`render_board` turns ``Backbone.view(...)`` (plain
data) plus hints from the UI (which hexes to highlight, which action a click
on each one means, the last move, the keyboard cursor) into one
self-contained SVG string. :func:`render_static_board` paints the starting
position without a running game, so the page can show the board before
Python has booted. :func:`hints_from_actions` turns action notation into
hints.

What it is not: UI logic. It never decides what is legal (the UI asks
``legal_actions`` and passes the answer in as hints), never touches a DOM and
imports nothing from the browser runtime.

Layout
------
Pointy-top hexes, laid out with :class:`netarcade.core.grid.HexLayout` in its
natural axial orientation: column ``q`` (letters a..i) runs to the right,
row ``r`` (numbers 1..9) runs down and to the right. The 9x9 rhombus then
becomes a parallelogram leaning right, about 1.6 times as wide as it is
tall, which fills a landscape or square viewport well. The two start
corners land on the parallelogram's acute corners: P1 (a1) at the top left,
P2 (i9) at the bottom right, so each side's home is at opposite ends of the
long diagonal and the contested short diagonal (c7, e5, g3) runs from the
bottom left to the top right. This is also the usual orientation of Hex
boards. A true "P1 left, P2 right" layout would need flat-top hexes (the
long diagonal of a pointy-top rhombus is at 30 degrees, never horizontal),
and turning the board 60 degrees gives a tall diamond that wastes a
landscape screen. The two empty triangles the lean leaves (bottom left and
top right) hold each player's status panel, next to their side of the board.

Column letters run along the top and bottom edges, row numbers along the
left and right edges, and every hex carries its name in small print.

Markup
------
Every hex is ``<g id="hex-e5" class="hex ..." data-hex="4,4" data-name="e5">``
holding its ``<polygon class="cell">``. Classes a page stylesheet can target:
``city``, ``piece``, ``p1``/``p2``, ``router`` .. ``datacenter``,
``firewall``, ``disabled``, ``offline-net`` (a piece cut off from its
network), ``online``, ``start``, ``hl hl-build`` (and ``hl-hack``,
``hl-reroute``, ``hl-move-from``, ``hl-selected``), ``last``, ``focus``. A
hex with an action also gets ``data-action``, ``role="button"``,
``tabindex="0"`` and an ``aria-label``. An inline ``<style>`` (scoped to
``.bb-board``) gives sensible defaults, so the SVG looks right on its own.

Output is deterministic: the same view and hints give byte-identical SVG,
whatever the order of keys in the dicts.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from netarcade.core.grid import HexLayout
from netarcade.games.backbone.board import COLUMNS, HEXES, SIZE, hex_name
from netarcade.render.palette import HIGHLIGHT, PLAYERS, THEME
from netarcade.render.svg import el, escape, fmt, polygon_points, shape, svg_document, text

from . import icons

__all__ = [
    "HEX_SIZE",
    "LAYOUT",
    "ORIENTATIONS",
    "hints_from_actions",
    "render_board",
    "render_static_board",
]

#: distance from a hex's centre to a corner, in view-box units
HEX_SIZE = 30.0
_W = math.sqrt(3.0) * HEX_SIZE  # width of a pointy-top hex

# Margins around the hexes: room for the edge labels.
_MARGIN_X = 34.0
_MARGIN_TOP = 34.0
_MARGIN_BOTTOM = 34.0

#: pixel layout of the board; hex a1 = (0, 0) sits at the top left
LAYOUT = HexLayout("pointy", HEX_SIZE, (_MARGIN_X + _W / 2.0, _MARGIN_TOP + HEX_SIZE))

_VIEW_W = _MARGIN_X * 2 + _W * (SIZE - 1) * 1.5 + _W
_VIEW_H = _MARGIN_TOP + _MARGIN_BOTTOM + HEX_SIZE * 1.5 * (SIZE - 1) + HEX_SIZE * 2

_KINDS = ("router", "switch", "ap", "server", "datacenter")
_KIND_LABEL = {"router": "router", "switch": "switch", "ap": "wireless AP", "server": "server",
               "datacenter": "datacenter", "firewall": "firewall"}


def _scaled(points: list[tuple[float, float]], center: tuple[float, float], k: float) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in points]


# Geometry never changes: compute it once, as text, at import.
_CENTER: dict[tuple[int, int], tuple[float, float]] = {h: LAYOUT.to_pixel(h) for h in HEXES}

#: board orientations: ``wide`` (the default, described above) and ``tall``
ORIENTATIONS = ("wide", "tall")


class _Geometry:
    """Where everything goes in one orientation: hex centres and outlines
    (as polygon text), edge labels, the two status panels, the view box."""

    __slots__ = ("center", "cell", "inset", "last", "focus", "edges", "width", "height", "panels")

    def __init__(self, center, corners, edges, width, height, panels):
        self.center = center
        self.cell = {h: polygon_points(corners[h]) for h in HEXES}
        self.inset = {h: polygon_points(_scaled(corners[h], center[h], 0.84)) for h in HEXES}
        self.last = {h: polygon_points(_scaled(corners[h], center[h], 0.9)) for h in HEXES}
        self.focus = {h: polygon_points(_scaled(corners[h], center[h], 0.93)) for h in HEXES}
        self.edges = edges  # [(x, y, label, text-anchor)]
        self.width = width
        self.height = height
        self.panels = panels  # the top-left corner of P1's and P2's status panel


def _wide_edges() -> list[tuple[float, float, str, str]]:
    out = []
    last = SIZE - 1
    for q in range(SIZE):
        x, y = _CENTER[(q, 0)]
        out.append((x, y - HEX_SIZE - 9, COLUMNS[q], "middle"))
        x, y = _CENTER[(q, last)]
        out.append((x, y + HEX_SIZE + 20, COLUMNS[q], "middle"))
    for r in range(SIZE):
        x, y = _CENTER[(0, r)]
        out.append((x - _W / 2 - 8, y + 4.5, str(r + 1), "end"))
        x, y = _CENTER[(last, r)]
        out.append((x + _W / 2 + 8, y + 4.5, str(r + 1), "start"))
    return out


_WIDE = _Geometry(_CENTER, {h: LAYOUT.corners(h) for h in HEXES}, _wide_edges(), _VIEW_W, _VIEW_H,
                  ((10, _VIEW_H - 84), (_VIEW_W - 160, 10)))


def _tall() -> _Geometry:
    """The wide board turned 60 degrees clockwise: a diamond standing on its
    long diagonal, P1's a1 at the top and P2's i9 at the bottom, columns
    running down the right-hand edges and rows down the left-hand ones.
    Turning a pointy-top hex grid by 60 degrees gives a pointy-top grid
    again, so only the centres move: every hex, icon and label stays
    upright. It fills a portrait phone: hexes about 1.5 times the size the
    wide board gets on the same width."""
    cos, sin = 0.5, math.sqrt(3.0) / 2.0

    def turn(x: float, y: float) -> tuple[float, float]:
        return (x * cos - y * sin, x * sin + y * cos)

    turned = {h: turn(*_CENTER[h]) for h in HEXES}
    # label spots: outward from the edge hexes, along the turned outward directions
    last = SIZE - 1
    spots = []
    for q in range(SIZE):
        spots.append((turned[(q, 0)], turn(0.0, -1.0), HEX_SIZE + 13, COLUMNS[q]))
        spots.append((turned[(q, last)], turn(0.0, 1.0), HEX_SIZE + 13, COLUMNS[q]))
    for r in range(SIZE):
        spots.append((turned[(0, r)], turn(-1.0, 0.0), _W / 2 + 12, str(r + 1)))
        spots.append((turned[(last, r)], turn(1.0, 0.0), _W / 2 + 12, str(r + 1)))
    labels = [(cx + dx * d, cy + dy * d, text) for (cx, cy), (dx, dy), d, text in spots]
    xs = [x for x, _ in turned.values()] + [x for x, _, _ in labels]
    ys = [y for _, y in turned.values()] + [y for _, y, _ in labels]
    margin = 14.0
    left = min(xs) - _W / 2 - margin
    top = min(ys) - HEX_SIZE - margin
    width = max(xs) + _W / 2 + margin - left
    height = max(ys) + HEX_SIZE + margin - top
    center = {h: (x - left, y - top) for h, (x, y) in turned.items()}
    corners = {
        h: [(cx + (x - _CENTER[h][0]), cy + (y - _CENTER[h][1])) for x, y in LAYOUT.corners(h)]
        for h, (cx, cy) in center.items()
    }
    edges = [(x - left, y - top + 4.5, text, "middle") for x, y, text in labels]
    # the panels sit in the empty corners beside each player's home tip
    panels = ((8, 8), (width - 158, height - 82))
    return _Geometry(center, corners, edges, width, height, panels)


_GEOMETRY: dict[str, _Geometry | None] = {"wide": _WIDE, "tall": None}  # tall: built on first use


def _geometry(orient: str) -> _Geometry:
    if orient not in _GEOMETRY:
        raise ValueError(f"unknown orientation {orient!r} (wide or tall)")
    geometry = _GEOMETRY[orient]
    if geometry is None:
        geometry = _GEOMETRY[orient] = _tall()
    return geometry


def _style() -> str:
    t = THEME
    p1, p2 = PLAYERS[0], PLAYERS[1]
    hl = "".join(
        f".bb-board .hl-{kind} .hl{{stroke:{color};fill:{color};}}"
        f".bb-board .hl-{kind} .glyph{{color:{color};}}"
        for kind, (color, _) in HIGHLIGHT.items()
    )
    return (
        "<style>"
        f".bb-board{{font-family:{t['font']};--bb-p1:{p1.color};--bb-p2:{p2.color};}}"
        f".bb-board .bg{{fill:{t['bg']};}}"
        f".bb-board .cell{{fill:{t['cell']};stroke:{t['grid']};stroke-width:1.2;}}"
        f".bb-board .alt .cell{{fill:{t['cell-alt']};}}"
        f".bb-board .city .cell{{fill:{t['city']};}}"
        f".bb-board .own-p1 .cell{{fill:{p1.fill};}}"
        f".bb-board .own-p2 .cell{{fill:{p2.fill};}}"
        f".bb-board .coord{{fill:{t['text-dim']};font-size:8.5px;opacity:.75;}}"
        f".bb-board .edge{{fill:{t['text-dim']};font-size:13px;font-weight:600;}}"
        ".bb-board .offline-net{opacity:.42;}"
        ".bb-board .offline-net .plate{stroke-dasharray:3 2.5;}"
        ".bb-board .glow{filter:url(#bb-glow);}"
        ".bb-board .hl{fill-opacity:.07;stroke-width:2;}"
        ".bb-board .hl-hack .hl,.bb-board .hl-selected .hl{fill-opacity:.12;stroke-width:2.6;}"
        ".bb-board .hex[data-action]{cursor:pointer;outline:none;}"
        ".bb-board .hex[data-action]:hover .hl{fill-opacity:.28;stroke-width:3;}"
        ".bb-board .hex[data-action]:hover .glyph{opacity:1;}"
        ".bb-board .hex[data-action]:focus-visible .hl{stroke-width:4.5;fill-opacity:.28;}"
        f".bb-board .focus-ring{{fill:none;stroke:{t['focus']};stroke-width:3.4;}}"
        f".bb-board .last-mark{{fill:{t['text']};}}"
        f".bb-board .last-ring{{fill:none;stroke:{t['text']};stroke-width:1.3;stroke-dasharray:4 3;opacity:.7;}}"
        f".bb-board .panel-box{{fill:{t['panel']};stroke:{t['grid']};stroke-width:1.2;}}"
        f".bb-board .active .panel-box{{stroke:{t['accent']};stroke-width:2;}}"
        f".bb-board .panel-name{{fill:{t['text']};font-size:14px;font-weight:700;}}"
        f".bb-board .panel-stat{{fill:{t['text']};font-size:12px;}}"
        f".bb-board .panel-dim{{fill:{t['text-dim']};}}"
        f".bb-board .panel-turn{{fill:{t['accent']};font-size:11px;font-weight:700;letter-spacing:.08em;}}"
        f".bb-board .panel-idle{{fill:{t['text-dim']};font-size:11px;letter-spacing:.08em;}}"
        + hl
        + "</style>"
    )


_FILTERS = (
    '<filter id="bb-glow" x="-50%" y="-50%" width="200%" height="200%">'
    '<feGaussianBlur stdDeviation="2.4"/></filter>'
)


def _is_mapping(x: Any) -> bool:
    return isinstance(x, Mapping)


def hints_from_actions(actions: Iterable[str], selected: str | None = None) -> dict[str, Any]:
    """Hints that make each action in ``actions`` clickable on its hex.

    ``actions`` are in Backbone notation (``"p1 router e5"``, ``"p2 hack d4"``,
    ``"p1 reroute c3 d4"``); ``end`` has no hex and is skipped. A build or a
    hack is placed on its hex, a reroute on its target (the source is marked
    ``selected``). When several actions share a hex the first one wins, so
    pass e.g. only the Router builds to offer "build a Router". ``selected``
    marks one more hex as selected.

    >>> hints_from_actions(["p1 router e5", "p1 switch e5", "p2 hack d4", "p1 end"])["actions"]
    {'e5': 'p1 router e5', 'd4': 'p2 hack d4'}
    """
    highlight: dict[str, str] = {}
    by_hex: dict[str, str] = {}
    for action in actions:
        words = action.split()
        if len(words) < 3:
            continue
        verb = words[1]
        if verb == "reroute" and len(words) == 4:
            where, kind = words[3], "reroute"
            highlight.setdefault(words[2], "selected")
        elif verb == "hack":
            where, kind = words[2], "hack"
        else:
            where, kind = words[2], "build"
        if where not in by_hex:
            by_hex[where] = action
            highlight[where] = kind
    if selected:
        highlight[selected] = "selected"
    return {"highlight": highlight, "actions": by_hex}


def _whose(seat: int, names: list[str]) -> str:
    """"your" for the seat called "You", else "Greedy bot's" (or "P2's")."""
    name = names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"
    return "your" if name == "You" else f"{name}'s"


def _describe_piece(p: Mapping[str, Any], names: list[str]) -> str:
    words = [f"{_whose(p['owner'], names)} {_KIND_LABEL.get(p['kind'], p['kind'])}"]
    if p.get("firewall"):
        words.append("firewall")
    if p.get("disabled"):
        words.append("disabled")
    elif not p.get("in_network", True):
        words.append("cut off")
    if p.get("online"):
        words.append("online")
    return ", ".join(words)


def _aria_label(name: str, action: str, kind: str | None, piece: Mapping[str, Any] | None,
                names: list[str]) -> str:
    words = action.split()
    verb = words[1] if len(words) > 1 else ""
    if verb == "hack":
        what = _describe_piece(piece, names) if piece else "piece"
        return f"{name}: hack {what}"
    if verb == "reroute" and len(words) == 4:
        if kind == "move-from" or (kind == "selected" and words[2] == name):
            return f"{name}: move this piece"
        return f"{name}: reroute from {words[2]} to here"
    if verb == "firewall":
        what = _KIND_LABEL.get(piece["kind"], piece["kind"]) if piece else "piece"
        return f"{name}: put a firewall on this {what}"
    if verb in _KIND_LABEL:
        return f"{name}: build {_KIND_LABEL[verb]} here"
    if kind == "move-from":
        return f"{name}: move this piece"
    return f"{name}: {action}"


def _plate(seat: int, cx: float, cy: float, r: float, cls: str, fill: str | None = None,
           stroke: str | None = None, width: float = 2.0) -> str:
    st = PLAYERS[seat % len(PLAYERS)]
    return shape(st.shape, cx, cy, r, {
        "class": cls, "fill": fill or st.fill, "stroke": stroke or st.color, "stroke-width": width,
    })


def _piece(p: Mapping[str, Any], cx: float, cy: float) -> tuple[list[str], list[str]]:
    """Markup and classes of one piece standing at ``(cx, cy)``."""
    seat = p["owner"]
    st = PLAYERS[seat % len(PLAYERS)]
    kind = p["kind"]
    disabled = bool(p.get("disabled"))
    classes = ["piece", f"p{seat + 1}", kind]
    out: list[str] = []
    if p.get("online") and not disabled:
        classes.append("online")
        ring = {"class": "online-ring glow", "fill": "none", "stroke": st.color, "stroke-width": 3.5}
        out.append(shape(st.shape, cx, cy, 18.5, ring))
        out.append(shape(st.shape, cx, cy, 18.5, {"class": "online-ring", "fill": "none",
                                                   "stroke": st.color, "stroke-width": 1.4}))
    if disabled:
        classes.append("disabled")
        grey = THEME["disabled"]
        # grey, but the owner's shape and a faint owner-coloured rim remain
        out.append(_plate(seat, cx, cy, 15.5, "plate", fill="#1b1f25", stroke=st.color))
        out.append(shape(st.shape, cx, cy, 15.5, {"fill": "none", "stroke": grey, "stroke-width": 2,
                                                   "stroke-dasharray": "4 3"}))
        out.append(icons.use(kind, cx, cy, 21, class_="icon", color=grey))
    else:
        out.append(_plate(seat, cx, cy, 15.5, "plate"))
        out.append(icons.use(kind, cx, cy, 21, class_="icon", color=st.color))
    if not p.get("in_network", True) and not disabled:
        classes.append("offline-net")
    if p.get("firewall"):
        classes.append("firewall")
        out.append(icons.use("firewall", cx + 14, cy + 11, 14, class_="badge-firewall", color=THEME["text"]))
    if disabled:
        out.append(icons.use("disabled", cx + 14, cy - 11, 14, class_="badge-disabled", color=THEME["danger"]))
    if p.get("start"):
        classes.append("start")
    return out, classes


def _city(c: Mapping[str, Any], cx: float, cy: float) -> list[str]:
    connected = sorted(c.get("connected") or [])
    color = THEME["text"] if connected else THEME["neutral"]
    out = [icons.use("city", cx, cy - 2, 24, class_="icon city-icon", color=color,
                     opacity=None if connected else 0.7)]
    for seat in connected:
        st = PLAYERS[seat % len(PLAYERS)]
        dx = -12 if seat == 0 else 12
        out.append(shape(st.shape, cx + dx, cy + 13, 5, {
            "class": f"link p{seat + 1}", "fill": st.color, "stroke": THEME["bg"], "stroke-width": 1.2,
        }))
    return out


def _highlight(kind: str, action: str | None, occupied: bool, h: tuple[int, int],
               cx: float, cy: float, geometry: _Geometry = _WIDE) -> list[str]:
    color, dash = HIGHLIGHT.get(kind, HIGHLIGHT["build"])
    out = [el("polygon", None, {
        "class": "hl", "points": geometry.inset[h], "fill": color, "stroke": color,
        "stroke-dasharray": None if dash == "none" else dash,
    })]
    verb = action.split()[1] if action and len(action.split()) > 1 else ""
    if kind == "hack":
        out.append(icons.use("target", cx, cy, 40, class_="glyph", color=color, opacity=0.9))
    elif kind == "build" and not occupied:
        ghost = verb if verb in _KINDS else "plus"
        size = 22 if ghost != "plus" else 16
        out.append(icons.use(ghost, cx, cy, size, class_="glyph", color=color, opacity=0.32))
    elif kind == "build":  # a Firewall onto an own piece
        out.append(icons.use("plus", cx - 14, cy - 11, 11, class_="glyph", color=color))
    elif kind == "reroute" and not occupied:
        out.append(icons.use("reroute", cx, cy, 18, class_="glyph", color=color, opacity=0.6))
    return out


def _edge_labels(geometry: _Geometry = _WIDE) -> list[str]:
    return [text(x, y, label, {"class": "edge", "text-anchor": anchor})
            for x, y, label, anchor in geometry.edges]


def _panel(view: Mapping[str, Any], seat: int, names: list[str], x: float, y: float) -> str:
    """A player's status box: name and shape, AI tokens, BW, whose turn."""
    st = PLAYERS[seat % len(PLAYERS)]
    scores = view.get("scores") or [0, 0]
    bw = view.get("bw") or [0, 0]
    target = (view.get("options") or {}).get("target")
    current = view.get("current")
    over = view.get("over")
    winners = view.get("winners") or []
    active = (not over and current == seat)
    w, h = 150.0, 74.0
    parts = [el("rect", None, {"class": "panel-box", "x": x, "y": y, "width": w, "height": h, "rx": 6,
                               "fill": THEME["panel"], "stroke": THEME["grid"]})]
    parts.append(shape(st.shape, x + 16, y + 18, 6.5, {"fill": st.color, "stroke": THEME["bg"],
                                                        "stroke-width": 1}))
    name = names[seat] if len(names[seat]) <= 14 else names[seat][:13] + "\u2026"
    parts.append(text(x + 30, y + 23, name, {"class": "panel-name", "fill": st.color}))
    ai = f"{scores[seat] if seat < len(scores) else 0}"
    parts.append(el("text", [
        f'<tspan class="panel-dim">AI </tspan>{escape(ai)}',
        f'<tspan class="panel-dim">/{escape(target)}</tspan>' if target else "",
        f'<tspan class="panel-dim" dx="10">BW </tspan>{escape(bw[seat] if seat < len(bw) else 0)}',
    ], {"class": "panel-stat", "x": x + 12, "y": y + 44}))
    if over:
        status = ("DRAW" if len(winners) > 1 else "WINNER") if seat in winners else "GAME OVER"
        cls = "panel-turn" if seat in winners else "panel-idle"
    elif active:
        left = view.get("actions_left")
        status = f"\u25b6 TO MOVE \u00b7 {left} ACT" if left is not None else "\u25b6 TO MOVE"
        if view.get("closing") is not None:
            status = "\u25b6 CLOSING TURN"
        cls = "panel-turn"
    else:
        status, cls = "waiting", "panel-idle"
    parts.append(text(x + 12, y + 63, status, {"class": cls}))
    return el("g", parts, {"class": "panel" + (" active" if active else ""), "id": f"panel-p{seat + 1}",
                           "data-seat": seat})


def render_board(view: Mapping[str, Any], hints: Mapping[str, Any] | None = None) -> str:
    """The board of a Backbone ``view`` as an SVG string.

    ``hints`` (every key optional):

    - ``highlight``: ``{"e5": "build" | "hack" | "reroute" | "move-from" | "selected"}``
    - ``actions``: ``{"e5": "p1 router e5"}``: the hex becomes a button that
      carries the action in ``data-action`` (a highlight kind is inferred
      from the action when none is given)
    - ``labels``: ``{"e5": "..."}`` overrides the generated ``aria-label``
    - ``last``: ``["e5", ...]`` hexes touched by the last move
    - ``focus``: ``"e5"`` the keyboard cursor
    - ``names``: ``["Ada", "Bot"]`` shown in the status panels
    - ``panels``: ``False`` leaves the two status panels out
    - ``orient``: ``"wide"`` (default) or ``"tall"``: the board turned 60
      degrees, a diamond with a1 at the top, for portrait screens
    """
    hints = hints or {}
    orient = hints.get("orient") or "wide"
    geometry = _geometry(orient)
    highlight = hints.get("highlight") or {}
    actions = hints.get("actions") or {}
    labels = hints.get("labels") or {}
    last = set(hints.get("last") or ())
    focus = hints.get("focus")
    names = list(hints.get("names") or ())
    names = [str(n) for n in names[:2]] + [f"P{i + 1}" for i in range(len(names), 2)]

    pieces = {p["hex"]: p for p in view.get("pieces") or ()}
    cities = {c["hex"]: c for c in view.get("cities") or ()}

    body: list[str] = []
    for h in HEXES:
        name = hex_name(h)
        cx, cy = geometry.center[h]
        classes = ["hex"]
        if h[1] % 2:
            classes.append("alt")
        inner: list[str] = [el("polygon", None, {"class": "cell", "points": geometry.cell[h]})]
        piece = pieces.get(name)
        city = cities.get(name)
        if city is not None:
            classes.append("city")
            inner.extend(_city(city, cx, cy))
        if piece is not None:
            markup, piece_classes = _piece(piece, cx, cy)
            classes.extend(piece_classes)
            if not piece.get("disabled") and piece.get("in_network", True):
                classes.append(f"own-p{piece['owner'] + 1}")
            inner.extend(markup)
        inner.append(text(cx, cy + HEX_SIZE - 4.5, name, {"class": "coord", "text-anchor": "middle",
                                                          "aria-hidden": "true"}))
        if name in last:
            classes.append("last")
            inner.append(el("polygon", None, {"class": "last-ring", "points": geometry.last[h]}))
            inner.append(shape("triangle", cx, cy - HEX_SIZE + 8, 3.2,
                               {"class": "last-mark", "fill": THEME["text"]}))
        action = actions.get(name)
        kind = highlight.get(name)
        if kind is None and action:
            verb = action.split()[1] if len(action.split()) > 1 else ""
            kind = "hack" if verb == "hack" else "reroute" if verb == "reroute" else "build"
        if kind is not None:
            classes.append(f"hl-{_css_token(kind)}")
            inner.extend(_highlight(kind, action, piece is not None or city is not None, h, cx, cy,
                                    geometry))
        if focus == name:
            classes.append("focus")
            inner.append(el("polygon", None, {"class": "focus-ring", "points": geometry.focus[h],
                                              "fill": "none", "stroke": THEME["focus"]}))
        title = None
        if piece is not None:
            title = f"{name}: {_describe_piece(piece, names)}"
        elif city is not None:
            linked = " and ".join(names[s] if s < len(names) else f"P{s + 1}"
                                  for s in sorted(city.get("connected") or []))
            title = f"{name}: City" + (f", connected by {linked}" if linked else "")
        if title:
            inner.insert(0, el("title", escape(title)))
        group = {
            "id": f"hex-{name}",
            "class": " ".join(classes),
            "data-hex": f"{h[0]},{h[1]}",
            "data-name": name,
        }
        if action:
            group["data-action"] = action
            group["role"] = "button"
            group["tabindex"] = "0"
            group["aria-label"] = labels.get(name) or _aria_label(name, action, kind, piece, names)
        elif title:  # a screen reader hears every piece and City, not the empty hexes
            group.update({"role": "img", "aria-label": title})
        else:
            group["aria-hidden"] = "true"
        body.append(el("g", inner, group))

    panels: list[str] = []
    if hints.get("panels", True):
        for seat, (x, y) in enumerate(geometry.panels):
            panels.append(_panel(view, seat, names, x, y))

    turn = view.get("turn")
    current = view.get("current")
    scores = view.get("scores") or [0, 0]
    if view.get("over"):
        state = "game over"
    elif current is not None:
        state = f"{names[current]} to move"
    else:
        state = ""
    summary = (f"Backbone board, turn {turn}"
               + (f", {state}" if state else "")
               + f". {names[0]} {scores[0]} AI tokens, {names[1]} {scores[1]}.")

    content = [
        el("title", escape(summary)),
        _style(),
        icons.defs(extra=_FILTERS),
        el("rect", None, {"class": "bg", "x": 0, "y": 0, "width": geometry.width, "height": geometry.height,
                          "fill": THEME["bg"]}),
        el("g", _edge_labels(geometry), {"class": "edges", "aria-hidden": "true"}),
        el("g", body, {"class": "hexes"}),
        el("g", panels, {"class": "panels", "aria-hidden": "true"}),  # the page's Players panel says it
    ]
    return svg_document(content, (0, 0, geometry.width, geometry.height), {
        "class": "bb-board",
        "style": f"background:{THEME['bg']}",
        "role": "group",
        "aria-label": summary,
        "data-game": "backbone",
        "data-turn": turn,
        "data-current": current,
        "data-orient": orient if orient != "wide" else None,
    })


def _css_token(word: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in str(word))


def render_static_board(map_name: str = "classic", hints: Mapping[str, Any] | None = None) -> str:
    """The starting position of ``map_name`` (seed 0), for painting the page
    before Python is ready. ``hints`` as for :func:`render_board` (the page
    passes the seat names it will show once it runs)."""
    from netarcade.games import get_game  # the registry imports every game

    game = get_game("backbone")
    state = game.new_game({"map": map_name}, 0)
    return render_board(game.view(state, None), hints)
