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
See ``render_geometry.py``: pointy-top hexes in a parallelogram leaning
right (``wide``) or the same turned 60 degrees (``tall``).

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

from collections.abc import Iterable, Mapping
from typing import Any

from netarcade.games.backbone.board import HEXES, hex_name
from netarcade.web.render.palette import HIGHLIGHT, PLAYERS, THEME
from netarcade.web.render.svg import cell_attrs, el, escape, shape, svg_document, text

from . import icons
from .render_geometry import HEX_SIZE, LAYOUT, ORIENTATIONS, WIDE, Geometry, board_geometry
from .render_pieces import aria_label, city_markup, describe_piece, highlight_markup, piece_markup, status_panel

__all__ = [
    "HEX_SIZE",
    "LAYOUT",
    "ORIENTATIONS",
    "hints_from_actions",
    "render_board",
    "render_static_board",
]


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
        # the keyboard's focus: a light ring between the highlight and the hex's edge, over the
        # hex's dark fill (16:1 there; the lit ring beside it changes nothing), not a brighter fill
        f".bb-board .kbd-ring{{fill:none;stroke:{t['focus']};stroke-width:3.4;display:none;}}"
        ".bb-board .hex[data-action]:focus-visible .kbd-ring{display:inline;}"
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


_FILTERS = el("filter", el("feGaussianBlur", stdDeviation=2.4), id="bb-glow", x="-50%", y="-50%", width="200%",
              height="200%")


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


def _edge_labels(geometry: Geometry = WIDE) -> list[str]:
    return [text(x, y, label, {"class": "edge", "text-anchor": anchor})
            for x, y, label, anchor in geometry.edges]


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
    geometry = board_geometry(orient)
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
            inner.extend(city_markup(city, cx, cy))
        if piece is not None:
            markup, piece_classes = piece_markup(piece, cx, cy)
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
            inner.extend(highlight_markup(kind, action, piece is not None or city is not None, h, cx, cy,
                                    geometry))
        if action:
            inner.append(el("polygon", None, {"class": "kbd-ring", "points": geometry.focus[h]}))
        if focus == name:
            classes.append("focus")
            inner.append(el("polygon", None, {"class": "focus-ring", "points": geometry.focus[h],
                                              "fill": "none", "stroke": THEME["focus"]}))
        title = None
        if piece is not None:
            title = f"{name}: {describe_piece(piece, names)}"
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
        # a screen reader hears every piece and City, not the empty hexes
        group.update(cell_attrs(action, action and (labels.get(name) or aria_label(name, action, kind, piece, names)),
                          title or None) or {"aria-hidden": "true"})
        body.append(el("g", inner, group))

    panels: list[str] = []
    if hints.get("panels", True):
        for seat, (x, y) in enumerate(geometry.panels):
            panels.append(status_panel(view, seat, names, x, y))

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
    from netarcade.games import get_game  # the registry (imports Backbone's rules on first use)

    game = get_game("backbone")
    state = game.new_game({"map": map_name}, 0)
    return render_board(game.view(state, None), hints)
