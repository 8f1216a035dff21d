"""Backbone for learners: the observation and the action space (docs/rl.md, "Backbone").

A hex ``(q, r)`` (``a1`` = (0, 0), column letter ``q``, row number ``r``)
is index ``9 * q + r``. Actions: each buildable piece and the Firewall on
any of the 81 hexes, a Hack on any hex, a Reroute from any hex to any hex
(``source * 81 + target``), and End: 7,129 indices.
"""

from __future__ import annotations

from ..games.backbone.actions import Build, End, Hack, Reroute
from ..games.backbone.state import ACTIONS_PER_TURN, BW_LIMIT, MAX_TURNS, PASSES_TO_END
from .encoding import Encoding
from .layout import ActionBlocks, Block, Layout, Segment

HEXES = 81
KINDS = ("router", "switch", "ap", "server", "datacenter")
BUILDS = (*KINDS, "firewall")


def hex_index(h) -> int:
    return 9 * h[0] + h[1]


def hex_at(index: int) -> tuple[int, int]:
    return divmod(index, 9)


class BackboneEncoding(Encoding):
    game_id = "backbone"

    def make_layout(self) -> Layout:
        per_hex = [Segment("city", HEXES, 1, "a City on the hex")]
        per_hex += [Segment(f"city_{who}", HEXES, 1, f"a City connected by {who} network")
                    for who in ("my", "their")]
        for who in ("my", "their"):
            per_hex += [Segment(f"{who}_{kind}", HEXES, 1, f"{who} {kind} on the hex") for kind in KINDS]
        per_hex += [
            Segment("firewall", HEXES, 1, "the piece on the hex has a Firewall"),
            Segment("disabled", HEXES, 1, "the piece on the hex is Disabled (hacked)"),
            Segment("in_network", HEXES, 1, "the piece is part of its owner's network"),
            Segment("online", HEXES, 1, "the Server or Datacenter is online"),
            Segment("start", HEXES, 1, "a start piece"),
        ]
        target = self.options["target"]
        return Layout(per_hex + [
            Segment("my_turn", 1, 1, "1 when the observer is to act"),
            Segment("actions_left", 1, ACTIONS_PER_TURN, "actions left in the current turn"),
            Segment("hack_used", 1, 1, "the current turn's Hack is used"),
            Segment("bw", 2, BW_LIMIT, "Bandwidth: mine, theirs"),
            Segment("connected_cities", 2, 7, "Cities connected: mine, theirs"),
            Segment("score", 2, 30, "AI tokens: mine, theirs"),
            Segment("target", 1, 20, f"the target option (this game: {target})"),
            Segment("passes", 1, PASSES_TO_END, "turns passed in a row"),
            Segment("closing", 1, 1, "a closing turn has been triggered"),
            Segment("turn", 1, MAX_TURNS, "turns started so far"),
        ])

    def make_actions(self) -> ActionBlocks:
        blocks = [Block(kind, HEXES, "hex index") for kind in BUILDS]
        blocks += [Block("hack", HEXES, "hex index"),
                   Block("reroute", HEXES * HEXES, "source hex index * 81 + target hex index"),
                   Block("end", 1, "end the turn")]
        return ActionBlocks(blocks)

    def encode(self, view, me, out) -> None:
        part = self.layout.parts(out)
        for city in view["cities"]:
            i = hex_index((city["q"], city["r"]))
            part["city"][i] = 1
            for seat in city["connected"]:
                part["city_my" if seat == me else "city_their"][i] = 1
        for piece in view["pieces"]:
            i = hex_index((piece["q"], piece["r"]))
            who = "my" if piece["owner"] == me else "their"
            part[f"{who}_{piece['kind']}"][i] = 1
            for flag in ("firewall", "disabled", "in_network", "online", "start"):
                if piece[flag]:
                    part[flag][i] = 1
        other = 1 - me
        part["my_turn"][0] = any(a["seat"] == me for a in view["acting"])
        part["actions_left"][0] = view["actions_left"]
        part["hack_used"][0] = bool(view["hack_used"])
        part["bw"][:] = (view["bw"][me], view["bw"][other])
        part["connected_cities"][:] = (view["connected_cities"][me], view["connected_cities"][other])
        part["score"][:] = (view["scores"][me], view["scores"][other])
        part["target"][0] = view["options"]["target"]
        part["passes"][0] = view["passes"]
        part["closing"][0] = view["closing"] is not None
        part["turn"][0] = view["turn"]

    def index(self, action) -> int:
        offsets = self.actions.offsets
        cls = type(action)
        if cls is Build:
            return offsets[action.piece] + hex_index(action.hex)
        if cls is Hack:
            return offsets["hack"] + hex_index(action.hex)
        if cls is Reroute:
            return offsets["reroute"] + hex_index(action.source) * HEXES + hex_index(action.target)
        if cls is End:
            return offsets["end"]
        raise ValueError(f"no action index for {action!r}")

    def action(self, index: int, seat: int):
        block, at = self.actions.block_of(index)
        if block.name in BUILDS:
            return Build(seat, block.name, hex_at(at))
        if block.name == "hack":
            return Hack(seat, hex_at(at))
        if block.name == "reroute":
            source, target = divmod(at, HEXES)
            return Reroute(seat, hex_at(source), hex_at(target))
        return End(seat)

