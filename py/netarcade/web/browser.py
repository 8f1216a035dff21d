"""What the worker's Python needs of JavaScript: the relay's WebSocket, the page's clock, the analysis's helpers.

What it is for: ``app.main`` (in the engine's Web Worker) connects online
rooms through a :class:`Socket` (binary msgpack frames; WebSocket works in
a worker) and stamps bot thinking with :func:`page_clock`, the page's
``performance.now()`` (a worker's time origin is its own, so the worker's
clock is shifted by the difference of the two origins: the page's long-task
entries and ``data-bot-windows`` then share one clock), and starts the
replay viewer's analysis helpers (:class:`Helper`: a module worker each,
``static/worker/analysis-helper.mjs``, one per core beyond this one).

What it is not: DOM code (a worker has no DOM; ``app`` talks to the page
in messages) or online play's logic (``online``, ``lobby``). With ``app``
the only module of ``web`` that runs only in the browser.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any, Callable

import js
from pyodide.ffi import create_proxy, to_js

from .replay.helping import HelperFailed, count

__all__ = ["Helper", "Socket", "connect", "helpers", "page_clock"]

#: the analysis helper's module, beside the page's other scripts (the site serves static/worker/ flat)
HELPER_SCRIPT = "static/analysis-helper.mjs"

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


class Helper:
    """An analysis helper (``replay.helping``): a module worker with a Pyodide of
    its own (``static/worker/analysis-helper.mjs``), asked one decision at a
    time. ``judge`` posts ``[id, request]`` and awaits ``[id, answer, why]``
    (``why``: the helper's own failure, else null); a worker that fails to
    load or dies fails every question (:class:`HelperFailed`)."""

    def __init__(self, url: str):
        self.worker = js.Worker.new(url, to_js({"type": "module"}, dict_converter=js.Object.fromEntries))
        self.waiting: dict[int, asyncio.Future] = {}
        self.ids = itertools.count(1)
        self.gone = ""
        self.proxies = [create_proxy(guarded(self._answered)), create_proxy(guarded(self._failed))]
        self.worker.addEventListener("message", self.proxies[0])
        self.worker.addEventListener("error", self.proxies[1])

    async def judge(self, text: str) -> str:
        if self.gone:
            raise HelperFailed(self.gone)
        ident = next(self.ids)
        future = self.waiting[ident] = asyncio.get_event_loop().create_future()
        self.worker.postMessage(to_js([ident, text]))
        return await future

    def _answered(self, event) -> None:
        ident, answer, why = event.data.to_py()
        future = self.waiting.pop(int(ident), None)
        if future is None or future.done():
            return
        if isinstance(why, str):  # JavaScript's null comes as jsnull, not None
            future.set_exception(HelperFailed(f"the helper failed: {why}"))
        else:
            future.set_result(str(answer))

    def _failed(self, event) -> None:
        # the module did not load (a missing file, the site's policy) or failed outside its handler
        self._end(f"the helper's worker failed: {getattr(event, 'message', '') or 'it did not start'}")

    def _end(self, why: str) -> None:
        self.gone = self.gone or why
        waiting, self.waiting = self.waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_exception(HelperFailed(self.gone))

    def close(self) -> None:
        """Stop the worker (its memory goes with it); a question still open fails."""
        self.worker.terminate()
        self._end("the analysis stopped")
        for proxy in self.proxies:
            proxy.destroy()
        self.proxies = []


def helpers(base_url: str, most: int) -> list[Helper]:
    """Up to ``most`` analysis helpers, one per core beyond this worker's
    (``navigator.hardwareConcurrency``), fewer on a device with little
    memory (``navigator.deviceMemory``: ``helping.count``), their script
    at ``base_url``'s ``static/`` (this worker's own URL is a ``blob:``,
    PyScript's)."""
    navigator = js.navigator
    memory = navigator.deviceMemory if js.Reflect.has(navigator, "deviceMemory") else None
    url = str(js.URL.new(HELPER_SCRIPT, base_url).href)
    return [Helper(url) for _ in range(count(most, getattr(navigator, "hardwareConcurrency", 1), memory))]
