"""A small static HTTP server for the built site (``python -m netarcade serve``).

What it is for
--------------
Playing and testing locally: it serves a folder (default ``dist/``, made by
``make site``) on 127.0.0.1 with the MIME types Pyodide needs (``.mjs`` as
JavaScript, ``.wasm`` as ``application/wasm`` so it can be compiled while it
streams, ``.whl`` as a zip).

What it sends follows the rules of ``netarcade.site.rules``, which the relay
(``netarcade.relay.site``) follows too: which file a request names (nothing
outside the folder, also not through a symlink, the precompressed copy
included), the build's Brotli/gzip copies by ``Accept-Encoding``, the
caching headers and ETags, GET and HEAD only (405/501 with ``Allow`` for
the rest; a GET or HEAD with a body 400), and the security headers
(Content-Security-Policy, Referrer-Policy, framing, nosniff) on every
answer.

Cross-origin isolation (COOP ``same-origin``, COEP ``require-corp``, CORP
``same-origin``) is **off by default** and turned on with ``--isolate``.
PyScript on the main thread does not need it, and static hosts usually
cannot send these headers, so the default serves the site the way players
will get it. Isolation matters only if Python moves into a worker that must
reach the DOM synchronously (SharedArrayBuffer). With it on, a page from
another origin cannot embed ours in an iframe (CORP same-origin blocks the
frame when the embedder is itself isolated) - see ``docs/web-runtime.md``.

What it is not
--------------
Not the relay and not a production web server: no TLS, no compression on
the fly (only the build's copies), no ranges, loopback only by default, and
no directory listings.
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from pathlib import Path

from ..core.argcheck import PORT, OneLineParser, UsageError, report
from .rules import (ALLOWED_METHODS, MIME_TYPES, NO_CACHE, SiteFile, announces_body, cache_control, entity_tag,
                        locate, method_status, not_modified, security_headers, with_slash)

__all__ = ["SiteHandler", "make_server", "serve_in_thread", "main"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_ROOT = "dist"

ISOLATION_HEADERS = (
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Embedder-Policy", "require-corp"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)

class _CountingWriter:
    """Counts the bytes a connection writes into its server's ``bytes_sent``,
    and per request path in ``bytes_by_path`` (``scripts/bench/page.py``
    reports bytes on the wire with them)."""

    def __init__(self, raw, server, handler):
        self._raw, self._server, self._handler = raw, server, handler

    def write(self, data) -> int:
        written = self._raw.write(data)
        path = getattr(self._handler, "path", "")
        with self._server.count_lock:
            self._server.bytes_sent += len(data)
            self._server.bytes_by_path[path] = self._server.bytes_by_path.get(path, 0) + len(data)
        return written

    def __getattr__(self, name):
        return getattr(self._raw, name)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, no-cache, optional isolation headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    isolate = False
    quiet = True
    protocol_version = "HTTP/1.1"  # keep-alive: a booting page makes ~20 requests

    def version_string(self) -> str:
        return "netarcade"

    compress = True
    _cache_control = NO_CACHE
    _rel = ""  # the file being answered (its Content-Security-Policy)
    _allow = False  # a refused method: the answer says which are allowed

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.server, self)

    def parse_request(self) -> bool:
        """The stdlib's, then the method: anything but GET and HEAD gets
        405 or 501 with ``Allow`` (:func:`method_status`) before any handler;
        a GET or HEAD with a body (:func:`announces_body`) 400. Each closes
        the connection unread: left there, a body would be read as the
        next request of the kept-alive connection."""
        self._cache_control, self._rel, self._allow = NO_CACHE, "", False
        if not super().parse_request():
            return False
        status = method_status(self.command)
        if status is None:
            if not announces_body(self.headers):
                return True
            self.send_error(400, "A GET or HEAD request has no body")
            return False
        self._allow = True
        self.send_error(status)
        return False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self._cache_control)
        target = getattr(self, "path", "")  # none yet when the request line itself was bad
        for name, value in security_headers(self._rel, target.partition("?")[2]):
            self.send_header(name, value)
        if self._allow:
            self.send_header("Allow", ", ".join(ALLOWED_METHODS))
        if self.isolate:
            for name, value in ISOLATION_HEADERS:
                self.send_header(name, value)
        super().end_headers()

    def send_head(self):
        """The stdlib's send_head on :func:`locate`: a precompressed copy, ETag and caching."""
        self._cache_control, self._rel = NO_CACHE, ""
        found = locate(self.directory, self.path, self.headers.get("Accept-Encoding"), self.compress)
        if found == 301:  # as the stdlib: a folder's URL ends in "/"
            self.send_response(301)
            self.send_header("Location", with_slash(self.path))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not isinstance(found, SiteFile):
            self.send_error(found, "Bad path" if found == 400 else "File not found")
            return None
        try:
            body = open(found.sent, "rb")  # noqa: SIM115 - closed by the stdlib's do_GET/do_HEAD
        except OSError:
            self.send_error(404, "File not found")
            return None
        try:
            stat = os.fstat(body.fileno())
            tag = entity_tag(stat, found.coding)
            self._cache_control, self._rel = cache_control(found.rel), found.rel
            vary = found.vary
            if not_modified(self.headers, tag, stat):
                body.close()
                self.send_response(304)
                self._representation_headers(tag, stat, vary)
                self.end_headers()
                return None
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(found.path)))
            if found.coding:
                self.send_header("Content-Encoding", found.coding)
            self.send_header("Content-Length", str(stat.st_size))
            self._representation_headers(tag, stat, vary)
            self.end_headers()
            return body
        except BaseException:
            body.close()
            raise

    def _representation_headers(self, tag: str, stat: os.stat_result, vary: bool) -> None:
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        if vary:
            self.send_header("Vary", "Accept-Encoding")

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if not self.quiet:
            super().log_message(format, *args)

    def log_error(self, format: str, *args) -> None:  # noqa: A002
        # 404s and broken pipes stay quiet too; real errors surface in the browser
        if not self.quiet:
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # a browser opens many parallel connections while a page boots
    request_queue_size = 64

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.bytes_sent = 0  # everything written to clients: headers and bodies
        self.bytes_by_path: dict[str, int] = {}  # the same, per request path
        self.count_lock = threading.Lock()

    def handle_error(self, request, client_address) -> None:
        # a browser that closes a connection (a closed tab, a cancelled fetch) is not an error
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(root: str | os.PathLike = DEFAULT_ROOT, port: int = DEFAULT_PORT,
                host: str = DEFAULT_HOST, isolate: bool = False,
                quiet: bool = True, compress: bool = True) -> http.server.ThreadingHTTPServer:
    """A bound (not yet serving) server for ``root``; ``port=0`` picks a free port.
    ``compress=False`` never sends the precompressed copies (the "before" figure
    of ``make bench``)."""
    root = Path(root)
    if not root.is_dir():
        raise FileNotFoundError(f"{root} is not a folder (run `make site` to build dist/)")
    handler = type("BoundSiteHandler", (SiteHandler,),
                   {"isolate": isolate, "quiet": quiet, "compress": compress})
    return _Server((host, port), functools.partial(handler, directory=str(root.resolve())))


def serve_in_thread(root: str | os.PathLike = DEFAULT_ROOT, port: int = 0,
                    host: str = DEFAULT_HOST, isolate: bool = False, compress: bool = True):
    """Start a server in a daemon thread; returns ``(server, base_url)``.

    Call ``server.shutdown()`` then ``server.server_close()`` to stop it.
    ``server.bytes_sent`` counts every byte written to clients
    (``server.bytes_by_path``: per request path).
    """
    server = make_server(root, port, host, isolate, compress=compress)
    thread = threading.Thread(target=server.serve_forever, name="netarcade-serve", daemon=True)
    thread.start()
    bound_host, bound_port = server.server_address[:2]
    return server, f"http://{bound_host}:{bound_port}/"


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m netarcade serve", description="Serve the built site on this machine.")
    parser.add_argument("root", nargs="?", default=DEFAULT_ROOT,
                        help=f"folder to serve (default: {DEFAULT_ROOT})")
    parser.add_argument("--port", type=PORT, default=DEFAULT_PORT,
                        help=f"TCP port (default: {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"address to bind (default: {DEFAULT_HOST})")
    parser.add_argument("--isolate", action="store_true",
                        help="send COOP/COEP/CORP cross-origin isolation headers")
    parser.add_argument("--no-compress", action="store_true",
                        help="send files as they are, never the build's .br/.gz copies")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    try:
        args = parser.parse_args(argv)
    except UsageError as err:
        return report(err)
    try:
        server = make_server(args.root, args.port, args.host, args.isolate, quiet=not args.verbose,
                             compress=not args.no_compress)
    except (FileNotFoundError, OSError) as err:
        print(f"netarcade: cannot serve: {err}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    isolation = " (cross-origin isolated)" if args.isolate else ""
    print(f"netarcade: serving http://{host}:{port}/{isolation}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
