"""Where the built site's parts come from and where they go (``make site``).

What it is for: the names every step of sitebuild/build.py shares: the
repository's folders, the pinned runtime versions, the site's paths (the
versioned vendor folders, the lockfile, the snapshot, the service worker,
the manifest and icons), what the service worker keeps, and the
:class:`BuildError` every step raises. sitebuild/wheels.py,
sitebuild/light.py, sitebuild/pages.py, sitebuild/offline.py and
sitebuild/build.py import them from here (and nothing here imports them).

What it is not: a build step; nothing here reads or writes a file.
"""

from __future__ import annotations

from pathlib import Path

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
#: cached for a year (netarcade.site.serve.cache_control); a new pin is a new URL
PYODIDE_DIR = f"{VENDOR}/pyodide-{PYODIDE_VERSION}"
PYSCRIPT_DIR = f"{VENDOR}/pyscript-{PYSCRIPT_VERSION}"
MICROPYTHON_DIR = f"{VENDOR}/micropython-{MICROPYTHON_VERSION}"
LOCKFILE = f"{PYODIDE_DIR}/pyodide-lock.json"
#: files that load the runtime: the URL prefix of vendor/ in each, and what each must load
#: (the arcade's page: PyScript, MicroPython on the page, Pyodide in PyScript's worker)
#: (the engine's worker loads Pyodide through static/worker/pyodide-start.mjs, for the memory snapshot)
RUNTIME_PAGES = {
    "index.html": ("static/vendor/", ("pyscript/core.js", "micropython/micropython.mjs")),
    "static/pyodide-start.mjs": ("./vendor/", ("pyodide/pyodide.mjs", "pyodide/")),
    "static/snapshot-worker.mjs": ("./vendor/", ("pyodide/pyodide.mjs", "pyodide/")),
    "static/bare.html": ("vendor/", ("pyodide/pyodide.mjs", "pyscript/core.js")),
}
#: the engine worker's interpreter module: the build writes in the wheels it unpacks on a cold start
ENGINE_START = "static/pyodide-start.mjs"
#: the stdlib with the modules every start imports compiled (sitebuild/stdlib_bytecode.mjs): what the
#: engine's worker and the snapshot's start from; rebuilt with our modules, so not in the versioned folder
COMPILED_STDLIB = "static/python-stdlib.zip"
#: PyScript's own package compiled by the runtime's CPython (sitebuild/bytecode.py), unpacked on a
#: warm start; the service worker stores it only after the memory snapshot, and never on a light
#: connection (Save-Data, metered): it is the one file the site has that a first visit does not load
PYSCRIPT_BYTECODE = "static/pyscript-bytecode.zip"

#: our own files that go into the site (build outputs under static/ are not ours)
OWN_STATIC_EXCLUDE = {"vendor", "wheels"}
#: static/'s folders by thread, served flat in the site's static/ (their URLs did not move):
#: main/ runs on the page's main thread (the MicroPython glue, the first screen's scripts),
#: worker/ starts and runs the engine's Pyodide worker (docs/web-runtime.md, "Where code runs")
THREAD_FOLDERS = ("main", "worker")
#: the ops vocabulary both threads read: the wheel's module, served beside the glue for MicroPython
OPNAMES = "static/opnames.py"
OPNAMES_SOURCE = ROOT / "py" / "netarcade" / "web" / "opnames.py"
#: the inputs of our wheel: any change here rebuilds it
WHEEL_INPUTS = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "setup.cfg")
#: a fixed timestamp makes the wheel byte-for-byte reproducible
SOURCE_DATE_EPOCH = "1767225600"  # 2026-01-01
#: a folder carrying this file is ours to prune
MARKER = ".netarcade-site"

#: compressed copies and other derived files, kept across builds (by content hash)
SITE_CACHE = ROOT / "build" / "site-cache"
#: file types the build writes .gz/.br copies of (zips and wheels: only those with stored members gain)
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".zip", ".whl", ".webmanifest", ".txt",
                ".bin"}
MIN_COMPRESS = 1024
#: offline and installable
SW_TEMPLATE = "static/sw.js"       # the service worker's source; written to the site's root
SERVICE_WORKER = "sw.js"           # at the root, so its scope is the whole site
MANIFEST = "manifest.webmanifest"
ICONS_DIR = "static/icons"
ICON_SIZES = (192, 512)
#: our own files the service worker keeps (the vendored Pyodide and icons always);
#: the page's glue and the engine's worker script included, and the worker that makes the memory
#: snapshot in the browser (static/worker/snapshot-worker.mjs, with static/worker/python-snapshot.mjs), and the
#: replay viewer's analysis helper (static/worker/analysis-helper.mjs: Analyse works offline with its helpers too)
PRECACHE_OWN = {MANIFEST, "static/app.css", "static/offline.py", "static/page.py", "static/dom.py", "static/ops.py", OPNAMES,
                "static/inputs.py", "static/focus.py", "static/engine.py", "static/boot.js", "static/prepaint.js",
                "static/pyodide-start.mjs", "static/snapshot-worker.mjs",
                "static/python-snapshot.mjs", "static/analysis-helper.mjs", COMPILED_STDLIB}  # index.html is "./" (and "./?embed")
#: PyScript's chunks the arcade never loads (its code editor, terminal, zip and
#: TOML readers, its own service worker): not stored for offline use
PYSCRIPT_UNUSED = ("codemirror", "xterm", "zip-", "toml-", "service-worker", "storage")
#: the page's navigations the service worker stores, each with the headers the server sends it:
#: the embed's let any site frame it, the arcade's only our own pages (netarcade.site.rules)
NAVIGATIONS = {"./": "index.html", "./?embed": "index.html"}
#: our script the build fills with every playable game's board picker (NA_PAGES)
BOOT_SCRIPT = "static/boot.js"
#: where the build writes each page's Content-Security-Policy (right after this, before anything it governs)
CHARSET = '<meta charset="utf-8">'


class BuildError(Exception):
    """A build step failed; the message says what to do."""
