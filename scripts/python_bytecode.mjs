// Our modules compiled for Pyodide's CPython, for a faster warm start.
//
// What it is for: importing netarcade.web.app compiles our modules from
// source on every page load, in WebAssembly: most of a warm start's imports
// (measured in Node: 2.6-5.5 s compiling against 0.8-0.9 s with the .pyc
// there, under heavy load). scripts/build_site.py serves what this writes
// as static/python-bytecode.zip; the service worker stores it with the rest
// of the site, and static/pyodide-start.mjs unpacks it into site-packages
// on a later visit only, before PyScript installs our wheel (a first visit
// never downloads it: a cold load's bytes stay what they were; see
// docs/web-runtime.md, "Warm start").
//
// How: Pyodide (the site's own runtime folder, so the same CPython 3.14 the
// page runs) reads the wheel and compiles every module with py_compile into
// the `__pycache__` name CPython looks for (`X.cpython-314.pyc`), with
// `checked-hash` invalidation: the interpreter compares the hash of the
// installed source with the one in the .pyc (unpacking keeps no file
// times) and compiles from source when they differ, so a .pyc of another
// build is never run. Each is compiled with the path the module has once
// installed (tracebacks name the real file). The zip holds only the .pyc,
// at their paths under site-packages, stored (not deflated): the page reads
// it in JavaScript, member after member, and the site's precompressed copy
// (.br, .gz) compresses the whole file as one stream.
//
// Usage: node scripts/python_bytecode.mjs RUNTIME_FOLDER WHEEL OUT.zip [SNAPSHOT]
// (SNAPSHOT: scripts/python_snapshot.mjs's, to start Pyodide faster).
// Prints one line of JSON: modules compiled, Pyodide's Python version.
//
// What it is not: run in the page, or a test.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { refuseNetwork } from "./offline_pyodide.mjs";

const COMPILE = `
import io, py_compile, site, zipfile
from importlib.util import cache_from_source

site_packages = site.getsitepackages()[0]
source = zipfile.ZipFile("/tmp/in.whl")
out = io.BytesIO()
compiled = 0
with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as bundle:
    for info in source.infolist():
        if not info.filename.endswith(".py"):
            continue
        with open("/tmp/src.py", "wb") as src:
            src.write(source.read(info))
        py_compile.compile("/tmp/src.py", cfile="/tmp/out.pyc", dfile=f"{site_packages}/{info.filename}",
                           doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
        pyc = zipfile.ZipInfo(cache_from_source(info.filename), info.date_time)
        pyc.external_attr = info.external_attr
        pyc.compress_type = zipfile.ZIP_STORED
        with open("/tmp/out.pyc", "rb") as compiled_file:
            bundle.writestr(pyc, compiled_file.read())
        compiled += 1
open("/tmp/out.zip", "wb").write(out.getvalue())
compiled
`;

async function main() {
  const [folder, wheelPath, outPath, snapshot] = process.argv.slice(2);
  if (!folder || !wheelPath || !outPath) {
    console.error("usage: node scripts/python_bytecode.mjs RUNTIME_FOLDER WHEEL OUT.zip [SNAPSHOT]");
    process.exit(2);
  }
  refuseNetwork("python_bytecode");
  const runtime = resolve(folder);
  const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdout: () => {},
                                      stderr: (line) => process.stderr.write(line + "\n"),
                                      ...(snapshot ? { _loadSnapshot: readFileSync(resolve(snapshot)) } : {}) });
  pyodide.FS.writeFile("/tmp/in.whl", readFileSync(resolve(wheelPath)));
  const compiled = pyodide.runPython(COMPILE);
  writeFileSync(resolve(outPath), pyodide.FS.readFile("/tmp/out.zip"));
  console.log(JSON.stringify({ compiled, python: pyodide.runPython("import sys; sys.version.split()[0]") }));
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
