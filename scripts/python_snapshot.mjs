// The engine worker's memory snapshot: Pyodide's Python already started,
// with our modules and every standard-library module they need imported.
//
// What it is for: a warm start. Without it, every page load starts CPython
// in WebAssembly from scratch: it initializes the interpreter and imports
// Pyodide's own Python and the stdlib modules we use, compiling each from
// source (Pyodide's python_stdlib.zip holds no .pyc), then installs our
// wheel and compiles and imports our modules. That is nearly all of the
// start. scripts/build_site.py runs this script in Node with the site's
// own runtime folder (the same pyodide.mjs and pyodide.asm.wasm the page
// loads) and serves the result as static/python-snapshot.bin; the engine's
// worker resumes it on a warm start (static/pyodide-start.mjs) and installs
// nothing on top.
//
// How: Pyodide boots with `_makeSnapshot` from RUNTIME_FOLDER (the site's
// own files: the snapshot holds zipimport's table of the served, stored
// python_stdlib.zip, so it must be made from that very file). The pure
// Python files of each WHEEL (ours and msgpack's) are written into
// site-packages by Python's zipfile, not installed by Pyodide: installing
// leaves JavaScript references behind that a snapshot cannot hold
// ("Unexpected hiwire entry"), and msgpack's extension is a shared
// library, which a snapshot cannot hold either, so msgpack imports its own
// pure-Python implementation (msgpack.fallback: the same bytes, slower,
// only ever packing a record or a relay frame). Then every module of the
// layers the page runs (PAGE_PACKAGES: core, games, bots, render, web)
// is imported, the ones the page loads only when first needed (a game's
// page, the bots, move analysis) included, and `makeMemorySnapshot()` is
// written: the whole wasm memory of that CPython, 36 MiB with html (7.8 MB
// gzip, 6.0 MB Brotli; more than the 30 MiB Pyodide starts with, so the page
// grows its memory first: static/pyodide-start.mjs). The wheels' files are not in it (Pyodide's file system
// lives in JavaScript), so nothing may import a module of ours that is not
// already imported: the list is every module, not what a start happens to
// use, and a module that fails to import fails the build.
//
// Usage: node scripts/python_snapshot.mjs RUNTIME_FOLDER OUT.bin WHEEL...
// Prints one line of JSON: bytes, our modules imported, msgpack's
// implementation.
//
// What it is not: run in the page, or a test.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { refuseNetwork } from "./offline_pyodide.mjs";

//: the packages of ours the page runs (docs/engine.md: core -> games -> bots -> web,
//: drawing in render); the relay, the servers and the command line are not the page's
const PAGE_PACKAGES = ["netarcade.core", "netarcade.games", "netarcade.bots", "netarcade.render", "netarcade.web"];

//: the stdlib modules PyScript's own Python package (written and imported at every start,
//: before our worker's file runs) imports beyond Pyodide's start and ours: html, for
//: html.escape in pyscript.display, brings html.entities, a large table compiled from source
const PYSCRIPT_STDLIB = ["html"];

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

async function main() {
  const [folder, out, ...wheels] = process.argv.slice(2);
  if (!folder || !out || !wheels.length) {
    console.error("usage: node scripts/python_snapshot.mjs RUNTIME_FOLDER OUT.bin WHEEL...");
    process.exit(2);
  }
  refuseNetwork("python_snapshot");
  const runtime = resolve(folder);
  const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
  // the program's name a browser's: in Node it is this script's path, which the snapshot
  // would carry to every page as sys.executable
  const python = await loadPyodide({ stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n"),
                                     indexURL: `${runtime}/`, _makeSnapshot: true, _sysExecutable: "./this.program" });
  const paths = wheels.map((wheel, n) => {
    const path = `/tmp/wheel-${n}.whl`;
    python.FS.writeFile(path, readFileSync(resolve(wheel)));
    return path;
  });
  const globals = python.toPy({ WHEELS: paths, PACKAGES: PAGE_PACKAGES, ALSO: PYSCRIPT_STDLIB });
  const [ours, msgpack] = python.runPython(IMPORT_MODULES, { globals }).toJs();
  globals.destroy();
  for (const path of paths) python.FS.unlink(path);
  const snapshot = python.makeMemorySnapshot();
  writeFileSync(out, snapshot);
  console.log(JSON.stringify({ bytes: snapshot.length, modules: ours.length, msgpack }));
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
