"""Our pages as the site serves them, filled by our own package (``make site``).

What it is for: sitebuild/build.py pre-renders ``index.html``'s first
screen (:func:`prerendered_shell`), appends every game's CSS to
``static/app.css`` (:func:`site_stylesheet`: the shared sheets and the games' own, one file) and fills ``static/main/boot.js``
with every playable game's board picker (:func:`boot_script`), all through
``netarcade.web.shell`` from this checkout; names the wheels the engine's
interpreter module writes in (:func:`engine_start`); points each page's runtime URLs
at the versioned vendor folders (:func:`versioned_runtime`); and writes the
site's Content-Security-Policy into every HTML page (:func:`with_policy`).

What it is not: the shell's drawing (netarcade.web.shell) or the policy
itself (netarcade.site.rules).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
import sys
from pathlib import Path

from .layout import CHARSET, MICROPYTHON_VERSION, PYODIDE_VERSION, PYSCRIPT_VERSION, ROOT, BuildError


def versioned_runtime(page: str, text: str, prefix: str, loads: tuple[str, ...]) -> str:
    """``page`` with its runtime URLs pointing at the versioned folders
    (the sources name ``vendor/pyodide/`` and ``vendor/pyscript/``)."""
    wanted = [prefix + name for name in loads]
    missing = [url for url in wanted if url not in text]
    if missing:
        raise BuildError(f"{page} does not load {', '.join(missing)}; the runtime URLs changed?")
    return (text.replace(f"{prefix}pyodide/", f"{prefix}pyodide-{PYODIDE_VERSION}/")
                .replace(f"{prefix}pyscript/", f"{prefix}pyscript-{PYSCRIPT_VERSION}/")
                .replace(f"{prefix}micropython/", f"{prefix}micropython-{MICROPYTHON_VERSION}/"))


def with_policy(page: str, text: str) -> str:
    """The page with the site's Content-Security-Policy as a ``<meta>`` right
    after its charset, so a static host that sends no header applies it too
    (``netarcade.site.rules.content_security_policy``, the servers' header
    without ``frame-ancestors``, which a ``<meta>`` cannot carry)."""
    if text.count(CHARSET) != 1:
        raise BuildError(f"{page} must carry {CHARSET} once (its policy goes right after it)")
    policy = _netarcade("site.rules").content_security_policy(page, meta=True)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    return text.replace(CHARSET, f"{CHARSET}\n  {meta}")


def boot_script(source: Path) -> bytes:
    """``static/main/boot.js`` with every playable game's title and board picker
    (``netarcade.web.shell.fill_boot``)."""
    try:
        return _shell().fill_boot(source.read_text(encoding="utf-8")).encode("utf-8")
    except ValueError as err:
        raise BuildError(str(err)) from None



def engine_start(source: Path | bytes, wheels: list[Path]) -> bytes:
    """``static/worker/pyodide-start.mjs`` with the wheels whose Python files it writes into
    site-packages on a cold start (``WHEELS``: each its URL in the runtime's folder, which
    :func:`versioned_runtime` then names by version, and its sha256 as a fetch's integrity)."""
    text = (source if isinstance(source, bytes) else source.read_bytes()).decode("utf-8")
    marker = "/*na:wheels*/"
    if text.count(marker) != 1:
        raise BuildError(f"static/pyodide-start.mjs must carry {marker} once")
    pairs = [[f"./vendor/pyodide/{wheel.name}",
              "sha256-" + base64.b64encode(hashlib.sha256(wheel.read_bytes()).digest()).decode("ascii")]
             for wheel in wheels]
    return text.replace(marker, ", ".join(json.dumps(pair) for pair in pairs)).encode("utf-8")


def _netarcade(module: str):
    """``netarcade.<module>`` from this checkout."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        return importlib.import_module(f"netarcade.{module}")
    except ImportError as err:
        raise BuildError(f"cannot import netarcade to pre-render index.html ({err}): run with the venv's Python") from None
    finally:
        sys.path.remove(str(ROOT / "py"))


def _shell():
    """``netarcade.web.shell`` from this checkout."""
    return _netarcade("web.shell")


def site_stylesheet(static: Path) -> bytes:
    """The shared sheets of ``static/`` (``static/app.css``, then its topics': shell.SHARED_SHEETS)
    followed by every game's own CSS file: the site's ``static/app.css`` (one request, as before)."""
    shell = _shell()
    shared = shell.shared_stylesheet(lambda name: (static / name).read_text(encoding="utf-8"))
    return shell.stylesheet(shared).encode("utf-8")


def joined_sheets() -> tuple[str, ...]:
    """The sheets of ``static/`` the site's ``static/app.css`` holds besides itself (not served alone)."""
    return tuple(f"static/{name}" for name in _shell().SHARED_SHEETS if name != "app.css")


def prerendered_shell(index: Path) -> bytes:
    """The app shell with its first screen filled in (netarcade.web.shell):
    the starting board as SVG, the panels, the home screen and the theme, so
    the page paints a board at once while Pyodide starts."""
    fill_shell = _shell().fill_shell
    try:
        return fill_shell(index.read_text(encoding="utf-8")).encode("utf-8")
    except ValueError as err:
        raise BuildError(f"pre-rendering index.html: {err}") from None
