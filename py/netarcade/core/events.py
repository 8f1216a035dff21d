"""Events: what happened when an action was applied, and who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``visible_to`` is None when every seat (and a
    spectator) may see it, otherwise the set of seats that may. The local
    table (``TABLE``, everyone at one screen) sees every event.

    >>> Event("income", {"seat": 0, "bw": 3}).is_visible_to(1)
    True
    >>> Event("draw", {"card": "hack"}, frozenset({0})).is_visible_to(1)
    False
    >>> Event("draw", {"card": "hack"}, frozenset({0})).is_visible_to("table")
    True
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def is_visible_to(self, observer: int | str | None) -> bool:
        if self.visible_to is None or observer == "table":
            return True
        return type(observer) is int and observer in self.visible_to

    def to_data(self) -> dict[str, Any]:
        """Plain, msgpack-able form; ``to`` lists the seats that may see it
        (absent when everyone may).

        >>> Event("draw", {"card": "hack"}, frozenset({0})).to_data()
        {'kind': 'draw', 'card': 'hack', 'to': [0]}
        """
        data = {"kind": self.kind, **self.data}
        if self.visible_to is not None:
            data["to"] = sorted(self.visible_to)
        return data


def events_for(events: Iterable[Event], observer: int | str | None) -> list[Event]:
    """The events ``observer`` (a seat, None for a spectator, ``"table"``) may see.

    >>> mine = Event("drew", {"card": "hack"}, frozenset({0}))
    >>> [e.kind for e in events_for([Event("draw"), mine], 1)]
    ['draw']
    """
    return [event for event in events if event.is_visible_to(observer)]
