"""What the worker's Python needs of JavaScript: the relay's WebSocket and the page's clock.

What it is for: ``app.main`` (in the engine's Web Worker) connects online
rooms through a :class:`Socket` (binary msgpack frames; WebSocket works in
a worker) and stamps bot thinking with :func:`page_clock`, the page's
``performance.now()`` (a worker's time origin is its own, so the worker's
clock is shifted by the difference of the two origins: the page's long-task
entries and ``data-bot-windows`` then share one clock).

What it is not: DOM code (a worker has no DOM; ``app`` talks to the page
in messages) or online play's logic (``online``, ``lobby``). With ``app``
the only module of ``web`` that runs only in the browser.
"""

from __future__ import annotations

from typing import Any, Callable

import js
from pyodide.ffi import create_proxy, to_js

__all__ = ["Socket", "connect", "page_clock"]

#: every JS proxy made here stays alive for the worker's lifetime
_PROXIES: list = []


def page_clock(page_origin: float) -> Callable[[], float]:
    """``performance.now()`` on the page's clock, in ms."""
    shift = float(js.performance.timeOrigin) - page_origin
    return lambda: float(js.performance.now()) + shift


def guarded(handler: Callable[[Any], None]) -> Callable[[Any], None]:
    """A WebSocket handler that logs a bug instead of killing the room's listener."""

    def run(event):
        try:
            handler(event)
        except Exception as err:
            js.console.error(f"netarcade: {type(err).__name__}: {err}")

    return run


class Socket:
    """A WebSocket to the relay for an ``online.RemoteSession`` (binary msgpack frames)."""

    def __init__(self, url: str, session):
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
            _PROXIES.append(proxy)
            ws.addEventListener(name, proxy)

    def send(self, data: bytes) -> None:
        if int(self.ws.readyState) == 1:
            self.ws.send(to_js(data))

    def close(self) -> None:
        self.ws.close()


def connect(url: str, session) -> Socket:
    return Socket(url, session)
