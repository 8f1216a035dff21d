"""The built site, served by the relay on the same origin as its WebSocket.

What it is for: answering plain HTTP GETs from websockets' ``process_request``
hook with the static server's rules (``netarcade.serve``): the same MIME
types and headers, no directory listings, nothing outside the site folder
(also not through a symlink), no dotfiles, a NUL byte (``%00``) answered
400. One request per connection (websockets closes after a non-101 answer);
the handshake timeout bounds idle connections.
What it is not: a production web server (no ranges, no compression).
"""

from __future__ import annotations

import email.utils
import mimetypes
import os
from pathlib import Path
from urllib.parse import unquote

from websockets.datastructures import Headers
from websockets.http11 import Response

from ..serve import MIME_TYPES

MAX_FILE = 64 * 1024 * 1024


def response(status: int, reason: str, body: bytes = b"", content_type: str = "text/plain; charset=utf-8",
             head: bool = False) -> Response:
    headers = Headers()
    headers["Date"] = email.utils.formatdate(usegmt=True)
    headers["Content-Type"] = content_type
    headers["Content-Length"] = str(len(body))
    headers["Cache-Control"] = "no-cache"
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Connection"] = "close"
    return Response(status, reason, headers, b"" if head else body)


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


def serve_file(root: Path | None, raw_path: str, head: bool = False) -> Response:
    if root is None:
        return response(404, "Not Found", b"no site folder (relay only)\n", head=head)
    found = resolve(root, raw_path)
    if found == 400:
        return response(400, "Bad Request", b"bad path\n", head=head)
    if not isinstance(found, Path):
        return response(404, "Not Found", b"not found\n", head=head)
    try:
        if found.stat().st_size > MAX_FILE:
            return response(404, "Not Found", b"not found\n", head=head)
        body = found.read_bytes()
    except OSError:
        return response(404, "Not Found", b"not found\n", head=head)
    suffix = found.suffix.lower()
    kind = MIME_TYPES.get(suffix) or mimetypes.guess_type(found.name)[0] or "application/octet-stream"
    return response(200, "OK", body, kind, head=head)
