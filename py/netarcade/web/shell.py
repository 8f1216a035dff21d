"""Fill the app shell (``index.html``) with the first screen, at build time.

What it is for: the page must show a board at once, long before Pyodide has
started (seconds). ``scripts/build_site.py`` calls :func:`fill_shell` on the
repository's ``index.html``; it replaces ``<!--na:NAME-->`` (and
``/*na:theme*/``) markers with the first game's pre-rendered starting board,
tools and side column (players, build costs, activity, rules) of a fresh
game against the search bot, every game's ``<template>`` boards for links
(shown at once for a link to that game: ``GamePage.prepaint_js`` picks one),
the home screen with its forms, and the theme's CSS custom properties
(``css_variables`` plus each game's ``theme_css``). Python later re-renders
the same parts from the live game, so nothing jumps when it takes over.
:func:`fill_boot` writes the games' titles and board pickers (``NA_PAGES``)
into ``static/boot.js``, the first screen's script (index.html carries no
inline script: the site's Content-Security-Policy runs none).
:func:`stylesheet` is ``static/app.css`` followed by every game's own CSS
file, which the build serves as ``static/app.css``.

What it is not: a template engine, and it names no game: the games come
from ``web/games`` (``pages.all_pages``).
"""

from __future__ import annotations

import json

from ..render.palette import THEME, css_variables
from . import views
from .pages import all_pages, default_page, is_playable
from .session import DEFAULT_SEATS, Session, new_setup

__all__ = ["MARKERS", "BOOT_MARKER", "first_screen", "fill_shell", "fill_boot", "stylesheet"]

#: marker -> how many times index.html must carry it
MARKERS = {"theme": 1, "game": 2, "title": 3, "board": 1, "templates": 1,
           "status": 1, "prompt": 1, "tools": 1, "side": 1, "home": 1}
#: markers written as CSS comments (inside <style>)
_COMMENT_MARKERS = ("theme",)
#: where static/boot.js (the first screen's script: index.html runs no inline one) gets NA_PAGES
BOOT_MARKER = "/*na:pages*/"


def _prepaint_pages() -> str:
    """A JavaScript object: game id -> {title, board(hash, portrait)} for every playable game."""
    entries = [f"{json.dumps(page.id)}: {{title: {json.dumps(page.title)}, board: {page.prepaint_js}}}"
               for page in all_pages() if is_playable(page.id)]
    return "{\n    " + ",\n    ".join(entries) + "\n  }"


def first_screen() -> dict[str, str]:
    """Marker name -> HTML of the screen a fresh visit shows."""
    page = default_page()
    table = page.table(Session(new_setup(page.id, {}, 0, DEFAULT_SEATS)))
    names = table.session.names
    playable = [p for p in all_pages() if is_playable(p.id)]
    return {
        "theme": f":root{{{css_variables()}{''.join(p.theme_css() for p in playable)}--na-font:{THEME['font']};}}",
        "game": page.id,
        "title": page.title,
        "board": page.first_board(table),
        "templates": "".join(p.templates(names) for p in playable),
        "status": "Starting Python\u2026",
        "prompt": "",
        "tools": page.panels(table)["tools"],
        "side": page.side(table),
        "home": views.home(),
    }


def fill_shell(template: str) -> str:
    """``template`` with every marker replaced."""
    parts = first_screen()
    out = template
    for name, expected in MARKERS.items():
        marker = f"/*na:{name}*/" if name in _COMMENT_MARKERS else f"<!--na:{name}-->"
        count = out.count(marker)
        if count != expected:
            raise ValueError(f"index.html must contain {marker} {expected} time(s) (found {count})")
        out = out.replace(marker, parts[name])
    return out


def fill_boot(script: str) -> str:
    """``static/boot.js`` with ``NA_PAGES`` filled in: every playable game's
    title and the JavaScript that picks its pre-rendered board for a link."""
    count = script.count(BOOT_MARKER)
    if count != 1:
        raise ValueError(f"static/boot.js must contain {BOOT_MARKER} once (found {count})")
    return script.replace(BOOT_MARKER, _prepaint_pages())


def stylesheet(shared: str) -> str:
    """The site's stylesheet: the shared CSS, then each game's own file in menu order."""
    out = [shared.rstrip() + "\n"]
    for page in all_pages():
        css = page.stylesheet()
        if css:
            out.append(f"\n/* ===== web/games/{page.id}/{page.css} ===== */\n{css.rstrip()}\n")
    return "".join(out)
