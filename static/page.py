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
The focus keeper is ``static/focus.py``, the service worker's registration
and update offer ``static/offline.py``.
"""

import json

import js
from pyscript import document, workers
from pyscript.ffi import create_proxy

import offline
from focus import Focus

#: the real window object: a global function called through the ``js`` module
#: (what ``pyscript.window`` is on the main thread) gets the wrong ``this``
#: in MicroPython ("Illegal invocation"), called on this it does not
window = js.window
root = document.documentElement
PORTRAIT = "(orientation: portrait) and (max-width: 640px)"
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


# ---- what the worker sends: ops --------------------------------------------------------

#: what a missing key of a JavaScript object reads as (not None: that is null)
UNDEFINED = type(js.Reflect.get(js.Object.new(), "missing"))


class Op:
    """One op (or message) as the JavaScript object ``JSON.parse`` made of it:
    its fields are read on demand. The engine's messages carry whole boards
    as markup (about 47 MB over a Net Control game of bots); MicroPython's
    own ``json.loads`` took about 90 ms per 190 KB message, the browser's
    ``JSON.parse`` about 2 ms, and a field's string crosses into Python only
    when it is read."""

    def __init__(self, obj):
        self.obj = obj

    def get(self, name, default=None):
        value = js.Reflect.get(self.obj, name)
        return default if value is None or isinstance(value, UNDEFINED) else value

    def __getitem__(self, name):
        return self.get(name)


focus = Focus(document)
state = {"remembered": None, "keys": set(), "toast": None, "sent": 0, "done": 0, "started": False}
waiters = []


def each(nodes):
    """The items of a NodeList or HTMLCollection, by index."""
    return [nodes.item(i) for i in range(nodes.length)]


def toast(text):
    box = document.getElementById("toast")
    if box is None:
        return
    box.textContent = text
    box.hidden = False
    if state["toast"] is not None:
        window.clearTimeout(state["toast"])

    def hide():
        if box.textContent == text:
            box.hidden = True

    state["toast"] = window.setTimeout(keep(hide), 2400)


def mark(at):
    """The replay log's move ``at`` marked as shown (aria-current, the one log
    button in the tab order), later ones dimmed by one rule, scrolled to the middle."""
    log = document.getElementById("log")
    steps = log.querySelector(".replay-log") if log is not None else None
    if steps is None:
        return
    old = steps.querySelector("li.now")
    if old is not None:
        old.classList.remove("now")
        old.firstElementChild.removeAttribute("aria-current")
        old.firstElementChild.tabIndex = -1
    now = steps.children.item(at)  # the first item is the start, then move 1, 2, ...
    if now is None:
        return
    now.classList.add("now")
    now.firstElementChild.setAttribute("aria-current", "step")
    now.firstElementChild.tabIndex = 0
    later = document.getElementById("replay-later")
    if later is not None:
        later.textContent = ".replay-log > li:nth-child(n+%d) { opacity: .45; }" % (at + 2)
    top = now.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop
    log.scrollTop = max(0, top - log.clientHeight / 2)


def show_errors(op):
    """A home-screen form's field notes and aria-invalid (op["only"]: one field)."""
    form = document.querySelector('form.newgame[data-game="%s"]' % op["game"])
    if form is None:
        return
    errors = Op(op.get("errors") or js.Object.new())
    for box in each(form.querySelectorAll("[data-field]")):
        name = box.getAttribute("data-field")
        if op.get("only") and name != op["only"]:
            continue
        message = errors.get(name) or ""
        note = document.getElementById("err-%s-%s" % (op["game"], name))
        if note is not None:
            note.textContent = message
        control = box.querySelector("input,select")
        if control is not None:
            if message:
                control.setAttribute("aria-invalid", "true")
            else:
                control.removeAttribute("aria-invalid")
    if op.get("focus"):
        first = form.querySelector("[aria-invalid]")
        if first is not None:
            first.focus()


def copy(op):
    def fallback(*_):  # no clipboard permission (http, iframe): show the link instead
        field = document.getElementById("link-field")
        field.value = op["url"]
        field.hidden = False
        field.focus()
        field.select()
        toast(op["fallback"])

    def copied(*_):
        root.dataset.copied = op["url"]
        toast(op["done"])

    try:
        clip = js.navigator.clipboard  # only in a secure context
    except AttributeError:
        clip = None
    if clip is None:
        return fallback()
    clip.writeText(op["url"]).then(keep(copied), keep(fallback))


def link(op):
    how, fragment = op["how"], op.get("fragment") or ""
    if how == "replace":
        js.history.replaceState(None, "", "#" + fragment)
    elif how == "entry":
        js.history.pushState(None, "", "#" + fragment)  # no hashchange
    elif how == "clear":
        js.history.replaceState(None, "", js.location.pathname + js.location.search)
    else:
        js.location.hash = fragment  # "push": a history entry and a hashchange


def set_html(op, el):
    kept = []
    for name in op.get("keep") or ():  # a JavaScript array (or nothing)
        field = document.getElementById(name)
        kept.append((name, field.value if field is not None else ""))
    el.innerHTML = op["html"]
    for name, value in kept:
        field = document.getElementById(name)
        if value and field is not None:
            field.value = value


def set_text(op, el):
    if el.textContent != op["text"]:  # a quiet live region stays quiet
        el.textContent = op["text"]


def set_attr(op, el):
    if op["value"] is None:
        el.removeAttribute(op["name"])
    else:
        el.setAttribute(op["name"], op["value"])


def set_data(op, el):
    if op["value"] is None:
        js.Reflect.deleteProperty(el.dataset, op["name"])
    else:
        js.Reflect.set(el.dataset, op["name"], op["value"])


def insert(op, el):
    where = op.get("where") or "beforeend"
    scope = el if where == "beforeend" else document  # "unless" looks inside, or anywhere
    if not op.get("unless") or scope.querySelector(op["unless"]) is None:
        el.insertAdjacentHTML(where, op["html"])


def set_prop(op, el):
    setattr(el, op["name"], op["value"])


def toggle(op, el):
    el.classList.toggle(op["name"], bool(op.get("on")))


def scroll(op, el):
    el.scrollTop = el.scrollHeight


ON_ELEMENT = {"html": set_html, "text": set_text, "attr": set_attr, "prop": set_prop, "data": set_data,
              "class": toggle, "insert": insert, "scroll": scroll}


def store(op):
    where = area(op["area"])
    try:
        if where is None:
            return
        if op["value"] is None:
            where.removeItem(op["key"])
        else:
            where.setItem(op["key"], op["value"])
    except Exception:
        pass  # storage refused or full: the setting is only a convenience


def keep_focus(op):
    if op["step"] == "remember":
        state["remembered"] = focus.remember()
    else:
        focus.restore(state["remembered"])


def ready(op=None):
    root.dataset.readyMs = str(round(js.performance.now()))
    root.dataset.ready = "play"
    progress("", "Python is up: every game plays.", 1)  # the home screen's line stays and says so
    offline.register()  # storing for offline use never competes with the first load


def failed(op):
    status = document.getElementById("status")
    if status is not None:
        status.textContent = "The arcade failed to start: " + op["text"]
    root.dataset.ready = "error"
    progress("", "The arcade failed to start.", 0.03)
    js.console.error("netarcade: " + op["text"])


def set_keys(op):
    state["keys"] = set(op["keys"])


def console_log(op):
    (js.console.error if op.get("level") == "error" else js.console.log)("netarcade: " + op["text"])


GLOBAL = {
    "title": lambda op: setattr(document, "title", op["text"]),
    "link": link, "focus": keep_focus, "store": store, "copy": copy,
    "toast": lambda op: toast(op["text"]), "mark": lambda op: mark(int(op["at"])),
    "errors": show_errors, "keys": set_keys, "log": console_log, "ready": ready, "failed": failed,
}


def apply(ops):
    for i in range(ops.length):
        op = Op(ops[i])
        kind = op["op"]
        if kind in GLOBAL:
            GLOBAL[kind](op)
            continue
        if op.get("id"):
            el = document.getElementById(op["id"])
        elif op.get("sel"):
            el = document.querySelector(op["sel"])
        else:
            el = root
        if el is not None and kind in ON_ELEMENT:
            ON_ELEMENT[kind](op, el)


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
        "side": (side if side is not None else root).getAttribute("data-game") or "",
        "timeOrigin": js.performance.timeOrigin,
        "storage": {"local": snapshot("local"), "session": snapshot("session")},
    })


# ---- what the player does: plain data to the worker ---------------------------------------

def live():
    # before this, index.html's boot guard (static/boot.js) refuses inputs and says why
    return root.getAttribute("data-ready") == "play"


def form_values(form):
    values = {}
    for field in each(form.elements):
        if not getattr(field, "name", None):
            continue
        if field.type == "checkbox":
            values[field.name] = "true" if field.checked else "false"
        else:
            values[field.name] = str(field.value)
    return values


def show_seats(form, text):
    """One seat select per player (the form has one for every possible seat)."""
    try:
        players = int(text)
    except ValueError:
        return
    for box in each(form.querySelectorAll("[data-seat]")):
        box.hidden = int(box.getAttribute("data-seat")) > players


def on_click(event):
    target = event.target
    if not live() or target is None or not hasattr(target, "closest"):
        return
    control = target.closest("[data-tool],[data-cmd]")
    if control is not None:
        tool = control.getAttribute("data-tool")
        if tool:
            send({"kind": "tool", "tool": tool})
            return
        name = control.getAttribute("data-cmd")
        if name == "costs":  # the costs panel folds on the page alone
            hidden = document.getElementById("costs-panel").classList.toggle("collapsed")
            control.setAttribute("aria-expanded", "false" if hidden else "true")
            control.textContent = "Show" if hidden else "Hide"
            return
        send({"kind": "cmd", "name": name, "value": control.getAttribute("data-value")})
        return
    spot = target.closest("[data-name]")
    board = document.getElementById("board")
    if spot is not None and board is not None and board.contains(spot):
        send({"kind": "spot", "name": spot.getAttribute("data-name")})


def on_key(event):
    if not live():
        return
    target = event.target
    tag = str(getattr(target, "tagName", None) or "").lower()
    key = str(event.key)
    if tag in ("input", "select", "textarea") or (event.ctrlKey and key.lower() != "z"):
        return
    if event.altKey or event.metaKey:
        return
    if key in ("Enter", " "):
        spot = target.closest("#board [data-name]") if hasattr(target, "closest") else None
        if spot is not None:
            event.preventDefault()
            focus.keyboard = spot.getAttribute("data-name")
            send({"kind": "spot", "name": focus.keyboard})
        return  # Enter on a button clicks it already
    if root.getAttribute("data-view") != "game":
        return
    if ("ctrl+" if event.ctrlKey else "") + key.lower() in state["keys"]:
        event.preventDefault()
        send({"kind": "key", "key": key, "ctrl": bool(event.ctrlKey)})


def on_pointer(event):
    # after the arrow keys the board is marked `keys` (no hover ghost beside the
    # keyboard's cursor); a mouse that moves over it takes the hover back at once
    if str(event.pointerType) != "mouse":
        return
    board = document.querySelector("#board svg.keys")
    if board is not None and board.contains(event.target):
        board.classList.remove("keys")


FORMS = "form.newgame, form.joinseat, form.joinroom"


def on_submit(event):
    form = event.target
    if not live() or not form.matches(FORMS):
        return
    event.preventDefault()
    submitter = getattr(event, "submitter", None)
    name = document.getElementById("player-name")
    kind = "newgame" if form.matches("form.newgame") else "joinseat" if form.matches("form.joinseat") else "joinroom"
    send({
        "kind": "submit", "form": kind,
        "game": form.getAttribute("data-game") or "",
        "values": form_values(form),
        "submitter": (submitter.getAttribute("value") or "") if submitter is not None else "",
        "name": str(name.value) if name is not None else "",
    })


def on_input(event):
    target = event.target
    if not live():
        return
    if getattr(target, "id", None) == "replay-slider":
        send({"kind": "cmd", "name": "replay-to", "value": str(target.value)})
        return
    form = target.closest("form.newgame") if hasattr(target, "closest") else None
    if form is None:
        return
    name = getattr(target, "name", None) or ""
    if name == "players":
        show_seats(form, target.value)
    send({"kind": "input", "game": form.getAttribute("data-game"), "name": str(name),
          "values": form_values(form)})


def on_hash(event):
    # from "start" on (the worker reads its messages in order): before it,
    # "start" itself carries the address and the orientation as they are then
    if state["started"]:
        send({"kind": "hash", "hash": js.location.hash})


def on_portrait(event):
    if state["started"]:
        send({"kind": "portrait", "on": bool(portrait.matches)})


for kind, handler in (("click", on_click), ("keydown", on_key), ("submit", on_submit), ("input", on_input),
                      ("pointermove", on_pointer)):
    document.addEventListener(kind, keep(handler))
window.addEventListener("hashchange", keep(on_hash))
portrait.addEventListener("change", keep(on_portrait))

# ---- boot: the engine's worker is started by PyScript from index.html ----------------------

progress("Loading interpreter")
try:
    engine = await workers["engine"]  # noqa: F704 (PyScript runs this module with top-level await)
    engine.ops = keep(receive)
    progress("Loaded Pyodide")
    start()
except Exception as err:
    failed({"text": "the engine's worker did not start: %s" % err})
