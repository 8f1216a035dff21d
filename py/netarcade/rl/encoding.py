"""What every game's encoder shares: seats seen from the observer, the
action mask, and the interface the environments call.

An encoder is made for one game and one set of options (the board's size
and the number of seats fix both spaces). It answers:

- ``observe(view)``: the observer's own view (``Game.view(state, seat)``,
  the one place hidden information is removed) as a fixed-shape ``float32``
  vector; it reads nothing else, so it can hold nothing a seat may not see;
- ``index(action)``: the index of a legal action in the flat action space;
- ``action(index, seat)``: the action an index names for a seat (the
  inverse, for any index of the space, legal or not);
- ``mask(legal)``: the ``int8`` mask over the space and the legal action at
  each set index.

Seats in an observation are relative: the observer first, then the seats
after it in turn order (``relative(seat, me, n)``), so one policy can play
any seat.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Mapping

import numpy as np

from .layout import ActionBlocks, Layout


def relative(seat: int, me: int, players: int) -> int:
    """Where ``seat`` sits as seen by ``me``: 0 for ``me``, 1 for the next seat, ..."""
    return (seat - me) % players


class Encoding:
    """One game's observation layout and action space for fixed options."""

    game_id = ""

    def __init__(self, options: Mapping[str, Any]):
        self.options = dict(options)
        self.players = int(self.options["players"])
        self.layout: Layout = self.make_layout()
        self.actions: ActionBlocks = self.make_actions()

    # --- what a subclass writes ----------------------------------------------------
    def make_layout(self) -> Layout:
        raise NotImplementedError

    def make_actions(self) -> ActionBlocks:
        raise NotImplementedError

    def encode(self, view: Mapping[str, Any], me: int, out: np.ndarray) -> None:
        """Write the view of seat ``me`` into ``out`` (zeros, the layout's size)."""
        raise NotImplementedError

    def index(self, action: Hashable) -> int:
        raise NotImplementedError

    def action(self, index: int, seat: int) -> Hashable:
        raise NotImplementedError

    # --- shared ------------------------------------------------------------------------
    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        """The observation of the seat whose view this is."""
        me = view["observer"]
        if not isinstance(me, int) or isinstance(me, bool):
            raise ValueError("an observation is a seat's own view (not a spectator's or the table's)")
        out = self.layout.blank()
        self.encode(view, me, out)
        return self.layout.finish(out)

    def mask(self, legal: Iterable[Hashable]) -> tuple[np.ndarray, dict[int, Hashable]]:
        """The ``int8`` mask of ``legal`` and ``{index: action}``; two legal
        actions on one index would be a defect of the encoding (raises)."""
        mask = np.zeros(self.actions.size, dtype=np.int8)
        chosen: dict[int, Hashable] = {}
        for action in legal:
            i = self.index(action)
            if i in chosen:
                raise ValueError(f"{self.game_id}: {action!r} and {chosen[i]!r} share action index {i}")
            chosen[i] = action
            mask[i] = 1
        return mask, chosen

    def rel(self, seat: int, me: int) -> int:
        return relative(seat, me, self.players)
