// The engine worker's memory snapshot: Pyodide's Python already started,
// with the standard-library modules our engine imports already imported.
//
// What it is for: a warm start. Without it, every page load starts CPython
// in WebAssembly from scratch: it initializes the interpreter and imports
// Pyodide's own Python and the stdlib modules we use, compiling each from
// source (Pyodide's python_stdlib.zip holds no .pyc). That is most of the
// start. scripts/build_site.py runs this script in Node with the site's
// own runtime folder (the same pyodide.mjs and pyodide.asm.wasm the page
// loads) and serves the result as static/python-snapshot.bin; the engine's
// worker starts from it on a warm start (static/pyodide-start.mjs).
//
// How: Pyodide boots with `_makeSnapshot` from RUNTIME_FOLDER (the site's
// own files: the snapshot holds zipimport's table of the served, stored
// python_stdlib.zip, so it must be made from that very file), imports
// STDLIB (below) and writes `makeMemorySnapshot()`: its wasm memory and
// the state Pyodide needs to resume it. Our wheel and msgpack are not in
// it (installing a package leaves JavaScript references a snapshot cannot
// hold, and msgpack's extension is a shared library, which a snapshot
// cannot hold either); they load on top, as on a cold start. So the
// snapshot depends on the pinned runtime and this script only, and the
// build makes it once per pin (build/site-cache).
//
// Usage: node scripts/python_snapshot.mjs RUNTIME_FOLDER OUT.bin [--list]
// Prints one line of JSON: bytes, modules imported, modules left out.
// --list: also boot a plain Pyodide, install netarcade from the folder's
// pyodide-lock.json, import netarcade.web.app and print the stdlib modules
// that came with it that Pyodide's start had not imported (how STDLIB was
// found; re-run it when the engine's imports change).
//
// What it is not: run in the page, or a test.

import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { refuseNetwork } from "./offline_pyodide.mjs";

const LIST_MODULES = `
import sys
_before = set(sys.modules)
import netarcade.web.app
ours = ("netarcade", "msgpack", "pyodide", "_pyodide", "js", "pyscript", "polyscript")
sorted(name for name in set(sys.modules) - _before if name.split(".")[0] not in ours)
`;

//: the stdlib modules netarcade.web.app imports beyond Pyodide's own start
//: (found with --list on Pyodide 314.0.7; asyncio, json, re, typing... are
//: imported by Pyodide's start already)
const STDLIB = ["hashlib", "datetime", "unicodedata"];

const IMPORT_MODULES = `
import importlib, sys
imported, left_out = [], []
for name in MODULES:
    try:
        importlib.import_module(name)
        imported.append(name)
    except Exception:
        left_out.append(name)
        sys.modules.pop(name, None)
del importlib, name
[imported, left_out]
`;

async function main() {
  const [folder, out, list] = process.argv.slice(2);
  if (!folder || !out || (list && list !== "--list")) {
    console.error("usage: node scripts/python_snapshot.mjs RUNTIME_FOLDER OUT.bin [--list]");
    process.exit(2);
  }
  refuseNetwork("python_snapshot");
  const runtime = resolve(folder);
  const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
  const quiet = { stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n") };

  if (list) {
    const plain = await loadPyodide({ ...quiet, lockFileURL: `${runtime}/pyodide-lock.json`,
                                      packageBaseUrl: `${runtime}/` });
    await plain.loadPackage(["netarcade"], { messageCallback: () => {} });
    console.log(JSON.stringify({ engine_imports: plain.runPython(LIST_MODULES).toJs() }));
  }
  const python = await loadPyodide({ ...quiet, indexURL: `${runtime}/`, _makeSnapshot: true });
  const globals = python.toPy({ MODULES: STDLIB });
  const [imported, leftOut] = python.runPython(IMPORT_MODULES, { globals }).toJs();
  globals.destroy();
  const snapshot = python.makeMemorySnapshot();
  writeFileSync(out, snapshot);
  console.log(JSON.stringify({ bytes: snapshot.length, imported, left_out: leftOut }));
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
