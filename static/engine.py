"""The engine's worker: Pyodide with our wheel, in PyScript's named worker "engine".

What it is for: index.html declares ``<script type="py" worker name="engine">``
with this file as its source and a config that points PyScript at the
vendored ``pyodide.mjs`` and our served ``pyodide-lock.json`` (our wheel and
msgpack's: no CDN, no micropip). Once PyScript has loaded them it runs this
file, and the page's MicroPython (``static/page.py``) awaits
``pyscript.workers["engine"]`` and calls ``send`` with each message (JSON
text). Everything Python answers (``netarcade.web.app``: the ops) goes back
through ``pyscript.sync.ops``, the function the page set on this worker:
without SharedArrayBuffer that call is asynchronous (it returns a promise we
do not wait for), so no cross-origin isolation is needed, and the calls
arrive in the order they were made.

What it is not: page code. The worker has no DOM, no localStorage and no
sessionStorage; the page sends a snapshot and writes through. Anything the
site's Content-Security-Policy refuses here is said on the page's console.
"""

import json

import js
from pyodide.ffi import create_proxy
from pyscript import sync

from netarcade.web import app


def _said(answer):
    answer.exception()  # retrieved: a failure on the page was said on its console there


def post(text):
    answer = sync.ops(text)  # not awaited: the page's answer is only an acknowledgement
    if hasattr(answer, "add_done_callback"):
        answer.add_done_callback(_said)


def refused(event):
    post(json.dumps({"kind": "ops", "ops": [{"op": "log", "level": "error", "text":
        f"refused by the site's policy: {event.effectiveDirective} {event.blockedURI}"}]}))


_refused = create_proxy(refused)
js.addEventListener("securitypolicyviolation", _refused)

_handle = app.main(post)


def send(text):
    _handle(text)


__export__ = ["send"]
