// PyScript's own Python package compiled for Pyodide's CPython, for a faster warm start.
//
// What it is for: at every start, before our worker's file runs, PyScript
// writes its Python package (`pyscript`: __init__, context, display, events,
// fetch, ffi, flatted, fs, media, storage, util, web, websocket, workers)
// into the worker's home folder and imports it, compiling each module from
// source in WebAssembly. On a warm start, with our own modules already
// imported in the memory snapshot (static/worker/python-snapshot.mjs), that
// compiling is most of PyScript's setup. sitebuild/build.py serves what
// this writes as static/pyscript-bytecode.zip; the service worker stores it
// once the browser has made the memory snapshot (never under Save-Data or on
// a metered connection), and static/worker/pyodide-start.mjs unpacks it into the
// home folder on a later visit only, before PyScript writes its sources
// there (a first visit never loads it).
//
// How: the package's modules are the strings PyScript carries in its core
// chunk (`pyscript:{"__init__.py":...}`, the exact text it writes, minified
// by PyScript's build, not the sources in its npm package's src/). Pyodide
// (the site's own runtime folder, so the same CPython 3.14 the page runs)
// writes each as PyScript does (`Path.write_text(text, encoding="utf-8")`)
// and compiles it with py_compile into the `__pycache__` name CPython looks
// for, with `checked-hash` invalidation: the interpreter compares the hash
// of the source PyScript wrote with the one in the .pyc and compiles from
// source when they differ, so a .pyc of another PyScript is never run. The
// zip holds only the .pyc, at their paths under the home folder, stored
// (not deflated): the page reads it in JavaScript, member after member.
//
// Usage: node sitebuild/pyscript_bytecode.mjs RUNTIME_FOLDER CORE_CHUNK OUT.zip
// Prints one line of JSON: the modules compiled, the home folder.
//
// What it is not: run in the page, or a test.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { refuseNetwork } from "./offline_pyodide.mjs";

const COMPILE = `
import io, json, os, py_compile, zipfile
from importlib.util import cache_from_source
from pathlib import Path

chunk = Path("/tmp/core.js").read_text(encoding="utf-8")
marker = 'pyscript:{"__init__.py":'
if chunk.count(marker) != 1:
    raise SystemExit(f"PyScript's package is not in this chunk once ({chunk.count(marker)} times)")
package, _ = json.JSONDecoder().raw_decode(chunk, chunk.index(marker) + len("pyscript:"))
home = os.getcwd()
compiled = []
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as bundle:
    def walk(folder, entries):
        for name, text in sorted(entries.items()):
            path = f"{folder}/{name}"
            if isinstance(text, dict):
                walk(path, text)
                continue
            if not name.endswith(".py"):
                continue
            source = Path(home, path)
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(text, encoding="utf-8")
            pyc = py_compile.compile(str(source), doraise=True,
                                     invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
            member = zipfile.ZipInfo(cache_from_source(path), (1980, 1, 1, 0, 0, 0))
            member.compress_type = zipfile.ZIP_STORED
            bundle.writestr(member, Path(pyc).read_bytes())
            compiled.append(path)
    walk("pyscript", package)
Path("/tmp/out.zip").write_bytes(out.getvalue())
json.dumps({"compiled": compiled, "home": home})
`;

async function main() {
  const [folder, chunk, outPath] = process.argv.slice(2);
  if (!folder || !chunk || !outPath) {
    console.error("usage: node sitebuild/pyscript_bytecode.mjs RUNTIME_FOLDER CORE_CHUNK OUT.zip");
    process.exit(2);
  }
  refuseNetwork("pyscript_bytecode");
  const runtime = resolve(folder);
  const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdout: () => {},
                                      stderr: (line) => process.stderr.write(line + "\n") });
  pyodide.FS.writeFile("/tmp/core.js", readFileSync(resolve(chunk)));
  const report = pyodide.runPython(COMPILE);
  writeFileSync(resolve(outPath), pyodide.FS.readFile("/tmp/out.zip"));
  console.log(report);
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
