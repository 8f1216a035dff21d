"""What ``make site`` writes for a light, offline, installable arcade.

The built site (``support.webstack.ensure_site``): every compressed copy decodes to
its original, the service worker lists files that exist with their true
sha256, the manifest's icons are real PNGs of the sizes it claims, the pages
load the runtime from its versioned folders, and the repacked
``python_stdlib.zip`` holds exactly npm's members, stored.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import re
import struct
import time
import zipfile

import pytest

from support.webstack import DIST, PYODIDE_VERSION, ROOT, ensure_site

pytestmark = pytest.mark.pyodide  # needs the npm runtime, as the cross-runtime tests
RUNTIME = f"static/vendor/pyodide-{PYODIDE_VERSION}"


@pytest.fixture(scope="module")
def site():
    return ensure_site()


def test_every_copy_decodes_to_its_original(site):
    copies = sorted(DIST.rglob("*.gz")) + sorted(DIST.rglob("*.br"))
    names = {p.relative_to(DIST).as_posix() for p in copies}
    for big in ("index.html", f"{RUNTIME}/pyodide.asm.wasm", f"{RUNTIME}/python_stdlib.zip", "sw.js"):
        assert f"{big}.gz" in names, big
    brotli = None
    try:
        import brotli
    except ImportError:
        pass
    for copy in copies:
        original = copy.with_suffix("")
        assert original.is_file(), copy
        if copy.suffix == ".gz":
            assert gzip.decompress(copy.read_bytes()) == original.read_bytes(), copy
        elif brotli is not None:
            assert brotli.decompress(copy.read_bytes()) == original.read_bytes(), copy
        assert copy.stat().st_size <= 0.9 * original.stat().st_size, copy
    # msgpack's wheel, deflated member by member, is not worth a copy; ours has its members stored
    # (sitebuild/wheels.py stored_members), so the copies compress it as one stream
    assert not list(DIST.rglob("msgpack-*.whl.gz"))
    ours = next(DIST.rglob("netarcade-*.whl"))
    assert {info.compress_type for info in zipfile.ZipFile(ours).infolist()} == {zipfile.ZIP_STORED}
    assert (ours.parent / (ours.name + ".gz")).stat().st_size < 0.4 * ours.stat().st_size


def _worker_files() -> tuple[str, list[list[str]]]:
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]{12})";', text)
    files = re.search(r"const FILES = (\[.*?\]);\n", text, re.S)
    assert version and files, "sw.js lacks its filled-in VERSION or FILES"
    return version.group(1), json.loads(files.group(1))


def test_service_worker_lists_this_builds_files(site):
    version, files = _worker_files()
    paths = [path for path, _ in files]
    assert paths[:2] == ["./", "./?embed"]  # the embed with its own headers (frame-ancestors)
    for needed in ("manifest.webmanifest", "static/app.css", "static/page.py", "static/dom.py", "static/ops.py", "static/inputs.py", "static/focus.py", "static/opnames.py",
                   "static/engine.py", "static/boot.js", "static/prepaint.js",
                   "static/vendor/pyscript-0.7.31/core.js", "static/vendor/micropython-1.28.0-6/micropython.wasm",
                   f"{RUNTIME}/pyodide.asm.wasm", "static/python-stdlib.zip", f"{RUNTIME}/pyodide-lock.json"):
        assert needed in paths, needed
    assert f"{RUNTIME}/python_stdlib.zip" not in paths  # Pyodide's own: only the bare page loads it
    assert any(p.startswith(f"{RUNTIME}/netarcade-") and p.endswith(".whl") for p in paths)
    assert not any(p.endswith((".map", ".gz", ".br")) or p.endswith("bare.html") for p in paths)
    # PyScript's chunks the page loads, not its editor or terminal libraries
    assert not any(re.search(r"/pyscript-[^/]+/(codemirror|xterm)", p) for p in paths)
    for path, integrity in files:
        data = (DIST / ("index.html" if path.startswith("./") else path)).read_bytes()
        assert integrity == "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode(), path
    assert "static/sw.js" not in {p.relative_to(DIST).as_posix() for p in DIST.rglob("*")}


def test_manifest_and_icons(site):
    manifest = json.loads((DIST / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"].startswith("./")
    sizes = set()
    for icon in manifest["icons"]:
        data = (DIST / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
        else:
            assert data.startswith(b"<svg")
    assert {192, 512} <= sizes
    assert any("maskable" in icon.get("purpose", "") for icon in manifest["icons"])
    page = (DIST / "index.html").read_text(encoding="utf-8")
    assert 'rel="manifest" href="manifest.webmanifest"' in page
    assert "static/offline.py" in page and "offline.js" not in page


def test_pages_load_the_versioned_runtime(site):
    # both pages run PyScript: the arcade's MicroPython on the page and Pyodide in its worker,
    # the arcade's through static/worker/pyodide-start.mjs (the memory snapshot on a warm start)
    for page, prefix in (("static/pyodide-start.mjs", "./vendor/"), ("static/bare.html", "vendor/")):
        text = (DIST / page).read_text(encoding="utf-8")
        assert f"{prefix}pyodide-{PYODIDE_VERSION}/pyodide.mjs" in text, page
        if page.endswith(".html"):
            assert re.search(rf"{prefix}pyscript-[\d.]+/core\.js", text), page
        assert f"{prefix}pyodide/" not in text and f"{prefix}pyscript/" not in text, page
    page = (DIST / "index.html").read_text(encoding="utf-8")
    assert re.search(r"static/vendor/pyscript-[\d.]+/core\.js", page) and "vendor/pyscript/" not in page
    assert '"interpreter": "static/pyodide-start.mjs"' in page and "pyodide.mjs" not in page.replace("pyodide-start", "")
    assert "static/vendor/micropython-1.28.0-6/micropython.mjs" in page and "vendor/micropython/" not in page
    assert 'src="static/page.py"' in page and 'name="engine" src="static/engine.py"' in page
    # PyScript starts as soon as it arrives, not once the page is parsed (static/page.py waits)
    assert re.search(r'<script type="module" async src="static/vendor/pyscript-[\d.]+/core\.js">', page)
    # no installer in the engine's worker: its interpreter module writes the wheels' files in,
    # and names this build's wheels in the versioned runtime folder
    engine = re.search(r'name="engine" src="static/engine.py" config=\'([^\']*)\'', page).group(1)
    assert "packages" not in json.loads(engine), engine
    start = (DIST / "static" / "pyodide-start.mjs").read_text(encoding="utf-8")
    wheels = json.loads(re.search(r"const WHEELS = (\[.*?\]);", start).group(1))
    assert sorted(wheel.rsplit("/", 1)[1].split("-")[0] for wheel, _ in wheels) == ["msgpack", "netarcade"]
    for wheel, integrity in wheels:  # checked by the fetch, as the lockfile's sha256 by Pyodide's installer
        assert wheel.startswith(f"./vendor/pyodide-{PYODIDE_VERSION}/"), wheel
        sha = hashlib.sha256((DIST / "static" / wheel).read_bytes()).digest()
        assert integrity == "sha256-" + base64.b64encode(sha).decode("ascii"), wheel


def test_the_threads_folders_are_served_flat_with_the_op_names(site):
    """static/main/ and static/worker/ (the sources by thread) are served as static/NAME, the
    URLs the pages, the service worker and the runtime's modules name; the op names are the
    wheel's own module, served beside the glue and mapped into MicroPython's files."""
    served = {p.relative_to(DIST).as_posix() for p in DIST.rglob("*")}
    assert not any(p.startswith(("static/main", "static/worker")) for p in served)
    for folder in ("main", "worker"):
        for source in (ROOT / "static" / folder).iterdir():
            assert (DIST / "static" / source.name).is_file(), source.name
            if source.suffix == ".py":  # boot.js and the runtime's loaders are filled in by the build
                assert (DIST / "static" / source.name).read_bytes() == source.read_bytes(), source.name
    assert (DIST / "static" / "opnames.py").read_bytes() == (ROOT / "py" / "netarcade" / "web" / "opnames.py").read_bytes()
    page = (DIST / "index.html").read_text(encoding="utf-8")
    assert '"static/opnames.py": "./opnames.py"' in page


def test_memory_snapshot_is_made_in_the_browser_not_served(site):
    """The snapshot the engine's worker resumes is not on the server (a first visit
    could not fetch it if it tried): the page's worker makes it from the visit's
    files (static/worker/snapshot-worker.mjs, which the service worker stores to make it
    offline too) and the service worker answers its URL from the cache alone
    (what it holds: tests/site/test_pyodide_node.py; that the page makes and resumes
    it: tests/browser/test_browser_offline.py)."""
    assert not (DIST / "static" / "python-snapshot.bin").exists()
    worker = (DIST / "sw.js").read_text(encoding="utf-8")
    files = re.search(r"const FILES = (\[.*?\]);\n", worker, re.S).group(1)
    assert "python-snapshot.bin" not in files and '"static/snapshot-worker.mjs"' in files
    assert '"static/python-snapshot.mjs"' in files and '"static/pyodide-start.mjs"' in files
    assert 'const SNAPSHOT = new URL("static/python-snapshot.bin", SCOPE)' in worker
    maker = (DIST / "static" / "snapshot-worker.mjs").read_text(encoding="utf-8")
    assert f'"./vendor/pyodide-{PYODIDE_VERSION}/pyodide.mjs"' in maker and "./vendor/pyodide/" not in maker
    start = (DIST / "static" / "pyodide-start.mjs").read_text(encoding="utf-8")
    assert "stored(SNAPSHOT" in start and "caches.match(url)" in start and "_loadSnapshot" in start
    assert "_loadSnapshot: snapshot, packages: []" in start


def test_pyscripts_package_is_compiled_for_the_warm_start(site):
    """PyScript's own package compiled by the runtime's CPython (sitebuild/pyscript_bytecode.mjs):
    one .pyc per module PyScript writes into the worker's home folder, stored (the page's
    JavaScript reads the members in order), checked against its source's hash; listed for
    the service worker as fetched later (only once the snapshot is made, and never on a
    light connection: no first visit loads it), read only once stored (that they load:
    tests/site/test_pyodide_node.py)."""
    bundle = zipfile.ZipFile(DIST / "static" / "pyscript-bytecode.zip")
    names = sorted(bundle.namelist())
    assert "pyscript/__pycache__/__init__.cpython-314.pyc" in names
    assert "pyscript/__pycache__/web.cpython-314.pyc" in names and len(names) >= 10, names
    for info in bundle.infolist():
        assert info.compress_type == zipfile.ZIP_STORED and not info.flag_bits & 8, info.filename
        header = bundle.read(info)[:16]
        assert int.from_bytes(header[4:8], "little") == 0b11, info.filename  # hash-based, checked
    worker = (DIST / "sw.js").read_text(encoding="utf-8")
    later = re.search(r"const LATER = (\[.*?\]);\n", worker, re.S).group(1)
    files = re.search(r"const FILES = (\[.*?\]);\n", worker, re.S).group(1)
    assert '"static/pyscript-bytecode.zip"' in later and "pyscript-bytecode.zip" not in files
    start = (DIST / "static" / "pyodide-start.mjs").read_text(encoding="utf-8")
    assert "stored(BYTECODE" in start and "unpackBytecode(pyodide, bytecode)" in start


def test_stdlib_is_npms_members_stored(site):
    npm = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    ours = zipfile.ZipFile(DIST / RUNTIME / "python_stdlib.zip")
    assert [i.filename for i in ours.infolist()] == [i.filename for i in npm.infolist()]
    assert {i.compress_type for i in ours.infolist()} == {zipfile.ZIP_STORED}
    members = [name for name in npm.namelist() if not name.endswith("/")]
    for name in members[:: max(1, len(members) // 20)]:  # a sample across the archive
        assert ours.read(name) == npm.read(name), name


def test_the_page_starts_from_the_stdlib_it_imports_compiled(site):
    """static/python-stdlib.zip (sitebuild/stdlib_bytecode.mjs): Pyodide's stdlib, stored, with
    every module a start of the page imports as an unchecked-hash .pyc in place of its source
    (zipimport prefers NAME.pyc), every other member as npm has it; the engine's worker and the
    snapshot's maker start from it (that it loads: tests/site/test_pyodide_node.py)."""
    npm = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    compiled = zipfile.ZipFile(DIST / "static" / "python-stdlib.zip")
    assert {i.compress_type for i in compiled.infolist()} == {zipfile.ZIP_STORED}
    names = set(compiled.namelist())
    bytecode = sorted(name for name in names if name.endswith(".pyc"))
    # what every start imports: Pyodide's own Python, asyncio for its event loop, and ours' stdlib
    for module in ("_pyodide/_base", "pyodide/webloop", "asyncio/base_events", "typing", "dataclasses", "json/decoder"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names, module
    assert len(bytecode) > 100, len(bytecode)
    for name in bytecode:
        header = compiled.read(name)[:16]
        assert int.from_bytes(header[4:8], "little") == 0b01, name  # hash-based, unchecked (no source)
    sources = [name for name in npm.namelist() if name not in names]
    assert sorted(name[:-3] + ".pyc" for name in sources) == bytecode  # only those replaced
    kept = [name for name in npm.namelist() if name in names and not name.endswith("/")]
    for name in kept[:: max(1, len(kept) // 20)]:  # the rest as npm has it
        assert compiled.read(name) == npm.read(name), name
    start = (DIST / "static" / "pyodide-start.mjs").read_text(encoding="utf-8")
    maker = (DIST / "static" / "snapshot-worker.mjs").read_text(encoding="utf-8")
    for module in (start, maker):
        assert 'new URL("./python-stdlib.zip", import.meta.url)' in module and "stdLibURL: STDLIB" in module


def test_pages_carry_the_policy_and_run_no_inline_script(site):
    from netarcade.site.rules import content_security_policy

    pages = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*.html"))
    assert "index.html" in pages and "static/bare.html" in pages
    for rel in pages:
        text = (DIST / rel).read_text(encoding="utf-8")
        policy = content_security_policy(rel, meta=True)
        # right after the charset, before anything it governs; no frame-ancestors (a <meta> cannot)
        assert f'<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" content="{policy}">' in text, rel
        assert "frame-ancestors" not in policy
    index = (DIST / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b([^>]*)>", index)  # no inline JavaScript; PyScript's scripts are files too
    assert scripts and all("src=" in attributes for attributes in scripts), scripts
    assert "/*na:pages*/" not in (DIST / "static" / "boot.js").read_text(encoding="utf-8")


def test_the_build_cache_drops_what_it_did_not_use_when_old_or_large(tmp_path, monkeypatch):
    """sitebuild/light.py: an unused entry goes after two weeks, or at once over
    CACHE_DROP_BYTES (a memory snapshot of an older build); used ones and one being
    written stay."""
    from sitebuild import light as site_light

    monkeypatch.setattr(site_light, "SITE_CACHE", tmp_path)
    monkeypatch.setattr(site_light, "_CACHE_USED", {"used.bin"})
    big = site_light.CACHE_DROP_BYTES
    (tmp_path / "used.bin").write_bytes(bytes(big))
    (tmp_path / "old-snapshot.bin").write_bytes(bytes(big))
    (tmp_path / "new.br").write_bytes(b"small")
    (tmp_path / "old.br").write_bytes(b"small")
    (tmp_path / "writing.bin.tmp").write_bytes(bytes(big))
    weeks_ago = time.time() - site_light.CACHE_KEEP_SECONDS - 60
    os.utime(tmp_path / "old.br", (weeks_ago, weeks_ago))
    assert site_light.prune_site_cache() == 2
    assert sorted(path.name for path in tmp_path.iterdir()) == ["new.br", "used.bin", "writing.bin.tmp"]


def test_the_pages_wheel_leaves_the_learning_environments_out(site):
    """The wheel the page loads holds no ``netarcade/rl`` module and no ``rl``
    extra (sitebuild/wheels.py): the page is the size it was before them."""
    assert (ROOT / "py" / "netarcade" / "rl" / "__init__.py").is_file()  # there to leave out
    wheels = list((DIST / RUNTIME).glob("netarcade-*.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = wheel.namelist()
        metadata = next(wheel.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert "netarcade/games/breach/rules.py" in names and "netarcade/web/app.py" in names
    assert [n for n in names if n.startswith("netarcade/rl/")] == []
    assert "Provides-Extra: dev" in metadata
    assert "Provides-Extra: rl" not in metadata and "pettingzoo" not in metadata
