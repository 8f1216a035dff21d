"""A small static HTTP server for the built site (``python -m netarcade serve``).

What it is for
--------------
Playing and testing locally: it serves a folder (default ``dist/``, made by
``make site``) on 127.0.0.1 with the MIME types Pyodide needs (``.mjs`` as
JavaScript, ``.wasm`` as ``application/wasm`` so it can be compiled while it
streams, ``.whl`` as a zip).

Light on the wire: ``make site`` writes Brotli (``.br``) and gzip (``.gz``)
copies beside the big files; :func:`negotiate` picks one by the request's
``Accept-Encoding`` (q-values honoured) and the answer carries
``Content-Encoding``, ``Vary: Accept-Encoding`` and the copy's
``Content-Length``. :func:`cache_control` says how long a browser may keep
a file: a year (``immutable``) for the runtime under its versioned folders
(``static/vendor/pyodide-314.0.7/``, ``static/vendor/pyscript-0.7.31/``),
``no-cache`` for everything else (the page, our wheel and the lockfile,
whose names do not change with their content), revalidated by ``ETag``
(a 304 with no body). The relay serves files with the same helpers
(``netarcade.relay.site``).

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

import argparse
import email.utils
import functools
import http.server
import os
import re
import sys
import threading
from pathlib import Path

from .argcheck import PORT

__all__ = ["SiteHandler", "make_server", "serve_in_thread", "main",
           "accepted_codings", "negotiate", "cache_control", "entity_tag", "not_modified"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_ROOT = "dist"

ISOLATION_HEADERS = (
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Embedder-Policy", "require-corp"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)

#: MIME types the stdlib table gets wrong or lacks (it varies by platform)
MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".map": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
}


#: the build's precompressed copies, in order of preference: (coding, suffix)
ENCODED_COPIES = (("br", ".br"), ("gzip", ".gz"))
#: a runtime folder named with its pinned version: its files never change under that name
VERSIONED_RUNTIME = re.compile(r"(^|/)static/vendor/(pyodide|pyscript)-\d[\w.+-]*/")
#: ... except the files the build writes from our source into the same folder
REBUILT_IN_RUNTIME = re.compile(r"(^|/)(pyodide-lock\.json|netarcade-[^/]*\.whl)$")
LONG_CACHE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"


def accepted_codings(header: str | None) -> dict[str, float]:
    """``Accept-Encoding`` as {coding: q}; a malformed q counts as 0 (refused).

    >>> accepted_codings("gzip, br;q=0.5, zstd;q=0")
    {'gzip': 1.0, 'br': 0.5, 'zstd': 0.0}
    """
    codings: dict[str, float] = {}
    for item in (header or "").split(","):
        name, _, params = item.partition(";")
        name = name.strip().lower()
        if not name:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = min(1.0, max(0.0, float(value.strip())))
                except ValueError:
                    q = 0.0
        codings[name] = q
    return codings


def negotiate(path: Path, accept_encoding: str | None) -> tuple[Path, str | None]:
    """The file to send for ``path`` and its ``Content-Encoding`` (None: as is).

    A copy is sent only if the client accepts its coding with q > 0 (by name
    or by ``*``); among accepted copies the higher q wins, then Brotli.
    """
    codings = accepted_codings(accept_encoding)
    best: tuple[float, int, Path, str] | None = None
    for rank, (coding, suffix) in enumerate(ENCODED_COPIES):
        q = codings.get(coding, codings.get("*", 0.0))
        if q <= 0.0:
            continue
        copy = path.with_name(path.name + suffix)
        if copy.is_file() and (best is None or (q, -rank) > (best[0], best[1])):
            best = (q, -rank, copy, coding)
    return (path, None) if best is None else (best[2], best[3])


def has_encoded_copy(path: Path) -> bool:
    """Whether the answer for ``path`` depends on Accept-Encoding (``Vary``)."""
    return any(path.with_name(path.name + suffix).is_file() for _, suffix in ENCODED_COPIES)


def cache_control(rel_path: str) -> str:
    """``Cache-Control`` for a file of the site, by its path relative to the site.

    >>> cache_control("static/vendor/pyodide-314.0.7/pyodide.asm.wasm")
    'public, max-age=31536000, immutable'
    >>> cache_control("static/vendor/pyodide-314.0.7/netarcade-0.1.0-py3-none-any.whl")
    'no-cache'
    >>> cache_control("index.html")
    'no-cache'
    """
    rel_path = rel_path.lstrip("/")
    if VERSIONED_RUNTIME.search(rel_path) and not REBUILT_IN_RUNTIME.search(rel_path):
        return LONG_CACHE
    return NO_CACHE


def entity_tag(stat: os.stat_result, coding: str | None) -> str:
    """A strong ETag for one representation (the file or one of its copies)."""
    return f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + coding if coding else ""}"'


def not_modified(headers, tag: str, stat: os.stat_result) -> bool:
    """Whether a conditional GET may be answered 304 (If-None-Match wins over
    If-Modified-Since, as RFC 9110 says)."""
    match = headers.get("If-None-Match")
    if match is not None:
        return match.strip() == "*" or tag in [t.strip().removeprefix("W/") for t in match.split(",")]
    since = headers.get("If-Modified-Since")
    if since:
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError):
            return False
        return when is not None and int(stat.st_mtime) <= when.timestamp()
    return False


class _CountingWriter:
    """Counts the bytes a connection writes into its server's ``bytes_sent``
    (``scripts/bench_page.py`` reports bytes on the wire with it)."""

    def __init__(self, raw, server):
        self._raw, self._server = raw, server

    def write(self, data) -> int:
        written = self._raw.write(data)
        with self._server.count_lock:
            self._server.bytes_sent += len(data)
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

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.server)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self._cache_control)
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.isolate:
            for name, value in ISOLATION_HEADERS:
                self.send_header(name, value)
        super().end_headers()

    def send_head(self):
        """The stdlib's send_head with a precompressed copy, ETag and caching."""
        self._cache_control = NO_CACHE
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            request_path = self.path.split("?", 1)[0].split("#", 1)[0]
            if not request_path.endswith("/"):  # as the stdlib: a folder's URL ends in "/"
                self.send_response(301)
                self.send_header("Location", request_path + "/" + self.path[len(request_path):])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = path / "index.html"
        if not path.is_file() or path.name.startswith("."):
            self.send_error(404, "File not found")
            return None
        root = Path(self.directory)
        try:
            rel = path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:  # a symlink out of the folder
            self.send_error(404, "File not found")
            return None
        sent, coding = negotiate(path, self.headers.get("Accept-Encoding")) if self.compress else (path, None)
        try:
            body = open(sent, "rb")  # noqa: SIM115 - closed by the stdlib's do_GET/do_HEAD
        except OSError:
            self.send_error(404, "File not found")
            return None
        try:
            stat = os.fstat(body.fileno())
            tag = entity_tag(stat, coding)
            self._cache_control = cache_control(rel)
            vary = self.compress and has_encoded_copy(path)
            if not_modified(self.headers, tag, stat):
                body.close()
                self.send_response(304)
                self._representation_headers(tag, stat, vary)
                self.end_headers()
                return None
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            if coding:
                self.send_header("Content-Encoding", coding)
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

    def list_directory(self, path):  # noqa: D102 - no listings, just 404
        self.send_error(404, "Not Found")
        return None

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
    ``server.bytes_sent`` counts every byte written to clients.
    """
    server = make_server(root, port, host, isolate, compress=compress)
    thread = threading.Thread(target=server.serve_forever, name="netarcade-serve", daemon=True)
    thread.start()
    bound_host, bound_port = server.server_address[:2]
    return server, f"http://{bound_host}:{bound_port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="netarcade serve", description="Serve the built site on this machine.")
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
    args = parser.parse_args(argv)
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
