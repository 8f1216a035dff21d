"""Breach's state, its setup (printed setup + B-decisions) and its copy.

What it is for: the plain object a game is: the network (which Node card
lies at each position), the Exploit deck, discard pile and the cards a
2-player game removed, each infiltrator's hand, Exposure, Payload, position
and route, the reminders, the turn in progress and an open block window.
Not here: legality (``legal.py``), applying actions (``rules.py``), views
(``views.py``).

Every Exploit card is in exactly one place: the deck (drawn from the end),
a hand, the discard pile, a reminder, the card being played in a block
window, or removed (2 players). Exposure is a count per infiltrator; the
24-card supply is what is not in hands (a tally beyond it, D12).
"""

from __future__ import annotations

from typing import Any

from ...core.events import Event
from ...core.prng import Rng, derive_seed
from .cards import EDGE, LAYERS, NODE, NODES, REMOVED_2P, HAND, deck_of, exploits_of, layer_of

#: route entries per layer: never entered, complete, or the position of the
#: route marker still owed (0..27)
NEVER, DONE = -1, -2

#: phases: choose Run Exploits / Lay Low; play Exploits; a block window;
#: declare speed; optional reroll; move; Manifest discards; crash checkpoint
#: choice; over
MODIFY, EXPLOITS, WINDOW, SPEED, REROLL, MOVE, DISCARD, CRASH, OVER = (
    "modify", "exploits", "window", "speed", "reroll", "move", "discard", "crash", "over")


class BreachState:
    __slots__ = ("options", "n", "rounds", "rng", "network", "deck", "discard", "removed", "hands",
                 "exposure", "payload", "at", "route", "reminders", "slow", "current", "first", "turn",
                 "phase", "played", "speed", "dice", "bw", "rerolled", "entered", "moved", "root_exit",
                 "window", "choices", "winners", "history", "crashes", "resigned", "round", "rules", "start",
                 "touched", "exited", "offered")

    def __init__(self, options: dict[str, Any]):
        self.options = dict(options)
        self.n: int = options["players"]
        self.rounds: int = options["rounds"]
        #: the rules edition (D26); a state made
        #: from options that name none is edition 1, as every record before it
        self.rules: int = options.get("rules", 1)
        self.rng = Rng(0)
        self.network: list[str] = []  # Node card id at each position 0..27
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.removed: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(self.n)]  # Exploits only
        self.exposure = [0] * self.n
        self.payload = [False] * self.n
        self.at = [EDGE] * self.n
        self.route = [[NEVER] * LAYERS for _ in range(self.n)]
        #: ongoing effects: [card, holder seat, turns of its holder ended since played]
        self.reminders: list[list] = []
        #: turns left (this one included) in which a bad Root exit roll forbids Sprint
        self.slow = [0] * self.n
        self.current = 0
        self.first = 0
        self.turn = 0
        self.phase = MODIFY
        # --- the turn in progress
        self.played: dict[str, int] = {}
        self.speed: str | None = None
        self.dice: list[int] = []
        self.bw = 0
        self.rerolled = False
        self.entered: list[int] = []  # Node positions entered this turn (BACKDOOR too)
        self.moved = False  # entered at least one Node (or Root) this turn
        #: edition 2: the position the turn started on, which counts as
        #: entered this turn (D27); None in edition 1 (D22)
        self.start: int | None = None
        #: edition 2 on (D36, a Node is its card): [position, card] of the Node the
        #: turn started on and of every Node entered this turn, as it was then; a
        #: card entered may not be entered again this turn, wherever it lies now
        self.touched: list[list] = []
        #: edition 2 on (D36): the cards whose EXIT resolved for the mover this turn
        self.exited: list[str] = []
        self.root_exit = False
        #: an open block window: {"card", "target", "player", "queue", "blocker", "answer"}
        self.window: dict | None = None
        self.choices: list[int] = []  # crash checkpoints to choose from
        self.winners: list[int] = []
        #: per finished turn, every seat's progress (for the chart); a row is
        #: never changed once appended, so copies share the rows
        self.history: list[list[int]] = []
        self.crashes = [0] * self.n
        #: seats that resigned (D24), in the order they left; they never act again
        self.resigned: list[int] = []
        #: the round in progress (D19): it grows when the turn passes the first
        #: player's place in the seat order again (a resigned first player's too)
        self.round = 1
        #: the list ``legal.legal_actions`` last handed out for this very
        #: position (``legal.check`` accepts its actions at once); ``rules.perform``
        #: clears it, a copy starts without it. Never part of the game (not in
        #: ``canonical``, views or records)
        self.offered: list | None = None

    def copy(self) -> "BreachState":
        twin = BreachState.__new__(BreachState)
        twin.options, twin.n, twin.rounds, twin.rules = self.options, self.n, self.rounds, self.rules
        twin.rng = self.rng.copy()
        twin.network = list(self.network)
        twin.deck, twin.discard, twin.removed = list(self.deck), list(self.discard), list(self.removed)
        twin.hands = [list(h) for h in self.hands]
        twin.exposure, twin.payload, twin.at = list(self.exposure), list(self.payload), list(self.at)
        twin.route = [list(r) for r in self.route]
        twin.reminders = [list(r) for r in self.reminders]
        twin.slow = list(self.slow)
        twin.current, twin.first, twin.turn, twin.phase = self.current, self.first, self.turn, self.phase
        twin.played = dict(self.played)
        twin.speed, twin.dice, twin.bw = self.speed, list(self.dice), self.bw
        twin.rerolled, twin.entered, twin.moved = self.rerolled, list(self.entered), self.moved
        twin.root_exit, twin.start = self.root_exit, self.start
        twin.touched, twin.exited = [list(t) for t in self.touched], list(self.exited)
        twin.window = None if self.window is None else {**self.window, "queue": list(self.window["queue"])}
        twin.choices = list(self.choices)
        twin.winners = list(self.winners)
        twin.history = list(self.history)  # its rows are never changed once appended: shared
        twin.crashes = list(self.crashes)
        twin.resigned, twin.round = list(self.resigned), self.round
        twin.offered = None
        return twin

    # --- facts about an infiltrator -------------------------------------------
    def hand_size(self, seat: int) -> int:
        """Cards in hand: Exploits, Exposure and a carried Payload."""
        return len(self.hands[seat]) + self.exposure[seat] + int(self.payload[seat])

    def playing(self) -> list[int]:
        """Seats still in the game (D24), in seat order."""
        return [s for s in range(self.n) if s not in self.resigned]

    def layer(self, seat: int) -> int:
        return layer_of(self.at[seat])

    def progress(self, seat: int) -> int:
        """How far along (D1): layers toward Root while infiltrating (0..15),
        15 + layers back toward Edge with the Payload (Root 15 .. layer 1
        29), 30 for the winner."""
        if self.payload[seat] and self.at[seat] == EDGE:
            return 30  # transmitted
        layer = self.layer(seat)
        return 15 + (LAYERS + 1 - layer) if self.payload[seat] else layer

    def markers(self, seat: int) -> list[int]:
        """Positions of the seat's route markers on the network."""
        return [p for p in self.route[seat] if p >= 0]

    def node(self, pos: int):
        return NODE[self.network[pos]]

    def exploit(self, card: str):
        """The Exploit card ``card`` as this game's rules edition prints it (D34)."""
        return exploits_of(self.rules)[card]


def cards_moved(state: BreachState) -> bool:
    """Has a swap moved a card the mover started on or entered this turn (D36)?"""
    network = state.network
    return any(network[pos] != card for pos, card in state.touched)


def draw(state: BreachState, seat: int, count: int, events: list[Event]) -> list[str]:
    """Draw ``count`` Exploits into a hand, reshuffling the discard pile when
    the deck runs out (D11: when both are empty, drawing stops)."""
    drawn = []
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            events.append(Event("reshuffle", {"cards": len(state.deck)}))
        drawn.append(state.deck.pop())
    state.hands[seat].extend(drawn)
    if drawn:
        events.append(Event("draw", {"seat": seat, "count": len(drawn)}))
        events.append(Event("drew", {"seat": seat, "cards": sorted(drawn)}, frozenset({seat})))
    return drawn


def refill(state: BreachState, seat: int, events: list[Event]) -> None:
    """Draw until the hand holds 5 cards, Exposure and Payload included."""
    missing = HAND - state.hand_size(seat)
    if missing > 0:
        draw(state, seat, missing, events)


def new_state(options: dict[str, Any], seed: int) -> tuple[BreachState, list[Event]]:
    """Setup as printed: the 28 Nodes shuffled and dealt Edge to Root (layer
    1 top, layer 1 bottom, ...); in a 2-player game 8 Exploits removed unseen
    (D10); the deck shuffled, 5 to each; the first player drawn (D5). The
    first player's turn is not started here: ``Breach.setup`` starts it with
    ``rules.start_turn`` (the rules import this module, not the other way)."""
    state = BreachState(options)
    rng = state.rng = Rng(derive_seed(seed, "breach"))
    network = [node.id for node in NODES]
    rng.shuffle(network)
    state.network = network
    deck = list(deck_of(state.rules))
    rng.shuffle(deck)
    if state.n == 2:
        state.removed, deck = sorted(deck[:REMOVED_2P]), deck[REMOVED_2P:]
        rng.shuffle(deck)
    state.deck = deck
    state.first = rng.below(state.n)
    events = [Event("setup", {"players": state.n, "network": list(network), "deck": len(deck),
                              "removed": len(state.removed), "first": state.first})]
    for i in range(state.n):
        seat = (state.first + i) % state.n
        dealt = [deck.pop() for _ in range(HAND)]
        state.hands[seat] = dealt
        events.append(Event("deal", {"seat": seat, "count": HAND}))
        events.append(Event("dealt", {"seat": seat, "cards": sorted(dealt)}, frozenset({seat})))
    state.current = state.first
    return state, events


def canonical(state: BreachState) -> dict[str, Any]:
    """The full state as plain data, hidden parts included (for digests)."""
    window = state.window
    # edition 1 digests as before the rules option existed (D26)
    options = {k: v for k, v in state.options.items() if not (k == "rules" and v == 1)}
    return {
        "options": options, "rng": list(state.rng.state), "network": list(state.network),
        "deck": list(state.deck), "discard": list(state.discard), "removed": list(state.removed),
        "hands": [sorted(h) for h in state.hands], "exposure": list(state.exposure),
        "payload": list(state.payload), "at": list(state.at), "route": [list(r) for r in state.route],
        "reminders": [list(r) for r in state.reminders], "slow": list(state.slow),
        "current": state.current, "first": state.first, "turn": state.turn, "phase": state.phase,
        "played": sorted(state.played.items()), "speed": state.speed, "dice": list(state.dice),
        "bw": state.bw, "rerolled": state.rerolled, "entered": list(state.entered), "moved": state.moved,
        "root_exit": state.root_exit,
        "window": None if window is None else sorted((k, list(v) if isinstance(v, list) else v)
                                                     for k, v in window.items()),
        "choices": list(state.choices), "winners": list(state.winners),
        "history": [list(h) for h in state.history], "crashes": list(state.crashes),
        # only once someone resigned (D24): older games keep their digests (without
        # a resignation the round is (turn - 1) // players + 1, nothing new)
        **({"resigned": list(state.resigned), "round": state.round} if state.resigned else {}),
        # edition 2 only: the Node the turn started on (D27)
        **({"start": state.start} if state.rules >= 2 else {}),
        # edition 2 on, once a swap moved a card the mover started on or entered (D36):
        # until then both follow from "start", "entered", "at" and the network
        **({"touched": [list(t) for t in state.touched], "exited": list(state.exited)}
           if cards_moved(state) else {}),
    }
