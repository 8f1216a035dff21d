"""Offline and installable: the icons, the web app manifest and the service worker (``make site``).

What it is for: sitebuild/build.py adds the arcade's icon as SVG and PNGs
(:func:`app_icons`, drawn by sitebuild/icon.py), the web app manifest
(:func:`web_manifest`) and ``sw.js``: ``static/sw.js`` with this build's
version and the files it stores on the first visit
(:func:`service_worker`, :func:`precache_list`).

What it is not: the service worker's own code (static/sw.js).
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from . import icon
from .layout import (ICON_SIZES, ICONS_DIR, MARKER, MICROPYTHON_DIR, NAVIGATIONS, PRECACHE_OWN, PYODIDE_DIR,
                      PYSCRIPT_BYTECODE, PYSCRIPT_DIR, PYSCRIPT_UNUSED, SW_TEMPLATE, BuildError)
from .light import in_site_cache, source_bytes


def app_icons() -> dict[str, Path | bytes]:
    """The icon as SVG and PNGs (sitebuild/icon.py), PNGs cached by its source."""
    digest = hashlib.sha256(Path(icon.__file__).read_bytes()).hexdigest()[:16]
    icons: dict[str, Path | bytes] = {f"{ICONS_DIR}/icon.svg": icon.svg().encode("utf-8")}
    for size in ICON_SIZES:
        icons[f"{ICONS_DIR}/icon-{size}.png"] = in_site_cache(f"icon-{digest}-{size}.png",
                                                              lambda size=size: icon.png(size))
    return icons


def web_manifest() -> bytes:
    """The web app manifest: what a phone's "Add to home screen" installs.
    Every URL is relative to the manifest (the site may live in a sub-folder)."""
    icons = [{"src": f"{ICONS_DIR}/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    for size in ICON_SIZES:
        icons.append({"src": f"{ICONS_DIR}/icon-{size}.png", "sizes": f"{size}x{size}",
                      "type": "image/png", "purpose": "any"})
        icons.append({"src": f"{ICONS_DIR}/icon-{size}.png", "sizes": f"{size}x{size}",
                      "type": "image/png", "purpose": "maskable"})
    manifest = {
        "name": "netarcade",
        "short_name": "netarcade",
        "description": "Network-themed board games whose rules run as Python in the page: "
                       "against bots, with friends on one screen, or online.",
        "id": "./",
        "start_url": "./#home",
        "scope": "./",
        "display": "standalone",
        "background_color": "#0b0f14",
        "theme_color": "#0b0f14",
        "icons": icons,
    }
    return (json.dumps(manifest, indent=2) + "\n").encode("utf-8")


def precache_list(plan: dict[str, Path | bytes]) -> list[str]:
    """What the service worker stores on the first visit: the page (as the
    arcade and as the embed: :data:`NAVIGATIONS`), its glue and the
    engine's worker script, PyScript's chunks and MicroPython (the page
    loads them), the Pyodide runtime the worker loads (with the compiled
    stdlib, not Pyodide's own, which only the bare page loads), both wheels, the
    lockfile, our CSS and icons. Not PyScript's editor and terminal
    libraries (:data:`PYSCRIPT_UNUSED`: the page has neither), not source
    maps, not the bare test page, not other encodings."""
    keep = []
    for rel in sorted(plan):
        name = rel.rsplit("/", 1)[-1]
        if rel == MARKER or rel.endswith((".map", ".gz", ".br")) or name == "package.json":
            continue
        if rel.startswith(f"{PYSCRIPT_DIR}/") and (name.startswith(PYSCRIPT_UNUSED) or not name.endswith(".js")):
            continue
        if rel == f"{PYODIDE_DIR}/python_stdlib.zip":  # the page starts from COMPILED_STDLIB
            continue
        if rel.startswith((f"{PYODIDE_DIR}/", f"{PYSCRIPT_DIR}/", f"{MICROPYTHON_DIR}/", "static/icons/")) \
                or rel in PRECACHE_OWN:
            keep.append(rel)
    return list(NAVIGATIONS) + keep


def service_worker(template: str, plan: dict[str, Path | bytes]) -> bytes:
    """``static/sw.js`` with this build's version and file lists filled in:
    ``FILES``, stored on the first visit (:func:`precache_list`), and
    ``LATER``, stored once the browser has made the memory snapshot and
    only off a light connection (PyScript's package compiled, which no first
    visit loads). The version is a hash of every stored file, so any change
    to the page, the wheel or the runtime makes a new cache (and browsers
    notice a new sw.js byte for byte)."""
    digest = hashlib.sha256()

    def listed(paths: list[str]) -> str:
        pairs = []
        for rel in paths:
            sha = hashlib.sha256(source_bytes(plan[NAVIGATIONS.get(rel, rel)])).digest()
            digest.update(rel.encode() + b"\0" + sha)
            pairs.append([rel, "sha256-" + base64.b64encode(sha).decode("ascii")])
        return "[\n" + ",\n".join(f"  {json.dumps(pair)}" for pair in pairs) + "\n]"

    files = listed(precache_list(plan))
    later = listed([PYSCRIPT_BYTECODE] if PYSCRIPT_BYTECODE in plan else [])
    version = digest.hexdigest()[:12]
    for marker in ("/*na:version*/", "/*na:files*/", "/*na:later*/"):
        if marker not in template:
            raise BuildError(f"{SW_TEMPLATE} lacks its {marker} marker")
    text = (template.replace("/*na:version*/", json.dumps(version))
                    .replace("/*na:files*/", files)
                    .replace("/*na:later*/", later))
    return text.encode("utf-8")
