"""Breach for learners: the observation and the action space (docs/rl.md, "Breach").

Node positions are 0..27, ``2 * (layer - 1) + side`` (``1t`` = 0, ``1b`` =
1, .. ``14b`` = 27); Exploits are in box order (``lag trace frame shadow
wipe backdoor overclock reroute splice``); a seat named by an action is
relative to the seat acting (+1 the next seat). Every verb and every
Exploit played has its own block, sized by what it may target.
"""

from __future__ import annotations

from ..games.breach.actions import Block as BlockAction
from ..games.breach.actions import Counter, Crash, Discard, Done, Enter, Keep, Modify, Pass, Play, Reroll, Speed, Stop
from ..games.breach.cards import (EXPLOITS, EXPLOITS_2, EXPOSURE_SUPPLY, LAYERS, PAYLOAD_SUPPLY, POS_BY_NAME,
                                  POSITIONS, pos_name)
from .encoding import Encoding
from .layout import ActionBlocks, Block, Layout, Segment

CARDS = tuple(card.id for card in EXPLOITS)
assert CARDS == tuple(card.id for card in EXPLOITS_2)
#: what each Exploit targets (the same in every edition)
TARGET = {card.id: card.target for card in EXPLOITS}
assert TARGET == {card.id: card.target for card in EXPLOITS_2}
#: the 45 pairs of Exploits a block, counter or reroll spends, ``a <= b`` in box order
PAIRS = tuple((a, b) for i, a in enumerate(CARDS) for b in CARDS[i:])
PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
PHASES = ("modify", "exploits", "window", "speed", "reroll", "move", "discard", "crash", "over")
PLACES = POSITIONS + 2  # the 28 Nodes, then Edge and Root
EFFECTS = ("enter", "stop", "exit")
SPLICE_POSITIONS = POSITIONS - 2


def _place(name: str) -> int:
    """Index of a position name in 0..29: the Nodes, then ``edge`` (28) and ``root`` (29)."""
    return {"edge": POSITIONS, "root": POSITIONS + 1}.get(name, POS_BY_NAME.get(name, -1))


class BreachEncoding(Encoding):
    game_id = "breach"

    def make_layout(self) -> Layout:
        n, p = self.players, POSITIONS
        segments = [
            Segment("node_blue", p, 1, "the Node card at the position is Undernet (blue)"),
            Segment("node_cost", p, 3, "its entry cost"),
            Segment("node_dead_drop", p, 1, "it is a Dead Drop"),
        ]
        for when in EFFECTS:
            segments += [
                Segment(f"node_{when}_bw", p, 3, f"Bandwidth its {when.upper()} gives"),
                Segment(f"node_{when}_exp_gain", p, 3, f"Exposure its {when.upper()} gives"),
                Segment(f"node_{when}_exp_return", p, 3, f"Exposure its {when.upper()} returns"),
                Segment(f"node_{when}_draw", p, 3, f"Exploits its {when.upper()} draws"),
            ]
        segments += [
            Segment("at", n * PLACES, 1, "where each seat stands, 30 per seat (28 Nodes, Edge, Root; mine first)"),
            Segment("markers", n * p, 1, "each seat's route markers, 28 per seat"),
            Segment("complete", n * LAYERS, 1, "layers each seat has completed, 14 per seat"),
            Segment("entered_layers", n * LAYERS, 1, "layers each seat has entered, 14 per seat"),
            Segment("payload", n, 1, "the seat carries the Payload"),
            Segment("exposure", n, EXPOSURE_SUPPLY, "Exposure of each seat"),
            Segment("exploit_count", n, 40, "Exploits held by each seat"),
            Segment("hand_size", n, 40, "hand size of each seat"),
            Segment("progress", n, 2 * LAYERS + 2, "progress of each seat (the score)"),
            Segment("slow", n, 3, "turns each seat may not Sprint after a bad Root exit"),
            Segment("crashes", n, 10, "crashes of each seat"),
            Segment("resigned", n, 1, "the seat has resigned"),
            Segment("exploits", len(CARDS), 40, "my Exploits, by card in box order"),
            Segment("discard", len(CARDS), 40, "the discard pile (face up), by card"),
            Segment("deck_count", 1, 40, "Exploits left in the deck"),
            Segment("removed_count", 1, 40, "Exploits removed unseen (2 players)"),
            Segment("exposure_supply", 1, EXPOSURE_SUPPLY, "Exposure left in the supply"),
            Segment("exposure_tally", 1, 40, "Exposure taken past the supply"),
            Segment("payload_supply", 1, PAYLOAD_SUPPLY, "Payloads left"),
            Segment("reminders", len(CARDS) * n, 5, "reminders held, by card then holder (mine first)"),
            Segment("phase", len(PHASES), 1, "the step, one-hot: " + ", ".join(PHASES)),
            Segment("current", n, 1, "whose turn it is, one-hot (mine first)"),
            Segment("first", n, 1, "who played first, one-hot (mine first)"),
            Segment("responding", n, 1, "the seats that must decide now (mine first)"),
            Segment("ahead", n, 1, "the seats the current player's Pressure Exploits may target"),
            Segment("round", 1, 200, "the round"),
            Segment("rounds", 1, 200, "the lockdown option (0: none)"),
            Segment("played", len(CARDS), 2, "Exploits played this turn, by card"),
            Segment("speed", 2, 1, "the speed declared this turn: safe, sprint"),
            Segment("dice", 2, 6, "this turn's dice (0: not rolled)"),
            Segment("bw", 1, 20, "Bandwidth left this turn"),
            Segment("turn_flags", 3, 1, "this turn: rerolled, moved, root exit"),
            Segment("entered", p, 1, "Nodes entered this turn"),
            Segment("window_card", len(CARDS), 1, "the Exploit in a block window, one-hot"),
            Segment("window_target_seat", n, 1, "its target seat (mine first)"),
            Segment("window_target_node", p, 1, "its target Node"),
            Segment("window_target_layer", LAYERS, 1, "its target layer"),
            Segment("window_player", n, 1, "who played it (mine first)"),
            Segment("window_blocker", n, 1, "who blocked it (mine first)"),
            Segment("window_queue", n, 1, "who may still block (mine first)"),
            Segment("choices", p, 1, "the crash checkpoints offered"),
        ]
        return Layout(segments)

    def make_actions(self) -> ActionBlocks:
        n = self.players
        sizes = {"ahead": n, "none": 1, "node": POSITIONS, "layer": LAYERS, "splice": SPLICE_POSITIONS}
        meaning = {"ahead": "target seat, relative (+0 is never legal)", "none": "no target",
                   "node": "target Node position", "layer": "target layer - 1", "splice": "target Node position (layers 1..13)"}
        blocks = [Block("run", 1, "Run Exploits"), Block("laylow", 1, "Lay Low")]
        blocks += [Block(f"play_{card}", sizes[TARGET[card]], meaning[TARGET[card]]) for card in CARDS]
        blocks += [
            Block("move", 1, "done playing Exploits"),
            Block("block", len(PAIRS), "the pair of Exploits discarded (a <= b in box order)"),
            Block("counter", len(PAIRS), "the pair of Exploits discarded"),
            Block("pass", 1, "let it be / stop countering"),
            Block("safe", 1, "declare Safe"),
            Block("sprint", 1, "declare Sprint"),
            Block("keep", 1, "keep the roll"),
            Block("reroll", 2 * len(PAIRS), "(die - 1) * 45 + the pair"),
            Block("enter", PLACES, "Node position, then Edge (28) and Root (29)"),
            Block("stop", 1, "end movement here"),
            Block("discard", len(CARDS), "the Exploit"),
            Block("crash", POSITIONS, "the checkpoint's Node position"),
        ]
        return ActionBlocks(blocks)

    def encode(self, view, me, out) -> None:
        part, rel, n = self.layout.parts(out), self.rel, self.players
        for pos, node in enumerate(view["network"]):
            part["node_blue"][pos] = node["net"] == "undernet"
            part["node_cost"][pos] = node["cost"]
            part["node_dead_drop"][pos] = node["dead_drop"]
            for when in EFFECTS:
                effect = node[when]
                part[f"node_{when}_bw"][pos] = effect.get("bw", 0)
                part[f"node_{when}_exp_gain"][pos] = max(0, effect.get("exp", 0))
                part[f"node_{when}_exp_return"][pos] = max(0, -effect.get("exp", 0))
                part[f"node_{when}_draw"][pos] = effect.get("draw", 0)
        for seat in view["seats"]:
            k = rel(seat["seat"], me)
            part["at"][k * PLACES + _place(seat["at"])] = 1
            for name in seat["markers"]:
                part["markers"][k * POSITIONS + POS_BY_NAME[name]] = 1
            for layer in seat["complete"]:
                part["complete"][k * LAYERS + layer - 1] = 1
            for layer in seat["entered_layers"]:
                part["entered_layers"][k * LAYERS + layer - 1] = 1
            for name in ("payload", "exposure", "exploit_count", "hand_size", "progress", "slow", "crashes",
                         "resigned"):
                part[name][k] = seat[name]
        for card in view["seats"][me]["exploits"]:
            part["exploits"][CARDS.index(card)] += 1
        for card in view["discard"]:
            part["discard"][CARDS.index(card)] += 1
        for name in ("deck_count", "removed_count", "exposure_supply", "exposure_tally", "payload_supply", "round",
                     "rounds"):
            part[name][0] = view[name]
        for reminder in view["reminders"]:
            part["reminders"][CARDS.index(reminder["card"]) * n + rel(reminder["seat"], me)] += 1
        part["phase"][PHASES.index(view["phase"])] = 1
        if view["current"] is not None:
            part["current"][rel(view["current"], me)] = 1
        part["first"][rel(view["first"], me)] = 1
        for name, seats in (("responding", view["responding"]), ("ahead", view["ahead"])):
            for seat in seats:
                part[name][rel(seat, me)] = 1
        move = view["move"]
        for card, count in move["played"].items():
            part["played"][CARDS.index(card)] = count
        if move["speed"] is not None:
            part["speed"][("safe", "sprint").index(move["speed"])] = 1
        part["dice"][:len(move["dice"])] = move["dice"]
        part["bw"][0] = move["bw"]
        part["turn_flags"][:] = (move["rerolled"], move["moved"], move["root_exit"])
        for name in move["entered"]:
            part["entered"][POS_BY_NAME[name]] = 1
        window = view["window"]
        if window is not None:
            part["window_card"][CARDS.index(window["card"])] = 1
            target = window["target"]
            if target is not None:
                if target.startswith("p"):
                    part["window_target_seat"][rel(int(target[1:]) - 1, me)] = 1
                elif target in POS_BY_NAME:
                    part["window_target_node"][POS_BY_NAME[target]] = 1
                else:
                    part["window_target_layer"][int(target) - 1] = 1
            part["window_player"][rel(window["player"], me)] = 1
            if window["blocker"] is not None:
                part["window_blocker"][rel(window["blocker"], me)] = 1
            for seat in window["queue"]:
                part["window_queue"][rel(seat, me)] = 1
        for name in view["choices"]:
            part["choices"][POS_BY_NAME[name]] = 1

    # --- actions ------------------------------------------------------------------------
    def _target_index(self, card: str, target, seat: int) -> int:
        kind = TARGET[card]
        if kind == "none":
            return 0
        if kind == "ahead":
            return self.rel(int(target[1:]) - 1, seat)
        if kind == "layer":
            return int(target) - 1
        return POS_BY_NAME[target]

    def index(self, action) -> int:
        at, cls = self.actions.offsets, type(action)
        if cls is Play:
            return at[f"play_{action.card}"] + self._target_index(action.card, action.target, action.seat)
        if cls is Modify:
            return at[action.path]
        if cls is Speed:
            return at[action.speed]
        if cls is BlockAction or cls is Counter:
            return at["block" if cls is BlockAction else "counter"] + PAIR_INDEX[(action.first, action.second)]
        if cls is Reroll:
            return at["reroll"] + (action.die - 1) * len(PAIRS) + PAIR_INDEX[(action.first, action.second)]
        if cls is Enter:
            return at["enter"] + _place(action.where)
        if cls is Discard:
            return at["discard"] + CARDS.index(action.card)
        if cls is Crash:
            return at["crash"] + POS_BY_NAME[action.where]
        bare = {Done: "move", Pass: "pass", Keep: "keep", Stop: "stop"}.get(cls)
        if bare is None:
            raise ValueError(f"no action index for {action!r}")
        return at[bare]

    def action(self, index: int, seat: int):
        block, at = self.actions.block_of(index)
        name = block.name
        if name.startswith("play_"):
            card = name[5:]
            kind = TARGET[card]
            target = (None if kind == "none" else f"p{(seat + at) % self.players + 1}" if kind == "ahead"
                      else str(at + 1) if kind == "layer" else pos_name(at))
            return Play(seat, card, target)
        if name in ("run", "laylow"):
            return Modify(seat, name)
        if name in ("safe", "sprint"):
            return Speed(seat, name)
        if name in ("block", "counter"):
            return (BlockAction if name == "block" else Counter)(seat, *PAIRS[at])
        if name == "reroll":
            die, pair = divmod(at, len(PAIRS))
            return Reroll(seat, die + 1, *PAIRS[pair])
        if name == "enter":
            return Enter(seat, "edge" if at == POSITIONS else "root" if at == POSITIONS + 1 else pos_name(at))
        if name == "discard":
            return Discard(seat, CARDS[at])
        if name == "crash":
            return Crash(seat, pos_name(at))
        return {"move": Done, "pass": Pass, "keep": Keep, "stop": Stop}[name](seat)
