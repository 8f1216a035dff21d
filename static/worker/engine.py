"""The engine's worker: Pyodide with our wheel, in PyScript's named worker "engine".

What it is for: index.html declares ``<script type="py" worker name="engine">``
with this file as its source and a config that points PyScript at our
interpreter module (``static/pyodide-start.mjs``: the vendored Pyodide with
our wheel's and msgpack's Python files, no CDN, no micropip, no installer).
Once PyScript has started it, it runs this
file, and the page's MicroPython (``static/page.py``) awaits
``pyscript.workers["engine"]`` and calls ``send`` with each message (JSON
text). Everything Python answers (``netarcade.web.app``: the ops) goes back
through ``pyscript.sync.ops``, the function the page set on this worker:
without SharedArrayBuffer that call is asynchronous (it returns a promise
that resolves once the page has applied the message: the bots wait for it
before their next move, nothing else does), so no cross-origin isolation is
needed, and the calls arrive in the order they were made.

Started from Pyodide's memory snapshot (a warm start: static/pyodide-start.mjs),
this worker resumes a CPython whose state was frozen at build time, our
modules already imported in it, so anything seeded when Python started
would repeat on every visit: the ``random`` module is reseeded from the
browser's entropy before anything else runs. (Local time is asked of the
browser at each call; only ``time.tzname``, read once as Python started, is
the build machine's.) How Python started is put on the page's root as
``data-python-start`` for the figures: ``snapshot`` or ``scratch: why``,
then the milliseconds from PyScript importing the interpreter module to the
end of ``loadPyodide`` (on a warm start, reading the stored snapshot took
the bracketed part of it; from scratch it includes writing our wheel's and
msgpack's Python files into site-packages), whether our modules came with
the snapshot (``ours resumed``) or were written in from scratch (``ours N
files written in M ms``), whether
PyScript's package's bytecode was unpacked (``pyscript bytecode N modules in
M ms``, or why not), from there to this file's first line (PyScript's own
setup: ``setup``), and importing ``netarcade.web.app`` (next to nothing when
resumed); then, on the page's clock, when the interpreter module began,
PyScript called its ``loadPyodide``, Pyodide was up, our modules were
imported and the page's start message arrived (``page clock: ...``).

What it is not: page code. The worker has no DOM, no localStorage and no
sessionStorage; the page sends a snapshot and writes through. Anything the
site's Content-Security-Policy refuses here is said on the page's console.
"""

import json
import sys

import js

_begun = js.performance.now()
_resumed = "netarcade.web.app" in sys.modules  # imported in the memory snapshot

from pyodide.ffi import create_proxy  # noqa: E402
from pyscript import sync  # noqa: E402

from netarcade.web import app  # noqa: E402

_imported = js.performance.now()


def _said(answer):
    answer.exception()  # retrieved: a failure on the page was said on its console there


def post(text):
    """Send ``text`` to the page; returns the page's answer (a promise that
    resolves once the page has applied the message: the bots await it)."""
    answer = sync.ops(text)
    if hasattr(answer, "add_done_callback"):
        answer.add_done_callback(_said)
    return answer


def refused(event):
    post(json.dumps({"kind": "ops", "ops": [{"op": "log", "level": "error", "text":
        f"refused by the site's policy: {event.effectiveDirective} {event.blockedURI}"}]}))


_refused = create_proxy(refused)
js.addEventListener("securitypolicyviolation", _refused)

if "random" in sys.modules:  # seeded from the snapshot's state otherwise
    sys.modules["random"].seed()

_handle = app.main(post)
_start = getattr(js, "netarcadeStart", None)  # set by static/pyodide-start.mjs
_unsaid = [_start] if _start is not None else []


def _on_the_page_clock(text, start):
    """When the interpreter module began, PyScript called its ``loadPyodide``,
    Pyodide was up and our modules were imported, in ms on the page's clock (its ``timeOrigin`` comes with the
    start message): where a cold start spends its time, for the figures."""
    try:
        shift = js.performance.timeOrigin - float(json.loads(text).get("timeOrigin") or 0)
    except (ValueError, AttributeError):
        return ""
    return (f"; page clock: interpreter {start.begun + shift:.0f}, loadPyodide {start.called + shift:.0f}, Pyodide up {start.end + shift:.0f}, "
            f"imported {_imported + shift:.0f}, start sent {js.performance.now() + shift:.0f} ms")


def send(text):
    if _unsaid:  # once the page listens (its first message): how Python started
        start = _unsaid.pop()
        how = f"snapshot {start.ms:.0f} ms (read {start.read:.0f} ms)" if start.snapshot else \
            f"scratch: {start.why} {start.ms:.0f} ms"
        value = (f"{how}, ours {'resumed' if _resumed else start.ours or 'installed'}, {start.bytecode}, "
                 f"setup {_begun - start.end:.0f} ms, "
                 f"imports {_imported - _begun:.0f} ms{_on_the_page_clock(text, start)}")
        post(json.dumps({"kind": "ops", "ops": [{"op": "data", "name": "pythonStart", "value": value}]}))
    _handle(text)


__export__ = ["send"]
