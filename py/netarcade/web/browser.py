"""The browser's side of the page besides drawing: elements by id, guarded
handlers, the relay's WebSocket and the seat store.

What it is for: ``app`` listens to DOM events through :func:`guarded`
handlers (a bug shows in the status line instead of leaving a page that
silently stopped answering); an online game talks to the relay through a
:class:`Socket` (binary msgpack frames) and keeps its seat tokens in a
:class:`SeatStore`.

What it is not: drawing, the page's lifecycle (``controller``) or online
play's logic (``online``, ``lobby``).
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document

from .focus import real

__all__ = ["SeatStore", "Socket", "by_id", "guarded"]


def by_id(name: str):
    return real(document.getElementById(name))


def guarded(handler):
    """An event handler that reports a bug in the status line instead of
    leaving a page that silently stopped answering."""

    def run(event):
        try:
            handler(event)
        except Exception as err:  # a bug: show it, keep the page alive
            prompt = by_id("prompt")
            if prompt is not None:
                prompt.textContent = f"Something went wrong ({type(err).__name__}: {err}). Undo or start a new game."
                prompt.classList.add("error")
            js.console.error(f"netarcade: {type(err).__name__}: {err}")

    return run


class Socket:
    """A WebSocket to the relay for an ``online.RemoteSession`` (binary msgpack frames)."""

    def __init__(self, url: str, session, proxies: list):
        ws = js.WebSocket.new(url)
        ws.binaryType = "arraybuffer"
        self.ws = ws
        handlers = {
            "open": lambda event: session.on_open(),
            "message": lambda event: session.on_message(bytes(event.data.to_py())),
            "close": lambda event: session.on_close(int(event.code), str(event.reason or "")),
        }
        for name, handler in handlers.items():
            proxy = create_proxy(guarded(handler))
            proxies.append(proxy)
            ws.addEventListener(name, proxy)

    def send(self, data: bytes) -> None:
        if int(self.ws.readyState) == 1:
            self.ws.send(to_js(data))

    def close(self) -> None:
        self.ws.close()


class SeatStore:
    """``{room: seat and token}``: sessionStorage (one tab, one seat), copied to
    localStorage so a closed and reopened tab finds its seat again."""

    def _stores(self):
        try:
            return [js.sessionStorage, js.localStorage]
        except Exception:  # storage refused (some iframes)
            return []

    def get(self, key: str):
        for store in self._stores():
            value = real(store.getItem(key))
            if value is not None:
                return str(value)
        return None

    def __setitem__(self, key: str, value: str) -> None:
        for store in self._stores():
            store.setItem(key, value)

    def pop(self, key: str, default=None):
        for store in self._stores():
            store.removeItem(key)
        return default
