"""Where a tab keeps its online seats: ``{room: seat and token}``.

What it is for: :class:`SeatStore` is the mapping ``web/online/online.py`` reads and
writes a seat's token through, in sessionStorage (one tab, one seat) and
copied to localStorage, so a closed and reopened tab finds its seat again.
The worker has neither storage: it reads the page's snapshot (``App.stores``)
and writes through the app's ``store`` ops.

What it is not: the relay's seats (``relay/room.py``) or the page's settings.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SeatStore"]


class SeatStore:
    """``{room: seat and token}`` in sessionStorage (one tab, one seat), copied to
    localStorage so a closed and reopened tab finds its seat again. The worker
    has neither: it reads the page's snapshot and writes through by ops."""

    def __init__(self, app: Any):
        self.app = app

    def get(self, key: str):
        for area in ("session", "local"):
            value = self.app.stores[area].get(key)
            if value is not None:
                return str(value)
        return None

    def __setitem__(self, key: str, value: str) -> None:
        for area in ("session", "local"):
            self.app.store(area, key, value)

    def pop(self, key: str, default=None):
        for area in ("session", "local"):
            self.app.store(area, key, None)
        return default
