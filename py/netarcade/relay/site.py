"""The built site, served by the relay on the same origin as its WebSocket.

What it is for: answering plain HTTP requests from websockets'
``process_request`` hook with the static server's rules, which live in
``netarcade.site.rules`` and are the same code for both servers: which file
a request names (nothing outside the site folder, also not through a
symlink, the precompressed copy included; no dotfiles; no listings; a NUL
byte (``%00``) or a backslash answered 400), the MIME types, the build's
precompressed copies (``.br``, ``.gz``) when ``Accept-Encoding`` allows,
with ``Content-Encoding``, ``Vary``, ``ETag`` (a conditional GET gets a
304) and ``Cache-Control``, GET and HEAD only (405/501 with ``Allow``), and
the security headers on every answer; a request with a body is refused
(a GET or HEAD with one 400), its body never read. One request per connection
(websockets closes after a non-101 answer); the handshake timeout bounds
idle connections. An answer that fails on a bug is a logged 500, never a
silent one.
What it is not: a production web server (no ranges, no compression on the fly).
"""

from __future__ import annotations

import email.utils
import logging
import mimetypes
from pathlib import Path

from websockets.datastructures import Headers
from websockets.http11 import Response

from ..site.rules import (ALLOWED_METHODS, MIME_TYPES, NO_CACHE, SiteFile, announces_body, cache_control, entity_tag,
                         locate, method_status, not_modified, security_headers, with_slash)

MAX_FILE = 64 * 1024 * 1024
REASONS = {301: "Moved Permanently", 400: "Bad Request", 404: "Not Found",
           405: "Method Not Allowed", 501: "Not Implemented"}


def response(status: int, reason: str, body: bytes = b"", content_type: str = "text/plain; charset=utf-8",
             head: bool = False, extra: dict[str, str] | None = None, target: str = "",
             rel: str = "") -> Response:
    """An answer with the headers of every answer (``security_headers`` of
    the site file ``rel`` asked for with ``target``, the request's path and
    query), then ``extra``."""
    headers = Headers()
    headers["Date"] = email.utils.formatdate(usegmt=True)
    if status != 304:
        headers["Content-Type"] = content_type
        headers["Content-Length"] = str(len(body))
    headers["Cache-Control"] = NO_CACHE
    for name, value in security_headers(rel, target.partition("?")[2]):
        headers[name] = value
    headers["Connection"] = "close"
    for name, value in (extra or {}).items():
        if name in headers:
            del headers[name]
        headers[name] = value
    return Response(status, reason, headers, b"" if head or status == 304 else body)


def refuse_method(method: str, target: str = "") -> Response | None:
    """405 or 501 with ``Allow`` for any method but GET and HEAD (on every
    path, ``/ws`` included: a WebSocket handshake is a GET); None: go on."""
    status = method_status(method)
    if status is None:
        return None
    return response(status, REASONS[status], f"{REASONS[status].lower()}\n".encode(), target=target,
                    extra={"Allow": ", ".join(ALLOWED_METHODS)})


def refuse_body(method: str, target: str, headers) -> Response | None:
    """400 for a GET or HEAD whose headers announce a body (``announces_body``;
    the other methods are refused by ``refuse_method`` first); None: go on.
    The body is not read: the answer goes out and the connection closes."""
    if not announces_body(headers):
        return None
    return response(400, REASONS[400], b"a GET or HEAD request has no body\n", head=method == "HEAD", target=target)


def serve_file(root: Path | None, raw_path: str, head: bool = False, headers=None) -> Response:
    """The answer to a GET (or HEAD) of ``raw_path``; ``headers`` are the
    request's (Accept-Encoding, If-None-Match), none: the file as it is.
    A bug on the way is logged (``netarcade.relay``) and answered 500."""
    try:
        return _serve_file(root, raw_path, head, headers if headers is not None else {})
    except Exception:
        logging.getLogger("netarcade.relay").exception("answering %r", raw_path[:200])
        return response(500, "Internal Server Error", b"server error\n", head=head, target=raw_path)


def _serve_file(root: Path | None, raw_path: str, head: bool, headers) -> Response:
    if root is None:
        return response(404, "Not Found", b"no site folder (relay only)\n", head=head, target=raw_path)
    found = locate(root, raw_path, headers.get("Accept-Encoding"))
    if found == 301:
        return response(301, REASONS[301], head=head, target=raw_path, extra={"Location": with_slash(raw_path)})
    if not isinstance(found, SiteFile):
        return response(found, REASONS[found], b"bad path\n" if found == 400 else b"not found\n",
                        head=head, target=raw_path)
    try:
        stat = found.sent.stat()
        if stat.st_size > MAX_FILE:
            return response(404, "Not Found", b"not found\n", head=head, target=raw_path)
        tag = entity_tag(stat, found.coding)
        extra = {"Cache-Control": cache_control(found.rel), "ETag": tag,
                 "Last-Modified": email.utils.formatdate(int(stat.st_mtime), usegmt=True)}
        if found.vary:
            extra["Vary"] = "Accept-Encoding"
        if not_modified(headers, tag, stat):
            return response(304, "Not Modified", extra=extra, target=raw_path, rel=found.rel)
        body = b"" if head else found.sent.read_bytes()
    except OSError:
        return response(404, "Not Found", b"not found\n", head=head, target=raw_path)
    if found.coding:
        extra["Content-Encoding"] = found.coding
    kind = MIME_TYPES.get(found.path.suffix.lower()) or mimetypes.guess_type(found.path.name)[0] \
        or "application/octet-stream"
    if head:  # the length a GET would send
        extra["Content-Length"] = str(stat.st_size)
    return response(200, "OK", body, kind, head=head, extra=extra, target=raw_path, rel=found.rel)
