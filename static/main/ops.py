"""The page's main thread, in MicroPython: the ops the engine's worker sends,
applied to the DOM.

What it is for: ``apply`` carries out a message's ops (innerHTML by id,
text, attributes, properties, dataset, classes, title, history, focus,
storage writes, clipboard, toasts, the replay log's mark, form errors,
ready and failed). The vocabulary is named once, in ``opnames`` (the
wheel's py/netarcade/web/opnames.py, served beside this file as
static/opnames.py): each op's name and the function here that applies it;
docs/web-runtime.md documents the ops.

What it is not: the worker's messages as a whole (``page.receive``) or
what the player does (``inputs.py``).
"""

import js
from pyscript import document

import offline
import opnames
from dom import area, each, focus, keep, progress, root, state, window

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
    """``text`` (or ``url``) to the clipboard; what happened goes to the
    element ``said`` (the Share dialog's line) or else a toast; refused, the
    text is selected in the field ``field`` (else the game bar's link field)."""
    text = op.get("text") or op["url"]

    def tell(words):
        box = document.getElementById(op["said"]) if op.get("said") else None
        if box is None:
            toast(words)
        else:
            box.textContent = words

    def fallback(*_):  # no clipboard permission (http, iframe): show the text instead
        field = document.getElementById(op.get("field") or "link-field")
        field.value = text
        field.hidden = False
        field.focus()
        field.select()
        tell(op["fallback"])

    def copied(*_):
        root.dataset.copied = text
        tell(op["done"])

    try:
        clip = js.navigator.clipboard  # only in a secure context
    except AttributeError:
        clip = None
    if clip is None:
        return fallback()
    clip.writeText(text).then(keep(copied), keep(fallback))


def link(op):
    how, fragment = op["how"], op.get("fragment") or ""
    if how == "replace":
        js.history.replaceState(None, "", "#" + fragment)
    elif how == "entry":
        js.history.pushState(None, "", "#" + fragment)  # no hashchange
    elif how == "clear":
        js.history.replaceState(None, "", js.location.pathname + js.location.search)
    else:
        before = js.location.hash
        js.location.hash = fragment  # "push": a history entry and a hashchange
        if js.location.hash != before:  # the fragment changed: its hashchange is on its way
            state["hashes"] += 1


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


def reveal(op, el):
    """The element back in view when the page is scrolled past it (a lesson's
    next sentence after a tap far down a phone's board); in view, it stays put."""
    box = el.getBoundingClientRect()
    if box.top < 0 or box.bottom > window.innerHeight:
        window.scrollBy(0, box.top - 8 if box.top < 0 else box.bottom - window.innerHeight + 8)


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


def title(op):
    document.title = op["text"]


def toast_op(op):
    toast(op["text"])


def mark_op(op):
    mark(int(op["at"]))


#: op name -> its function, by the names ``opnames`` (the worker's own vocabulary) gives
ON_ELEMENT = {name: globals()[function] for name, function in opnames.ON_ELEMENT.items()}
GLOBAL = {name: globals()[function] for name, function in opnames.GLOBAL.items()}


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
