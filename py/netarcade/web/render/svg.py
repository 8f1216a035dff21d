"""The one markup builder: SVG and HTML written as text.

What it is for: renderers and the page's views build SVG and HTML by joining
strings, which is fast under Pyodide and needs nothing beyond the standard
library. :func:`el` writes every element (the boards' SVG and the page's
HTML alike) and :func:`cell_attrs` the attributes of a board's clickable cell, so
the markup is safe (every attribute value and text node is escaped in one
place, :func:`escape`) and deterministic (numbers are printed with a fixed
precision, attributes in the order given).

What it is not: a DOM or an XML library. Nothing here parses markup.

Attribute names are given as Python keywords: a trailing underscore is
dropped (``class_`` -> ``class``) and other underscores become hyphens
(``data_hex`` -> ``data-hex``, ``stroke_width`` -> ``stroke-width``). Pass a
dict to :func:`attrs` for names that keywords cannot spell.

HTML is written with the same calls: HTML's void elements (``input``,
``br``...) have no end tag and no slash, and its boolean attributes
(``disabled``, ``selected``...) are written bare when ``True``.

>>> el("circle", cx=1.5, cy=2, r=0.333333, class_="dot")
'<circle cx="1.5" cy="2" r="0.33" class="dot"/>'
>>> el("button", "Undo", type="button", disabled=True, aria_disabled="true")
'<button type="button" disabled aria-disabled="true">Undo</button>'
>>> el("input", name="seed", value="<7>")
'<input name="seed" value="&lt;7&gt;">'
>>> text(0, 0, "a < b & c")
'<text x="0" y="0">a &lt; b &amp; c</text>'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = [
    "SVG_NS",
    "attrs",
    "cell_attrs",
    "el",
    "escape",
    "fmt",
    "g",
    "inline_icon",
    "polygon_points",
    "regular_polygon",
    "shape",
    "svg_document",
    "symbol",
    "text",
    "use",
]

SVG_NS = "http://www.w3.org/2000/svg"

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})


def escape(value: Any) -> str:
    """Escape text for use in an SVG text node or a double-quoted attribute.

    Characters XML 1.0 forbids (most C0 controls) are dropped, so any string
    a player typed still gives well-formed XML.

    >>> escape('<b title="x">Tom & Jerry\\'s</b>')
    '&lt;b title=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;'
    >>> escape("bell\\x07")
    'bell'
    """
    s = str(value)
    if not s.isprintable():
        s = "".join(ch for ch in s if ch >= " " or ch in "\t\n\r")
    return s.translate(_ESCAPES)


def fmt(x: Any) -> str:
    """Print a number compactly with at most 2 decimals (ints unchanged).

    >>> fmt(3.0), fmt(-0.001), fmt(2.345678), fmt(7)
    ('3', '0', '2.35', '7')
    """
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return str(x)
    if isinstance(x, int):
        return str(x)
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# HTML elements without content or end tag (no SVG element has these names)
VOID_ELEMENTS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                           "track", "wbr"})
# HTML attributes whose presence means "on": written bare when True (any other True is "true")
BOOLEAN_ATTRIBUTES = frozenset({"allowfullscreen", "async", "autofocus", "autoplay", "checked", "controls",
                                "default", "defer", "disabled", "formnovalidate", "hidden", "inert", "ismap",
                                "loop", "multiple", "muted", "nomodule", "novalidate", "open", "playsinline",
                                "readonly", "required", "reversed", "selected"})


def _name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def attrs(values: Mapping[str, Any] | None = None, **kw: Any) -> str:
    """Attributes as text with a leading space, in insertion order.

    ``None`` and ``False`` values are left out, ``True`` becomes ``"true"``
    (a bare name for HTML's boolean attributes: ``disabled``, ``selected``...),
    numbers go through :func:`fmt`, everything else is escaped.

    >>> attrs({"data-action": "p1 router e5"}, role="button", hidden=None)
    ' data-action="p1 router e5" role="button"'
    >>> attrs(selected=True, draggable=True)
    ' selected draggable="true"'
    """
    items: list[tuple[str, Any]] = []
    if values:
        items.extend((k, v) for k, v in values.items())
    items.extend((_name(k), v) for k, v in kw.items())
    out = []
    for key, value in items:
        if value is None or value is False:
            continue
        if value is True:
            if key in BOOLEAN_ATTRIBUTES:
                out.append(f" {key}")
                continue
            value = "true"
        elif isinstance(value, (int, float)):
            value = fmt(value)
        out.append(f' {key}="{escape(value)}"')
    return "".join(out)


def el(tag: str, content: str | Iterable[str] | None = None, attributes: Mapping[str, Any] | None = None,
       **kw: Any) -> str:
    """One element. ``content`` is already-built markup (not escaped: pass
    text through :func:`escape`); ``None`` gives a self-closing tag (an HTML
    void element's start tag alone), ``""`` an empty element.

    >>> el("g", ["<a/>", "<b/>"], id="x")
    '<g id="x"><a/><b/></g>'
    >>> el("small", "", class_="err")
    '<small class="err"></small>'
    """
    a = attrs(attributes, **kw)
    if content is None:
        return f"<{tag}{a}>" if tag in VOID_ELEMENTS else f"<{tag}{a}/>"
    if not isinstance(content, str):
        content = "".join(content)
    return f"<{tag}{a}>{content}</{tag}>"


def cell_attrs(action: str | None, label: str | None = None, picture: str | None = None) -> dict[str, Any]:
    """The attributes of a board's cell (a hex, a tile, a card...) for the
    page and a screen reader, to add after the cell's own (``id``, ``class``,
    ``data-name``).

    With an ``action`` it is a button: ``data-action`` (what one delegated
    listener plays on a click or Enter), ``role``, a place in the Tab order
    and ``label`` as its name. Without one, ``picture`` (when given) says
    the cell in words as an image; else nothing is added.

    >>> cell_attrs("p1 router e5", "e5: place a Router")
    {'data-action': 'p1 router e5', 'role': 'button', 'tabindex': '0', 'aria-label': 'e5: place a Router'}
    >>> cell_attrs(None, "unused", picture="e5: a City"), cell_attrs(None)
    ({'role': 'img', 'aria-label': 'e5: a City'}, {})
    """
    if action:
        return {"data-action": action, "role": "button", "tabindex": "0", "aria-label": label}
    if picture is not None:
        return {"role": "img", "aria-label": picture}
    return {}


def g(children: Iterable[str], attributes: Mapping[str, Any] | None = None, **kw: Any) -> str:
    """A ``<g>`` group around already-built children."""
    return el("g", "".join(children), attributes, **kw)


def text(x: float, y: float, content: Any, attributes: Mapping[str, Any] | None = None, **kw: Any) -> str:
    """A ``<text>`` node; ``content`` is escaped."""
    return f"<text{attrs({'x': x, 'y': y})}{attrs(attributes, **kw)}>{escape(content)}</text>"


#: the view box of every icon symbol: 24 units, centred on the origin
ICON_BOX = "-12 -12 24 24"
#: the attributes of an icon's line drawn in the colour of its ``<use>`` (``currentColor``), as text
ICON_LINE = 'fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"'


def symbol(symbol_id: str, body: str) -> str:
    """An icon drawn once (in ``<defs>``) as ``<symbol id=...>``; ``body`` is
    its SVG in :data:`ICON_BOX`."""
    return el("symbol", body, id=symbol_id, viewBox=ICON_BOX, overflow="visible")


def use(symbol_id: str, cx: float, cy: float, size: float, **kw: Any) -> str:
    """The :func:`symbol` ``symbol_id`` placed centred on ``(cx, cy)`` in a
    ``size`` x ``size`` box.

    >>> use("na-plus", 10, 10, 20, class_="glyph")
    '<use href="#na-plus" x="0" y="0" width="20" height="20" class="glyph"/>'
    """
    half = size / 2.0
    return el("use", None, {"href": f"#{symbol_id}", "x": cx - half, "y": cy - half, "width": size, "height": size},
              **kw)


def inline_icon(body: str, cls: str = "ico") -> str:
    """An icon's SVG (``body``, in :data:`ICON_BOX`) as a small inline
    ``<svg>`` of the page, hidden from screen readers (the words beside it say it)."""
    return el("svg", body, class_=cls, viewBox=ICON_BOX, aria_hidden="true", focusable="false")


def polygon_points(points: Iterable[tuple[float, float]]) -> str:
    """The ``points`` attribute value of a polygon or polyline.

    >>> polygon_points([(0, 0), (1.5, 2.25), (3.333, -1)])
    '0,0 1.5,2.25 3.33,-1'
    """
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)


def regular_polygon(cx: float, cy: float, r: float, n: int, rotation: float = -90.0) -> list[tuple[float, float]]:
    """Corners of a regular ``n``-gon of circumradius ``r``; the first corner
    points at ``rotation`` degrees (default: straight up, y down)."""
    step = 2.0 * math.pi / n
    start = math.radians(rotation)
    return [(cx + r * math.cos(start + i * step), cy + r * math.sin(start + i * step)) for i in range(n)]


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    outer = regular_polygon(cx, cy, r, 5)
    inner = regular_polygon(cx, cy, r * 0.45, 5, rotation=-90.0 + 36.0)
    return [p for pair in zip(outer, inner) for p in pair]


def shape(name: str, cx: float, cy: float, r: float, attributes: Mapping[str, Any] | None = None,
          **kw: Any) -> str:
    """A player's shape cue (see ``palette.PLAYERS``) centred on ``(cx, cy)``.

    ``r`` is the radius of a circle of about the same visual weight; the
    other shapes are scaled so they read as the same size.

    >>> shape("square", 0, 0, 1)
    '<rect x="-0.89" y="-0.89" width="1.77" height="1.77"/>'
    """
    if name == "circle":
        return el("circle", None, {"cx": cx, "cy": cy, "r": r, **(attributes or {})}, **kw)
    if name == "square":
        s = r * 0.886 * 2  # same area as the circle
        return el("rect", None, {"x": cx - s / 2, "y": cy - s / 2, "width": s, "height": s,
                                 **(attributes or {})}, **kw)
    if name == "triangle":
        pts = regular_polygon(cx, cy + r * 0.15, r * 1.35, 3)
    elif name == "diamond":
        pts = regular_polygon(cx, cy, r * 1.25, 4)
    elif name == "hexagon":
        pts = regular_polygon(cx, cy, r * 1.1, 6)
    elif name == "star":
        pts = _star(cx, cy, r * 1.45)
    else:
        raise ValueError(f"unknown shape {name!r} (circle, square, triangle, diamond, hexagon, star)")
    return el("polygon", None, {"points": polygon_points(pts), **(attributes or {})}, **kw)


def svg_document(content: str | Iterable[str], view_box: tuple[float, float, float, float],
                 attributes: Mapping[str, Any] | None = None, **kw: Any) -> str:
    """An ``<svg>`` root that scales to its container: a ``viewBox``,
    ``width="100%"`` and no fixed pixel height."""
    base = {
        "xmlns": SVG_NS,
        "viewBox": " ".join(fmt(v) for v in view_box),
        "width": "100%",
        "preserveAspectRatio": "xMidYMid meet",
    }
    return el("svg", content, {**base, **(attributes or {})}, **kw)
