"""Fill the app shell (``index.html``) with the first screen, at build time.

What it is for: the page must show a board at once, long before Pyodide has
started (seconds). ``sitebuild/build.py`` calls :func:`fill_shell` on the
repository's ``index.html``; it replaces ``<!--na:NAME-->`` (and
``/*na:theme*/``) markers with the first game's pre-rendered starting board,
tools and side column (players, build costs, activity, rules) of a fresh
game against the search bot, every game's ``<template>`` boards for links
(shown at once for a link to that game: ``GamePage.prepaint_js`` picks one),
the home screen with its forms, and the theme's CSS custom properties
(``css_variables`` plus each game's ``theme_css``). Python later re-renders
the same parts from the live game, so nothing jumps when it takes over.
:func:`fill_boot` writes the games' titles and board pickers (``NA_PAGES``)
into ``static/main/boot.js``, the first screen's script (index.html carries no
inline script: the site's Content-Security-Policy runs none).
:func:`stylesheet` is the shared look (``static/app.css`` and the sheets of
its own topics, :data:`SHARED_SHEETS`) followed by every game's own CSS
file, which the build serves as ``static/app.css`` (one request).

What it is not: a template engine, and it names no game: the games come
from ``web/games`` (``pages.all_pages``).
"""

from __future__ import annotations

import json

from .render.palette import THEME, css_variables
from . import views
from .pages import all_pages, default_page, is_playable
from .session import DEFAULT_SEATS, Session, new_setup

__all__ = ["MARKERS", "BOOT_MARKER", "first_screen", "fill_shell", "fill_boot", "stylesheet"]

#: marker -> how many times index.html must carry it
MARKERS = {"theme": 1, "game": 2, "title": 3, "board": 1, "templates": 1,
           "status": 1, "prompt": 1, "tools": 1, "side": 1, "home": 1}
#: markers written as CSS comments (inside <style>)
_COMMENT_MARKERS = ("theme",)
#: where static/main/boot.js (the first screen's script: index.html runs no inline one) gets NA_PAGES
BOOT_MARKER = "/*na:pages*/"


#: the JavaScript function ``linkOptions(hash)`` every game's board picker may
#: call: the options a link names, as an object: those of its record (``r=``:
#: base64url msgpack ``{v, g, o, s, a}``, read by a small msgpack reader, as
#: ``core.record.decode_record`` reads it) and, over them, the hand-written
#: ``name=value`` pairs of the address. A malformed record gives none of its
#: options (Python says what is wrong once it is up).
LINK_OPTIONS_JS = r"""function linkOptions(hash) {
    var found = {}, given = {}, pairs = String(hash).replace(/^#/, "").split("&");
    for (var i = 0; i < pairs.length; i++) {
      var eq = pairs[i].indexOf("=");
      if (eq > 0) {
        try { given[decodeURIComponent(pairs[i].slice(0, eq))] = decodeURIComponent(pairs[i].slice(eq + 1)); }
        catch (e) { /* a malformed pair names nothing */ }
      }
    }
    if (given.r) {
      try {
        var text = atob(given.r.replace(/-/g, "+").replace(/_/g, "/")), bytes = new Uint8Array(text.length);
        for (var k = 0; k < text.length; k++) bytes[k] = text.charCodeAt(k);
        var record = unpack(bytes);
        if (record && typeof record.o === "object" && !Array.isArray(record.o)) found = record.o;
      } catch (e) { /* not a record: no options from it */ }
    }
    for (var name in given) if (name !== "r") found[name] = given[name];
    return found;

    function unpack(bytes) {
      var at = 0;
      function take(n) {
        if (at + n > bytes.length) throw new Error("short");
        at += n;
        return at - n;
      }
      function uint(n) { var v = 0, from = take(n); for (var k = 0; k < n; k++) v = v * 256 + bytes[from + k]; return v; }
      function str(n) { var from = take(n); return new TextDecoder().decode(bytes.subarray(from, from + n)); }
      function many(n, isMap) {
        var out = isMap ? {} : [];
        for (var k = 0; k < n; k++) {
          if (isMap) { var key = value(); out[key] = value(); } else out.push(value());
        }
        return out;
      }
      function float(n) { var from = take(n); var view = new DataView(bytes.buffer, bytes.byteOffset + from, n);
                          return n === 4 ? view.getFloat32(0) : view.getFloat64(0); }
      function value() {
        var b = bytes[take(1)];
        if (b < 0x80) return b;
        if (b >= 0xe0) return b - 256;
        if (b >= 0xa0 && b < 0xc0) return str(b & 31);
        if (b >= 0x90 && b < 0xa0) return many(b & 15, false);
        if (b >= 0x80 && b < 0x90) return many(b & 15, true);
        switch (b) {
          case 0xc0: return null;
          case 0xc2: return false;
          case 0xc3: return true;
          case 0xc4: case 0xc5: case 0xc6: take(uint(b === 0xc4 ? 1 : b === 0xc5 ? 2 : 4)); return null;
          case 0xca: return float(4);
          case 0xcb: return float(8);
          case 0xcc: return uint(1);
          case 0xcd: return uint(2);
          case 0xce: return uint(4);
          case 0xcf: return uint(8);
          case 0xd0: return (uint(1) << 24) >> 24;
          case 0xd1: return (uint(2) << 16) >> 16;
          case 0xd2: return uint(4) | 0;
          case 0xd3: var high = uint(4) | 0; return high * 4294967296 + uint(4);
          case 0xd9: return str(uint(1));
          case 0xda: return str(uint(2));
          case 0xdb: return str(uint(4));
          case 0xdc: return many(uint(2), false);
          case 0xdd: return many(uint(4), false);
          case 0xde: return many(uint(2), true);
          case 0xdf: return many(uint(4), true);
        }
        throw new Error("not msgpack");
      }
      return value();
    }
  }"""


def _prepaint_pages() -> str:
    """A JavaScript expression: game id -> {title, board(hash, portrait)} for
    every playable game; each ``board`` may call ``linkOptions(hash)``."""
    entries = [f"{json.dumps(page.id)}: {{title: {json.dumps(page.title)}, board: {page.prepaint_js}}}"
               for page in all_pages() if is_playable(page.id)]
    return ("(function () {\n  " + LINK_OPTIONS_JS + "\n  return {\n    " + ",\n    ".join(entries)
            + "\n  };\n})()")


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
    """``static/main/boot.js`` with ``NA_PAGES`` filled in: every playable game's
    title and the JavaScript that picks its pre-rendered board for a link."""
    count = script.count(BOOT_MARKER)
    if count != 1:
        raise ValueError(f"static/boot.js must contain {BOOT_MARKER} once (found {count})")
    return script.replace(BOOT_MARKER, _prepaint_pages())


#: the shared look in ``static/``, by topic, in the order the build joins them (before the games'
#: own): the base look, the embed, online play, the replay viewer and Analyse
SHARED_SHEETS = ("app.css", "embed.css", "online.css", "replay.css")


def shared_stylesheet(read) -> str:
    """The shared sheets (:data:`SHARED_SHEETS`, each read by ``read(name)``) as one text, each
    after the first under a line naming its file."""
    first, *rest = SHARED_SHEETS
    return read(first).rstrip() + "\n" + "".join(
        f"\n/* ===== static/{name} ===== */\n{read(name).rstrip()}\n" for name in rest)


def stylesheet(shared: str) -> str:
    """The site's stylesheet: the shared CSS, then each game's own file in menu order."""
    out = [shared.rstrip() + "\n"]
    for page in all_pages():
        css = page.stylesheet()
        if css:
            out.append(f"\n/* ===== web/games/{page.id}/{page.css} ===== */\n{css.rstrip()}\n")
    return "".join(out)
