"""Small SVG symbols for network pieces and board markers.

What it is for: each kind of thing on a Backbone board has its own
*silhouette* (not only its own colour), so pieces stay distinguishable in
greyscale and for colour-blind players:

========== =========================================================
router     a circle with four arrows pointing out (routes every way)
switch     a wide box with two opposite arrows
ap         a dot with three wireless arcs (a fan shape)
server     a tall rack with three units and status lights
datacenter a stacked storage cylinder (wide, rounded)
firewall   a brick shield (a badge drawn on top of a piece)
disabled   a round badge with a bold X (a piece knocked out by a Hack)
city       a skyline of three buildings with windows
plus       a plus sign (build here)
target     a crosshair (hack this)
reroute    a curved arrow (move a piece here)
========== =========================================================

Symbols are drawn once in ``<defs>`` (see :func:`defs`) and placed with
``<use>`` (see :func:`use`). Strokes and fills use ``currentColor``, so the
colour comes from the ``color`` of the ``<use>`` (or a CSS class on it).
Every symbol has the view box ``-12 -12 24 24``, centred on the origin.

What it is not: a sprite sheet for the page chrome; page icons live in
``static/``.

>>> use("router", 10, 10, 20).startswith('<use href="#na-router"')
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from netarcade.web.render.palette import THEME
from netarcade.web.render import svg
from netarcade.web.render.svg import el

__all__ = ["ICONS", "PREFIX", "defs", "icon", "symbol", "use"]

PREFIX = "na-"

_BG = THEME["bg"]
_S = svg.ICON_LINE

#: name -> inner SVG of the symbol (view box -12 -12 24 24)
ICONS: dict[str, str] = {
    "router": (
        f'<circle r="10" {_S} stroke-width="2.2"/>'
        f'<path {_S} stroke-width="2.2" d="'
        "M0,-2.2V-7M-2.6,-4.6L0,-7.2L2.6,-4.6"
        "M0,2.2V7M-2.6,4.6L0,7.2L2.6,4.6"
        "M-2.2,0H-7M-4.6,-2.6L-7.2,0L-4.6,2.6"
        'M2.2,0H7M4.6,-2.6L7.2,0L4.6,2.6"/>'
    ),
    "switch": (
        f'<rect x="-11" y="-7.5" width="22" height="15" rx="2.5" {_S} stroke-width="2.2"/>'
        f'<path {_S} stroke-width="2.2" d="'
        "M-6,-2.6H6M3.4,-5.2L6,-2.6L3.4,0"
        'M6,2.8H-6M-3.4,0.2L-6,2.8L-3.4,5.4"/>'
    ),
    "ap": (
        '<circle cx="0" cy="7.5" r="2.6" fill="currentColor"/>'
        f'<path {_S} stroke-width="2.4" d="'
        "M-3.5,3.4A5,5 0 0 1 3.5,3.4"
        "M-6.9,-0.1A10,10 0 0 1 6.9,-0.1"
        'M-10.3,-3.6A14.5,14.5 0 0 1 10.3,-3.6"/>'
    ),
    "server": (
        f'<rect x="-7" y="-11" width="14" height="22" rx="1.6" {_S} stroke-width="2.2"/>'
        f'<path {_S} stroke-width="1.8" d="M-7,-3.7H7M-7,3.7H7M-4,-7.3H1M-4,0H1M-4,7.3H1"/>'
        '<circle cx="4" cy="-7.3" r="1.3" fill="currentColor"/>'
        '<circle cx="4" cy="0" r="1.3" fill="currentColor"/>'
        '<circle cx="4" cy="7.3" r="1.3" fill="currentColor"/>'
    ),
    "datacenter": (
        f'<ellipse cx="0" cy="-7.5" rx="10" ry="3.5" {_S} stroke-width="2.2"/>'
        f'<path {_S} stroke-width="2.2" d="'
        "M-10,-7.5V7.5A10,3.5 0 0 0 10,7.5V-7.5"
        'M-10,-2.5A10,3.5 0 0 0 10,-2.5M-10,2.5A10,3.5 0 0 0 10,2.5"/>'
    ),
    "firewall": (
        '<path fill="currentColor" stroke="%s" stroke-width="1.6" stroke-linejoin="round" '
        'd="M0,-11L9,-7.6V-0.5C9,5 4.8,9 0,11C-4.8,9 -9,5 -9,-0.5V-7.6Z"/>' % _BG
        + f'<path fill="none" stroke="{_BG}" stroke-width="1.7" '
        'd="M-8,-3.2H8M-7.2,2.8H7.2M0,-3.2V2.8M-4,-8.6V-3.2M4,-8.6V-3.2M-3.6,2.8V8.2M3.6,2.8V8.2"/>'
    ),
    "disabled": (
        f'<circle r="10.5" fill="currentColor" stroke="{_BG}" stroke-width="1.8"/>'
        f'<path fill="none" stroke="{_BG}" stroke-width="3.2" stroke-linecap="round" '
        'd="M-4.6,-4.6L4.6,4.6M4.6,-4.6L-4.6,4.6"/>'
    ),
    "city": (
        '<path fill="currentColor" d="'
        "M-11,11V-1H-5V11Z"
        "M-4,11V-10H4V11Z"
        'M5,11V-5H11V11Z"/>'
        f'<path fill="none" stroke="{_BG}" stroke-width="1.5" d="'
        "M-9.3,2.5H-6.7M-9.3,6.5H-6.7"
        "M-2.2,-6.5H-0.6M0.6,-6.5H2.2M-2.2,-2.5H-0.6M0.6,-2.5H2.2M-2.2,1.5H-0.6M0.6,1.5H2.2M-2.2,5.5H-0.6M0.6,5.5H2.2"
        'M6.7,-1.5H9.3M6.7,2.5H9.3M6.7,6.5H9.3"/>'
    ),
    "plus": f'<path {_S} stroke-width="3" d="M0,-7V7M-7,0H7"/>',
    "target": (
        f'<circle r="7" {_S} stroke-width="2.2"/>'
        f'<path {_S} stroke-width="2.2" d="M0,-11V-3.5M0,3.5V11M-11,0H-3.5M3.5,0H11"/>'
        '<circle r="1.6" fill="currentColor"/>'
    ),
    "reroute": (
        f'<path {_S} stroke-width="2.6" d="M-8,6A8,8 0 0 1 6.2,-5.2"/>'
        '<path fill="currentColor" d="M9.5,-9.2L8.6,-0.8L1.6,-5.8Z"/>'
    ),
}


def symbol(name: str) -> str:
    """The ``<symbol>`` element of one icon."""
    try:
        body = ICONS[name]
    except KeyError:
        raise ValueError(f"unknown icon {name!r} (known: {', '.join(sorted(ICONS))})") from None
    return svg.symbol(PREFIX + name, body)


def defs(names: Iterable[str] | None = None, extra: str = "") -> str:
    """A ``<defs>`` block with the given icons (all of them by default), in
    a fixed order (that of :data:`ICONS`), plus ``extra`` definitions."""
    wanted = set(ICONS) if names is None else set(names)
    return el("defs", [*(symbol(n) for n in ICONS if n in wanted), extra])


def use(name: str, cx: float, cy: float, size: float, **kw: Any) -> str:
    """Place icon ``name`` centred on ``(cx, cy)`` in a ``size`` x ``size`` box."""
    if name not in ICONS:
        raise ValueError(f"unknown icon {name!r}")
    return svg.use(PREFIX + name, cx, cy, size, **kw)


def icon(name: str, cls: str = "ico") -> str:
    """One of the board's icons as a small inline SVG (colour: currentColor),
    for the panels and the home-screen card."""
    return svg.inline_icon(ICONS[name], cls)
