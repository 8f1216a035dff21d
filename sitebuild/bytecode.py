"""PyScript's package and the stdlib a start imports compiled, for the built site (``make site``).

What it is for: sitebuild/build.py (through sitebuild/light.py) calls
:func:`make_compiled_stdlib` to get ``static/python-stdlib.zip`` (the stdlib
modules every start of the engine's worker imports as bytecode:
sitebuild/stdlib_bytecode.mjs, kept as ``build/site-cache/python-stdlib-<hash>.zip``)
and :func:`make_pyscript_bytecode` to get ``static/pyscript-bytecode.zip``:
PyScript's own Python package, which it writes and imports at every start,
compiled by the site's own runtime in Node (sitebuild/pyscript_bytecode.mjs);
a warm start unpacks it before PyScript writes the sources
(static/worker/pyodide-start.mjs). It depends on the runtime, PyScript's chunk and
that script, and is kept in the build's cache
(``build/site-cache/pyscript-bytecode-<hash>.zip``).

The memory snapshot the warm start resumes is not made here: the browser
makes it from the files a first visit loaded (static/worker/snapshot-worker.mjs,
docs/web-runtime.md, "Warm start").

What it is not: the Node script itself, or a test.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYSCRIPT_BYTECODE_SCRIPT = ROOT / "sitebuild" / "pyscript_bytecode.mjs"
STDLIB_BYTECODE_SCRIPT = ROOT / "sitebuild" / "stdlib_bytecode.mjs"
#: the list of the page's layers the compiled stdlib is made for (PAGE_PACKAGES, PYSCRIPT_STDLIB)
PAGE_LAYERS = ROOT / "static" / "worker" / "python-snapshot.mjs"
#: what the bytecode is made with: the served runtime files (the stored stdlib zip included),
#: and Pyodide's own lockfile, which loadPyodide reads (ours adds only our wheels to it)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
NPM_LOCKFILE = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"


class BytecodeError(RuntimeError):
    pass


def _key(runtime: dict[str, Path], inputs: list[Path], script: Path) -> str:
    """A hash of the runtime files, Pyodide's lockfile, ``inputs`` (by name and
    content) and the Node script with its helper: what a made file depends on."""
    digest = hashlib.sha256()
    for name in RUNTIME_FILES:
        digest.update(name.encode() + b"\0" + hashlib.sha256(runtime[name].read_bytes()).digest())
    digest.update(hashlib.sha256(NPM_LOCKFILE.read_bytes()).digest())
    for path in inputs:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    for code in (script, ROOT / "sitebuild" / "offline_pyodide.mjs"):
        digest.update(code.read_bytes())
    return digest.hexdigest()[:16]


def _run_node(script: Path, runtime: dict[str, Path], out_name: str, *args: str) -> bytes:
    """Run ``script RUNTIME_FOLDER ARGS...`` in Node, RUNTIME_FOLDER a temporary
    folder holding exactly ``runtime`` (name -> file) and Pyodide's lockfile;
    ``out_name`` in that folder names the output (an argument); returns its bytes."""
    node = shutil.which("node")
    if node is None:
        raise BytecodeError(f"node is missing: {script.name} runs Pyodide in Node")
    with tempfile.TemporaryDirectory(prefix="netarcade-pyodide-") as folder:
        for name, source in runtime.items():
            shutil.copyfile(source, Path(folder) / name)
        shutil.copyfile(NPM_LOCKFILE, Path(folder) / "pyodide-lock.json")
        out = Path(folder) / out_name
        arguments = [str(out) if arg == out_name else arg for arg in args]
        done = subprocess.run([node, str(script), folder, *arguments], capture_output=True, text=True)
        if done.returncode != 0 or not out.is_file():
            raise BytecodeError(f"{script.name} failed:\n{done.stdout}{done.stderr}")
        return out.read_bytes()


def pyscript_bytecode_key(runtime: dict[str, Path], chunk: Path) -> str:
    """A hash of what PyScript's bytecode is made from: the runtime files,
    PyScript's chunk that carries its package, and the script that compiles it."""
    return _key(runtime, [chunk], PYSCRIPT_BYTECODE_SCRIPT)


def make_pyscript_bytecode(runtime: dict[str, Path], chunk: Path) -> bytes:
    """PyScript's package compiled by the runtime's own CPython (sitebuild/pyscript_bytecode.mjs):
    a zip of ``.pyc`` at their paths under the worker's home folder."""
    return _run_node(PYSCRIPT_BYTECODE_SCRIPT, runtime, "bytecode.zip", str(chunk), "bytecode.zip")


def compiled_stdlib_key(runtime: dict[str, Path], wheels: list[Path]) -> str:
    """A hash of what the compiled stdlib is made from: the runtime files, the wheels whose
    modules are imported to find what a start imports, the list of the page's layers and
    the script that compiles it."""
    return _key(runtime, [*wheels, PAGE_LAYERS], STDLIB_BYTECODE_SCRIPT)


def make_compiled_stdlib(runtime: dict[str, Path], wheels: list[Path]) -> bytes:
    """The stored stdlib zip with every module a start of the page imports as a ``.pyc``
    instead of its source (sitebuild/stdlib_bytecode.mjs)."""
    return _run_node(STDLIB_BYTECODE_SCRIPT, runtime, "stdlib.zip", "stdlib.zip", *(str(wheel) for wheel in wheels))
