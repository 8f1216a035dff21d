// Our wheel with its modules compiled for Pyodide's CPython, for a faster start.
//
// What it is for: importing netarcade.web.app compiles our 86 modules from
// source on every page load, in WebAssembly: most of our imports' time
// (measured in Node: 2.6-5.5 s compiling against 0.8-0.9 s with the .pyc
// there, under heavy load). Not part of the build: the .pyc make the served
// wheel 1.39 MB instead of 0.44 MB, which puts a cold load over its bytes
// target (docs/web-runtime.md, "Warm start"); kept to measure that lever.
//
// How: Pyodide (the site's own runtime folder, so the same CPython 3.14 the
// page runs) reads the wheel, compiles every module with py_compile into the
// `__pycache__` name CPython looks for (`X.cpython-314.pyc`), with
// `unchecked-hash` invalidation (the interpreter trusts the file and never
// compares it with the source's time, which unpacking does not keep), and
// with the path the module will have once installed (tracebacks name the
// real file). The new wheel is the old one's entries, unchanged and in
// order, plus the .pyc files, listed in RECORD without a hash (allowed for
// .pyc). The sources stay: tracebacks show their lines.
//
// Usage: node scripts/wheel_bytecode.mjs RUNTIME_FOLDER WHEEL OUT.whl [SNAPSHOT]
// (SNAPSHOT: scripts/python_snapshot.mjs's, to start Pyodide faster).
// Prints one line of JSON: modules compiled, Pyodide's Python version.
//
// What it is not: run in the page, or a test.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { refuseNetwork } from "./offline_pyodide.mjs";

const COMPILE = `
import io, py_compile, site, sys, zipfile
from importlib.util import cache_from_source

site_packages = site.getsitepackages()[0]
source = zipfile.ZipFile("/tmp/in.whl")
out = io.BytesIO()
compiled = []
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as wheel:
    record_name = None
    record = b""
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".dist-info/RECORD"):
            record_name, record = info, data
            continue
        wheel.writestr(info, data)
        if info.filename.endswith(".py"):
            with open("/tmp/src.py", "wb") as src:
                src.write(data)
            py_compile.compile("/tmp/src.py", cfile="/tmp/out.pyc", dfile=f"{site_packages}/{info.filename}",
                               doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            name = cache_from_source(info.filename)
            pyc = zipfile.ZipInfo(name, info.date_time)
            pyc.external_attr = info.external_attr
            pyc.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(pyc, open("/tmp/out.pyc", "rb").read())
            compiled.append(name)
    if record_name is not None:
        extra = "".join(f"{name},,\\n" for name in compiled).encode()
        wheel.writestr(record_name, record + extra)
open("/tmp/out.whl", "wb").write(out.getvalue())
len(compiled)
`;

async function main() {
  const [folder, wheelPath, outPath, snapshot] = process.argv.slice(2);
  if (!folder || !wheelPath || !outPath) {
    console.error("usage: node scripts/wheel_bytecode.mjs RUNTIME_FOLDER WHEEL OUT.whl");
    process.exit(2);
  }
  refuseNetwork("wheel_bytecode");
  const runtime = resolve(folder);
  const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdout: () => {},
                                      stderr: (line) => process.stderr.write(line + "\n"),
                                      ...(snapshot ? { _loadSnapshot: readFileSync(resolve(snapshot)) } : {}) });
  pyodide.FS.writeFile("/tmp/in.whl", readFileSync(resolve(wheelPath)));
  const compiled = pyodide.runPython(COMPILE);
  writeFileSync(resolve(outPath), pyodide.FS.readFile("/tmp/out.whl"));
  console.log(JSON.stringify({ compiled, python: pyodide.runPython("import sys; sys.version.split()[0]") }));
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
