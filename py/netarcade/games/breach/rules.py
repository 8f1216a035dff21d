"""Applying Breach actions: Modify, Exploits and their block windows, Move,
Manifest, the Crash Protocol, Root, winning, the end of a turn.

What it is for: ``perform`` for an action ``legal.check`` accepted, and the
turn's bookkeeping (``start_turn``, ``end_turn``). Every step follows the
printed rules (docs/rules/breach.md names the decisions D1-D22 where they
leave a gap). Not here: legality (``legal.py``), views (``views.py``).
"""

from __future__ import annotations

from ...core.events import Event
from .actions import Block, Counter, Crash, Discard, Done, Enter, Keep, Modify, Pass, Play, Reroll, Resign, Speed, Stop
from .cards import EDGE, HAND, CRASH, LAYERS, POS_BY_NAME, ROOT, layer_of, other, pos_name, position
from .legal import can_move, entry_cost
from .state import (CRASH as CRASH_PHASE, DISCARD, DONE, EXPLOITS, MODIFY, MOVE, NEVER, OVER, REROLL, SPEED,
                    WINDOW, BreachState, draw, refill)


def start_turn(state: BreachState, seat: int) -> list[Event]:
    state.current = seat
    state.turn += 1
    state.phase = MODIFY
    state.played = {}
    state.speed, state.dice, state.bw = None, [], 0
    state.rerolled, state.entered, state.moved, state.root_exit = False, [], False, False
    state.window, state.choices = None, []
    if state.rules >= 2:  # D27: the Node you start on counts as entered this turn
        state.start = state.at[seat] if state.at[seat] >= 0 else None
        # D36: by its card, wherever a swap takes it
        state.touched = [] if state.start is None else [[state.start, state.network[state.start]]]
        state.exited = []
    return [Event("turn", {"seat": seat, "turn": state.turn})]


def _discard_all(state: BreachState, seat: int, events: list[Event], why: str) -> None:
    """Every Exploit of a hand to the discard pile, face up. The event
    gives the count only (D17): a Lay Low refills at once, and a reshuffle
    may take the cards out of sight before any view shows them."""
    cards = sorted(state.hands[seat])
    state.hands[seat] = []
    state.discard.extend(cards)
    events.append(Event("discard", {"seat": seat, "count": len(cards), "why": why}))


def _expose(state: BreachState, seat: int, amount: int, events: list[Event], why: str) -> None:
    """Gain (or return, negative) Exposure; never below 0 (printed)."""
    before = state.exposure[seat]
    state.exposure[seat] = max(0, before + amount)
    if state.exposure[seat] != before:
        events.append(Event("exposure", {"seat": seat, "change": state.exposure[seat] - before,
                                         "exposure": state.exposure[seat], "why": why}))


def _effects(state: BreachState, seat: int, effects: dict, events: list[Event], why: str) -> None:
    if "exp" in effects:
        _expose(state, seat, effects["exp"], events, why)
    if "bw" in effects and state.phase == MOVE:  # D15: Bandwidth outside Move is lost
        state.bw += effects["bw"]
    if "draw" in effects:
        draw(state, seat, effects["draw"], events)


def _route(state: BreachState, seat: int, pos: int, events: list[Event]) -> None:
    """Route markers (printed): the first entry into a layer puts a marker
    beside the other Node; entering a marked Node takes it back."""
    route = state.route[seat]
    index = layer_of(pos) - 1
    if route[index] == NEVER:
        route[index] = other(pos)
        events.append(Event("marker", {"seat": seat, "at": pos_name(other(pos)), "placed": True}))
    elif route[index] == pos:
        route[index] = DONE
        events.append(Event("marker", {"seat": seat, "at": pos_name(pos), "placed": False}))


def leave_node(state: BreachState, seat: int, events: list[Event]) -> None:
    """The mover leaves the Node it stands on (if any): its EXIT resolves,
    from edition 2 on only if that card's EXIT has not resolved for it this
    turn already (D36: a Node is its card, so a swap that brings a card back
    under the mover does not make it resolve twice)."""
    here = state.at[seat]
    if here < 0:
        return
    card = state.network[here]
    if state.rules >= 2:
        if card in state.exited:
            return
        state.exited.append(card)
    _effects(state, seat, state.node(here).exit, events, f"exit {card}")


def enter_node(state: BreachState, seat: int, pos: int, cost: int, events: list[Event], how: str) -> None:
    """One Node entry: the EXIT of the Node left, then pay, then ENTER."""
    leave_node(state, seat, events)
    state.bw -= cost
    state.at[seat] = pos
    state.entered.append(pos)
    if state.rules >= 2:
        state.touched.append([pos, state.network[pos]])
    events.append(Event("enter", {"seat": seat, "at": pos_name(pos), "node": state.network[pos], "cost": cost,
                                  "how": how}))
    _route(state, seat, pos, events)
    _effects(state, seat, state.node(pos).enter, events, f"enter {state.network[pos]}")


# --- Modify ---------------------------------------------------------------------


def _modify(state, action, events):
    seat = action.seat
    if action.path == "run":
        events.append(Event("run", {"seat": seat}))
        refill(state, seat, events)
        state.phase = EXPLOITS
        return
    returned = min(2, state.exposure[seat])  # D8: Lay Low returns as much as it may
    events.append(Event("laylow", {"seat": seat, "returned": returned}))
    _expose(state, seat, -returned, events, "lay low")
    _discard_all(state, seat, events, "lay low")
    refill(state, seat, events)
    end_turn(state, events)


def _play(state, action, events):
    seat, card = action.seat, action.card
    state.hands[seat].remove(card)
    state.played[card] = state.played.get(card, 0) + 1
    events.append(Event("play", {"seat": seat, "card": card, "target": action.target}))
    if state.exploit(card).cost:
        _expose(state, seat, state.exploit(card).cost, events, f"cost of {card}")
    queue = [(seat + i) % state.n for i in range(1, state.n)]
    queue = [s for s in queue if len(state.hands[s]) >= 2]  # D16: who cannot block is not asked
    state.window = {"card": card, "target": action.target, "player": seat, "queue": queue, "blocker": None,
                    "answer": queue[0] if queue else None}
    if queue:
        state.phase = WINDOW
    else:
        _resolve(state, events)


def _spend(state, seat, cards, events, why):
    for card in cards:
        state.hands[seat].remove(card)
    state.discard.extend(cards)
    events.append(Event("spend", {"seat": seat, "cards": list(cards), "why": why}))


def _block(state, action, events):
    window = state.window
    _spend(state, action.seat, (action.first, action.second), events, "block")
    window["blocker"] = action.seat
    window["answer"] = window["player"]


def _counter(state, action, events):
    window = state.window
    _spend(state, action.seat, (action.first, action.second), events, "counter")
    window["answer"] = window["blocker"] if action.seat == window["player"] else window["player"]


def _pass(state, action, events):
    window = state.window
    events.append(Event("pass", {"seat": action.seat}))
    if window["blocker"] is None:
        window["queue"].pop(0)
        if window["queue"]:
            window["answer"] = window["queue"][0]
            return
        _resolve(state, events)
    elif action.seat == window["player"]:
        state.discard.append(window["card"])
        events.append(Event("blocked", {"seat": window["player"], "card": window["card"],
                                        "by": window["blocker"]}))
        state.window = None
        state.phase = EXPLOITS
    else:
        _resolve(state, events)


def _resolve(state: BreachState, events: list[Event]) -> None:
    """The Exploit in the window takes effect; its card goes to the discard
    pile or, for an ongoing effect, becomes a reminder."""
    window = state.window
    card, target, seat = window["card"], window["target"], window["player"]
    state.window = None
    state.phase = EXPLOITS
    events.append(Event("resolve", {"seat": seat, "card": card, "target": target}))
    victim = int(target[1:]) - 1 if target and target[0] == "p" else None
    keep = None
    if card == "lag":
        keep = victim
    elif card == "trace":
        _expose(state, victim, 1, events, "trace")
    elif card == "frame":
        if state.exposure[seat] >= 1:
            _expose(state, seat, -1, events, "frame job")
            _expose(state, victim, 1, events, "frame job")
    elif card == "wipe":  # edition 2 returns up to 2 (D34)
        _expose(state, seat, -2 if state.rules >= 2 else -1, events, "wipe logs")
    elif card in ("shadow", "overclock"):
        keep = seat
    elif card == "backdoor":
        enter_node(state, seat, POS_BY_NAME[target], 0, events, "backdoor")
    elif card in ("reroute", "splice"):
        first = position(int(target), 0) if card == "reroute" else POS_BY_NAME[target]
        second = first + 1 if card == "reroute" else first + 2
        net = state.network
        net[first], net[second] = net[second], net[first]
        events.append(Event("swap", {"a": pos_name(first), "b": pos_name(second)}))
    if keep is None:
        state.discard.append(card)
    else:
        state.reminders.append([card, keep, 0])


# --- Move -------------------------------------------------------------------------


def _overclock(state: BreachState, seat: int, events: list[Event]) -> int:
    """OVERCLOCK reminders of the mover are used: their Bandwidth."""
    bonus = 0
    for reminder in [r for r in state.reminders if r[0] == "overclock" and r[1] == seat]:
        state.reminders.remove(reminder)
        state.discard.append("overclock")
        bonus += 2
    if bonus:
        events.append(Event("overclock", {"seat": seat, "bw": bonus}))
    return bonus


def _done(state, action, events):
    seat = action.seat
    if state.at[seat] == ROOT and state.payload[seat]:
        roll = state.rng.roll()
        state.root_exit = True
        state.dice = [roll]
        events.append(Event("root-exit", {"seat": seat, "roll": roll, "exposure": state.exposure[seat]}))
        if roll < state.exposure[seat]:
            _expose(state, seat, 1, events, "root exit roll")
            state.slow[seat] = 2  # this turn and the next
        state.bw = roll + _overclock(state, seat, events)
        _begin_move(state, events)
        return
    state.phase = SPEED


def _speed(state, action, events):
    seat = action.seat
    state.speed = action.speed
    if action.speed == "sprint":
        _expose(state, seat, 1, events, "sprint")
    state.dice = [state.rng.roll() for _ in range(2 if action.speed == "sprint" else 1)]
    state.bw = sum(state.dice)
    events.append(Event("roll", {"seat": seat, "speed": action.speed, "dice": list(state.dice)}))
    state.bw += _overclock(state, seat, events)
    if len(state.hands[seat]) >= 2:
        state.phase = REROLL
    else:
        _begin_move(state, events)


def _reroll(state, action, events):
    seat = action.seat
    _spend(state, seat, (action.first, action.second), events, "reroll")
    old = state.dice[action.die - 1]
    new = state.rng.roll()
    state.dice[action.die - 1] = new
    state.bw += new - old
    state.rerolled = True
    events.append(Event("reroll", {"seat": seat, "die": action.die, "was": old, "roll": new}))
    _begin_move(state, events)


def _begin_move(state: BreachState, events: list[Event]) -> None:
    state.phase = MOVE
    events.append(Event("bandwidth", {"seat": state.current, "bw": state.bw}))
    if not can_move(state, state.current):
        _manifest(state, events)


def _enter(state, action, events):
    seat, where = action.seat, action.where
    if where == "root":
        state.bw -= 1
        leave_node(state, seat, events)
        state.at[seat] = ROOT
        state.payload[seat] = True
        state.moved = True
        state.bw = 0  # any remaining Bandwidth is cancelled
        events.append(Event("root", {"seat": seat}))
        _manifest(state, events)
        return
    if where == "edge":
        if state.rules >= 2:  # D28: leaving the layer-1 Node resolves its EXIT (EXIT Bandwidth pays, D13)
            leave_node(state, seat, events)
        state.bw -= 2
        state.at[seat] = EDGE
        state.winners = [seat]
        state.phase = OVER
        events.append(Event("transmit", {"seat": seat}))
        state.history.append([state.progress(s) for s in range(state.n)])
        return
    pos = POS_BY_NAME[where]
    cost = entry_cost(state, seat, pos)
    if state.node(pos).blue and cost < state.node(pos).cost:
        for reminder in state.reminders:
            if reminder[0] == "shadow" and reminder[1] == seat:
                state.reminders.remove(reminder)
                state.discard.append("shadow")
                events.append(Event("shadow-used", {"seat": seat}))
                break
    enter_node(state, seat, pos, cost, events, "move")
    state.moved = True
    if not can_move(state, seat):
        _manifest(state, events)


def _stop(state, action, events):
    _manifest(state, events)


# --- Manifest and the Crash Protocol ------------------------------------------------


def _manifest(state: BreachState, events: list[Event]) -> None:
    seat = state.current
    here = state.at[seat]
    events.append(Event("stop", {"seat": seat, "at": pos_name(here),
                                 "node": state.network[here] if here >= 0 else None, "bw": state.bw,
                                 "moved": bool(state.moved or state.entered)}))
    if (state.moved or state.entered) and here >= 0:
        node = state.node(here)
        if node.blue and state.bw >= 2:
            _expose(state, seat, -(state.bw // 2), events, "cooling")
        state.bw = 0
        _effects(state, seat, node.stop, events, f"stop {node.id}")
    _reconcile(state, events)


def _reconcile(state: BreachState, events: list[Event]) -> None:
    seat = state.current
    if state.hand_size(seat) > HAND and state.hands[seat]:
        state.phase = DISCARD
        return
    _check_exposure(state, events)


def _discard(state, action, events):
    seat = action.seat
    state.hands[seat].remove(action.card)
    state.discard.append(action.card)
    events.append(Event("discard", {"seat": seat, "cards": [action.card], "why": "hand limit"}))
    _reconcile(state, events)


def _check_exposure(state: BreachState, events: list[Event]) -> None:
    seat = state.current
    if state.exposure[seat] < CRASH:
        end_turn(state, events)
        return
    # the Crash Protocol: wipe the hand, then one crash result
    state.crashes[seat] += 1
    events.append(Event("crash", {"seat": seat, "exposure": state.exposure[seat], "at": pos_name(state.at[seat])}))
    _discard_all(state, seat, events, "crash")
    state.exposure[seat] = 0
    here = state.at[seat]
    if here == ROOT:
        state.payload[seat] = False  # back to the supply; infiltrating again
        # D18: from layer 11 on; D32 (edition 2): layer 12, the third layer
        # retreated through, counts, as the layer a retreat reaches does from a Node
        start = LAYERS - 2 if state.rules >= 2 else LAYERS - 3
    elif state.payload[seat]:
        state.at[seat] = ROOT
        events.append(Event("crash-to", {"seat": seat, "at": "root"}))
        end_turn(state, events)
        return
    else:
        start = layer_of(here) - 3
    for layer in range(start, 0, -1):
        blue = [position(layer, side) for side in (0, 1)
                if state.node(position(layer, side)).blue and not state.node(position(layer, side)).dead_drop]
        if len(blue) == 2:
            state.choices = blue
            state.phase = CRASH_PHASE
            return
        if blue:
            _crash_to(state, seat, blue[0], events)
            return
    _crash_to(state, seat, EDGE, events)


def _crash_to(state: BreachState, seat: int, pos: int, events: list[Event]) -> None:
    state.at[seat] = pos  # crash movement: no Node effects, no route markers
    state.choices = []
    events.append(Event("crash-to", {"seat": seat, "at": pos_name(pos)}))
    end_turn(state, events)


def _crash(state, action, events):
    _crash_to(state, action.seat, POS_BY_NAME[action.where], events)


def end_turn(state: BreachState, events: list[Event]) -> None:
    """Durations (D9): LAG is used up by any turn of its holder, OVERCLOCK
    unused goes, Shadow Link expires at the end of its owner's next turn.
    The turn passes to the next seat still playing (D24); the lockdown
    comes when the last round ends (D19)."""
    seat = state.current
    kept = []
    for reminder in state.reminders:
        card, holder, age = reminder
        if holder == seat:
            if card == "shadow" and age == 0:
                kept.append([card, holder, 1])
                continue
            state.discard.append(card)
            events.append(Event("expire", {"seat": seat, "card": card}))
            continue
        kept.append(reminder)
    state.reminders = kept
    state.slow[seat] = max(0, state.slow[seat] - 1)
    state.bw = 0
    state.history.append([state.progress(s) for s in range(state.n)])
    following = (seat + 1) % state.n
    while following in state.resigned:
        following = (following + 1) % state.n
    # a new round starts when the turn reaches or passes the first player's place again
    new_round = (following - state.first) % state.n <= (seat - state.first) % state.n
    if new_round and state.rounds and state.round >= state.rounds:  # rounds 0: no lockdown (D33)
        playing = state.playing()
        best = max(state.progress(s) for s in playing)
        state.winners = [s for s in playing if state.progress(s) == best]
        state.phase = OVER
        events.append(Event("lockdown", {"winners": list(state.winners)}))
        return
    if new_round:
        state.round += 1
    events.extend(start_turn(state, following))


def _resign(state: BreachState, action, events: list[Event]) -> None:
    """D24: the seat leaves. Its Exploits and reminders go to the discard
    pile, its Exposure to the supply; its markers stay, inert. An Exploit it
    played or that targets it is void; in any other window it counts as
    passing. Its own turn ends at once; the last seat left wins."""
    seat = action.seat
    events.append(Event("resign", {"seat": seat}))
    state.resigned.append(seat)
    _discard_all(state, seat, events, "resign")
    _expose(state, seat, -state.exposure[seat], events, "resign")
    for reminder in [r for r in state.reminders if r[1] == seat]:
        state.reminders.remove(reminder)
        state.discard.append(reminder[0])
        events.append(Event("expire", {"seat": seat, "card": reminder[0]}))
    state.slow[seat] = 0
    window = state.window
    playing = state.playing()
    if len(playing) == 1:
        if window is not None:  # nobody is left to answer or to be hit
            state.discard.append(window["card"])
            state.window = None
        state.winners = playing
        state.phase = OVER
        events.append(Event("last-left", {"winners": list(playing)}))
        state.history.append([state.progress(s) for s in range(state.n)])
        return
    if window is not None:
        target = window["target"]
        victim = int(target[1:]) - 1 if target and target[0] == "p" else None
        if seat in (window["player"], victim):
            state.discard.append(window["card"])
            events.append(Event("void", {"seat": window["player"], "card": window["card"]}))
            state.window = None
            state.phase = EXPLOITS
        elif window["blocker"] == seat:
            _resolve(state, events)  # the blocker stopped: the Exploit goes through
        elif window["blocker"] is None and seat in window["queue"]:
            asked = window["answer"] == seat
            window["queue"].remove(seat)
            if asked:
                if window["queue"]:
                    window["answer"] = window["queue"][0]
                else:
                    _resolve(state, events)
    if state.current == seat:
        state.window, state.choices = None, []
        end_turn(state, events)


_PERFORM = {Modify: _modify, Play: _play, Block: _block, Counter: _counter, Pass: _pass, Done: _done,
            Speed: _speed, Reroll: _reroll, Keep: lambda s, a, e: _begin_move(s, e), Enter: _enter, Stop: _stop,
            Discard: _discard, Crash: _crash, Resign: _resign}


def perform(state: BreachState, action) -> list[Event]:
    state.offered = None  # the position changes: the list handed out for it is stale
    events: list[Event] = []
    _PERFORM[type(action)](state, action, events)
    return events
