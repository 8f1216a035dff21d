"""Fill the app shell (``index.html``) with the first screen, at build time.

What it is for: the page must show a board at once, long before Pyodide has
started (seconds). ``scripts/build_site.py`` calls :func:`fill_shell` on the
repository's ``index.html``; it replaces ``<!--na:NAME-->`` markers with the
pre-rendered starting board (``render_static_board``, wide, and tall for
portrait phones in a ``<template>``; Net Control's bare island for each
radius, for its links), the tools and the side column (players,
build costs, activity, rules) of a fresh game against the search bot, the home screen with its forms, and the
theme's CSS custom properties (``css_variables``). Python later re-renders
the same parts from the live game, so nothing jumps when it takes over.

What it is not: a template engine. Each marker must appear exactly once.
"""

from __future__ import annotations

from ..games.backbone.render import render_static_board
from ..games.netcontrol.render import TERRAIN, render_island_outline
from ..render.palette import THEME, css_variables
from . import views
from .backbone import BackboneTable
from .session import DEFAULT_SEATS, Session, new_setup

__all__ = ["MARKERS", "first_screen", "fill_shell"]

MARKERS = ("theme", "board", "board-tall", "islands", "status", "prompt", "tools", "side", "home")


def terrain_variables() -> str:
    """Net Control's resource inks as ``--nc-co`` .. ``--nc-me`` (the page's resource chips)."""
    return "".join(f"--nc-{style.code}:{style.ink};" for name, style in TERRAIN.items() if style.code != "--")


def first_screen() -> dict[str, str]:
    """Marker name -> HTML of the screen a fresh visit shows."""
    table = BackboneTable(Session(new_setup("backbone", {}, 0, DEFAULT_SEATS)))
    return {
        "theme": f":root{{{css_variables()}{terrain_variables()}--na-font:{THEME['font']};}}",
        "board": render_static_board("classic", {"names": table.session.names}),
        "board-tall": render_static_board("classic", {"names": table.session.names, "orient": "tall"}),
        # a Net Control link shows the bare island of its radius until Python is up
        "islands": "".join(f'<template id="island-{radius}">{render_island_outline(radius)}</template>'
                           for radius in range(1, 5)),
        "status": "Starting Python\u2026",
        "prompt": "",
        "tools": views.tool_bar(table),
        "side": views.backbone_side(table),
        "home": views.home(),
    }


def fill_shell(template: str) -> str:
    """``template`` with every ``<!--na:NAME-->`` marker replaced."""
    parts = first_screen()
    out = template
    for name in MARKERS:
        marker = f"<!--na:{name}-->" if name != "theme" else "/*na:theme*/"
        count = out.count(marker)
        if count != 1:
            raise ValueError(f"index.html must contain {marker} exactly once (found {count})")
        out = out.replace(marker, parts[name])
    return out
