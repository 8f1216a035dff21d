"""Light: the bytes on the wire, and the build's cache of derived files (``make site``).

What it is for: sitebuild/build.py serves Pyodide's stdlib zip with its
members stored (:func:`stored_stdlib`, so it compresses as a whole),
PyScript's package compiled (:func:`pyscript_bytecode`: sitebuild/bytecode.py
makes it) and ``.gz``/``.br`` copies beside every file worth it
(:func:`precompressed`). Each is made once and kept by content hash under
``build/site-cache/`` (:func:`in_site_cache`); :func:`prune_site_cache` deletes
entries this build did not use when they are old, or large.

What it is not: a server; netarcade.site.serve picks the copies by the request's
Accept-Encoding.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import time
import zipfile
from pathlib import Path

from . import bytecode
from .layout import COMPRESSIBLE, MIN_COMPRESS, NODE_MODULES, SITE_CACHE, BuildError

#: names in the site cache this run used (the others may be pruned)
_CACHE_USED: set[str] = set()
#: unused cache entries older than this are deleted (copies of old pages, old wheels' lockfiles)
CACHE_KEEP_SECONDS = 14 * 24 * 3600
#: an entry this build did not use and this large goes at once (the memory snapshot builds
#: made before the browser made it: tens of MB with their compressed copies)
CACHE_DROP_BYTES = 4 * 2**20


def in_site_cache(name: str, make) -> Path:
    """``build/site-cache/name``, made by ``make()`` (bytes) once."""
    SITE_CACHE.mkdir(parents=True, exist_ok=True)
    _CACHE_USED.add(name)
    path = SITE_CACHE / name
    if not path.is_file():
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(make())
        os.replace(tmp, path)
    return path


def stored_stdlib(source: Path) -> Path:
    """Pyodide's ``python_stdlib.zip`` with its members stored, not deflated.

    Each member of the npm file is deflated on its own, so the file hardly
    compresses (2.55 -> 2.50 MB gzipped); stored, the whole archive
    compresses as one stream (1.8 MB Brotli, 2.2 MB gzip). Same members,
    same names and dates; Python's zipimport reads both kinds.
    """
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]

    def make() -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(source) as original, zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as stored:
            for info in original.infolist():
                copy = zipfile.ZipInfo(info.filename, info.date_time)
                copy.external_attr = info.external_attr
                copy.compress_type = zipfile.ZIP_STORED
                stored.writestr(copy, original.read(info.filename))
        return buffer.getvalue()

    return in_site_cache(f"python_stdlib-{digest}-stored.zip", make)


def runtime_files() -> dict[str, Path]:
    """The served Pyodide files the Node steps run (the stored stdlib included)."""
    pyodide = NODE_MODULES / "pyodide"
    files = {name: pyodide / name for name in bytecode.RUNTIME_FILES}
    files["python_stdlib.zip"] = stored_stdlib(pyodide / "python_stdlib.zip")
    return files


def _made_in_node(name: str, make) -> Path:
    """``in_site_cache(name, make)`` for a file a Node script makes (sitebuild/bytecode.py):
    its failure is the build's."""
    try:
        return in_site_cache(name, make)
    except bytecode.BytecodeError as error:
        raise BuildError(str(error)) from None


def pyscript_chunk() -> Path:
    """PyScript's core chunk, which carries the Python package PyScript writes at every start."""
    chunks = sorted((NODE_MODULES / "@pyscript" / "core" / "dist").glob("core-*.js"))
    if len(chunks) != 1:
        raise BuildError(f"expected one PyScript core chunk, found {[chunk.name for chunk in chunks]}")
    return chunks[0]


def pyscript_bytecode(runtime: dict[str, Path], chunk: Path) -> Path:
    """PyScript's own package compiled by the runtime's CPython, made once per
    runtime and PyScript (sitebuild/bytecode.py); only a warm start reads it."""
    return _made_in_node(f"pyscript-bytecode-{bytecode.pyscript_bytecode_key(runtime, chunk)}.zip",
                         lambda: bytecode.make_pyscript_bytecode(runtime, chunk))


def compiled_stdlib(runtime: dict[str, Path], wheels: list[Path]) -> Path:
    """The stored stdlib with the modules a start of the page imports compiled, made once per
    runtime, wheels and list of the page's layers (sitebuild/bytecode.py); the engine's
    worker and the snapshot's start from it, the bare page keeps Pyodide's own."""
    return _made_in_node(f"python-stdlib-{bytecode.compiled_stdlib_key(runtime, wheels)}.zip",
                         lambda: bytecode.make_compiled_stdlib(runtime, wheels))


def prune_site_cache() -> int:
    """Delete cache entries this build did not use and nobody wrote for two weeks, and
    at once those of them over ``CACHE_DROP_BYTES``."""
    removed = 0
    cutoff = time.time() - CACHE_KEEP_SECONDS
    for path in SITE_CACHE.glob("*") if SITE_CACHE.is_dir() else ():
        if not path.is_file() or path.name in _CACHE_USED:
            continue
        stat = path.stat()
        big = stat.st_size >= CACHE_DROP_BYTES and not path.name.endswith(".tmp")  # not one being written
        if stat.st_mtime < cutoff or big:
            path.unlink()
            removed += 1
    return removed


def source_bytes(source: Path | bytes) -> bytes:
    return source if isinstance(source, bytes) else source.read_bytes()


def _brotli():
    try:
        import brotli  # the dev extra installs it; without it only gzip copies are written
    except ImportError:
        return None
    return brotli


def precompressed(plan: dict[str, Path | bytes]) -> dict[str, Path]:
    """``name.gz`` (and ``name.br`` when the brotli module is there) beside every
    file worth it: a compressible type, at least MIN_COMPRESS bytes, and the copy
    at most 90% of the original. The copies are cached by content hash under
    ``build/site-cache/``: the runtime's big files are compressed once per pin.
    The servers pick them by the request's Accept-Encoding (netarcade.site.serve)."""
    brotli = _brotli()
    copies: dict[str, Path] = {}
    for rel, source in plan.items():
        if Path(rel).suffix.lower() not in COMPRESSIBLE:
            continue
        data = source_bytes(source)
        if len(data) < MIN_COMPRESS:
            continue
        digest = hashlib.sha256(data).hexdigest()[:24]
        encoders = [("gz", lambda d: gzip.compress(d, compresslevel=9, mtime=0))]
        if brotli is not None:
            # quality 11 on a 10 MB file takes minutes; 9 with a 16 MB window is close
            quality = 11 if len(data) <= 2_000_000 else 9
            encoders.append(("br", lambda d, q=quality: brotli.compress(d, quality=q, lgwin=24)))
        for suffix, encode in encoders:
            path = in_site_cache(f"{digest}.{suffix}", lambda: encode(data))
            if path.stat().st_size <= 0.9 * len(data):
                copies[f"{rel}.{suffix}"] = path
    return copies
