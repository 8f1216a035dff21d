"""What the worker sends the page: the ops of one turn of its event loop, as one message.

What it is for: :class:`Ops` collects the DOM operations ``app.App`` asks
for while it handles one event of the page (or one step of a bot) and posts
them as one JSON message (``{"kind": "ops", "ops": [...], "done": seq}``;
docs/web-runtime.md has the vocabulary). It keeps the page's answer to the
last message: :meth:`Ops.applied` returns once the page has applied it (the
bots wait for that before each move, ``Screen.drawn``).

What it is not: the ops' names (``opnames``, which the page reads too), their
meaning (``app``) or their application (the page's ``static/main/ops.py``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from .opnames import ALL as OP_NAMES

__all__ = ["Ops"]


class Ops:
    """The ops of one turn of the worker's event loop, posted as one message."""

    def __init__(self, post: Callable[[str], Any]):
        self.post = post
        self.pending: list[dict] = []
        self._scheduled = False
        self.answer: Any = None  # the page's answer to the last message, while not awaited

    def add(self, kind: str, /, **fields) -> None:
        """One op for the page; ``kind`` is a name of ``opnames`` (the page's glue
        reads the same list): another is refused here, not ignored by the page."""
        if kind not in OP_NAMES:
            raise ValueError(f"no op {kind!r}: the page applies {', '.join(OP_NAMES)} (web/opnames.py)")
        self.pending.append({"op": kind, **fields})
        if not self._scheduled:
            self._scheduled = True
            try:
                asyncio.get_event_loop().call_soon(self.flush)
            except RuntimeError:  # no event loop (a CPython test): flushed by the caller
                self._scheduled = False

    def flush(self, done: int | None = None) -> None:
        self._scheduled = False
        if not self.pending and done is None:
            return
        message = {"kind": "ops", "ops": self.pending}
        if done is not None:
            message["done"] = done
        self.pending = []
        answer = self.post(json.dumps(message, separators=(",", ":")))
        if hasattr(answer, "__await__"):  # the page's acknowledgement (a promise in the worker)
            self.answer = answer

    async def applied(self) -> None:
        """Return once the page has applied every op posted so far (its answer
        to the last message; a page that failed on it said so on its console)."""
        if self.pending:
            self.flush()
        answer, self.answer = self.answer, None
        if answer is not None:
            try:
                await answer
            except Exception:  # noqa: BLE001 - said on the page's console; the bots go on
                pass
