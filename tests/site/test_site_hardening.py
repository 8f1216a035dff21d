"""Both servers (the static server and the relay) against hostile HTTP:
nothing outside the site is sent, also not as the precompressed copy of a
file inside it; odd paths and dates are 404s or ignored, never a 500 or a
dropped connection; only GET and HEAD are answered; every answer carries
the security headers, the same from both servers.

A small site made here (no build needed), served by the static server in a
thread and by the relay as a real process (``support.site_http.serving``);
raw sockets send what ``http.client`` refuses to (a NUL in a method).
"""

from __future__ import annotations

import gzip
import socket
from urllib.parse import quote, urlsplit

import pytest

from netarcade.site.rules import content_security_policy

from support.site_http import assert_security_headers, exchange, fetch, serving

SECRET = b"a file outside the site: never sent"
TEXT = b"public text " * 20


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    base = tmp_path_factory.mktemp("hardening")
    (base / "outside.txt").write_bytes(SECRET)
    root = base / "site"
    (root / "static").mkdir(parents=True)
    (root / "index.html").write_bytes(b"<!doctype html><title>netarcade</title>")
    (root / "static" / "index.html").write_bytes(b"<!doctype html><title>a folder's page</title>")
    (root / "static" / "bare.html").write_bytes(b"<!doctype html><title>bare</title>")
    # a file whose compressed twins are symlinks out of the site
    (root / "a.txt").write_bytes(TEXT)
    for suffix in (".gz", ".br"):
        (root / f"a.txt{suffix}").symlink_to(base / "outside.txt")
    # a twin that is a symlink inside the site is a copy like any other
    (root / "static" / "b.txt.gz.real").write_bytes(gzip.compress(TEXT))
    (root / "b.txt").write_bytes(TEXT)
    (root / "b.txt.gz").symlink_to(root / "static" / "b.txt.gz.real")
    return root


@pytest.fixture(scope="module", params=["static", "relay"])
def base(request, site, tmp_path_factory):
    with serving(request.param, site, tmp_path_factory.mktemp("relay-data")) as url:
        yield url


def raw(base: str, request: bytes) -> tuple[int, dict[str, str]]:
    """Send ``request`` as it is; the status and headers of the answer."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(4096)
            assert chunk, f"the connection closed without an answer: {answer!r}"
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(head[0].split()[1]), headers


def test_a_compressed_twin_outside_the_site_is_never_sent(base):
    for accept in ("gzip", "br", "*", "br, gzip", "gzip;q=0.5, *"):
        status, headers, body = fetch(base, "/a.txt", Accept_Encoding=accept)
        assert (status, body) == (200, TEXT), accept  # the file itself, as it is
        assert "content-encoding" not in headers, accept
        assert "vary" not in headers  # no copy may be sent: the answer never varies
        status, headers, _ = fetch(base, "/a.txt", "HEAD", Accept_Encoding=accept)
        assert status == 200 and int(headers["content-length"]) == len(TEXT)
    # the twins themselves are files outside the site too
    assert fetch(base, "/a.txt.gz")[0] == 404
    # a twin that is a symlink inside the site is sent as before
    status, headers, body = fetch(base, "/b.txt", Accept_Encoding="gzip")
    assert (status, headers["content-encoding"], gzip.decompress(body)) == (200, "gzip", TEXT)


def test_a_path_part_over_255_bytes_is_404(base):
    for path in ("/" + "a" * 300, "/static/" + "b" * 256 + "/index.html", "/" + quote("é" * 200)):
        status, _, _ = fetch(base, path, Accept_Encoding="gzip")
        assert status == 404, path
    assert fetch(base, "/a.txt")[0] == 200  # and the server still answers


def test_if_modified_since_past_year_9999_is_ignored(base):
    for date in ("Fri, 31 Dec 99999999999999999999 23:59:59 GMT", "Sat, 01 Jan 10000 00:00:00 GMT",
                 "not a date"):
        status, _, body = fetch(base, "/a.txt", If_Modified_Since=date)
        assert (status, body) == (200, TEXT), date
    status, _, body = fetch(base, "/a.txt", If_Modified_Since="Fri, 31 Dec 9999 23:59:59 GMT")
    assert (status, body) == (304, b"")  # a real date still works


@pytest.mark.parametrize("method, status", [
    ("DELETE", 405), ("TRACE", 405), ("POST", 405), ("PUT", 405), ("OPTIONS", 405), ("PATCH", 405),
    ("PROPFIND", 501), ("get", 501), ("BREW", 501),
])
def test_only_get_and_head_are_answered(base, method, status):
    for path in ("/", "/a.txt", "/ws", "/nothing"):
        got, headers, body = fetch(base, path, method)
        assert got == status, (method, path)
        assert headers["allow"] == "GET, HEAD"
        assert TEXT not in body and b"<title>netarcade" not in body


def test_a_garbled_method_is_not_implemented(base):
    status, headers = raw(base, b"G\x00T / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert (status, headers["allow"]) == (501, "GET, HEAD")
    # a WebSocket handshake by another method is refused before the upgrade
    status, headers = raw(base, b"POST /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    assert (status, headers["allow"]) == (405, "GET, HEAD")


def test_security_headers_on_every_answer(base):
    arcade = content_security_policy("index.html")
    strict = content_security_policy("a.txt")
    assert "script-src 'self' 'wasm-unsafe-eval';" in strict and "'unsafe-inline'" not in strict.split(";")[1]
    assert arcade.endswith("frame-ancestors 'self'") and strict.endswith("frame-ancestors 'self'")
    for path in ("/", "/a.txt", "/nothing", "/static"):
        status, headers, _ = fetch(base, path)
        assert headers["content-security-policy"] == (arcade if path == "/" else strict), path
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "SAMEORIGIN"
        assert headers["x-content-type-options"] == "nosniff"
    # the embed may be framed by any site
    for path in ("/?embed", "/?x=1&embed=backbone"):
        _, headers, _ = fetch(base, path)
        assert headers["content-security-policy"] == content_security_policy("index.html", embed=True), path
        assert headers["content-security-policy"].endswith("frame-ancestors *")
        assert "x-frame-options" not in headers
    _, headers, _ = fetch(base, "/?embedded")  # not the embed
    assert headers["x-frame-options"] == "SAMEORIGIN"
    # the pages that run PyScript (the arcade, its check page): PyScript compiles its hooks
    # with Function() and starts its workers from blob: URLs; no other file gets either
    _, headers, _ = fetch(base, "/static/bare.html")
    for policy in (headers["content-security-policy"], arcade):
        assert "'unsafe-eval'" in policy and "worker-src 'self' blob:" in policy
        assert "'unsafe-inline'" not in policy.split(";")[1]
    assert "'unsafe-eval'" not in strict and "blob:" not in strict
    # a 304 carries them too
    _, first, _ = fetch(base, "/a.txt")
    status, headers, _ = fetch(base, "/a.txt", If_None_Match=first["etag"])
    assert status == 304 and headers["content-security-policy"] == strict


def test_a_folder_without_its_slash_moves_on_this_host(base):
    for path, location in (("/static", "/static/"), ("/static?embed", "/static/?embed"), ("//static", "/static/")):
        status, headers, _ = fetch(base, path)
        assert (status, headers["location"]) == (301, location), path
    status, _, body = fetch(base, "/static/")
    assert status == 200 and b"a folder's page" in body


#: (request head, what follows it, the answer's status): a body by Content-Length or chunked
BODIES = [
    (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5", b"hello", 405),
    (b"PUT /a.txt HTTP/1.1\r\nHost: x\r\nContent-Length: 5", b"hello", 405),
    (b"PATCH /ws HTTP/1.1\r\nHost: x\r\nContent-Length: 5", b"hello", 405),
    (b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked", b"5\r\nhello\r\n0\r\n\r\n", 405),
    (b"PROPFIND / HTTP/1.1\r\nHost: x\r\nContent-Length: 5", b"hello", 501),
    # a body the client has not sent yet (it waits for the answer first): answered at once
    (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000", b"", 405),
    # GET and HEAD carry no body: 400, whatever the path
    (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5", b"hello", 400),
    (b"GET /a.txt HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked", b"5\r\nhello\r\n0\r\n\r\n", 400),
    (b"HEAD / HTTP/1.1\r\nHost: x\r\nContent-Length: 5", b"hello", 400),
    (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nContent-Length: 5", b"hello", 400),
    (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000", b"", 400),
]


@pytest.mark.parametrize("head, body, status", BODIES, ids=[f"{h.split()[0].decode()}-{s}-{i}"
                                                            for i, (h, _, s) in enumerate(BODIES)])
def test_a_request_with_a_body_is_answered_then_closed(base, head, body, status):
    got, headers, answer = exchange(base, head + b"\r\n\r\n" + body)
    assert got == status, (head, headers, answer)
    assert_security_headers(headers)
    if status in (405, 501):
        assert headers["allow"] == "GET, HEAD"
    assert TEXT not in answer and b"<title>netarcade" not in answer
    # and the server still answers the next request
    assert fetch(base, "/a.txt")[:3:2] == (200, TEXT)


def test_an_empty_body_is_no_body(base):
    status, headers, answer = exchange(base, b"GET /a.txt HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                             b"Connection: close\r\n\r\n")
    assert (status, answer) == (200, TEXT)
    status, headers, _ = exchange(base, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
    assert (status, headers["allow"]) == (405, "GET, HEAD")


def test_the_documented_policies_are_the_ones_sent():
    """docs/relay.md's table of security headers names each policy the
    servers send (every file, the pages that run PyScript), and the embed's
    framing; docs/web-runtime.md the arcade's page's."""
    from pathlib import Path

    from netarcade.site.rules import EVAL_PAGES

    docs = Path(__file__).resolve().parents[2] / "docs"
    row = next(line for line in (docs / "relay.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| `Content-Security-Policy` |"))
    named = {part for part in row.split("`")[1::2] if part.startswith("default-src")}
    assert named == {content_security_policy("a.txt"), content_security_policy("index.html")}, named
    assert all(f"`{page}`" in row for page in EVAL_PAGES)
    assert "`frame-ancestors *`" in row and content_security_policy("a.txt", embed=True).endswith("frame-ancestors *")
    runtime = " ".join((docs / "web-runtime.md").read_text(encoding="utf-8").split())
    assert content_security_policy("index.html") in runtime
