#!/usr/bin/env python3
"""Build the static site: our pages, the vendored browser runtime and our wheels.

What it is for
--------------
``make site`` / ``make dist`` run this with the venv's Python. The output
folder (default ``dist/``) is everything a static host needs, and it is what
``python -m netarcade serve`` serves::

    dist/index.html                              the app shell, first screen pre-rendered
    dist/sw.js                                   the service worker (static/sw.js + this build's files)
    dist/manifest.webmanifest                    the web app manifest (installable)
    dist/static/...                              our own CSS/JS/Python/pages (copied; app.css gets each game's CSS appended,
                                                 boot.js every game's board picker)
    dist/static/icons/                           icon.svg, icon-192.png, icon-512.png (scripts/arcade_icon.py)
    dist/static/vendor/pyodide-VERSION/          loadPyodide's runtime files from npm (python_stdlib.zip
                                                 with its members stored, so it compresses as a whole),
        pyodide-lock.json                        Pyodide's lockfile + netarcade + msgpack
        netarcade-*.whl, msgpack-*.whl           next to that lockfile
    dist/static/vendor/pyscript-VERSION/         @pyscript/core's dist/ folder
    dist/static/vendor/micropython-VERSION/      micropython.mjs + micropython.wasm (the page's MicroPython)
    *.br, *.gz                                   precompressed copies beside every file worth it

Every HTML page gets the site's Content-Security-Policy as a ``<meta>``
(``netarcade.siterules``; the servers send it as a header too), so a static
host that sends no header still runs no inline script and nothing from
another origin.

Nothing at run time comes from any origin but the one serving this folder:
PyScript's ``interpreter`` points at the vendored ``pyodide.mjs`` (the
engine's worker) and ``micropython.mjs`` (the page), and Pyodide reads its packages from the lockfile beside it (``packages_cache:
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
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import importlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import site_snapshot  # noqa: E402  (scripts/, beside this file)

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
WHEEL_CACHE = ROOT / "build" / "wheels"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
#: the MicroPython build PyScript 0.7.31 itself names (its default would come from a CDN)
MICROPYTHON_VERSION = "1.28.0-6"
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
#: what PyScript's mpy interpreter fetches (not the ulab and settrace variants)
MICROPYTHON_RUNTIME_FILES = ("micropython.mjs", "micropython.wasm", "package.json")
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"
MSGPACK_VERSION = "1.2.4"

#: what loadPyodide fetches from its indexURL (the lockfile is generated)
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",  # tiny; records which Pyodide a deployed site carries
)
VENDOR = "static/vendor"
#: the runtime's folders carry their pinned versions, so their npm files can be
#: cached for a year (netarcade.serve.cache_control); a new pin is a new URL
PYODIDE_DIR = f"{VENDOR}/pyodide-{PYODIDE_VERSION}"
PYSCRIPT_DIR = f"{VENDOR}/pyscript-{PYSCRIPT_VERSION}"
MICROPYTHON_DIR = f"{VENDOR}/micropython-{MICROPYTHON_VERSION}"
LOCKFILE = f"{PYODIDE_DIR}/pyodide-lock.json"
#: files that load the runtime: the URL prefix of vendor/ in each, and what each must load
#: (the arcade's page: PyScript, MicroPython on the page, Pyodide in PyScript's worker)
#: (the engine's worker loads Pyodide through static/pyodide-start.mjs, for the memory snapshot)
RUNTIME_PAGES = {
    "index.html": ("static/vendor/", ("pyscript/core.js", "micropython/micropython.mjs")),
    "static/pyodide-start.mjs": ("./vendor/", ("pyodide/pyodide.mjs", "pyodide/")),
    "static/bare.html": ("vendor/", ("pyodide/pyodide.mjs", "pyscript/core.js")),
}
#: the engine worker's memory snapshot (scripts/site_snapshot.py), resumed on a warm start
SNAPSHOT = "static/python-snapshot.bin"
#: our modules compiled by the runtime's CPython (scripts/site_snapshot.py), unpacked on a warm start
BYTECODE = "static/python-bytecode.zip"

#: our own files that go into the site (build outputs under static/ are not ours)
OWN_STATIC_EXCLUDE = {"vendor", "wheels"}
#: the inputs of our wheel: any change here rebuilds it
WHEEL_INPUTS = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "setup.cfg")
#: a fixed timestamp makes the wheel byte-for-byte reproducible
SOURCE_DATE_EPOCH = "1767225600"  # 2026-01-01
#: a folder carrying this file is ours to prune
MARKER = ".netarcade-site"

#: compressed copies and other derived files, kept across builds (by content hash)
SITE_CACHE = ROOT / "build" / "site-cache"
#: file types the build writes .gz/.br copies of (zips: only the stored stdlib gains)
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".zip", ".webmanifest", ".txt", ".bin"}
MIN_COMPRESS = 1024
#: offline and installable
SW_TEMPLATE = "static/sw.js"       # the service worker's source; written to the site's root
SERVICE_WORKER = "sw.js"           # at the root, so its scope is the whole site
MANIFEST = "manifest.webmanifest"
ICONS_DIR = "static/icons"
ICON_SIZES = (192, 512)
#: our own files the service worker keeps (the vendored Pyodide and icons always);
#: the page's glue and the engine's worker script included, and what only a warm start reads
PRECACHE_OWN = {MANIFEST, "static/app.css", "static/offline.py", "static/page.py", "static/dom.py", "static/ops.py",
                "static/inputs.py", "static/focus.py", "static/engine.py", "static/boot.js", "static/prepaint.js",
                "static/pyodide-start.mjs", SNAPSHOT, BYTECODE}  # index.html is "./" (and "./?embed")
#: PyScript's chunks the arcade never loads (its code editor, terminal, zip and
#: TOML readers, its own service worker): not stored for offline use
PYSCRIPT_UNUSED = ("codemirror", "xterm", "zip-", "toml-", "service-worker", "storage")
#: the page's navigations the service worker stores, each with the headers the server sends it:
#: the embed's let any site frame it, the arcade's only our own pages (netarcade.siterules)
NAVIGATIONS = {"./": "index.html", "./?embed": "index.html"}
#: our script the build fills with every playable game's board picker (NA_PAGES)
BOOT_SCRIPT = "static/boot.js"
#: where the build writes each page's Content-Security-Policy (right after this, before anything it governs)
CHARSET = '<meta charset="utf-8">'


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(message: str) -> None:
    print(f"build_site: {message}", flush=True)


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


# ------------------------------------------------------------------- wheels

def wheel_inputs_hash() -> str:
    """sha256 over the wheel's inputs (paths and contents), ignoring caches."""
    digest = hashlib.sha256()
    files = [ROOT / name for name in WHEEL_INPUTS if (ROOT / name).is_file()]
    for path in sorted((ROOT / "py").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in {".pyc", ".pyo"}:
            continue
        if any(part.endswith(".egg-info") for part in path.parts):
            continue
        files.append(path)
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_our_wheel() -> tuple[Path, str]:
    """Return our wheel in the cache, rebuilding it only when its inputs changed."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    stamp = WHEEL_CACHE / "netarcade.stamp.json"
    inputs = wheel_inputs_hash()
    if stamp.is_file():
        try:
            recorded = json.loads(stamp.read_text(encoding="utf-8"))
        except ValueError:
            recorded = {}
        cached = WHEEL_CACHE / str(recorded.get("wheel", ""))
        if recorded.get("inputs") == inputs and cached.is_file() and cached.suffix == ".whl":
            return cached, "reused"

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="netarcade-wheel-") as tmp:
        # Build from a clean copy: setuptools' build/ folder keeps deleted
        # modules alive in the next wheel, and the repo's egg-info is stale.
        source = Path(tmp) / "src"
        source.mkdir()
        for name in WHEEL_INPUTS:
            if (ROOT / name).is_file():
                shutil.copy2(ROOT / name, source / name)
        shutil.copytree(
            ROOT / "py", source / "py",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"),
        )
        out = Path(tmp) / "out"
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
        result = subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(source)],
            env=env, capture_output=True, text=True,
        )
        if result.returncode != 0:
            tail = "\n".join((result.stdout + result.stderr).splitlines()[-25:])
            raise BuildError(f"building the netarcade wheel failed:\n{tail}")
        built = sorted(out.glob("netarcade-*.whl"))
        if len(built) != 1:
            raise BuildError(f"expected one netarcade wheel, got {[p.name for p in built]}")
        for old in WHEEL_CACHE.glob("netarcade-*.whl"):
            old.unlink()
        wheel = WHEEL_CACHE / built[0].name
        shutil.move(str(built[0]), wheel)
    stamp.write_text(json.dumps({"inputs": inputs, "wheel": wheel.name}) + "\n", encoding="utf-8")
    return wheel, f"built in {time.perf_counter() - started:.1f}s"


def fetch_msgpack_wheel() -> tuple[Path, str]:
    """msgpack's Pyodide wheel from the package index, downloaded once into the cache."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    pattern = f"msgpack-{MSGPACK_VERSION}-*{PYODIDE_PLATFORM}.whl"
    cached = sorted(WHEEL_CACHE.glob(pattern))
    if cached:
        return cached[0], "cached"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "download", f"msgpack=={MSGPACK_VERSION}",
         "--platform", PYODIDE_PLATFORM, "--python-version", PYODIDE_PYTHON,
         "--implementation", "cp", "--only-binary=:all:", "--no-deps",
         "--disable-pip-version-check", "--quiet", "--dest", str(WHEEL_CACHE)],
        capture_output=True, text=True,
    )
    cached = sorted(WHEEL_CACHE.glob(pattern))
    if result.returncode != 0 or not cached:
        tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
        raise BuildError(f"downloading msgpack's Pyodide wheel failed:\n{tail}")
    return cached[0], "downloaded"


def normalize(name: str) -> str:
    """PEP 503 name normalization, as Pyodide's lockfile keys use."""
    out = []
    for char in name.lower():
        out.append("-" if char in "-_." else char)
    text = "".join(out)
    while "--" in text:
        text = text.replace("--", "-")
    return text


def lock_entry(wheel: Path, known: dict) -> dict:
    """A pyodide-lock.json entry for ``wheel``, shaped like Pyodide's own entries."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dist_info = sorted({n.split("/", 1)[0] for n in names if n.split("/", 1)[0].endswith(".dist-info")})
        if len(dist_info) != 1:
            raise BuildError(f"{wheel.name} has no single .dist-info folder")
        metadata = Parser().parsestr(archive.read(f"{dist_info[0]}/METADATA").decode("utf-8"))
        top_level = f"{dist_info[0]}/top_level.txt"
        if top_level in names:
            imports = [line.strip() for line in archive.read(top_level).decode().splitlines() if line.strip()]
        else:
            imports = sorted({
                n.split("/", 1)[0].removesuffix(".py") for n in names
                if not n.split("/", 1)[0].endswith((".dist-info", ".data"))
                and (n.endswith("/__init__.py") and n.count("/") == 1 or "/" not in n and n.endswith(".py"))
            })
    depends = []
    for requirement in metadata.get_all("Requires-Dist") or []:
        if ";" in requirement:  # extras and environment markers: not runtime deps here
            continue
        name = requirement.strip()
        for stop in "<>=!~[( ":
            name = name.split(stop, 1)[0]
        key = normalize(name)
        if key not in known:
            raise BuildError(f"{wheel.name} depends on {name!r}, which the lockfile does not provide")
        depends.append(key)
    return {
        "depends": sorted(depends),
        "file_name": wheel.name,
        "imports": sorted(imports),
        "install_dir": "site",
        "name": normalize(metadata["Name"]),
        "package_type": "package",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "tool": {},
        "unvendored_tests": False,
        "version": metadata["Version"],
    }


def served_lockfile(wheels: list[Path]) -> tuple[bytes, list[str]]:
    """Pyodide's lockfile with entries for our wheels added (replacing same-named ones)."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    added = []
    # dependencies first, so their entries exist when a dependent is checked
    for wheel in sorted(wheels, key=lambda p: p.name.startswith("netarcade-")):
        entry = lock_entry(wheel, packages)
        packages[entry["name"]] = entry
        added.append(f"{entry['name']} {entry['version']}")
    lock["packages"] = dict(sorted(packages.items()))
    return (json.dumps(lock, indent=None, sort_keys=True) + "\n").encode("utf-8"), added


# --------------------------------------------------------------- the output

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
            plan[f"static/{rel.as_posix()}"] = path
    if "static/app.css" in plan:  # the shared look, then each game's own (web/games/<id>/*.css)
        plan["static/app.css"] = site_stylesheet(static / "app.css")
    if BOOT_SCRIPT in plan:  # the games' board pickers (index.html runs no inline script)
        plan[BOOT_SCRIPT] = boot_script(static / "boot.js")
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
    plan[SNAPSHOT] = python_snapshot(runtime)
    plan[BYTECODE] = python_bytecode(runtime, plan[SNAPSHOT],
                                     next(wheel for wheel in wheels if wheel.name.startswith("netarcade-")))
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
    plan[MARKER] = b"netarcade build output: scripts/build_site.py rewrites and prunes this folder\n"
    return plan


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


# ------------------------------------------------ light: the bytes on the wire

#: names in the site cache this run used (the others may be pruned)
_CACHE_USED: set[str] = set()
#: unused cache entries older than this are deleted (copies of old pages, old wheels' lockfiles)
CACHE_KEEP_SECONDS = 14 * 24 * 3600


def _cached(name: str, make) -> Path:
    """``build/site-cache/name``, made by ``make()`` (bytes) once."""
    SITE_CACHE.mkdir(parents=True, exist_ok=True)
    _CACHE_USED.add(name)
    path = SITE_CACHE / name
    if not path.is_file():
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(make())
        os.replace(tmp, path)
    return path


def stored_stdlib(source: Path) -> Path:
    """Pyodide's ``python_stdlib.zip`` with its members stored, not deflated.

    Each member of the npm file is deflated on its own, so the file hardly
    compresses (2.55 -> 2.50 MB gzipped); stored, the whole archive
    compresses as one stream (1.8 MB Brotli, 2.2 MB gzip). Same members,
    same names and dates; Python's zipimport reads both kinds.
    """
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]

    def make() -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(source) as original, zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as stored:
            for info in original.infolist():
                copy = zipfile.ZipInfo(info.filename, info.date_time)
                copy.external_attr = info.external_attr
                copy.compress_type = zipfile.ZIP_STORED
                stored.writestr(copy, original.read(info.filename))
        return buffer.getvalue()

    return _cached(f"python_stdlib-{digest}-stored.zip", make)


def runtime_files() -> dict[str, Path]:
    """The served Pyodide files the Node steps run (the stored stdlib included)."""
    pyodide = NODE_MODULES / "pyodide"
    files = {name: pyodide / name for name in site_snapshot.RUNTIME_FILES}
    files["python_stdlib.zip"] = stored_stdlib(pyodide / "python_stdlib.zip")
    return files


def python_snapshot(runtime: dict[str, Path]) -> Path:
    """The engine worker's memory snapshot, made once per runtime (scripts/site_snapshot.py)."""
    try:
        return _cached(f"python-snapshot-{site_snapshot.snapshot_key(runtime)}.bin",
                       lambda: site_snapshot.make_snapshot(runtime))
    except site_snapshot.SnapshotError as error:
        raise BuildError(str(error)) from None


def python_bytecode(runtime: dict[str, Path], snapshot: Path, wheel: Path) -> Path:
    """Our wheel's modules compiled by the runtime's CPython, made once per
    wheel and runtime (scripts/site_snapshot.py); only a warm start reads it."""
    try:
        return _cached(f"python-bytecode-{site_snapshot.bytecode_key(runtime, wheel)}.zip",
                       lambda: site_snapshot.make_bytecode(runtime, wheel, snapshot))
    except site_snapshot.SnapshotError as error:
        raise BuildError(str(error)) from None


def prune_site_cache() -> int:
    """Delete cache entries this build did not use and nobody wrote for two weeks."""
    removed = 0
    cutoff = time.time() - CACHE_KEEP_SECONDS
    for path in SITE_CACHE.glob("*") if SITE_CACHE.is_dir() else ():
        if path.is_file() and path.name not in _CACHE_USED and path.stat().st_mtime < cutoff:
            path.unlink()
            removed += 1
    return removed


def _source_bytes(source: Path | bytes) -> bytes:
    return source if isinstance(source, bytes) else source.read_bytes()


def _brotli():
    try:
        import brotli  # the dev extra installs it; without it only gzip copies are written
    except ImportError:
        return None
    return brotli


def precompressed(plan: dict[str, Path | bytes]) -> dict[str, Path]:
    """``name.gz`` (and ``name.br`` when the brotli module is there) beside every
    file worth it: a compressible type, at least MIN_COMPRESS bytes, and the copy
    at most 90% of the original. The copies are cached by content hash under
    ``build/site-cache/``: the runtime's big files are compressed once per pin.
    The servers pick them by the request's Accept-Encoding (netarcade.serve)."""
    brotli = _brotli()
    copies: dict[str, Path] = {}
    for rel, source in plan.items():
        if Path(rel).suffix.lower() not in COMPRESSIBLE:
            continue
        data = _source_bytes(source)
        if len(data) < MIN_COMPRESS:
            continue
        digest = hashlib.sha256(data).hexdigest()[:24]
        encoders = [("gz", lambda d: gzip.compress(d, compresslevel=9, mtime=0))]
        if brotli is not None:
            # quality 11 on a 10 MB file takes minutes; 9 with a 16 MB window is close
            quality = 11 if len(data) <= 2_000_000 else 9
            encoders.append(("br", lambda d, q=quality: brotli.compress(d, quality=q, lgwin=24)))
        for suffix, encode in encoders:
            path = _cached(f"{digest}.{suffix}", lambda: encode(data))
            if path.stat().st_size <= 0.9 * len(data):
                copies[f"{rel}.{suffix}"] = path
    return copies


# ------------------------------------------ offline: icons, manifest, worker

def app_icons() -> dict[str, Path | bytes]:
    """The icon as SVG and PNGs (scripts/arcade_icon.py), PNGs cached by its source."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        import arcade_icon
    finally:
        sys.path.pop(0)
    digest = hashlib.sha256(Path(arcade_icon.__file__).read_bytes()).hexdigest()[:16]
    icons: dict[str, Path | bytes] = {f"{ICONS_DIR}/icon.svg": arcade_icon.svg().encode("utf-8")}
    for size in ICON_SIZES:
        icons[f"{ICONS_DIR}/icon-{size}.png"] = _cached(f"icon-{digest}-{size}.png",
                                                          lambda size=size: arcade_icon.png(size))
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


def with_policy(page: str, text: str) -> str:
    """The page with the site's Content-Security-Policy as a ``<meta>`` right
    after its charset, so a static host that sends no header applies it too
    (``netarcade.siterules.content_security_policy``, the servers' header
    without ``frame-ancestors``, which a ``<meta>`` cannot carry)."""
    if text.count(CHARSET) != 1:
        raise BuildError(f"{page} must carry {CHARSET} once (its policy goes right after it)")
    policy = _netarcade("siterules").content_security_policy(page, meta=True)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    return text.replace(CHARSET, f"{CHARSET}\n  {meta}")


def boot_script(source: Path) -> bytes:
    """``static/boot.js`` with every playable game's title and board picker
    (``netarcade.web.shell.fill_boot``)."""
    try:
        return _shell().fill_boot(source.read_text(encoding="utf-8")).encode("utf-8")
    except ValueError as err:
        raise BuildError(str(err)) from None


def precache_list(plan: dict[str, Path | bytes]) -> list[str]:
    """What the service worker stores on the first visit: the page (as the
    arcade and as the embed: :data:`NAVIGATIONS`), its glue and the
    engine's worker script, PyScript's chunks and MicroPython (the page
    loads them), the Pyodide runtime the worker loads, both wheels, the
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
        if rel.startswith((f"{PYODIDE_DIR}/", f"{PYSCRIPT_DIR}/", f"{MICROPYTHON_DIR}/", "static/icons/")) \
                or rel in PRECACHE_OWN:
            keep.append(rel)
    return list(NAVIGATIONS) + keep


def service_worker(template: str, plan: dict[str, Path | bytes]) -> bytes:
    """``static/sw.js`` with this build's version and file list filled in.
    The version is a hash of every precached file, so any change to the page,
    the wheel or the runtime makes a new cache (and browsers notice a new
    sw.js byte for byte)."""
    files = []
    digest = hashlib.sha256()
    for rel in precache_list(plan):
        sha = hashlib.sha256(_source_bytes(plan[NAVIGATIONS.get(rel, rel)])).digest()
        digest.update(rel.encode() + b"\0" + sha)
        files.append([rel, "sha256-" + base64.b64encode(sha).decode("ascii")])
    version = digest.hexdigest()[:12]
    for marker in ("/*na:version*/", "/*na:files*/"):
        if marker not in template:
            raise BuildError(f"{SW_TEMPLATE} lacks its {marker} marker")
    listing = "[\n" + ",\n".join(f"  {json.dumps(pair)}" for pair in files) + "\n]"
    text = (template.replace("/*na:version*/", json.dumps(version))
                    .replace("/*na:files*/", listing))
    return text.encode("utf-8")


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


def site_stylesheet(shared: Path) -> bytes:
    """``static/app.css`` followed by every game's own CSS file (one request, as before)."""
    return _shell().stylesheet(shared.read_text(encoding="utf-8")).encode("utf-8")


def prerendered_shell(index: Path) -> bytes:
    """The app shell with its first screen filled in (netarcade.web.shell):
    the starting board as SVG, the panels, the home screen and the theme, so
    the page paints a board at once while Pyodide starts."""
    fill_shell = _shell().fill_shell
    try:
        return fill_shell(index.read_text(encoding="utf-8")).encode("utf-8")
    except ValueError as err:
        raise BuildError(f"pre-rendering index.html: {err}") from None


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
        print(f"build_site: error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
