"""The page's main thread, in MicroPython: reach the engine's worker, apply
what it sends, forward what the player does.

What it is for: Python with our wheel (Pyodide: the controller, the tables,
the bots, online play) runs in PyScript's named worker "engine"
(``static/engine.py``), so the page keeps drawing and answering while it
starts and while a bot thinks. This script is PyScript's main-thread glue
(``<script type="mpy">`` in index.html, MicroPython: it starts in a fraction
of a second): once the worker is up it sends it one "start" message (the
page's location, a snapshot of our storage keys, the screen's orientation,
the page's clock origin), forwards DOM events as plain data, and applies the
"ops" the worker sends back (innerHTML by id, text, attributes, properties,
dataset, classes, title, history, focus, storage writes, clipboard, toasts).
The vocabulary is documented in docs/web-runtime.md and in
py/netarcade/web/app.py, which speaks it on the worker's side.

Both directions are awaited calls, never blocking ones: the page calls the
worker's exported ``send``; the worker calls the ``ops`` function this page
sets on it (PyScript's ``sync``, which without SharedArrayBuffer is an
asynchronous call), so the page needs no cross-origin isolation.

What it is not: game logic or the page's lifecycle (both in the worker).
This module starts the worker and exchanges messages with it; the ops it
applies are ``static/ops.py``, the player's inputs ``static/inputs.py``,
what they share ``static/dom.py``, the focus keeper ``static/focus.py``, the
service worker's registration and update offer ``static/offline.py``
(index.html's ``files`` puts them beside this one).
"""

import json

import js
from pyscript import document, workers

import inputs
from dom import keep, progress, root, snapshot, state, waiters, window
from ops import Op, apply, failed

PORTRAIT = "(orientation: portrait) and (max-width: 640px)"


def receive(text):
    """The worker's messages (JSON text): ops, or failed."""
    try:
        message = Op(js.JSON.parse(text))
        if message.get("kind") == "failed":
            failed(message)
            return
        ops = message.get("ops")
        if ops is not None:
            apply(ops)
        if message.get("done"):
            state["done"] = max(state["done"], int(message["done"]))
        settle()
    except Exception as err:  # a bug here must not leave the page silent
        js.console.error("netarcade: %s: %s" % (type(err).__name__, err))


# ---- the worker --------------------------------------------------------------------------

engine = None


def send(message):
    state["sent"] += 1
    message["seq"] = state["sent"]
    engine.send(json.dumps(message))


def settle():
    if state["done"] < state["sent"]:
        return
    for resolve in waiters[:]:
        waiters.remove(resolve)
        resolve()


def settled(*_):
    """For tests and tools: a promise that resolves once every input sent so far
    has been answered and applied (an input's reply comes a message later)."""

    def executor(resolve, reject):
        def check(quiet):
            if state["done"] < state["sent"]:
                waiters.append(lambda: window.setTimeout(keep(lambda: check(0)), 0))
                return
            if state["hashes"] > 0:  # an op changed the address: its hashchange is still queued
                window.setTimeout(keep(lambda: check(0)), 0)
                return
            if quiet >= 2:  # two idle turns: a hashchange an op caused has been sent
                resolve(None)
                return
            window.setTimeout(keep(lambda: check(quiet + 1)), 0)

        window.setTimeout(keep(lambda: check(0)), 0)

    return js.Promise.new(keep(executor))


window.NA_PAGE = js.Object.new()
window.NA_PAGE.settled = keep(settled)

portrait = window.matchMedia(PORTRAIT)


def start():
    # sent once Python is up (not at page load): the address, storage and
    # orientation as they are now, after whatever was done while it started
    state["started"] = True
    js.performance.mark("na-python-up")
    loc = js.location
    side = document.getElementById("side")
    send({
        "kind": "start",
        "location": {"origin": loc.origin, "pathname": loc.pathname, "search": loc.search,
                     "protocol": loc.protocol, "host": loc.host, "hash": loc.hash},
        "embed": root.hasAttribute("data-embed"),
        "portrait": bool(portrait.matches),
        "touch": bool(window.matchMedia("(hover: none)").matches),
        "side": (side if side is not None else root).getAttribute("data-game") or "",
        "timeOrigin": js.performance.timeOrigin,
        "storage": {"local": snapshot("local"), "session": snapshot("session")},
    })


inputs.listen(send, portrait)

# ---- boot: the engine's worker is started by PyScript from index.html ----------------------

if document.readyState == "loading":
    # index.html runs PyScript as soon as it arrives (async), so that the engine's worker
    # starts while the first screen is still being parsed: the glue needs the whole page
    await js.Promise.new(keep(lambda resolve, reject: document.addEventListener(  # noqa: F704
        "DOMContentLoaded", keep(lambda *_: resolve(None)))))
progress("Loading interpreter")
try:
    engine = await workers["engine"]  # noqa: F704 (PyScript runs this module with top-level await)
    engine.ops = keep(receive)
    progress("Loaded Pyodide")
    start()
except Exception as err:
    failed({"text": "the engine's worker did not start: %s" % err})
