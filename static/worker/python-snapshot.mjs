/* The engine worker's memory snapshot: Pyodide's Python already started,
   with our modules and every standard-library module they need imported.

   What it is for: a warm start. Without it, every page load starts CPython
   in WebAssembly from scratch: it initializes the interpreter and imports
   Pyodide's own Python and the stdlib modules we use, compiling each from
   source (Pyodide's python_stdlib.zip holds no .pyc), then installs our
   wheel and compiles and imports our modules. That is nearly all of the
   start. The browser makes the snapshot itself, from the runtime files and
   wheels the first visit already loaded: static/snapshot-worker.mjs runs
   `makeSnapshot` in a worker of its own once the page is ready to play and
   idle, the service worker stores the result as static/python-snapshot.bin
   (a file the server never has), and the engine's worker resumes it on the
   next visit (static/pyodide-start.mjs) and installs nothing on top. Not a
   byte of it crosses the network. tests/node/warm_start.mjs makes one the
   same way in Node.

   How: Pyodide boots with `_makeSnapshot` from the site's own runtime
   folder and the stdlib the page starts from, static/python-stdlib.zip (the
   snapshot holds zipimport's table of that zip, so it must be made from
   that very file). The pure
   Python files of each wheel (ours and msgpack's) are written into
   site-packages by Python's zipfile, not installed by Pyodide: installing
   leaves JavaScript references behind that a snapshot cannot hold
   ("Unexpected hiwire entry"), and msgpack's extension is a shared
   library, which a snapshot cannot hold either, so msgpack imports its own
   pure-Python implementation (msgpack.fallback: the same bytes, slower,
   only ever packing a record or a relay frame). Then every module of the
   layers the page runs (PAGE_PACKAGES: core, games, bots, web) is
   imported, the ones the page loads only when first needed (a game's page,
   the bots, move analysis) included, and `makeMemorySnapshot()` is
   returned: the whole wasm memory of that CPython, 36 MiB with html (more
   than the 30 MiB Pyodide starts with, so the page grows its memory first:
   static/pyodide-start.mjs). The wheels' files are not in it (Pyodide's
   file system lives in JavaScript), so nothing may import a module of ours
   that is not already imported: the list is every module, not what a start
   happens to use, and a module that fails to import fails the making.

   What it is not: the worker that runs it in the page (static/snapshot-worker.mjs),
   or the resuming (static/pyodide-start.mjs). */

//: the packages of ours the page runs (docs/engine.md: core -> games -> bots -> web,
//: its drawing in web/render); the relay, the servers and the command line are not the page's
export const PAGE_PACKAGES = ["netarcade.core", "netarcade.games", "netarcade.bots", "netarcade.web"];

//: the stdlib modules PyScript's own Python package (written and imported at every start,
//: before our worker's file runs) imports beyond Pyodide's start and ours: html, for
//: html.escape in pyscript.display, brings html.entities, a large table compiled from source
export const PYSCRIPT_STDLIB = ["html"];

//: the program's name a browser gives Python; made in Node it would be the script's path,
//: which the snapshot would carry to every page as sys.executable
const PROGRAM = "./this.program";

const IMPORT_MODULES = `
import importlib, pkgutil, site, sys, zipfile
site_packages = site.getsitepackages()[0]
for wheel in WHEELS:
    with zipfile.ZipFile(wheel) as bundle:
        for name in bundle.namelist():
            if name.endswith(".py"):
                bundle.extract(name, site_packages)
ours = []
for package in PACKAGES:
    ours.append(importlib.import_module(package).__name__)
    for module in pkgutil.walk_packages(sys.modules[package].__path__, package + "."):
        ours.append(importlib.import_module(module.name).__name__)
import msgpack
for module in ALSO:
    importlib.import_module(module)
del importlib, pkgutil, site, zipfile, bundle, name, package, module, site_packages, wheel
[ours, msgpack.Packer.__module__]
`;

// The snapshot made by `loadPyodide` (the site's pyodide.mjs) from `indexURL` (its folder) and
// `stdLibURL` (the compiled stdlib the page starts from; Pyodide's own when undefined),
// with the modules of `wheels` (each a Uint8Array of a wheel) imported: { snapshot
// (Uint8Array), modules (how many of ours were imported), msgpack (its Packer's module) }.
export async function makeSnapshot(loadPyodide, { indexURL, stdLibURL, wheels, stderr = () => {} }) {
  const python = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true, _sysExecutable: PROGRAM, packages: [],
                                     stdout: () => {}, stderr });
  const paths = wheels.map((bytes, n) => {
    const path = `/tmp/wheel-${n}.whl`;
    python.FS.writeFile(path, bytes);
    return path;
  });
  const globals = python.toPy({ WHEELS: paths, PACKAGES: PAGE_PACKAGES, ALSO: PYSCRIPT_STDLIB });
  const [ours, msgpack] = python.runPython(IMPORT_MODULES, { globals }).toJs();
  globals.destroy();
  for (const path of paths) python.FS.unlink(path);
  return { snapshot: python.makeMemorySnapshot(), modules: ours.length, msgpack };
}
