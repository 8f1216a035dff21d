"""Who acts in Breach, what they may do, and why anything else is refused.

What it is for: ``to_act`` (the current infiltrator's turn, or one seat
answering a block window, D16), ``legal_actions`` in a deterministic order,
and ``check``, which refuses any value (wrong types, bools for ints, unknown
names) with ``IllegalAction``. Movement questions (entry costs, Dead Drops)
live here because both legality and the rules ask them. Not here: changing
the state (``rules.py``).
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.game import DISCARD, RESPONSE, TURN, is_seat
from .actions import (ACTIONS, Block, Counter, Crash, Discard, Done, Enter, Keep, Modify, Pass, Play, Reroll, Resign,
                      Speed, Stop)
from .cards import (EXPLOIT, EXPLOITS, LAYERS, POS_BY_NAME, POSITIONS, SPRINT_MAX_EXPOSURE,
                    layer_of, neighbours, pos_name)
from .state import CRASH, DISCARD as DISCARD_PHASE, EXPLOITS as EXPLOITS_PHASE, MODIFY, MOVE, NEVER, OVER, REROLL, \
    SPEED, WINDOW, BreachState, cards_moved

_ORDER = {card.id: i for i, card in enumerate(EXPLOITS)}


def to_act(state: BreachState) -> dict[int, str]:
    phase = state.phase
    if phase == OVER:
        return {}
    if phase == WINDOW:
        return {state.window["answer"]: RESPONSE}
    if phase == DISCARD_PHASE:
        return {state.current: DISCARD}
    return {state.current: TURN}


# --- facts the rules and legality share ----------------------------------------


def ahead_of(state: BreachState, seat: int) -> list[int]:
    """Seats a Pressure Exploit of ``seat`` may target (D1): every other seat
    still playing (D24) farther along (D31, edition 2: tied players are not
    ahead), or at least as far along (D4 in edition 1, D35 in edition 3);
    none for the sole leader."""
    mine = state.progress(seat) + (1 if state.rules == 2 else 0)
    return [s for s in range(state.n) if s != seat and state.progress(s) >= mine and s not in state.resigned]


def has_shadow(state: BreachState, seat: int) -> bool:
    return any(card == "shadow" and holder == seat for card, holder, _ in state.reminders)


def entry_cost(state: BreachState, seat: int, pos: int) -> int:
    node = state.node(pos)
    if node.blue and has_shadow(state, seat):
        return 0
    return node.cost


def exit_bw(state: BreachState, pos: int) -> int:
    """The Bandwidth leaving ``pos`` would give the mover: none where its
    card's EXIT already resolved for it this turn (D36)."""
    if pos < 0 or state.network[pos] in state.exited:
        return 0
    return state.node(pos).exit.get("bw", 0)


def markers_after(state: BreachState, seat: int, pos: int) -> int:
    """Route markers left after entering ``pos``."""
    route = state.route[seat]
    left = sum(1 for p in route if p >= 0)
    return left - 1 if route[layer_of(pos) - 1] == pos else left + (route[layer_of(pos) - 1] == NEVER)


def _objective(state: BreachState, seat: int, pos: int, budget: int, markers: int) -> bool:
    """Could the infiltrator enter Root or Edge from ``pos`` with ``budget``?"""
    layer = layer_of(pos)
    if not state.payload[seat]:
        return layer == LAYERS and budget >= 1
    return layer == 1 and markers == 0 and budget >= 2


def _onward(state: BreachState, seat: int, pos: int, budget: int, entered: tuple, markers: int, depth: int = 0) -> bool:
    """Standing on Dead Drop ``pos`` with ``budget`` after its ENTER, could
    the infiltrator go on (D14)? EXIT Bandwidth counts; Shadow Link does not."""
    budget += exit_bw(state, pos)
    if _objective(state, seat, pos, budget, markers):
        return True
    if depth > 6:
        return False
    for near in neighbours(pos):
        if near in entered:
            continue
        node = state.node(near)
        if node.cost > budget:
            continue
        if not node.dead_drop:
            return True
        if _onward(state, seat, near, budget - node.cost + node.enter.get("bw", 0), entered + (near,),
                   markers, depth + 1):
            return True
    return False


def entered_now(state: BreachState) -> list[int]:
    """The Nodes that may not be entered again this turn: every Node
    entered (D22), and in edition 2 the Node the turn started on (D27);
    from edition 2 on also wherever a swap took a card entered this turn (D36)."""
    if state.start is None and not state.touched:
        return state.entered
    used = state.entered if state.start is None else [state.start, *state.entered]
    if cards_moved(state):
        used = used + [state.network.index(card) for pos, card in state.touched if pos != state.start]
    return used


def _enterable(state: BreachState, seat: int, near: int, budget: int, used: list[int]) -> bool:
    """May the mover step onto Node ``near`` (one of its neighbours) now,
    ``used`` being ``entered_now(state)`` (asked once for every neighbour)?"""
    if near in used:
        return False
    node = state.node(near)
    cost = 0 if node.blue and has_shadow(state, seat) else node.cost  # entry_cost
    if cost > budget:
        return False
    return not node.dead_drop or _onward(state, seat, near, budget - cost + node.enter.get("bw", 0),
                                         tuple(used) + (near,), markers_after(state, seat, near))


def _goal(state: BreachState, seat: int, budget: int) -> str | None:
    """"root" or "edge" when the mover may enter it now, else None."""
    at = state.at[seat]
    if at < 0:
        return None
    markers = sum(1 for p in state.route[seat] if p >= 0)
    if _objective(state, seat, at, budget, markers):
        return "edge" if state.payload[seat] else "root"
    return None


def entries(state: BreachState, seat: int) -> list[str]:
    """Where the mover may step now (names), in position order, then Root / Edge."""
    at = state.at[seat]
    budget = state.bw + exit_bw(state, at)
    used = entered_now(state)
    out = [pos_name(near) for near in neighbours(at) if _enterable(state, seat, near, budget, used)]
    goal = _goal(state, seat, budget)
    if goal is not None:
        out.append(goal)
    return out


def can_move(state: BreachState, seat: int) -> bool:
    """``bool(entries(state, seat))``, stopping at the first way found (the
    rules ask it after every step to know whether the Move goes on)."""
    at = state.at[seat]
    budget = state.bw + exit_bw(state, at)
    used = entered_now(state)
    for near in neighbours(at):
        if _enterable(state, seat, near, budget, used):
            return True
    return _goal(state, seat, budget) is not None


def can_enter(state: BreachState, seat: int, where: str) -> bool:
    """``where in entries(state, seat)``, without listing the others."""
    at = state.at[seat]
    budget = state.bw + exit_bw(state, at)
    if where in ("root", "edge"):
        return _goal(state, seat, budget) == where
    near = POS_BY_NAME.get(where)
    return near is not None and near in neighbours(at) and _enterable(state, seat, near, budget, entered_now(state))


def may_stop(state: BreachState, seat: int, enters: list) -> bool:
    """May the mover end its movement now, given the entries open to it?
    Never on a Dead Drop it may leave (D14); after entering a Node, yes; before,
    only when no Node can be entered: in edition 1 never (the Move ends by
    itself when nothing can be entered, D23), in edition 2 also when Root or
    the Edge is all that is open, since they are not Nodes (D29)."""
    if state.moved:
        at = state.at[seat]
        return not (at >= 0 and state.node(at).dead_drop and enters)
    return state.rules >= 2 and bool(enters) and all(e.where in ("root", "edge") for e in enters)


def can_sprint(state: BreachState, seat: int) -> bool:
    lagged = any(card == "lag" and holder == seat for card, holder, _ in state.reminders)
    return state.exposure[seat] <= SPRINT_MAX_EXPOSURE and not lagged and state.slow[seat] == 0


def pairs(hand: list[str]) -> list[tuple[str, str]]:
    """Distinct unordered pairs of Exploits in a hand (box order)."""
    kinds = sorted(set(hand), key=_ORDER.__getitem__)
    out = []
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            if a != b or hand.count(a) >= 2:
                out.append((a, b))
    return out


def play_targets(state: BreachState, seat: int, card: str) -> list[str | None]:
    kind = state.exploit(card).target
    if card in ("frame", "wipe") and state.exposure[seat] < 1:
        return []
    if kind == "ahead":
        return [f"p{s + 1}" for s in ahead_of(state, seat)]
    if kind == "none":
        return [None]
    if kind == "node":
        used = entered_now(state)
        return [pos_name(p) for p in neighbours(state.at[seat]) if p not in used and not state.node(p).dead_drop]
    if kind == "layer":
        return [str(layer) for layer in range(1, LAYERS + 1)]
    return [pos_name(p) for p in range(POSITIONS - 2)]  # splice: layers 1..13


def legal_actions(state: BreachState, seat: int) -> list:
    """The seat's legal actions in their fixed order; the list is also kept
    as ``state.offered`` (``check`` accepts its actions at once, until
    ``rules.perform`` changes the position)."""
    actions = state.offered = _listed(state, seat)
    return actions


def _listed(state: BreachState, seat: int) -> list:
    acting = to_act(state)
    if seat not in acting:
        return []
    phase = state.phase
    hand = state.hands[seat]
    if phase == MODIFY:
        return [Modify(seat, "run"), Modify(seat, "laylow")]
    if phase == EXPLOITS_PHASE:
        out = []
        for card in sorted(set(hand), key=_ORDER.__getitem__):
            if state.played.get(card, 0) < state.exploit(card).limit:
                out.extend(Play(seat, card, target) for target in play_targets(state, seat, card))
        return out + [Done(seat)]
    if phase == WINDOW:
        window = state.window
        cls = Block if window["blocker"] is None else Counter
        return [cls(seat, a, b) for a, b in pairs(hand)] + [Pass(seat)]
    if phase == SPEED:
        return [Speed(seat, "safe")] + ([Speed(seat, "sprint")] if can_sprint(state, seat) else [])
    if phase == REROLL:
        return [Keep(seat)] + [Reroll(seat, die, a, b) for die in range(1, len(state.dice) + 1)
                               for a, b in pairs(hand)]
    if phase == MOVE:
        out = [Enter(seat, where) for where in entries(state, seat)]
        if may_stop(state, seat, out):
            out.append(Stop(seat))
        return out
    if phase == DISCARD_PHASE:
        return [Discard(seat, card) for card in sorted(set(hand), key=_ORDER.__getitem__)]
    if phase == CRASH:
        return [Crash(seat, pos_name(p)) for p in state.choices]
    return []


_PHASE_OF = {Modify: MODIFY, Play: EXPLOITS_PHASE, Done: EXPLOITS_PHASE, Block: WINDOW, Counter: WINDOW,
             Pass: WINDOW, Speed: SPEED, Reroll: REROLL, Keep: REROLL, Enter: MOVE, Stop: MOVE,
             Discard: DISCARD_PHASE, Crash: CRASH}
_STR_FIELDS = {Modify: ("path",), Play: ("card",), Block: ("first", "second"), Counter: ("first", "second"),
               Speed: ("speed",), Reroll: ("first", "second"), Enter: ("where",), Discard: ("card",),
               Crash: ("where",)}


def _refuse_malformed(state: BreachState, action) -> None:
    cls = type(action)
    if cls not in ACTIONS or not is_seat(action.seat) or not 0 <= action.seat < state.n:
        raise IllegalAction("unknown-action", f"{action!r:.80} is not a Breach action")
    for name in _STR_FIELDS.get(cls, ()):
        if type(getattr(action, name)) is not str:
            raise IllegalAction("unknown-action", f"{action!r:.80}: {name} must be a name")
    if cls is Play and action.target is not None and type(action.target) is not str:
        raise IllegalAction("unknown-action", f"{action!r:.80}: a target is a name such as p2, 4t or 5")
    if cls is Reroll and (type(action.die) is not int or action.die not in (1, 2)):
        raise IllegalAction("unknown-action", f"{action!r:.80}: the die is 1 or 2")


def _reason(state: BreachState, action) -> IllegalAction:
    """Why a well-formed action of the acting seat is not legal now."""
    seat, cls, hand = action.seat, type(action), state.hands[action.seat]
    if cls is Play:
        if action.card not in EXPLOIT or action.card not in hand:
            return IllegalAction("no-card", f"P{seat + 1} holds no {action.card[:20]}")
        if state.played.get(action.card, 0) >= state.exploit(action.card).limit:
            return IllegalAction("play-limit", f"{state.exploit(action.card).name} was already played "
                                 f"{state.exploit(action.card).limit} time(s) this turn")
        if state.exploit(action.card).target == "ahead" and not ahead_of(state, seat):
            if state.rules == 2:
                return IllegalAction("sole-leader", "nobody is ahead of you (tied players are not): "
                                     "no target for a Pressure Exploit")
            return IllegalAction("sole-leader", "the sole leader cannot play a Pressure Exploit")
        return IllegalAction("bad-target", f"{action.target!r:.20} is not a target of {state.exploit(action.card).name} now")
    if cls in (Block, Counter, Reroll, Discard):
        return IllegalAction("no-card", "those Exploits are not in your hand (pairs are named in box order)")
    if cls is Speed:
        return IllegalAction("cannot-sprint", "no Sprint with 4+ Exposure, under LAG or after a bad Root exit roll")
    if cls is Enter:
        return IllegalAction("cannot-enter", f"{action.where[:20]!r} cannot be entered now "
                             "(not next to you, entered this turn, unaffordable, or a Dead Drop with no way on)")
    if cls is Stop:
        return IllegalAction("must-move", "enter a Node first (and never stop on a Dead Drop)")
    if cls is Crash:
        return IllegalAction("bad-checkpoint", "choose one of the blue Nodes offered")
    return IllegalAction("illegal", f"{action!r:.80} is not legal now")


def check(state: BreachState, action) -> None:
    """Raise ``IllegalAction`` with a specific code unless ``action`` is legal now.

    An action of the list ``legal_actions`` handed out for this very
    position (``state.offered``, the very object) is accepted at once: a
    bot's playout and the match it steps do not check again what they were
    just offered. Any other action is checked in full."""
    offered = state.offered
    if offered is not None:
        for listed in offered:
            if listed is action:
                return
    _refuse_malformed(state, action)
    seat = action.seat
    if state.phase == OVER:
        raise IllegalAction("game-over", "the game is over")
    if seat in state.resigned:
        raise IllegalAction("resigned", f"P{seat + 1} has resigned and takes no further part")
    if type(action) is Resign:
        return  # any seat still playing, at any moment, its turn or not (D24)
    acting = to_act(state)
    if seat not in acting:
        who = ", ".join(f"P{s + 1}" for s in acting) or "nobody"
        raise IllegalAction("not-your-turn", f"it is {who}'s decision" if acting else "the game is over")
    if _PHASE_OF[type(action)] != state.phase:
        raise IllegalAction("wrong-phase", f"that is not a decision of the {state.phase} step")
    if type(action) is Block and state.window["blocker"] is not None:
        raise IllegalAction("wrong-phase", "the Exploit is already blocked: counter or pass")
    if type(action) is Counter and state.window["blocker"] is None:
        raise IllegalAction("wrong-phase", "nobody has blocked: block or pass")
    if not _is_legal(state, action):
        raise _reason(state, action)


def _is_legal(state: BreachState, action) -> bool:
    """``action in legal_actions(state, action.seat)`` for an action of the
    acting seat in the right phase, checked without listing every other
    action where that is cheap (the bots check every candidate they try)."""
    cls, seat = type(action), action.seat
    if cls is Enter:
        return can_enter(state, seat, action.where)
    if cls is Stop:
        return may_stop(state, seat, [Enter(seat, where) for where in entries(state, seat)])
    if cls is Play:
        card = action.card
        return (card in EXPLOIT and card in state.hands[seat]
                and state.played.get(card, 0) < state.exploit(card).limit
                and action.target in play_targets(state, seat, card))
    return action in legal_actions(state, seat)
