"""Net Control for learners: the observation and the action space (docs/rl.md, "Net Control").

Ids are the board's own (vertices ``v0..``, edges ``e0..``, tiles
``t0..``; their counts follow the ``radius`` option: 54, 72 and 19 at the
default radius 2), resources ``co ba fi sc me`` are 0..4. Every verb has a
block of indices; Link Building's two links are one index,
``first * edges + second``.
"""

from __future__ import annotations

from ..games.netcontrol.actions import Act
from ..games.netcontrol.board import RESOURCE_CODES, RESOURCES, topology
from ..games.netcontrol.state import CARDS, DECK, DECK_SIZE, SUPPLY, THREAT_TO_PURGE
from .encoding import Encoding
from .layout import ActionBlocks, Block, Layout, Segment

PHASES = ("setup-node", "setup-link", "roll", "main", "discard", "rebuild", "over")
TERRAINS = (*RESOURCES, "dead")
#: the verbs with no argument, then those with one id or resource, in block order
BARE = ("roll", "end", "draw", "xp")
#: the 20 trades: give ``g``, take ``t != g``, index ``4 * g + (t if t < g else t - 1)``
TRADES = tuple((give, take) for give in range(5) for take in range(5) if take != give)
#: the 15 Resource plays, ``a <= b``
PAIRS = tuple((a, b) for a in range(5) for b in range(a, 5))


class NetControlEncoding(Encoding):
    game_id = "netcontrol"

    def __init__(self, options):
        topo = topology(options["radius"])
        self.vertices, self.edges, self.tiles = topo.vertex_count, topo.edge_count, len(topo.tiles)
        super().__init__(options)

    def make_layout(self) -> Layout:
        n, v, e, t = self.players, self.vertices, self.edges, self.tiles
        target = self.options["target"]
        segments = [Segment(f"tile_{name}", t, 1, f"the tile is {name}") for name in TERRAINS]
        segments += [
            Segment("tile_number", t, 12, "the tile's number token (0: none)"),
            Segment("tile_infected", t, 1, "a virus is on the tile"),
        ]
        segments += [Segment(f"exchange_{code}", e, 1, f"a 2:1 {code} exchange on the coast edge")
                     for code in RESOURCE_CODES]
        segments.append(Segment("exchange_any", e, 1, "a 3:1 exchange on the coast edge"))
        segments += [Segment(f"building_{k}", v, 2, f"seat +{k}'s building on the vertex: 1 node, 2 super node"
                             + (" (+0: mine)" if k == 0 else "")) for k in range(n)]
        segments += [
            Segment("forts", v, 5, "hack-protection levels on the vertex"),
            Segment("last_node", v, 1, "the node just placed in setup (its link comes next)"),
        ]
        segments += [Segment(f"link_{k}", e, 1, f"seat +{k}'s link on the edge") for k in range(n)]
        segments += [
            Segment("xp", n, target + 10, "XP of each seat, mine first"),
            Segment("hand_size", n, 40, "resource cards held by each seat"),
            Segment("card_count", n, DECK_SIZE, "special cards held by each seat"),
            Segment("fresh_count", n, DECK_SIZE, "of those, bought this turn"),
            Segment("xp_cards", n, DECK[2], "+1 XP cards played by each seat"),
            Segment("network", n, SUPPLY["link"], "longest network of each seat"),
            Segment("fortifications", n, 40, "fortifications of each seat"),
            Segment("rates", 5 * n, 4, "exchange rate of each resource, seat by seat"),
            Segment("out", n, 1, "the seat has resigned"),
            Segment("hand", 5, 40, "my resource cards, co ba fi sc me"),
            Segment("cards", 6, DECK_SIZE, "my special cards, " + " ".join(CARDS)),
            Segment("fresh", 6, DECK_SIZE, "of those, bought this turn"),
            Segment("phase", len(PHASES), 1, "the phase, one-hot: " + ", ".join(PHASES)),
            Segment("current", n, 1, "whose turn it is, one-hot (mine first)"),
            Segment("acting", n, 1, "the seats that must decide now (mine first)"),
            Segment("setup_step", 1, 2 * n, "setup placements made"),
            Segment("dice", 2, 6, "the last roll's dice (0 before the first)"),
            Segment("threat", 1, THREAT_TO_PURGE, "the threat track"),
            Segment("owed", 1, 40, "cards I must discard now"),
            Segment("deck_size", 1, DECK_SIZE, "special cards left to buy"),
            Segment("discard", 6, DECK_SIZE, "special cards played, by kind"),
            Segment("removed_xp", 1, DECK[2], "+1 XP cards taken out of the game"),
            Segment("played_card", 1, 1, "a special card was played this turn"),
            Segment("longest", n, 1, "who holds the Longest Network bonus, one-hot (mine first)"),
            Segment("fortified", n, 1, "who holds the Most Fortified bonus, one-hot (mine first)"),
            Segment("target", 1, 20, f"the target option (this game: {target})"),
            Segment("turn", 1, 1000, "turns started so far"),
        ]
        return Layout(segments)

    def make_actions(self) -> ActionBlocks:
        v, e, t = self.vertices, self.edges, self.tiles
        blocks = [Block(verb, 1, "no argument") for verb in BARE]
        blocks += [Block("node", v, "vertex id"), Block("link", e, "edge id"), Block("super", v, "vertex id"),
                   Block("fortify", v, "vertex id"), Block("hack", v, "vertex id"), Block("clear", t, "tile id"),
                   Block("virus", t, "tile id"), Block("discard", 5, "resource"), Block("monopoly", 5, "resource"),
                   Block("trade", len(TRADES), "4 * give + take (take past give counted one lower)"),
                   Block("resource", len(PAIRS), "the pair a <= b in order (0,0) (0,1) .. (4,4)"),
                   Block("linkbuild", e * e, "first edge * edges + second edge")]
        return ActionBlocks(blocks)

    def encode(self, view, me, out) -> None:
        part, n, rel = self.layout.parts(out), self.players, self.rel
        board = view["board"]
        for tile, terrain in enumerate(board["terrain"]):
            part[f"tile_{terrain}"][tile] = 1
        part["tile_number"][:] = board["numbers"]
        for tile in board["infected"]:
            part["tile_infected"][tile] = 1
        for edge, resource in board["exchanges"]:
            name = "exchange_any" if resource is None else f"exchange_{RESOURCE_CODES[RESOURCES.index(resource)]}"
            part[name][edge] = 1
        for building in view["buildings"]:
            part[f"building_{rel(building['owner'], me)}"][building["vertex"]] = building["level"]
            part["forts"][building["vertex"]] = building["forts"]
        if view["phase"] == "setup-link" and view["last_node"] is not None:
            part["last_node"][view["last_node"]] = 1
        for edge, who in view["links"]:
            part[f"link_{rel(who, me)}"][edge] = 1
        rates = part["rates"]
        for player in view["players"]:
            k = rel(player["seat"], me)
            for name in ("xp", "hand_size", "card_count", "fresh_count", "xp_cards", "network", "fortifications"):
                part[name][k] = player[name]
            rates[5 * k:5 * k + 5] = player["rates"]
        for seat in view["out"]:
            part["out"][rel(seat, me)] = 1
        mine = view["players"][me]
        part["hand"][:] = mine["hand"]
        part["cards"][:] = [mine["cards"][card] for card in CARDS]
        part["fresh"][:] = [mine["fresh"][card] for card in CARDS]
        part["phase"][PHASES.index(view["phase"])] = 1
        part["current"][rel(view["current"], me)] = 1
        for seat in view["to_act"]:
            part["acting"][rel(seat, me)] = 1
        part["setup_step"][0] = view["setup_step"]
        if view["dice"]:
            part["dice"][:] = view["dice"]
        part["threat"][0] = view["threat"]
        part["owed"][0] = view["owed"].get(str(me), 0)
        part["deck_size"][0] = view["deck_size"]
        for card in view["discard"]:
            part["discard"][CARDS.index(card)] += 1
        part["removed_xp"][0] = view["removed_xp"]
        part["played_card"][0] = bool(view["played_card"])
        for name in ("longest", "fortified"):
            if view[name] is not None:
                part[name][rel(view[name], me)] = 1
        part["target"][0] = view["options"]["target"]
        part["turn"][0] = view["turn"]

    def index(self, action) -> int:
        if type(action) is not Act:
            raise ValueError(f"no action index for {action!r}")
        start = self.actions.offsets[action.verb]
        args = action.args
        if action.verb == "trade":
            return start + TRADES.index(args)
        if action.verb == "resource":
            return start + PAIRS.index(tuple(args))
        if action.verb == "linkbuild":
            return start + args[0] * self.edges + args[1]
        return start + (args[0] if args else 0)

    def action(self, index: int, seat: int) -> Act:
        block, at = self.actions.block_of(index)
        verb = block.name
        if verb in BARE:
            return Act(seat, verb)
        if verb == "trade":
            return Act(seat, verb, TRADES[at])
        if verb == "resource":
            return Act(seat, verb, PAIRS[at])
        if verb == "linkbuild":
            return Act(seat, verb, divmod(at, self.edges))
        return Act(seat, verb, (at,))
