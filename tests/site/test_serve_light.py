"""Both servers (the static server and the relay) send the build's
precompressed copies by Accept-Encoding, with the right headers, and cache
versioned runtime files for long and the page never.

A small site made here (no build needed): an index page and a runtime file
under a versioned folder, each with real gzip and a stand-in ``.br`` copy
(the servers never decode; they pick a file), our wheel and the lockfile in
the same folder (rebuilt from our source, so not cached for long), and a
file with no copy. The relay is a real process (``tests/support/relay_harness``);
the static server runs in a thread.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from netarcade.site.rules import accepted_codings, cache_control, negotiate

from support.site_http import fetch, serving

RUNTIME = "static/vendor/pyodide-314.0.7"
PAGE = b"<!doctype html><title>netarcade</title>" + b"<p>board</p>" * 400
WASM = bytes(range(256)) * 64
LOCK = b'{"packages": {}}' * 100


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("light") / "site"
    (root / RUNTIME).mkdir(parents=True)
    files = {"index.html": PAGE, f"{RUNTIME}/pyodide.asm.wasm": WASM, f"{RUNTIME}/pyodide-lock.json": LOCK}
    for rel, data in files.items():
        (root / rel).write_bytes(data)
        (root / f"{rel}.gz").write_bytes(gzip.compress(data, 9))
    (root / "index.html.br").write_bytes(b"BROTLI:" + PAGE[:50])  # picked, never decoded
    (root / RUNTIME / "netarcade-0.1.0-py3-none-any.whl").write_bytes(b"PK\x03\x04 a wheel")
    return root


@pytest.fixture(scope="module", params=["static", "relay"])
def base(request, site, tmp_path_factory):
    with serving(request.param, site, tmp_path_factory.mktemp("relay-data")) as url:
        yield url


def test_gzip_when_accepted(base):
    status, headers, body = fetch(base, f"/{RUNTIME}/pyodide.asm.wasm", Accept_Encoding="gzip, deflate")
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["content-type"] == "application/wasm"  # the file's type, not the copy's
    assert int(headers["content-length"]) == len(body) < len(WASM)
    assert gzip.decompress(body) == WASM
    assert headers["vary"] == "Accept-Encoding"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"


def test_identity_without_accept_encoding(base):
    for accept in ({}, {"Accept_Encoding": "identity"}, {"Accept_Encoding": "gzip;q=0, br;q=0"}):
        status, headers, body = fetch(base, f"/{RUNTIME}/pyodide.asm.wasm", **accept)
        assert status == 200, accept
        assert "content-encoding" not in headers, accept
        assert body == WASM and int(headers["content-length"]) == len(WASM)
        assert headers["vary"] == "Accept-Encoding"  # the answer still depends on the header


def test_brotli_preferred_and_q_values(base):
    status, headers, body = fetch(base, "/", Accept_Encoding="gzip, deflate, br")
    assert (status, headers["content-encoding"]) == (200, "br")
    assert body.startswith(b"BROTLI:")
    # a higher q for gzip wins over the server's preference
    _, headers, body = fetch(base, "/", Accept_Encoding="br;q=0.5, gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == PAGE
    # no .br copy of the wasm: gzip
    _, headers, _ = fetch(base, f"/{RUNTIME}/pyodide.asm.wasm", Accept_Encoding="br, gzip")
    assert headers["content-encoding"] == "gzip"
    _, headers, _ = fetch(base, "/", Accept_Encoding="*")
    assert headers["content-encoding"] == "br"


def test_page_never_cached_wheel_and_lockfile_revalidated(base):
    _, headers, body = fetch(base, "/", Accept_Encoding="gzip")
    assert headers["cache-control"] == "no-cache"
    assert headers["content-type"].startswith("text/html")
    for rel in ("netarcade-0.1.0-py3-none-any.whl", "pyodide-lock.json"):
        _, headers, _ = fetch(base, f"/{RUNTIME}/{rel}", Accept_Encoding="gzip")
        assert headers["cache-control"] == "no-cache", rel
    _, headers, body = fetch(base, f"/{RUNTIME}/netarcade-0.1.0-py3-none-any.whl", Accept_Encoding="gzip")
    assert "content-encoding" not in headers and "vary" not in headers  # no copy: never varies
    assert body.startswith(b"PK")


def test_etag_revalidation_per_representation(base):
    _, plain, _ = fetch(base, "/")
    _, gz, _ = fetch(base, "/", Accept_Encoding="gzip")
    assert plain["etag"] != gz["etag"]
    status, headers, body = fetch(base, "/", Accept_Encoding="gzip", If_None_Match=gz["etag"])
    assert (status, body) == (304, b"")
    assert headers["etag"] == gz["etag"] and headers["cache-control"] == "no-cache"
    # the tag of the other representation does not match
    status, _, body = fetch(base, "/", Accept_Encoding="gzip", If_None_Match=plain["etag"])
    assert status == 200 and gzip.decompress(body) == PAGE


def test_head_gives_the_length_of_the_get(base):
    status, headers, body = fetch(base, "/", "HEAD", Accept_Encoding="gzip")
    assert status == 200 and body == b""
    assert headers["content-encoding"] == "gzip"
    assert int(headers["content-length"]) == len(gzip.compress(PAGE, 9))


def test_missing_and_dotfiles_still_404(base):
    assert fetch(base, "/nothing.js", Accept_Encoding="gzip")[0] == 404
    assert fetch(base, "/.netarcade-site")[0] == 404


def test_negotiation_rules(site):
    site = site.resolve()
    page = site / "index.html"
    assert negotiate(site, page, None) == (page, None)
    assert negotiate(site, page, "gzip") == (site / "index.html.gz", "gzip")
    assert negotiate(site, page, "br, gzip") == (site / "index.html.br", "br")
    assert negotiate(site, page, "br;q=0, gzip;q=0.1") == (site / "index.html.gz", "gzip")
    assert negotiate(site, page, "*;q=0") == (page, None)
    assert negotiate(site, page, "gzip;q=nonsense") == (page, None)
    assert accepted_codings(" GZIP ;Q=0.3 ,") == {"gzip": 0.3}


def test_cache_policy():
    long = "public, max-age=31536000, immutable"
    assert cache_control("static/vendor/pyscript-0.7.31/core.js") == long
    assert cache_control("/static/vendor/pyodide-314.0.7/python_stdlib.zip") == long
    assert cache_control("static/vendor/pyodide-314.0.7/msgpack-1.2.4-cp314-cp314-x.whl") == long
    assert cache_control("static/vendor/pyodide-314.0.7/pyodide-lock.json") == "no-cache"
    assert cache_control("static/vendor/pyodide/pyodide.asm.wasm") == "no-cache"  # no version in the path
    for rel in ("index.html", "sw.js", "manifest.webmanifest", "static/app.css", "static/offline.py"):
        assert cache_control(rel) == "no-cache", rel
