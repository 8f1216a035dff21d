// The standard library a start imports, compiled: Pyodide's stdlib zip with the
// modules the engine's worker imports on every start as bytecode instead of source.
//
// What it is for: a cold start (a first visit) compiles from source every stdlib
// module CPython, Pyodide and our page import, because Pyodide 314's
// python_stdlib.zip holds no .pyc: some 140 modules (asyncio, typing, inspect,
// zipfile, re...), about two thirds of loadPyodide's CPU time in Node
// (docs/web-runtime.md, "The standard library compiled"). sitebuild/build.py
// serves what this writes as static/python-stdlib.zip, and the engine's worker
// (static/worker/pyodide-start.mjs) and the worker that makes the memory snapshot
// (static/worker/snapshot-worker.mjs) start Pyodide with it (`stdLibURL`); the
// bare page and Node's tools keep Pyodide's own.
//
// How: Pyodide (the site's own runtime folder: the same CPython 3.14 the page
// runs) starts from the stored stdlib, writes the Python files of the wheels
// given and imports every module of the layers the page runs and `html`
// (PAGE_PACKAGES and PYSCRIPT_STDLIB, as the memory snapshot does). Every
// module then imported from the stdlib zip is compiled, its docstrings left
// out (an ast pass: what `python -OO` drops, asserts kept; not from Pyodide's
// own packages, which read docstrings of their own) and without column
// positions (PYTHONNODEBUGRANGES: tracebacks still name the line), into an
// unchecked-hash .pyc; the output is the stdlib zip with those modules' .py
// replaced by their .pyc (zipimport looks for NAME.pyc beside NAME.py and
// prefers it), every other member as it was, all stored. Sourceless, so a
// traceback in one of them shows no source text, and the zip is 0.14 MB
// larger by Brotli, not 0.8 MB.
//
// Usage: node sitebuild/stdlib_bytecode.mjs RUNTIME_FOLDER OUT.zip WHEEL...
// Prints one line of JSON: the modules compiled.
//
// What it is not: run in the page, or a test.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { refuseNetwork } from "./offline_pyodide.mjs";

const here = dirname(fileURLToPath(import.meta.url));

const COMPILE = `
import ast, importlib, importlib.util, io, json, pkgutil, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

site_packages = site.getsitepackages()[0]
for wheel in WHEELS:
    with zipfile.ZipFile(wheel) as bundle:
        for name in bundle.namelist():
            if name.endswith(".py"):
                bundle.extract(name, site_packages)
for package in PACKAGES:
    importlib.import_module(package)
    for module in pkgutil.walk_packages(sys.modules[package].__path__, package + "."):
        importlib.import_module(module.name)
for module in ALSO:
    importlib.import_module(module)

STDLIB = sys.path[1]  # /lib/python314.zip
started = sorted({module.__file__[len(STDLIB) + 1:] for module in list(sys.modules.values())
                  if (getattr(module, "__file__", None) or "").startswith(STDLIB + "/")
                  and module.__file__.endswith(".py")})


#: Pyodide's own packages read docstrings of their own (_pyodide.docstring): compiled as they are
DOCUMENTED = ("_pyodide/", "pyodide/")


class Undocumented(ast.NodeTransformer):
    """What python -OO leaves out of a module: its docstrings (not its asserts)."""

    def generic_visit(self, node):
        super().generic_visit(node)
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \\
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
        return node


out = io.BytesIO()
with zipfile.ZipFile(STDLIB) as original, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as compiled:
    for info in original.infolist():
        if info.filename in started:
            source = original.read(info.filename)
            tree = ast.parse(source)
            if not info.filename.startswith(DOCUMENTED):
                tree = ast.fix_missing_locations(Undocumented().visit(tree))
            code = compile(tree, f"{STDLIB}/{info.filename}", "exec", dont_inherit=True)
            info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
            data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        else:
            data = original.read(info.filename)
            info = zipfile.ZipInfo(info.filename, info.date_time)
        info.compress_type = zipfile.ZIP_STORED
        compiled.writestr(info, data)
open("/tmp/out.zip", "wb").write(out.getvalue())
json.dumps({"compiled": started})
`;

async function main() {
  const [folder, outPath, ...wheels] = process.argv.slice(2);
  if (!folder || !outPath || !wheels.length) {
    console.error("usage: node sitebuild/stdlib_bytecode.mjs RUNTIME_FOLDER OUT.zip WHEEL...");
    process.exit(2);
  }
  refuseNetwork("stdlib_bytecode");
  const runtime = resolve(folder);
  const { PAGE_PACKAGES, PYSCRIPT_STDLIB } = await import(
    pathToFileURL(resolve(here, "..", "static", "worker", "python-snapshot.mjs")).href);
  const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${runtime}/`, packages: [], stdout: () => {},
                                      env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
                                      stderr: (line) => process.stderr.write(line + "\n") });
  const paths = wheels.map((wheel, n) => {
    const path = `/tmp/wheel-${n}.whl`;
    pyodide.FS.writeFile(path, readFileSync(resolve(wheel)));
    return path;
  });
  const globals = pyodide.toPy({ WHEELS: paths, PACKAGES: PAGE_PACKAGES, ALSO: PYSCRIPT_STDLIB });
  const report = pyodide.runPython(COMPILE, { globals });
  writeFileSync(resolve(outPath), pyodide.FS.readFile("/tmp/out.zip"));
  console.log(report);
}

main().catch((err) => {
  console.error(err?.stack ?? String(err));
  process.exit(1);
});
