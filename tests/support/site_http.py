"""Both servers (the static server in a thread, the relay as a process) over
a small site, and HTTP spoken to them: one request with exactly the given
headers, or raw bytes on a socket read until the server closes. Shared by
tests/site (test_serve_light.py, test_site_hardening.py) and
tests/relay/test_relay_http.py."""

from __future__ import annotations

import contextlib
import http.client
import socket
from pathlib import Path
from urllib.parse import urlsplit

from netarcade.site.serve import serve_in_thread
from support.relay_harness import RelayProcess


@contextlib.contextmanager
def serving(kind: str, site: Path, data: Path):
    """``site`` served by the static server (``kind`` "static", a thread) or
    the relay ("relay", a process with its journal in ``data``); yields the
    base URL (no final "/"). The relay must have written no traceback."""
    if kind == "static":
        server, url = serve_in_thread(site, port=0)
        try:
            yield url.rstrip("/")
        finally:
            server.shutdown()
            server.server_close()
    else:
        process = RelayProcess(data, site=site)
        try:
            yield process.http
        finally:
            errors = process.stop()
        assert "Traceback" not in errors, errors


def fetch(base: str, path: str, method: str = "GET", **headers) -> tuple[int, dict, bytes]:
    """One request with exactly these headers (http.client adds no Accept-Encoding)."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request(method, path, headers={k.replace("_", "-"): v for k, v in headers.items()})
        answer = connection.getresponse()
        body = answer.read()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body
    finally:
        connection.close()


def exchange(base: str, request: bytes, timeout: float = 10.0) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as it is and read until the server closes the
    connection (bounded by ``timeout``): the status, headers and body of the
    answer. A reset once the answer is in counts as the close (a server may
    close with a body it did not read still arriving)."""
    parts = urlsplit(base)
    answer = b""
    with socket.create_connection((parts.hostname, parts.port), timeout=timeout) as sock:
        sock.sendall(request)
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            except TimeoutError:
                raise AssertionError(f"not closed within {timeout} s after {answer[:300]!r}") from None
            if not chunk:
                break
            answer += chunk
    assert b"\r\n\r\n" in answer, f"no answer: {answer!r}"
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


def assert_security_headers(headers: dict[str, str]) -> None:
    assert headers["content-security-policy"].startswith("default-src 'self'; script-src 'self'"), headers
    assert (headers["x-content-type-options"], headers["referrer-policy"], headers["x-frame-options"]) == \
        ("nosniff", "no-referrer", "SAMEORIGIN"), headers

