"""Overwrite for learners: the observation and the action space (docs/rl.md, "Overwrite").

Colours are relative in both: colour ``+0`` is the observer's own, ``+1``
the next seat's, and so on. A placement of a shape is its index in
``board.placements(shape, size)`` (orientation, then anchor cell, inside
the playing area of this player count), so each piece's Place block and
each code block's Defrag block holds exactly its shape's placements.
"""

from __future__ import annotations

from ..games.overwrite.actions import Defrag, Draw, Pass, Place, Reserve
from ..games.overwrite.board import BOUNDARY_SIZE, SIDE_NAMES, boundary, cells_of, parse_cell, placements
from ..games.overwrite.pieces import COLOUR, KIND, SHAPE, SHAPES
from .encoding import Encoding
from .layout import ActionBlocks, Block, Layout, Segment

SHAPE_NAMES = tuple(SHAPES)
SPECIALS = ("av", "enc", "df", "sf")
PHASES = ("draw", "play")


class OverwriteEncoding(Encoding):
    game_id = "overwrite"

    def __init__(self, options):
        self.size = BOUNDARY_SIZE[options["players"]]
        self.cells = self.size * self.size
        #: shape -> {(orientation, anchor): placement index}
        self.placement_index = {shape: {(k, anchor): i for i, (k, anchor, _) in enumerate(placements(shape, self.size))}
                                for shape in (*SHAPE_NAMES, "av", "enc")}
        self.placement_at = {shape: [(k, anchor) for k, anchor, _ in placements(shape, self.size)]
                              for shape in self.placement_index}
        super().__init__(options)
        #: the playing area's top-left cell (row, column) on the 10x10 grid
        self.origin = divmod(min(cells_of(boundary(self.size))), 10)

    # --- pieces as slots: colour +k's shapes, then the four specials ---------------
    def slot(self, piece: str, me: int) -> int:
        colour = COLOUR[piece]
        if colour is None:
            return self.players * len(SHAPE_NAMES) + SPECIALS.index(KIND[piece])
        return self.rel(colour, me) * len(SHAPE_NAMES) + SHAPE_NAMES.index(SHAPE[piece])

    def make_layout(self) -> Layout:
        n, cells = self.players, self.cells
        slots = n * len(SHAPE_NAMES) + len(SPECIALS)
        slot_text = f"per piece: colour +k's {' '.join(SHAPE_NAMES)} at 12k.., then {' '.join(SPECIALS)}"
        segments = [Segment(f"top_{k}", cells, 1, f"colour +{k} on top of the cell (row by row in the area)")
                    for k in range(n)]
        segments += [
            Segment("top_av", cells, 1, "an Anti-virus on top of the cell"),
            Segment("top_enc", cells, 1, "Encrypted data on top of the cell"),
            Segment("height", cells, 12, "pieces stacked on the cell"),
            Segment("bank", slots, 2, f"the community bank, {slot_text}"),
        ]
        segments += [Segment(f"personal_{k}", slots, 2, f"seat +{k}'s personal bank, by piece") for k in range(n)]
        segments += [
            Segment("envelope", slots, 2, "pieces left in the envelope (their order is hidden)"),
            Segment("placed", slots, 1, "pieces on the board"),
            Segment("uncovered", slots, 1, "pieces on the board with nothing on top (a Defrag may move them)"),
            Segment("out", slots, 2, "pieces out of play"),
            Segment("phase", len(PHASES), 1, "the phase of the turn, one-hot: draw, play"),
            Segment("current", n, 1, "whose turn it is, one-hot (mine first)"),
            Segment("first", n, 1, "who played first, one-hot (mine first)"),
            Segment("unlocked", 1, 1, "stacking is allowed"),
            Segment("unlock_sides", len(SIDE_NAMES), 1, "the sides a chain must join to unlock: " + ", ".join(SIDE_NAMES)),
            Segment("visible", n, cells, "cells of each colour seen from above (mine first)"),
            Segment("score", n, cells, "largest connected chunk of each colour (mine first)"),
            Segment("resigned", n, 1, "the seat has resigned"),
            Segment("envelope_count", 1, 100, "pieces in the envelope"),
            Segment("turn", 1, 500, "turns started so far"),
        ]
        return Layout(segments)

    def make_actions(self) -> ActionBlocks:
        blocks = [Block("draw", 1, "draw from the envelope")]
        for k in range(self.players):
            blocks += [Block(f"place_{k}_{shape}", len(self.placement_at[shape]), "placement index")
                       for shape in SHAPE_NAMES]
        blocks += [Block("place_av", len(self.placement_at["av"]), "placement index (Anti-virus)"),
                   Block("place_enc", len(self.placement_at["enc"]), "placement index (Encrypted data)")]
        for k in range(self.players):
            blocks += [Block(f"defrag_{k}_{shape}", len(self.placement_at[shape]), "placement index it moves to")
                       for shape in SHAPE_NAMES]
        blocks += [Block("reserve", len(SHAPE_NAMES), "my shape: " + " ".join(SHAPE_NAMES)),
                   Block("pass", 1, "nothing can be played or reserved")]
        return ActionBlocks(blocks)

    def cell_index(self, name: str) -> int:
        row, col = divmod(parse_cell(name), 10)
        return (row - self.origin[0]) * self.size + col - self.origin[1]

    def encode(self, view, me, out) -> None:
        part, rel = self.layout.parts(out), self.rel
        stacks = view["stacks"]
        for name in view["area"]:
            stack = stacks[parse_cell(name)]
            if not stack:
                continue
            i = self.cell_index(name)
            top = stack[-1]
            colour = COLOUR[top]
            part[f"top_{rel(colour, me)}" if colour is not None else f"top_{KIND[top]}"][i] = 1
            part["height"][i] = len(stack)
        for piece in view["bank"]:
            part["bank"][self.slot(piece, me)] += 1
        for seat, pieces in enumerate(view["personal"]):
            for piece in pieces:
                part[f"personal_{rel(seat, me)}"][self.slot(piece, me)] += 1
        for piece in view["envelope"]["pieces"]:
            part["envelope"][self.slot(piece, me)] += 1
        for piece in view["out"]:
            part["out"][self.slot(piece, me)] += 1
        for piece in view["pieces"]:
            part["placed"][self.slot(piece["id"], me)] = 1
            if piece["uncovered"]:
                part["uncovered"][self.slot(piece["id"], me)] = 1
        part["phase"][PHASES.index(view["phase"])] = 1
        if view["current"] is not None:
            part["current"][rel(view["current"], me)] = 1
        part["first"][rel(view["first"], me)] = 1
        part["unlocked"][0] = bool(view["unlocked"])
        for pair in view["unlock_sides"]:
            for side in pair:
                part["unlock_sides"][SIDE_NAMES.index(side)] = 1
        for seat in range(self.players):
            part["visible"][rel(seat, me)] = view["visible"][seat]
            part["score"][rel(seat, me)] = view["scores"][seat]
        for seat in view["resigned"]:
            part["resigned"][rel(seat, me)] = 1
        part["envelope_count"][0] = view["envelope"]["count"]
        part["turn"][0] = view["turn"]

    def _name_block(self, verb: str, name: str, seat: int) -> tuple[str, str]:
        """The block of a Place / Defrag naming ``name`` and the shape it lays."""
        if name in ("av", "enc"):
            return f"{verb}_{name}", name
        colour, shape = int(name[0]) - 1, name[1:]
        return f"{verb}_{self.rel(colour, seat)}_{shape}", shape

    def index(self, action) -> int:
        offsets = self.actions.offsets
        cls = type(action)
        if cls is Place or cls is Defrag:
            block, shape = self._name_block("place" if cls is Place else "defrag", action.piece, action.seat)
            return offsets[block] + self.placement_index[shape][(action.orient, action.cell)]
        if cls is Reserve:
            return offsets["reserve"] + SHAPE_NAMES.index(action.piece[1:])
        if cls is Draw:
            return offsets["draw"]
        if cls is Pass:
            return offsets["pass"]
        raise ValueError(f"no action index for {action!r}")

    def action(self, index: int, seat: int):
        block, at = self.actions.block_of(index)
        name = block.name
        if name == "draw":
            return Draw(seat)
        if name == "pass":
            return Pass(seat)
        if name == "reserve":
            return Reserve(seat, f"{seat + 1}{SHAPE_NAMES[at]}")
        verb, _, rest = name.partition("_")
        if rest in ("av", "enc"):
            piece, shape = rest, rest
        else:
            k, shape = rest.split("_")
            piece = f"{(seat + int(k)) % self.players + 1}{shape}"
        k_orient, anchor = self.placement_at[shape][at]
        return (Place if verb == "place" else Defrag)(seat, piece, k_orient, anchor)
