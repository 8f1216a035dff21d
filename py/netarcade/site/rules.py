"""The rules both of our servers follow when they serve the built site.

What it is for
--------------
One definition, used by the static server (``netarcade.site.serve``, ``python
-m netarcade serve``) and by the relay (``netarcade.relay.site``), of:

- which file a request names (:func:`locate`): nothing outside the site
  folder, also not through a symlink, neither the file asked for nor the
  precompressed copy chosen for it (:func:`inside`); no dotfiles; a
  folder's ``index.html``, never a listing;
- which representation is sent: ``make site`` writes Brotli (``.br``) and
  gzip (``.gz``) copies beside the big files, and :func:`negotiate` picks
  one by the request's ``Accept-Encoding`` (q-values honoured); the answer
  carries ``Content-Encoding``, ``Vary: Accept-Encoding`` and the copy's
  ``Content-Length``;
- how long a browser may keep a file (:func:`cache_control`): a year
  (``immutable``) for the runtime under its versioned folders
  (``static/vendor/pyodide-314.0.7/``, ``static/vendor/pyscript-0.7.31/``),
  ``no-cache`` for everything else (the page, our wheel and the lockfile,
  whose names do not change with their content), revalidated by ``ETag``
  (a 304 with no body: :func:`not_modified`);
- which methods are answered (:func:`method_status`: GET and HEAD; 405 or
  501 with ``Allow`` for the rest) and that a request with a body is
  refused (:func:`announces_body`: a GET or HEAD with one is 400);
- the security headers of every answer (:func:`security_headers`): the
  Content-Security-Policy (:func:`content_security_policy`, also written
  into the built pages as a ``<meta>`` by ``sitebuild/build.py``),
  ``Referrer-Policy``, the framing policy, ``nosniff``.

What it is not
--------------
A server: no sockets, no request parsing; it reads the file system and
returns paths, statuses and header values. docs/web-runtime.md and
docs/relay.md describe the behaviour.
"""

from __future__ import annotations

import email.utils
import os
import re
import stat as stat_mode
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

__all__ = ["MIME_TYPES", "NO_CACHE", "LONG_CACHE", "ENCODED_COPIES", "SiteFile", "locate", "with_slash", "inside",
           "encoded_copies", "accepted_codings", "negotiate", "cache_control", "entity_tag", "not_modified",
           "ALLOWED_METHODS", "method_status", "announces_body", "EVAL_PAGES", "is_embed",
           "content_security_policy", "security_headers"]

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
VERSIONED_RUNTIME = re.compile(r"(^|/)static/vendor/(pyodide|pyscript|micropython)-\d[\w.+-]*/")
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


def inside(root: Path, path: Path) -> Path | None:
    """``path``'s real path if it is a regular file inside the site folder
    ``root`` (itself a real path) with no dot name below ``root``, else None.

    Symlinks are followed: one that leads out of the site, or to a dotfile,
    counts as no file. Both servers send nothing that has not passed here,
    the requested file and each precompressed copy alike (:func:`locate`).
    A name the system refuses (a part over 255 bytes) is no file either.
    """
    try:
        real = Path(os.path.realpath(path))
        below = real.relative_to(root).parts  # ValueError: outside
        if not below or any(part.startswith(".") for part in below):
            return None
        if not stat_mode.S_ISREG(os.stat(real).st_mode):
            return None
    except (OSError, ValueError):
        return None
    return real


def encoded_copies(root: Path, path: Path) -> list[tuple[str, Path]]:
    """The build's precompressed copies of the site file ``path`` that may be
    sent, in order of preference: (coding, real path) of each copy that
    passes :func:`inside`. A copy that is a symlink out of the site is
    ignored, as if it were not there."""
    found = []
    for coding, suffix in ENCODED_COPIES:
        copy = inside(root, path.with_name(path.name + suffix))
        if copy is not None:
            found.append((coding, copy))
    return found


def _pick(path: Path, copies: list[tuple[str, Path]], accept_encoding: str | None) -> tuple[Path, str | None]:
    codings = accepted_codings(accept_encoding)
    best: tuple[float, int, Path, str] | None = None
    for rank, (coding, copy) in enumerate(copies):
        q = codings.get(coding, codings.get("*", 0.0))
        if q > 0.0 and (best is None or (q, -rank) > (best[0], best[1])):
            best = (q, -rank, copy, coding)
    return (path, None) if best is None else (best[2], best[3])


def negotiate(root: Path, path: Path, accept_encoding: str | None) -> tuple[Path, str | None]:
    """The file to send for the site file ``path`` and its ``Content-Encoding``
    (None: as is); ``root`` is the site folder (a real path).

    A copy is sent only if it passes :func:`encoded_copies` and the client
    accepts its coding with q > 0 (by name or by ``*``); among accepted
    copies the higher q wins, then Brotli.
    """
    return _pick(path, encoded_copies(root, path), accept_encoding)


@dataclass(frozen=True)
class SiteFile:
    """What a request for a file of the site gets (:func:`locate`)."""

    #: the file, by its real path inside the site (its type)
    path: Path
    #: that path relative to the site, "/"-separated (its Cache-Control)
    rel: str
    #: what to send: ``path`` or one of its precompressed copies
    sent: Path
    #: the copy's Content-Encoding; None: ``path`` as it is
    coding: str | None
    #: the file has copies, so the answer depends on Accept-Encoding (Vary)
    vary: bool


def locate(root: str | os.PathLike, target: str, accept_encoding: str | None = None,
           compress: bool = True) -> SiteFile | int:
    """The file a request target (path and query as the request line has
    them) names in the site folder ``root``, or the HTTP status to answer
    instead. The one code path of both servers (this one and the relay's
    ``netarcade.relay.site``):

    - 400: a path no file of ours can have (not starting with "/", a NUL
      byte or a backslash, percent-escapes that are not UTF-8);
    - 404: nothing there; a dotfile or dot folder, ``..`` included; anything
      whose real path is outside the site (a symlink out of it); a name the
      system refuses (a part over 255 bytes);
    - 301: a folder named without its final "/" (:func:`with_slash`); a
      folder's file is its ``index.html``, never a listing;
    - else a :class:`SiteFile`: the file and what to send for it, the
      precompressed copy ``Accept-Encoding`` allows (``compress=False``:
      never a copy). The file and the copy both passed :func:`inside`.
    """
    root = Path(os.path.realpath(root))
    path = target.split("?", 1)[0].split("#", 1)[0]
    try:
        path = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return 400
    if "\x00" in path or "\\" in path or not path.startswith("/"):
        return 400
    parts = [part for part in path.split("/") if part]
    if any(part.startswith(".") for part in parts):  # dotfiles, "..", ".git"
        return 404
    try:
        real = Path(os.path.realpath(root.joinpath(*parts)))
    except (OSError, ValueError):
        return 404
    if real != root and root not in real.parents:  # before telling a folder from a file
        return 404
    if os.path.isdir(real):
        if not path.endswith("/"):
            return 301
        real = real / "index.html"
    found = inside(root, real)
    if found is None:
        return 404
    copies = encoded_copies(root, found) if compress else []
    sent, coding = _pick(found, copies, accept_encoding)
    return SiteFile(found, found.relative_to(root).as_posix(), sent, coding, bool(copies))


def with_slash(target: str) -> str:
    """Where a 301 sends a folder named without its final "/": the same
    target with it (one leading "/", so never another host's ``//name``).

    >>> with_slash("//static?embed")
    '/static/?embed'
    """
    path, mark, query = target.partition("?")
    return "/" + path.lstrip("/") + "/" + mark + query


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
        except (TypeError, ValueError, IndexError, OverflowError):  # a year past 9999, or no date
            return False
        return when is not None and int(stat.st_mtime) <= when.timestamp()
    return False


#: what both servers answer to: files, read only
ALLOWED_METHODS = ("GET", "HEAD")
#: the other methods HTTP defines (RFC 9110, and PATCH): 405 Method Not Allowed
OTHER_METHODS = frozenset({"POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"})


def method_status(method: str) -> int | None:
    """None for a method both servers answer (GET, HEAD); 405 for another
    method HTTP defines; 501 Not Implemented for any other (WebDAV's
    PROPFIND, a misspelt or garbled name). Both refusals carry
    ``Allow: GET, HEAD``; methods are case-sensitive (``get`` is 501).

    >>> method_status("HEAD"), method_status("DELETE"), method_status("PROPFIND")
    (None, 405, 501)
    """
    if method in ALLOWED_METHODS:
        return None
    return 405 if method in OTHER_METHODS else 501


#: a Content-Length that announces no body ("0", "00"...)
ZERO_LENGTH = re.compile(r"\s*0+\s*")


def announces_body(headers) -> bool:
    """Whether a request's ``headers`` (anything with ``get_all``) announce a
    body: a ``Transfer-Encoding``, or a ``Content-Length`` other than 0.
    Neither server reads a body: a request with one is refused (405 or 501
    by its method, and a GET or HEAD with a body 400), then its connection
    closed, so what follows its headers is never taken for another request.

    >>> from email.message import Message
    >>> headers = Message()
    >>> headers["Content-Length"] = "0"
    >>> announces_body(headers)
    False
    >>> headers["Transfer-Encoding"] = "chunked"
    >>> announces_body(headers)
    True
    """
    lengths = headers.get_all("Content-Length") or []
    return bool(headers.get_all("Transfer-Encoding")) or not all(ZERO_LENGTH.fullmatch(value) for value in lengths)


#: pages that run PyScript: only these also get 'unsafe-eval' (PyScript 0.7.31
#: compiles its hooks with ``Function()``: its src/core.js and src/hooks.js, on
#: the page and again in its workers) and ``worker-src 'self' blob:`` (it
#: starts its workers from ``blob:`` URLs: polyscript's worker/xworker.js)
EVAL_PAGES = frozenset({"index.html", "static/bare.html"})


def is_embed(query: str) -> bool:
    """Whether a page's query asks for the embed: ``embed`` or ``embed=...``
    among its ``&``-separated parts, as index.html's boot script reads it.

    >>> is_embed("embed"), is_embed("x=1&embed=backbone"), is_embed("embedded")
    (True, True, False)
    """
    return any(part == "embed" or part.startswith("embed=") for part in query.split("#", 1)[0].split("&"))


def content_security_policy(rel: str = "", embed: bool = False, meta: bool = False) -> str:
    """The site's Content-Security-Policy, for the file ``rel`` (relative to
    the site) asked for with or without the embed's query.

    Everything from our own origin and nothing else: scripts only from
    files (no inline script, no ``eval``; 'wasm-unsafe-eval' lets Pyodide
    compile its WebAssembly; :data:`EVAL_PAGES`, the pages that run
    PyScript, also get 'unsafe-eval' and workers from ``blob:`` URLs),
    the worker's script, fetches and the relay's WebSocket from 'self'; styles also
    inline (the boards are SVG drawn with ``style`` attributes and
    ``<style>`` elements); no plugins, no ``<base>``. Framing: the embed by
    any site (that is its job), the rest of the site only by its own pages.
    ``meta=True``: the same without ``frame-ancestors``, which a ``<meta>``
    cannot carry (the build writes this into every HTML page). See
    docs/web-runtime.md.

    >>> content_security_policy("index.html", embed=True).endswith("frame-ancestors *")
    True
    """
    script = "'self' 'wasm-unsafe-eval'" + (" 'unsafe-eval'" if rel in EVAL_PAGES else "")
    directives = [("default-src", "'self'"), ("script-src", script), ("style-src", "'self' 'unsafe-inline'"),
                  ("object-src", "'none'"), ("base-uri", "'none'"), ("form-action", "'self'")]
    if rel in EVAL_PAGES:
        directives.append(("worker-src", "'self' blob:"))
    if not meta:
        directives.append(("frame-ancestors", "*" if embed else "'self'"))
    return "; ".join(f"{name} {value}" for name, value in directives)


def security_headers(rel: str = "", query: str = "") -> list[tuple[str, str]]:
    """The headers both servers put on every answer, for the file ``rel``
    asked for with ``query`` (after the "?"): ``nosniff``, the
    :func:`content_security_policy`, ``Referrer-Policy: no-referrer`` (our
    pages tell no one where a player came from), and outside the embed
    ``X-Frame-Options: SAMEORIGIN`` for browsers that predate
    ``frame-ancestors``."""
    embed = is_embed(query)
    headers = [("X-Content-Type-Options", "nosniff"),
               ("Content-Security-Policy", content_security_policy(rel, embed)),
               ("Referrer-Policy", "no-referrer")]
    if not embed:
        headers.append(("X-Frame-Options", "SAMEORIGIN"))
    return headers
