"""The page's main thread, in MicroPython: what its other modules share.

What it is for: the window and the document's root element, JavaScript
functions kept alive (``keep``), the items of a NodeList (``each``), the
boot progress lines, the storage areas and their snapshot for the worker,
the page's own state (inputs sent and answered, the keys the game takes,
the focus keeper). ``page.py`` (the worker and the boot), ``ops.py`` (what
the worker sends) and ``inputs.py`` (what the player does) import it;
index.html's ``files`` puts it beside them.

What it is not: game logic or the page's lifecycle (both in the worker).
"""

import js
from pyscript import document
from pyscript.ffi import create_proxy

from focus import Focus

#: the real window object: a global function called through the ``js`` module
#: (what ``pyscript.window`` is on the main thread) gets the wrong ``this``
#: in MicroPython ("Illegal invocation"), called on this it does not
window = js.window
root = document.documentElement
STORE_PREFIX = "netarcade"
WORDS = {
    "Loading interpreter": "Starting Python (WebAssembly)",
    "Loaded interpreter": "Python started",
    "Loaded Pyodide": "Loading the rules engine",
}
#: every JS function made here lives as long as the page
_kept = []


def keep(function):
    proxy = create_proxy(function)
    _kept.append(proxy)
    return proxy


# ---- boot progress ------------------------------------------------------------------

def progress(step, words=None, scale=None):
    """Every progress line: the game view's and the home screen's (.boot)."""
    slow = step == "Loading interpreter"
    if scale is None:
        scale = 0.9 if slow else 0.95 if step == "Loaded Pyodide" else 0.08
    for bar in each(document.querySelectorAll(".boot .bar i")):
        bar.style.transition = "transform 4s cubic-bezier(.2,.7,.4,1)" if slow else "transform .2s"
        bar.style.transform = "scaleX(%s)" % scale
    for text in each(document.querySelectorAll(".boot .boot-text")):
        text.textContent = words or (WORDS.get(step) or step or "Starting Python") + "\u2026"


# ---- storage: a snapshot for the worker (it has none), written through -------------

def area(name):
    try:
        return window.sessionStorage if name == "session" else window.localStorage
    except Exception:  # storage refused (some iframes, private modes)
        return None


def snapshot(name):
    found = {}
    store = area(name)
    try:
        for i in range(store.length if store is not None else 0):
            key = store.key(i)
            if key and key.startswith(STORE_PREFIX):
                found[key] = store.getItem(key)
    except Exception:
        pass  # refused
    return found


# ---- the page's own state ------------------------------------------------------------------

focus = Focus(document)
state = {"remembered": None, "keys": set(), "toast": None, "sent": 0, "done": 0, "started": False,
         "hashes": 0}
waiters = []


def each(nodes):
    """The items of a NodeList or HTMLCollection, by index."""
    return [nodes.item(i) for i in range(nodes.length)]
