"""Our wheel and msgpack's Pyodide wheel, and the lockfile the site serves (``make site``).

What it is for: sitebuild/build.py calls :func:`build_our_wheel` (``python
-m build`` from a clean copy, reproducible, rebuilt only when its inputs
changed) and :func:`fetch_msgpack_wheel` (``pip download``, once), both
cached under ``build/wheels/``, then :func:`served_lockfile`: Pyodide's own
``pyodide-lock.json`` with entries for both wheels added, shaped like
Pyodide's own, so Pyodide loads them from beside the lockfile.

What it is not: an installer; nothing here runs in the page.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

from .layout import (MSGPACK_VERSION, NODE_MODULES, PYODIDE_PLATFORM, PYODIDE_PYTHON, ROOT, SOURCE_DATE_EPOCH,
                     WHEEL_CACHE, WHEEL_INPUTS, BuildError)


#: what the page's wheel leaves out: the learning environments (``netarcade.rl``,
#: docs/rl.md), which the page never imports, and the ``rl`` extra that installs
#: their libraries; the wheel ``pip install netarcade[rl]`` installs keeps both
BROWSER_LEFT_OUT = ("netarcade/rl",)
#: the ``rl`` extra's block of pyproject.toml (``browser_pyproject`` drops it)
_RL_EXTRA = re.compile(r"^rl = \[\n(?:[ \t]+[^\n]*\n)*?\]\n", re.MULTILINE)


def left_out(relative: Path) -> bool:
    """Is this path under ``py/`` (``netarcade/...``) left out of the page's wheel?"""
    text = relative.as_posix()
    return any(text == name or text.startswith(name + "/") for name in BROWSER_LEFT_OUT)


def browser_pyproject(text: str) -> str:
    """pyproject.toml as the page's wheel is built from: without the ``rl``
    extra, so the wheel's metadata is what it was before the extra existed."""
    stripped, count = _RL_EXTRA.subn("", text)
    if count != 1:
        raise BuildError(f"pyproject.toml: expected one 'rl = [...]' extra to leave out of the page's wheel, found {count}")
    return stripped


def wheel_inputs_hash() -> str:
    """sha256 over the wheel's inputs (paths and contents), ignoring caches
    and what the page's wheel leaves out."""
    digest = hashlib.sha256()
    files = [ROOT / name for name in WHEEL_INPUTS if (ROOT / name).is_file()]
    for path in sorted((ROOT / "py").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in {".pyc", ".pyo"}:
            continue
        if any(part.endswith(".egg-info") for part in path.parts):
            continue
        if left_out(path.relative_to(ROOT / "py")):
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
        if recorded.get("inputs") == inputs and recorded.get("members") == "stored" and cached.is_file() \
                and cached.suffix == ".whl":
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
        pyproject = source / "pyproject.toml"
        pyproject.write_text(browser_pyproject(pyproject.read_text(encoding="utf-8")), encoding="utf-8")
        caches = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")

        def ignore(folder: str, names: list[str]) -> set[str]:
            here = Path(folder).relative_to(ROOT / "py")
            return set(caches(folder, names)) | {name for name in names if left_out(here / name)}

        shutil.copytree(ROOT / "py", source / "py", ignore=ignore)
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
        wheel.write_bytes(stored_members(built[0]))
    stamp.write_text(json.dumps({"inputs": inputs, "wheel": wheel.name, "members": "stored"}) + "\n",
                     encoding="utf-8")
    return wheel, f"built in {time.perf_counter() - started:.1f}s"


def stored_members(wheel: Path) -> bytes:
    """``wheel`` with its members stored, not deflated (same names, dates, attributes and
    order; a wheel's RECORD hashes the files, not their compression). Deflated one by one,
    our wheel hardly compresses on the wire (531 KB); stored, the server's Brotli copy
    compresses it as one stream (about 0.34 MB), as ``light.stored_stdlib`` does for the
    stdlib. The engine's worker reads the members in JavaScript either way
    (static/worker/pyodide-start.mjs), Pyodide's installer too (the bare page)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(wheel) as original, zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as stored:
        for info in original.infolist():
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.external_attr = info.external_attr
            copy.compress_type = zipfile.ZIP_STORED
            stored.writestr(copy, original.read(info.filename))
    return buffer.getvalue()


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
