"""The page's main thread, in MicroPython: what the player does, sent to the
engine's worker as plain data.

What it is for: the page's delegated listeners (click, keydown, submit,
input, pointermove, hashchange, the portrait media query), bound once by
:func:`listen` with the function that sends a message to the worker.

What it is not: what the worker answers (``ops.py``).
"""

import js
from pyscript import document

from dom import each, focus, keep, root, state, window

#: sends one message (a dict) to the engine's worker: set by ``listen``
send = None


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
    if tag in ("input", "select", "textarea"):
        # a card's field (the Share dialog's link) still lets Escape close the card
        if key == "Escape" and target.closest("#overlay") is not None and "escape" in state["keys"]:
            send({"kind": "key", "key": key, "ctrl": False})
        return
    if event.ctrlKey and key.lower() != "z":
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
    state["hashes"] = max(0, state["hashes"] - 1)  # one an op caused has arrived (settled waits for it)
    # from "start" on (the worker reads its messages in order): before it,
    # "start" itself carries the address and the orientation as they are then
    if state["started"]:
        send({"kind": "hash", "hash": js.location.hash})


def listen(sender, portrait):
    """Bind the page's listeners; ``sender`` sends a message to the worker,
    ``portrait`` is the media query of a portrait phone."""
    global send
    send = sender

    def on_portrait(event):
        if state["started"]:
            send({"kind": "portrait", "on": bool(portrait.matches)})

    for kind, handler in (("click", on_click), ("keydown", on_key), ("submit", on_submit), ("input", on_input),
                          ("pointermove", on_pointer)):
        document.addEventListener(kind, keep(handler))
    window.addEventListener("hashchange", keep(on_hash))
    portrait.addEventListener("change", keep(on_portrait))
