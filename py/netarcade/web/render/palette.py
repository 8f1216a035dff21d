"""The colours and shape cues shared by every game's SVG.

What it is for: one dark "terminal" theme (background, grid lines, text) and
a player palette that stays readable for colour-blind players. The player
colours are taken from Okabe & Ito's palette ("Color Universal Design",
https://jfly.uni-koeln.de/color/), chosen so that any two of them differ in
lightness as well as hue, and each player is also paired with a *shape*
(circle, square, triangle, ...) that the renderers draw next to or around
that player's things, so no information depends on colour alone.

What it is not: a stylesheet. Renderers turn these values into CSS custom
properties and inline defaults; the page may override them.

>>> player_color(0), player_shape(0)
('#E69F00', 'circle')
>>> player_color(1), player_shape(1)
('#56B4E9', 'square')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "HIGHLIGHT",
    "PLAYERS",
    "PlayerStyle",
    "THEME",
    "css_variables",
    "player_color",
    "player_shape",
]


@dataclass(frozen=True, slots=True)
class PlayerStyle:
    """How one seat looks: a colour, a darker fill for plates, a shape cue."""

    name: str  # Okabe-Ito colour name, for docs and tooltips
    color: str  # strokes, icons, lines
    fill: str  # dark plate behind an icon, same hue
    shape: str  # circle | square | triangle | diamond | hexagon | star


#: Six seats, in seat order. The first two (orange vs sky blue) are the pair
#: most distinct under every common colour-vision deficiency, which is why the
#: two-player games use them.
PLAYERS: tuple[PlayerStyle, ...] = (
    PlayerStyle("orange", "#E69F00", "#3a2a05", "circle"),
    PlayerStyle("sky blue", "#56B4E9", "#0f2c40", "square"),
    PlayerStyle("bluish green", "#009E73", "#06322a", "triangle"),
    PlayerStyle("yellow", "#F0E442", "#3a3708", "diamond"),
    PlayerStyle("vermillion", "#D55E00", "#3d1a08", "hexagon"),
    PlayerStyle("reddish purple", "#CC79A7", "#351a2a", "star"),
)

#: The dark terminal theme. Keys become CSS custom properties ``--na-<key>``.
THEME: dict[str, str] = {
    "bg": "#0b0f14",  # page / board background
    "panel": "#10161d",  # chart plot area
    "cell": "#131b24",  # an empty hex
    "cell-alt": "#16202b",  # hexes of alternate rows, for a faint texture
    "city": "#1d2733",  # a City hex
    "grid": "#2a3a4a",  # hex outlines, axes
    "grid-soft": "#1c2935",  # chart gridlines
    "text": "#d7e0ea",  # labels
    "text-dim": "#7d8a99",  # secondary labels, coordinates
    "accent": "#39d98a",  # terminal green: titles, focus
    "neutral": "#c9d3de",  # neutral things (Cities)
    "disabled": "#6b7280",  # a Disabled piece's grey
    "danger": "#ff5c7a",  # hack markers
    "focus": "#f5f7fa",  # the keyboard cursor
    "font": "ui-monospace, 'JetBrains Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
}

#: Highlight kinds for interactive hexes: colour and a non-colour cue
#: (dash pattern of the outline; renderers also add a glyph).
HIGHLIGHT: dict[str, tuple[str, str]] = {
    "build": ("#39d98a", "none"),
    "hack": ("#ff5c7a", "6 3"),
    "reroute": ("#b48cff", "2 3"),
    "move-from": ("#ffd166", "8 3 2 3"),
    "selected": ("#ffffff", "none"),
}


def player_color(seat: int) -> str:
    """The colour of ``seat`` (0-based); seats beyond six wrap around."""
    return PLAYERS[seat % len(PLAYERS)].color


def player_shape(seat: int) -> str:
    """The shape cue of ``seat`` (0-based)."""
    return PLAYERS[seat % len(PLAYERS)].shape


def css_variables(prefix: str = "na") -> str:
    """Theme and player colours as CSS custom-property declarations.

    >>> css_variables().startswith("--na-bg:#0b0f14;")
    True
    """
    parts = [f"--{prefix}-{key}:{value};" for key, value in THEME.items() if key != "font"]
    for seat, style in enumerate(PLAYERS):
        parts.append(f"--{prefix}-p{seat + 1}:{style.color};")
        parts.append(f"--{prefix}-p{seat + 1}-fill:{style.fill};")
    return "".join(parts)
