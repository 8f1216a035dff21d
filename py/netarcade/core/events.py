"""Events: what happened when an action was applied, and who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``visible_to`` is None when every seat (and a
    spectator) may see it, otherwise the set of seats that may.

    >>> Event("income", {"seat": 0, "bw": 3}).is_visible_to(1)
    True
    >>> Event("draw", {"card": "hack"}, frozenset({0})).is_visible_to(1)
    False
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def is_visible_to(self, seat: int | None) -> bool:
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to

    def to_data(self) -> dict[str, Any]:
        """Plain, msgpack-able form (without the audience, which is the sender's business)."""
        return {"kind": self.kind, **self.data}
