"""Overwrite's board hints in the page: what the board lights up for the player.

What it is for: the last moves, the cells a picked piece fits on, each with
its ghost, and for an Anti-virus the pieces it would remove (the engine's
O16 over the view), as the ``hints`` that ``render_board`` draws.
A mixin of ``OverwriteTable``: it reads the table's picks, cursor and the
engine answers it keeps per position (``_memo``, ``continuing``).

What it is not: the controls (``table.py``), rules, drawing or DOM code.
"""

from __future__ import annotations

from typing import Any

from netarcade.games.overwrite.board import parse_cell, placement_table
from netarcade.games.overwrite.pieces import KIND, SHAPE
from netarcade.web.games.overwrite.render import piece_fill
from netarcade.games.overwrite.rules import anti_virus_hits

from .tools import DEFRAG, PLACE, SPEECH, cells, handle, shift

__all__ = ["OverwriteHints", "action_cells"]

#: one Anti-virus of the box: every copy has the same one-cell shape
ANTI_VIRUS = next(piece for piece, kind in KIND.items() if kind == "av")


def action_cells(events) -> list[str]:
    """The cells an action's events name (where a piece went or was)."""
    found: list[str] = []
    for event in events:
        if event.get("kind") in ("place", "defrag"):
            for name in (*event.get("cells", ()), *event.get("was", ())):
                if name not in found:
                    found.append(name)
    return found


class OverwriteHints:
    """The board hints of an ``OverwriteTable``."""

    def last_cells(self) -> list[str]:
        """Cells touched since the player to move last acted (or in the last action)."""
        session = self.session
        humans = session.setup.humans
        me = session.current if session.is_human_turn() else humans[0] if len(humans) == 1 else None
        found: list[str] = []
        for entry in reversed(session.log):
            if entry.seat == me:
                if not found:
                    found.extend(action_cells(entry.events))
                break
            for name in action_cells(entry.events):
                if name not in found:
                    found.append(name)
        return found

    def removals(self, orient: str) -> dict[str, list[str]]:
        """Anti-virus: anchor -> the cells of the pieces it would remove, by
        the engine's O16 (``anti_virus_hits``) over the view, which a local
        table and an online room's page both hold (the page has no state online)."""
        def compute():
            game = self.session.game
            view = self.view()
            table = placement_table(SHAPE[ANTI_VIRUS], view["size"])
            board = {p["id"]: (p["cells"], sum(1 << parse_cell(name) for name in p["cells"]), p["uncovered"])
                     for p in view["pieces"]}
            found = {}
            for text in self.continuing("place", ["av", orient]):
                action = game.parse_action(text)
                av_mask = table[(action.orient, action.cell)]
                hit = anti_virus_hits(av_mask, [(piece, mask, uncovered and not mask & av_mask)
                                                for piece, (_, mask, uncovered) in board.items()])
                found[text.split()[-1]] = [cell for piece in hit for cell in board[piece][0]]
            return found
        return self._memo(("removals", orient), compute)

    def hints(self) -> dict[str, Any]:
        """Hints for ``render_board``: the last moves, the lit cells and the targets."""
        session = self.session
        view = self.view()
        hints: dict[str, Any] = {"names": session.names, "last": self.last_cells(), "strip": False}
        if session.over:
            hints["groups"] = list(view["winners"])
            return hints
        if not session.is_human_turn():
            return hints
        if self.tool == "defrag" and not self.picked:
            movable = set(self.next_words(DEFRAG))
            hints["cells"] = {name: "move-from" for p in view["pieces"] if p["id"] in movable for name in p["cells"]}
            hints["actions"] = {name: f"move {p['id']}" for p in view["pieces"] if p["id"] in movable
                                for name in p["cells"]}
            return hints
        shape, word = self.shape(), self.orient()
        if shape is None or word is None:
            return hints
        spec = self.tool_spec()
        name = self.picked[0]
        legal = {text.split()[-1]: text for text in self.continuing(spec.verb, [name, word])}
        hits = self.removals(word) if spec is PLACE and name == "av" else {}
        body = cells(shape, word)
        top = handle(shape, word)
        fill = piece_fill(name)
        targets: dict[str, Any] = {}
        lit: dict[str, str] = {}
        for cell in view["area"]:
            anchor = shift(cell, -top[0], -top[1])
            ghost = [] if anchor is None else [c for c in (shift(anchor, r, k) for r, k in body) if c]
            text = legal.get(anchor) if anchor else None
            target = {"ok": text is not None, "ghost": ghost, "action": text, "fill": fill,
                      # the cells it would cover, in words ("c3: place an I3 in your colour on c3, d3 and e3")
                      "label": f"{cell}: {SPEECH.phrase(text, self.session.names)}" if text
                      else f"{cell}: {name} does not fit here",
                      "cursor": cell == self.cursor}
            if text and hits.get(anchor):
                target["hits"] = hits[anchor]
                target["label"] += f", removes {len(set(hits[anchor]))} cells of pieces"
            if text:
                lit[cell] = "build"
            targets[cell] = target
        if spec is DEFRAG:
            moving = next((p for p in view["pieces"] if p["id"] == name), None)
            if moving:
                for cell in moving["cells"]:
                    lit.setdefault(cell, "selected")
        hints["cells"] = lit
        hints["targets"] = targets
        if self.cursor:
            hints["focus"] = self.cursor
            hints["keys"] = self.keyboard
        return hints
