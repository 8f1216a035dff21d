"""The built site, served by the relay on the same origin as its WebSocket.

What it is for: answering plain HTTP GETs from websockets' ``process_request``
hook with the static server's rules (``netarcade.serve``): the same MIME
types and headers, no directory listings, nothing outside the site folder
(also not through a symlink), no dotfiles, a NUL byte (``%00``) answered
400. One request per connection (websockets closes after a non-101 answer);
the handshake timeout bounds idle connections. The build's precompressed
copies (``.br``, ``.gz``) are sent when ``Accept-Encoding`` allows, with
``Content-Encoding``, ``Vary``, ``ETag`` (a conditional GET gets a 304) and
the static server's ``Cache-Control`` rules (``netarcade.serve``).
What it is not: a production web server (no ranges, no compression on the fly).
"""

from __future__ import annotations

import email.utils
import mimetypes
import os
from pathlib import Path
from urllib.parse import unquote

from websockets.datastructures import Headers
from websockets.http11 import Response

from ..serve import MIME_TYPES, NO_CACHE, cache_control, entity_tag, has_encoded_copy, negotiate, not_modified

MAX_FILE = 64 * 1024 * 1024


def response(status: int, reason: str, body: bytes = b"", content_type: str = "text/plain; charset=utf-8",
             head: bool = False, extra: dict[str, str] | None = None) -> Response:
    headers = Headers()
    headers["Date"] = email.utils.formatdate(usegmt=True)
    if status != 304:
        headers["Content-Type"] = content_type
        headers["Content-Length"] = str(len(body))
    headers["Cache-Control"] = NO_CACHE
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Connection"] = "close"
    for name, value in (extra or {}).items():
        if name in headers:
            del headers[name]
        headers[name] = value
    return Response(status, reason, headers, b"" if head or status == 304 else body)


def resolve(root: Path, raw_path: str) -> Path | int:
    """The file for a request path, or an HTTP status (400 or 404)."""
    path = raw_path.split("?", 1)[0].split("#", 1)[0]
    try:
        path = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return 400
    if "\x00" in path or "\\" in path or not path.startswith("/"):
        return 400
    parts = [part for part in path.split("/") if part]
    if any(part.startswith(".") for part in parts):  # dotfiles, "..", ".git"
        return 404
    target = root.joinpath(*parts)
    try:
        real = Path(os.path.realpath(target))
    except (OSError, ValueError):
        return 404
    if real != root and root not in real.parents:  # a symlink out of the folder
        return 404
    if real.is_dir():
        real = real / "index.html"
        if not real.is_file() or Path(os.path.realpath(real)).parent != Path(os.path.realpath(real.parent)):
            return 404
    if not real.is_file():
        return 404
    return real


def serve_file(root: Path | None, raw_path: str, head: bool = False, headers=None) -> Response:
    """The answer to a GET (or HEAD) of ``raw_path``; ``headers`` are the
    request's (Accept-Encoding, If-None-Match), none: the file as it is."""
    headers = headers if headers is not None else {}
    if root is None:
        return response(404, "Not Found", b"no site folder (relay only)\n", head=head)
    found = resolve(root, raw_path)
    if found == 400:
        return response(400, "Bad Request", b"bad path\n", head=head)
    if not isinstance(found, Path):
        return response(404, "Not Found", b"not found\n", head=head)
    sent, coding = negotiate(found, headers.get("Accept-Encoding"))
    try:
        stat = sent.stat()
        if stat.st_size > MAX_FILE:
            return response(404, "Not Found", b"not found\n", head=head)
        tag = entity_tag(stat, coding)
        extra = {"Cache-Control": cache_control(found.relative_to(root).as_posix()), "ETag": tag,
                 "Last-Modified": email.utils.formatdate(int(stat.st_mtime), usegmt=True)}
        if has_encoded_copy(found):
            extra["Vary"] = "Accept-Encoding"
        if not_modified(headers, tag, stat):
            return response(304, "Not Modified", extra=extra)
        body = b"" if head else sent.read_bytes()
    except OSError:
        return response(404, "Not Found", b"not found\n", head=head)
    if coding:
        extra["Content-Encoding"] = coding
    suffix = found.suffix.lower()
    kind = MIME_TYPES.get(suffix) or mimetypes.guess_type(found.name)[0] or "application/octet-stream"
    if head:  # the length a GET would send
        extra["Content-Length"] = str(stat.st_size)
    return response(200, "OK", body, kind, head=head, extra=extra)
