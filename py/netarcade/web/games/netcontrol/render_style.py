"""How Net Control's island looks: terrain styles, colours, icons, highlight kinds, the stylesheet.

What it is for: the look every drawn piece shares: each terrain's fill, ink
and two-letter code (``TERRAIN``), the sea, token and virus colours, the
icons as ``<symbol>`` definitions (``defs``) placed with ``use``, or inline
(``resource_icon``, for panels outside the board), the highlight colour and
dash of each kind of target (``HL``), and the board's CSS (``stylesheet``).

What it is not: where anything goes (``render_geometry.py``) or what is drawn
for a given view (``render_pieces.py``, ``render.py``).
"""

from __future__ import annotations

from typing import Any

from netarcade.web.render.palette import HIGHLIGHT, THEME
from netarcade.web.render import svg
from netarcade.web.render.svg import el
from netarcade.games.netcontrol.board import DEAD


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

SEA = "#0a131c"
SHORE = "#1d3a50"
TOKEN = "#e9e2cf"
TOKEN_INK = "#1b1f24"
HOT_INK = "#c62828"
VIRUS_INK = THEME["danger"]

_S = svg.ICON_LINE

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
HL: dict[str, tuple[str, str]] = {
    **HIGHLIGHT,
    "virus": (THEME["danger"], "5 3"),
    "clear": (HIGHLIGHT["build"][0], "none"),
    "pick": (HIGHLIGHT["move-from"][0], "none"),
}


def resource_icon(name: str, cls: str = "ico") -> str:
    """A resource's (or ``dead``, ``virus``, ``shield``'s) icon as a small inline SVG."""
    return svg.inline_icon(_ICONS[name], cls)


def use(name: str, cx: float, cy: float, size: float, **kw: Any) -> str:
    """Icon ``name`` (drawn once by :func:`defs`) centred on ``(cx, cy)`` in a ``size`` x ``size`` box."""
    return svg.use(f"nc-{name}", cx, cy, size, **kw)


def defs() -> str:
    symbols = [svg.symbol(f"nc-{name}", body) for name, body in _ICONS.items()]
    hatch = el("pattern", [el("rect", width=7, height=7, fill=TERRAIN[DEAD].fill),
                           el("path", d="M0,0V7", stroke="#252a31", stroke_width=2.4)],
               id="nc-hatch", width=7, height=7, patternUnits="userSpaceOnUse", patternTransform="rotate(45)")
    glow = el("filter", el("feGaussianBlur", stdDeviation=3), id="nc-glow", x="-50%", y="-50%", width="200%",
              height="200%")
    return el("defs", [*symbols, hatch, glow])


def stylesheet() -> str:
    t = THEME
    return (
        "<style>"
        f".nc-board{{font-family:{t['font']};}}"
        ".nc-board .tcode{font-size:12px;font-weight:700;letter-spacing:.04em;}"
        ".nc-board .xlabel{font-size:11px;font-weight:700;}"
        ".nc-board .tag-text{font-size:12px;font-weight:700;}"
        f".nc-board .fort-n{{font-size:9px;font-weight:700;}}"
        ".nc-board .cell{stroke:#0b0f14;stroke-width:2.2;stroke-linejoin:round;}"
        ".nc-board .vertex,.nc-board .edge{pointer-events:none;}"
        ".nc-board .vertex.node,.nc-board .vertex.super,.nc-board .edge.link{pointer-events:visiblePainted;}"
        ".nc-board .hit{pointer-events:none;}"
        ".nc-board [data-action]{cursor:pointer;outline:none;pointer-events:all;}"
        ".nc-board [data-action] .hit{pointer-events:all;}"
        # fingers get a target of at least 44 px (render_pieces.TOUCH_PX); a mouse the exact one
        ".nc-board .touch{display:none;}@media (hover:none){.nc-board .touch{display:inline;}"
        ".nc-board .exchange{pointer-events:none;}}"  # no hover titles there: a label never blocks a tap
        ".nc-board .hl{fill-opacity:.18;stroke-width:2.4;}"
        ".nc-board .edge .hl{stroke-opacity:.85;}"
        ".nc-board .tile .hl{fill-opacity:.1;stroke-width:3;}"
        ".nc-board .vertex.hl-build .hl{fill-opacity:.3;}"
        ".nc-board [data-action]:hover .hl,.nc-board [data-action]:focus-visible .hl{fill-opacity:.45;stroke-width:4;}"
        ".nc-board .edge[data-action]:hover .hl,.nc-board .edge[data-action]:focus-visible .hl{stroke-width:9;stroke-opacity:1;}"
        ".nc-board .tile[data-action]:hover .hl,.nc-board .tile[data-action]:focus-visible .hl{fill-opacity:.3;stroke-width:5;}"
        f".nc-board [data-action]:focus-visible .hit:not(.touch){{stroke:{t['focus']};stroke-width:2;fill:none;}}"
        f".nc-board .tile[data-action]:focus-visible .cell{{stroke:{t['focus']};stroke-width:3;}}"
        f".nc-board .last-ring{{fill:none;stroke:{t['text']};stroke-width:1.5;stroke-dasharray:4 3;opacity:.8;}}"
        # while tiles are the targets, the pieces on top let clicks through (and so on)
        ".nc-board[data-pick=tile] .vertex,.nc-board[data-pick=tile] .edge{pointer-events:none;}"
        ".nc-board[data-pick=vertex] .edge{pointer-events:none;}"
        "</style>"
    )
