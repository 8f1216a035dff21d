"""A small static HTTP server for the built site (``python -m netarcade serve``).

What it is for
--------------
Playing and testing locally: it serves a folder (default ``dist/``, made by
``make site``) on 127.0.0.1 with the MIME types Pyodide needs (``.mjs`` as
JavaScript, ``.wasm`` as ``application/wasm`` so it can be compiled while it
streams, ``.whl`` as a zip) and ``Cache-Control: no-cache`` so a rebuilt
wheel is never shadowed by a stale browser cache (revalidation is a cheap
304 on loopback).

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
Not the relay and not a production web server: no TLS, no compression,
loopback only by default, and no directory listings.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
from pathlib import Path

__all__ = ["SiteHandler", "make_server", "serve_in_thread", "main"]

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
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, no-cache, optional isolation headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    isolate = False
    quiet = True
    protocol_version = "HTTP/1.1"  # keep-alive: a booting page makes ~20 requests

    def version_string(self) -> str:
        return "netarcade"

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.isolate:
            for name, value in ISOLATION_HEADERS:
                self.send_header(name, value)
        super().end_headers()

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


def make_server(root: str | os.PathLike = DEFAULT_ROOT, port: int = DEFAULT_PORT,
                host: str = DEFAULT_HOST, isolate: bool = False,
                quiet: bool = True) -> http.server.ThreadingHTTPServer:
    """A bound (not yet serving) server for ``root``; ``port=0`` picks a free port."""
    root = Path(root)
    if not root.is_dir():
        raise FileNotFoundError(f"{root} is not a folder (run `make site` to build dist/)")
    handler = type("BoundSiteHandler", (SiteHandler,), {"isolate": isolate, "quiet": quiet})
    return _Server((host, port), functools.partial(handler, directory=str(root.resolve())))


def serve_in_thread(root: str | os.PathLike = DEFAULT_ROOT, port: int = 0,
                    host: str = DEFAULT_HOST, isolate: bool = False):
    """Start a server in a daemon thread; returns ``(server, base_url)``.

    Call ``server.shutdown()`` then ``server.server_close()`` to stop it.
    """
    server = make_server(root, port, host, isolate)
    thread = threading.Thread(target=server.serve_forever, name="netarcade-serve", daemon=True)
    thread.start()
    bound_host, bound_port = server.server_address[:2]
    return server, f"http://{bound_host}:{bound_port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="netarcade serve", description="Serve the built site on this machine.")
    parser.add_argument("root", nargs="?", default=DEFAULT_ROOT,
                        help=f"folder to serve (default: {DEFAULT_ROOT})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"TCP port (default: {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"address to bind (default: {DEFAULT_HOST})")
    parser.add_argument("--isolate", action="store_true",
                        help="send COOP/COEP/CORP cross-origin isolation headers")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.root, args.port, args.host, args.isolate, quiet=not args.verbose)
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
