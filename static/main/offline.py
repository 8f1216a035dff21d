"""Offline and updates (MicroPython, on the page): registers the service worker
(sw.js at the site's root) once the arcade is ready to play, has the memory
snapshot made for the next visit's warm start, and offers a reload when a
new version has been stored. ``static/page.py`` calls :func:`register` when
the engine says the page is ready.

- Only where a service worker may run: a secure context (https, or
  http://localhost / 127.0.0.1). On a plain-http host the page works as
  before, online only.
- Not in a frame of another site's page: an embed there would store the
  whole runtime (about 22 MB) in that site's partition for a visitor who
  never chose to install anything. An embed opened on its own (?embed) or
  framed by our own pages is served like the arcade.
- Registered after the page is ready to play, so storing the runtime never
  competes with the first load; those files are then in the HTTP cache
  already and cost a revalidation each.
- ``<html data-offline>``: "stored" when this version is kept for offline
  use, "update" when a newer one waits for a reload, "off" when no service
  worker may run here.
- The memory snapshot (:func:`make_warm`): once this version is stored and
  the page is idle, and only if this version's cache holds none yet, a
  worker of its own (``static/snapshot-worker.mjs``) makes it from the files
  the visit loaded, and the page hands it to the service worker, which keeps
  it: no byte of it crosses the network. The service worker then fetches
  PyScript's package compiled (29 KB), except on a light connection
  (:func:`light_connection`: Save-Data, or a metered or cellular network),
  where nothing is fetched that the page did not load.
  ``<html data-warm>``: "making", then "stored" (and what became of the
  compiled package) or "not stored: why"; "kept" when the cache already
  holds one.

What it is not: the service worker itself (``static/sw.js``, JavaScript: it
runs before any interpreter).
"""

import js
from pyscript.ffi import create_proxy, to_js

window = js.window
root = js.document.documentElement
#: every JS function made here lives as long as the page
_kept = []
_state = {"reloading": False, "registered": False}
#: Object.is ("is" is a Python keyword)
_same = getattr(js.Object, "is")


def _keep(function):
    proxy = create_proxy(function)
    _kept.append(proxy)
    return proxy


def _framed_by_another_site():
    """Without reading the top page's location: across origins that throws a
    SecurityError that MicroPython's ``except`` does not catch (it reached
    the engine as a rejected call)."""
    if _same(window.top, window.self):
        return False
    ancestors = getattr(window.location, "ancestorOrigins", None)  # not in every browser
    if ancestors is None or ancestors.length == 0:
        return True  # cannot tell: do as for another site
    return ancestors.item(ancestors.length - 1) != window.location.origin


def _offer(worker):
    root.dataset.offline = "update"
    if js.document.getElementById("update-bar") is not None:
        return
    bar = js.document.createElement("div")
    bar.id = "update-bar"
    bar.className = "toast"
    bar.setAttribute("role", "status")
    bar.append("A new version of netarcade is ready. ")
    button = js.document.createElement("button")
    button.type = "button"
    button.textContent = "Reload"
    button.addEventListener("click", _keep(lambda event: worker.postMessage(to_js({"kind": "skip-waiting"}))))
    bar.append(button)
    js.document.body.append(bar)


def _watch(registration):
    container = window.navigator.serviceWorker
    if registration.waiting is not None and container.controller is not None:
        _offer(registration.waiting)

    def found(event):
        worker = registration.installing
        if worker is None:
            return

        def changed(event):
            if worker.state == "installed" and container.controller is not None:
                _offer(worker)

        worker.addEventListener("statechange", _keep(changed))

    registration.addEventListener("updatefound", _keep(found))


def light_connection():
    """Why this connection asks for no background download ("save-data",
    "metered", "cellular"), or "" when it does not. The Network Information
    API where the browser has it (Chromium: ``saveData`` is the browser's
    Save-Data setting, the one that sends the ``Save-Data`` header; ``type``;
    ``metered`` where a browser says it)."""
    navigator = window.navigator
    if not js.Reflect.has(navigator, "connection"):
        return ""
    connection = navigator.connection
    # "is True": MicroPython's undefined (a property the browser lacks) is truthy
    if js.Reflect.get(connection, "saveData") is True:
        return "save-data"
    if js.Reflect.get(connection, "metered") is True:
        return "metered"
    if js.Reflect.get(connection, "type") == "cellular":
        return "cellular"
    return ""


def _made(registration, light):
    """The snapshot worker's message: the snapshot to the service worker, or why not."""

    def made(event):
        event.target.terminate()
        message = event.data
        if message.kind != "snapshot":
            root.dataset.warm = "not stored: %s" % message.why
            return
        message.kind = "warm"  # to the service worker: keep it
        message.light = light
        registration.active.postMessage(message)

    return made


def _answered(event):
    """The service worker's answer to the snapshot ("warm")."""
    answer = event.data
    if not js.Boolean(answer) or js.Reflect.get(js.Object(answer), "kind") != "warm":
        return
    if answer.stored:
        root.dataset.warm = "stored, pyscript bytecode %s" % answer.later
    else:
        root.dataset.warm = "not stored: %s" % answer.why


def make_warm(registration):
    """Once this version is stored: the memory snapshot for the next visit, made
    in the browser when the page is idle, unless the cache holds one already."""
    container = window.navigator.serviceWorker
    container.addEventListener("message", _keep(_answered))

    def make(*_):
        if registration.active is None:
            root.dataset.warm = "not stored: no active service worker"
            return
        root.dataset.warm = "making"
        maker = js.Worker.new("static/snapshot-worker.mjs", to_js({"type": "module"}))
        maker.addEventListener("message", _keep(_made(registration, light_connection())))

        def broke(event):  # it did not load, or failed outside its own handling
            maker.terminate()
            root.dataset.warm = "not stored: the snapshot worker failed: %s" % (getattr(event, "message", "") or "")

        maker.addEventListener("error", _keep(broke))

    def looked(hit=None):  # a promise resolved with undefined calls this with no argument
        if hit is not None and js.Boolean(hit):
            root.dataset.warm = "kept"
            return
        if js.Reflect.has(window, "requestIdleCallback"):
            window.requestIdleCallback(_keep(make), to_js({"timeout": 5000}))
        else:
            window.setTimeout(_keep(make), 1000)

    js.caches.match("static/python-snapshot.bin").then(_keep(looked))


def register():
    """Once, when the page is ready to play."""
    if _state["registered"]:
        return
    _state["registered"] = True
    navigator = window.navigator
    if not js.Reflect.has(navigator, "serviceWorker") or not window.isSecureContext or _framed_by_another_site():
        root.dataset.offline = "off"
        return
    container = navigator.serviceWorker

    def reload(event):
        # a new version took over (after a Reload click here or in another tab)
        if _state["reloading"]:
            return
        _state["reloading"] = True
        window.location.reload()

    container.addEventListener("controllerchange", _keep(reload))

    def registered(registration):
        _watch(registration)
        return container.ready

    def stored(registration):
        if root.getAttribute("data-offline") != "update":
            root.dataset.offline = "stored"
        make_warm(registration)

    def refused(err):
        root.dataset.offline = "off"
        js.console.warn("netarcade: offline use is not available here:", getattr(err, "message", str(err)))

    container.register("sw.js", to_js({"scope": "./"})).then(_keep(registered)).then(_keep(stored)).catch(_keep(refused))
