"""Build the static site: our pages, the vendored browser runtime and our wheels.

What it is for
--------------
``make site`` / ``make dist`` run this with the venv's Python. The output
folder (default ``dist/``) is everything a static host needs, and it is what
``python -m netarcade serve`` serves::

    dist/index.html                              the app shell, first screen pre-rendered
    dist/sw.js                                   the service worker (static/sw.js + this build's files)
    dist/manifest.webmanifest                    the web app manifest (installable)
    dist/static/...                              our own CSS/JS/Python/pages (copied; app.css gets the shared sheets
                                                 of its topics and each game's CSS appended, boot.js every
                                                 game's board picker; static/main/ and static/worker/ served
                                                 flat, so static/main/page.py is static/page.py; the op names
                                                 py/netarcade/web/opnames.py served as static/opnames.py)
    dist/static/icons/                           icon.svg, icon-192.png, icon-512.png (sitebuild/icon.py)
    dist/static/vendor/pyodide-VERSION/          loadPyodide's runtime files from npm (python_stdlib.zip
                                                 with its members stored, so it compresses as a whole),
        pyodide-lock.json                        Pyodide's lockfile + netarcade + msgpack
        netarcade-*.whl, msgpack-*.whl           next to that lockfile
    dist/static/vendor/pyscript-VERSION/         @pyscript/core's dist/ folder
    dist/static/vendor/micropython-VERSION/      micropython.mjs + micropython.wasm (the page's MicroPython)
    *.br, *.gz                                   precompressed copies beside every file worth it

Every HTML page gets the site's Content-Security-Policy as a ``<meta>``
(``netarcade.site.rules``; the servers send it as a header too), so a static
host that sends no header still runs no inline script and nothing from
another origin.

Nothing at run time comes from any origin but the one serving this folder:
PyScript's ``interpreter`` points at the vendored ``micropython.mjs`` (the
page) and, for the engine's worker, at ``static/pyodide-start.mjs``, which
loads the vendored ``pyodide.mjs`` and writes the Python files of the two
wheels beside the lockfile in itself (the build names them in it); the bare
page reads its packages from that lockfile (``packages_cache:
"passthrough"``), because micropip cannot install offline on Pyodide 314.

What it is not
--------------
Not a bundler or minifier, and not an installer: ``node_modules`` must exist
(``make site`` runs ``npm ci`` first). It uses the standard library and our
own package (``netarcade.web.shell`` pre-renders the first screen into
``index.html``; run it with the venv's Python), plus two subprocesses: ``python -m build`` for our wheel and ``pip download`` for
msgpack's Pyodide wheel, both cached under ``build/wheels/`` and skipped when
their inputs have not changed.

It is idempotent: files are copied only when they differ, files the build no
longer produces are removed, and a run with nothing changed takes well under
a second.

Where each part lives
---------------------
This file plans the site (:func:`plan_site`), writes it (:func:`write_site`)
and runs the steps in order (:func:`build`, :func:`main`); the steps are its
siblings in this package (``sitebuild/``, run as ``python -m sitebuild``):

- ``layout.py``: the names every step shares (folders, pinned versions,
  the site's paths, what the service worker keeps) and ``BuildError``;
- ``wheels.py``: our wheel, msgpack's Pyodide wheel and the served
  ``pyodide-lock.json`` (``build_our_wheel``, ``fetch_msgpack_wheel``,
  ``lock_entry``, ``served_lockfile``);
- ``pages.py``: our pages filled by ``netarcade`` (``prerendered_shell``,
  ``site_stylesheet``, ``boot_script``), the wheels the engine's interpreter
  module writes in (``engine_start``), the versioned runtime URLs
  (``versioned_runtime``) and the Content-Security-Policy ``<meta>``
  (``with_policy``);
- ``light.py``: the bytes on the wire and the build's cache (the stored
  stdlib, PyScript's package compiled, the ``.gz``/``.br`` copies:
  ``stored_stdlib``, ``pyscript_bytecode``, ``precompressed``,
  ``prune_site_cache``);
- ``bytecode.py``: makes PyScript's bytecode (Node, ``pyscript_bytecode.mjs``; the memory snapshot
  is made by the browser: ``static/worker/snapshot-worker.mjs``);
- ``offline.py``: the icons, the web app manifest and the service worker
  (``app_icons``, ``web_manifest``, ``precache_list``, ``service_worker``);
- ``icon.py``: draws the icon.

Nothing in them imports this file; ``layout.py`` imports none of them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

from .layout import (BOOT_SCRIPT, COMPILED_STDLIB, ENGINE_START, LOCKFILE, MANIFEST, MARKER, MICROPYTHON_DIR,
                     MICROPYTHON_PACKAGE, MICROPYTHON_RUNTIME_FILES, MICROPYTHON_VERSION, NODE_MODULES,
                     OPNAMES, OPNAMES_SOURCE, OWN_STATIC_EXCLUDE, PYODIDE_DIR, PYODIDE_RUNTIME_FILES,
                     PYODIDE_VERSION, PYSCRIPT_BYTECODE, PYSCRIPT_DIR, PYSCRIPT_VERSION, ROOT, RUNTIME_PAGES,
                     SERVICE_WORKER, SW_TEMPLATE, THREAD_FOLDERS, BuildError)
from .light import (compiled_stdlib, precompressed, prune_site_cache, pyscript_bytecode, pyscript_chunk,
                    runtime_files, stored_stdlib)
from .offline import app_icons, service_worker, web_manifest
from .pages import (boot_script, engine_start, joined_sheets, prerendered_shell, site_stylesheet, versioned_runtime,
                    with_policy)
from .wheels import build_our_wheel, fetch_msgpack_wheel, served_lockfile


def log(message: str) -> None:
    print(f"sitebuild: {message}", flush=True)


# --------------------------------------------------------------- npm runtime

def check_npm_package(folder: Path, version: str) -> None:
    manifest = folder / "package.json"
    if not manifest.is_file():
        raise BuildError(f"{folder.relative_to(ROOT)} is missing: run `npm ci` (make site does)")
    found = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    if found != version:
        raise BuildError(
            f"{folder.relative_to(ROOT)} is version {found}, expected {version}: run `npm ci`"
        )


# --------------------------------------------------------------- the output

def served_name(rel: Path) -> str:
    """Where a file of static/ is served, under the site's static/: a thread's folder
    (``THREAD_FOLDERS``: ``main/page.py``) is served flat (``page.py``), so the URLs the
    pages, the service worker and the runtime's modules name did not move with the sources."""
    parts = rel.parts[1:] if len(rel.parts) > 1 and rel.parts[0] in THREAD_FOLDERS else rel.parts
    return "/".join(parts)


def plan_site(wheels: list[Path], lockfile: bytes) -> dict[str, Path | bytes]:
    """Every file of the site: relative path -> source file or generated bytes."""
    plan: dict[str, Path | bytes] = {}
    index = ROOT / "index.html"
    if not index.is_file():
        raise BuildError("index.html is missing at the repository root")
    plan["index.html"] = prerendered_shell(index)
    static = ROOT / "static"
    if static.is_dir():
        for path in sorted(static.rglob("*")):
            rel = path.relative_to(static)
            if rel.parts[0] in OWN_STATIC_EXCLUDE or not path.is_file():
                continue
            if "__pycache__" in rel.parts or path.name.startswith(".#") or path.name.endswith("~"):
                continue
            served = f"static/{served_name(rel)}"
            if served in plan:
                raise BuildError(f"static/{rel.as_posix()} and {plan[served].relative_to(ROOT)} are both served as {served}")
            plan[served] = path
        plan[OPNAMES] = OPNAMES_SOURCE  # the page's glue reads the worker's op names from the same file
    if "static/app.css" in plan:  # the shared look by topic, then each game's own (web/games/<id>/*.css)
        plan["static/app.css"] = site_stylesheet(static)
        for joined in joined_sheets():  # inside app.css: not a file of the site
            plan.pop(joined, None)
    if BOOT_SCRIPT in plan:  # the games' board pickers (index.html runs no inline script)
        plan[BOOT_SCRIPT] = boot_script(plan[BOOT_SCRIPT])
    if ENGINE_START in plan:  # the wheels the engine's worker writes in on a cold start
        plan[ENGINE_START] = engine_start(plan[ENGINE_START], wheels)
    for page, (prefix, loads) in RUNTIME_PAGES.items():  # the runtime's folders by version
        if page in plan:
            source = plan[page]
            text = (source if isinstance(source, bytes) else source.read_bytes()).decode("utf-8")
            plan[page] = versioned_runtime(page, text, prefix, loads).encode("utf-8")
    for page in [rel for rel in plan if rel.endswith(".html")]:  # before sw.js hashes them
        source = plan[page]
        text = (source if isinstance(source, bytes) else source.read_bytes()).decode("utf-8")
        plan[page] = with_policy(page, text).encode("utf-8")
    sw_template = plan.pop(SW_TEMPLATE, None)
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_RUNTIME_FILES:
        plan[f"{PYODIDE_DIR}/{name}"] = pyodide / name
    plan[f"{PYODIDE_DIR}/python_stdlib.zip"] = stored_stdlib(pyodide / "python_stdlib.zip")
    runtime = runtime_files()
    plan[PYSCRIPT_BYTECODE] = pyscript_bytecode(runtime, pyscript_chunk())
    plan[COMPILED_STDLIB] = compiled_stdlib(runtime, wheels)
    plan[LOCKFILE] = lockfile
    for wheel in wheels:
        plan[f"{PYODIDE_DIR}/{wheel.name}"] = wheel
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    for path in sorted(pyscript.rglob("*")):
        if path.is_file():
            plan[f"{PYSCRIPT_DIR}/{path.relative_to(pyscript).as_posix()}"] = path
    micropython = NODE_MODULES / MICROPYTHON_PACKAGE
    for name in MICROPYTHON_RUNTIME_FILES:
        plan[f"{MICROPYTHON_DIR}/{name}"] = micropython / name
    plan.update(app_icons())
    plan[MANIFEST] = web_manifest()
    if sw_template is not None:
        plan[SERVICE_WORKER] = service_worker(sw_template.read_text(encoding="utf-8"), plan)
    plan[MARKER] = b"netarcade build output: sitebuild/build.py rewrites and prunes this folder\n"
    return plan


def same_file(source: Path, target: Path) -> bool:
    try:
        a, b = source.stat(), target.stat()
    except FileNotFoundError:
        return False
    return a.st_size == b.st_size and a.st_mtime_ns == b.st_mtime_ns


def write_site(out: Path, plan: dict[str, Path | bytes]) -> dict[str, int]:
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise BuildError(f"{out} is not empty and was not made by this script; refusing to prune it")
    counts = {"written": 0, "unchanged": 0, "removed": 0, "bytes": 0}
    for rel, source in plan.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, bytes):
            counts["bytes"] += len(source)
            if target.is_file() and target.read_bytes() == source:
                counts["unchanged"] += 1
                continue
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_bytes(source)
            os.replace(tmp, target)
        else:
            counts["bytes"] += source.stat().st_size
            if same_file(source, target):
                counts["unchanged"] += 1
                continue
            tmp = target.with_name(target.name + ".tmp")
            shutil.copy2(source, tmp)
            os.replace(tmp, target)
        counts["written"] += 1
    wanted = {out / rel for rel in plan}
    for path in sorted(out.rglob("*"), reverse=True):  # children before their folders
        if path.is_dir():
            if not any(path.iterdir()):
                path.rmdir()
        elif path not in wanted:
            path.unlink()
            counts["removed"] += 1
    return counts


def build(out: Path) -> None:
    started = time.perf_counter()
    check_npm_package(NODE_MODULES / "pyodide", PYODIDE_VERSION)
    check_npm_package(NODE_MODULES / "@pyscript" / "core", PYSCRIPT_VERSION)
    check_npm_package(NODE_MODULES / MICROPYTHON_PACKAGE, MICROPYTHON_VERSION)
    ours, how_ours = build_our_wheel()
    msgpack, how_msgpack = fetch_msgpack_wheel()
    log(f"wheels: {ours.name} ({how_ours}), {msgpack.name} ({how_msgpack})")
    lockfile, added = served_lockfile([ours, msgpack])
    plan = plan_site([ours, msgpack], lockfile)
    plan.update(precompressed(plan))
    counts = write_site(out, plan)
    prune_site_cache()
    shown = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
    log(f"{LOCKFILE}: Pyodide {PYODIDE_VERSION} lockfile + {', '.join(added)}")
    log(
        f"{shown}/: {len(plan)} files ({counts['bytes'] / 1e6:.1f} MB), "
        f"{counts['written']} written, {counts['unchanged']} unchanged, "
        f"{counts['removed']} removed, in {time.perf_counter() - started:.2f}s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "dist"),
                        help="output folder (default: dist/ at the repository root)")
    args = parser.parse_args(argv)
    try:
        build(Path(args.out).resolve())
    except BuildError as err:
        print(f"sitebuild: error: {err}", file=sys.stderr)
        return 1
    return 0
