"""What an accepted Net Control action does: setup placements, the roll and
production, threat and purges, discards, builds, trades, the special cards,
the end of a turn and the win.

What it is for: ``perform(state, action)`` changes the state and returns the
events, for an action ``rules.check`` has accepted (``rules.apply`` is
check, then perform).

What it is not: it checks nothing. An unchecked action can leave a broken
state; call ``rules.apply`` (or the game's ``apply``) unless ``check`` has
just passed.
"""

from __future__ import annotations

from ...core.events import Event
from .actions import Act
from .board import DEAD, RESOURCE_CODES, RESOURCES
from .legal import setup_node_spots
from .scoring import every_xp, exchange_rate, hand_limit, protection, runs_through, update_bonuses
from .state import (
    CARDS, COSTS, HACK, HAND_LIMIT, LINKBUILD, MAX_TURNS, MONOPOLY, MONOPOLY_TAKE, REBUILD_EDITION, RESOURCE, THREAT_TO_PURGE,
    VIRUS, XP, NCState,
)

def perform(state: NCState, action: Act) -> list[Event]:
    """Apply an action ``check`` accepted."""
    state.offered = None  # the position changes: the list handed out for it is stale
    seat, verb, args = action.seat, action.verb, action.args
    if verb == "roll":  # the commonest two first (only ever legal in their own phase)
        return _roll(state, seat)
    if verb == "end":
        return _end_turn(state, seat)
    phase = state.phase
    if verb == "resign":
        return _resign(state, seat)
    if phase == "setup-node":
        return _setup_node(state, seat, args[0])
    if phase == "rebuild":
        return _rebuild(state, seat, args[0])
    if phase == "setup-link":
        return _setup_link(state, seat, args[0])
    if verb == "discard":
        return _discard(state, seat, args[0])
    events = _act(state, seat, verb, args)
    events.extend(_check_win(state, seat))
    return events


def _pay(state: NCState, seat: int, verb: str) -> None:
    hand = state.hands[seat]
    for r, c in enumerate(COSTS[verb]):
        hand[r] -= c


def _setup_node(state: NCState, seat: int, v: int) -> list[Event]:
    state.owner[v], state.level[v], state.forts[v] = seat, 1, 0
    state.last_node = v
    state.phase = "setup-link"
    events = [Event("node", {"seat": seat, "vertex": v, "setup": True})]
    if state.setup_step >= state.n:
        # The second placement round: one resource per producing tile at the node.
        gained = [0] * 5
        for t in state.topo.vertex_tiles[v]:
            kind = state.board.terrain[t]
            if kind != DEAD:
                gained[RESOURCES.index(kind)] += 1
        for r in range(5):
            state.hands[seat][r] += gained[r]
        events.append(Event("starting-resources", {"seat": seat, "gained": gained}))
    return events


def _setup_link(state: NCState, seat: int, e: int) -> list[Event]:
    state.links[e] = seat
    state.setup_step += 1
    events = [Event("link", {"seat": seat, "edge": e, "setup": True})]
    events.extend(update_bonuses(state, seat, (seat,)))
    events.extend(_next_setup(state))
    events.extend(_check_win(state, seat))
    return events


def _next_setup(state: NCState) -> list[Event]:
    """The next setup placement, or the first turn once every one is made."""
    events = []
    state.phase = "setup-node"
    order = state.setup_order
    while state.setup_step < len(order):
        if order[state.setup_step] in state.out:
            state.setup_step += 1  # a runner who resigned places nothing more
        elif not setup_node_spots(state):
            # A crowded island can leave a runner no spaced vertex: it places nothing.
            events.append(Event("no-room", {"seat": order[state.setup_step]}))
            state.setup_step += 1
        else:
            break
    if state.setup_step == len(order):
        first = min(s for s in range(state.n) if s not in state.out)
        state.phase = "roll"
        state.current = first
        state.turn = 1
        events.append(Event("turn", {"seat": first, "turn": 1}))
    return events


def _rebuild(state: NCState, seat: int, v: int) -> list[Event]:
    """N32: the free node of a runner who began its turn with no building."""
    state.owner[v], state.level[v], state.forts[v] = seat, 1, 0
    state.phase = "roll"
    events = [Event("node", {"seat": seat, "vertex": v, "rebuild": True}),
              *update_bonuses(state, seat, runs_through(state, v))]
    events.extend(_check_win(state, seat))
    return events


def _offer_rebuild(state: NCState) -> list[Event]:
    """N32: a runner who begins its turn owning no building first places a
    free node, as in setup (rules edition 2 on; old records keep edition 1)."""
    seat = state.current
    if state.options.get("rules", 1) < REBUILD_EDITION or seat in state.owner.values():
        return []
    if not setup_node_spots(state):
        return [Event("no-room", {"seat": seat, "rebuild": True})]
    state.phase = "rebuild"
    return [Event("rebuild", {"seat": seat})]


def _resign(state: NCState, seat: int) -> list[Event]:
    """N33: the runner leaves the game. Its resources go back to the bank,
    its special cards to the discard pile, its buildings and links off the
    island; a turn of its own passes on, discards still owed on that roll
    lapse; the last runner left wins."""
    events = [Event("resign", {"seat": seat})]
    state.out = state.out | {seat}
    state.hands[seat] = [0] * 5
    for kind in range(6):
        state.discard.extend([kind] * state.cards[seat][kind])
    state.cards[seat], state.fresh[seat] = [0] * 6, [0] * 6
    for v in [v for v, who in state.owner.items() if who == seat]:
        del state.owner[v], state.level[v], state.forts[v]
    for e in [e for e, who in state.links.items() if who == seat]:
        del state.links[e]
    staying = [s for s in range(state.n) if s not in state.out]
    state.lengths[seat] = 0
    events.extend(update_bonuses(state, seat, tuple(staying)))
    state.owed.pop(seat, None)
    if len(staying) == 1:
        state.winner = staying[0]
        state.phase = "over"
        state.history.append(every_xp(state))
        return [*events, _game_over(state)]
    phase = state.phase
    if phase.startswith("setup"):
        if state.setup_order[state.setup_step] == seat:
            state.setup_step += 1  # its placement (and the link that goes with it) is void
            events.extend(_next_setup(state))
        return events
    if phase == "discard" and not state.owed:
        state.phase = "main"
    if state.current == seat:
        state.owed = {}
        events.extend(_end_turn(state, seat))
    return events


def _roll(state: NCState, seat: int) -> list[Event]:
    below = state.rng.below
    red, white = 1 + below(6), 1 + below(6)  # two rolls of a die (Rng.roll, without its checks)
    state.dice = (red, white)
    total = red + white
    events = [Event("roll", {"seat": seat, "red": red, "white": white, "sum": total})]
    if total != 7:
        events.extend(_produce(state, total))
    purge = False
    if red == 6:
        state.threat += 1
        events.append(Event("threat", {"level": state.threat}))
        if state.threat >= THREAT_TO_PURGE:
            purge = True
            state.threat = 0
    owed = {}
    for s, hand in enumerate(state.hands):
        size = sum(hand)
        if size > HAND_LIMIT and size > (limit := hand_limit(state, s)):  # the limit is never below HAND_LIMIT
            if purge:
                owed[s] = size - limit  # down to the limit: the harsher rule
            elif total == 7:
                owed[s] = size // 2
    if purge:
        events.append(Event("purge", {"owed": {str(s): k for s, k in owed.items()}}))
    elif owed:
        events.append(Event("seven", {"owed": {str(s): k for s, k in owed.items()}}))
    state.owed = owed
    state.phase = "discard" if owed else "main"
    return events


def _produce(state: NCState, total: int) -> list[Event]:
    gains = None
    owner, level, infected = state.owner, state.level, state.infected
    for t, r, vertices in state.yields[total]:
        if t in infected:
            continue
        for v in vertices:
            who = owner.get(v)
            if who is not None:
                if gains is None:
                    gains = [[0] * 5 for _ in range(state.n)]
                gains[who][r] += level[v]
    if gains is None:
        return []
    events = []
    for s in range(state.n):
        if any(gains[s]):
            hand = state.hands[s]
            for r in range(5):
                hand[r] += gains[s][r]
            events.append(Event("produce", {"seat": s, "gained": gains[s]}))
    return events


def _discard(state: NCState, seat: int, r: int) -> list[Event]:
    state.hands[seat][r] -= 1
    state.owed[seat] -= 1
    if state.owed[seat] == 0:
        del state.owed[seat]
    if not state.owed:
        state.phase = "main"
    return [Event("discard", {"seat": seat, "resource": RESOURCE_CODES[r]})]


def _act(state: NCState, seat: int, verb: str, args: tuple) -> list[Event]:
    hand = state.hands[seat]
    if verb == "link":
        _pay(state, seat, verb)
        state.links[args[0]] = seat
        return [Event("link", {"seat": seat, "edge": args[0]}), *update_bonuses(state, seat, (seat,))]
    if verb == "node":
        _pay(state, seat, verb)
        v = args[0]
        state.owner[v], state.level[v], state.forts[v] = seat, 1, 0
        # A new building can break a rival's run.
        return [Event("node", {"seat": seat, "vertex": v}), *update_bonuses(state, seat, runs_through(state, v))]
    if verb == "super":
        _pay(state, seat, verb)
        state.level[args[0]] = 2
        return [Event("super", {"seat": seat, "vertex": args[0]})]
    if verb == "fortify":
        _pay(state, seat, verb)
        state.forts[args[0]] += 1
        return [Event("fortify", {"seat": seat, "vertex": args[0], "protection": protection(state, args[0])}),
                *update_bonuses(state, seat, fort_change=(seat, 1))]
    if verb == "draw":
        _pay(state, seat, verb)
        events = []
        if not state.deck:
            events.append(_reshuffle(state))
        kind = state.deck.pop()
        state.cards[seat][kind] += 1
        state.fresh[seat][kind] += 1
        events.append(Event("draw", {"seat": seat}))
        events.append(Event("drew", {"seat": seat, "card": CARDS[kind]}, frozenset({seat})))
        return events
    if verb == "clear":
        _pay(state, seat, verb)
        state.infected.discard(args[0])
        return [Event("clear", {"seat": seat, "tile": args[0]})]
    if verb == "trade":
        give, take = args
        rate = exchange_rate(state, seat, give)
        hand[give] -= rate
        hand[take] += 1
        return [Event("trade", {"seat": seat, "give": RESOURCE_CODES[give], "rate": rate,
                                "take": RESOURCE_CODES[take]})]
    return _play_card(state, seat, verb, args)


def _reshuffle(state: NCState) -> Event:
    """The discard pile becomes the deck; +1 XP cards leave the game for good."""
    removed = sum(1 for kind in state.discard if kind == XP)
    state.removed_xp += removed
    state.deck = [kind for kind in state.discard if kind != XP]
    state.discard = []
    state.rng.shuffle(state.deck)
    return Event("reshuffle", {"cards": len(state.deck), "xp_removed": removed})


def _play_card(state: NCState, seat: int, verb: str, args: tuple) -> list[Event]:
    kind = CARDS.index(verb)
    state.cards[seat][kind] -= 1
    state.discard.append(kind)
    state.played_card = True
    events = [Event("play", {"seat": seat, "card": verb})]
    if kind == HACK:
        events.extend(_hack(state, seat, args[0]))
    elif kind == VIRUS:
        state.infected.add(args[0])
        events.append(Event("virus", {"seat": seat, "tile": args[0]}))
    elif kind == XP:
        state.xp_cards[seat] += 1
    elif kind == LINKBUILD:
        for e in args:
            state.links[e] = seat
        events.append(Event("links", {"seat": seat, "edges": list(args)}))
        events.extend(update_bonuses(state, seat, (seat,)))
    elif kind == RESOURCE:
        for r in args:
            state.hands[seat][r] += 1
        events.append(Event("resources", {"seat": seat, "take": [RESOURCE_CODES[r] for r in args]}))
    elif kind == MONOPOLY:
        r = args[0]
        taken = {}
        for s in range(state.n):
            if s != seat:
                k = min(MONOPOLY_TAKE, state.hands[s][r])
                if k:
                    state.hands[s][r] -= k
                    state.hands[seat][r] += k
                    taken[str(s)] = k
        events.append(Event("monopoly", {"seat": seat, "resource": RESOURCE_CODES[r], "taken": taken}))
    return events


def _hack(state: NCState, seat: int, v: int) -> list[Event]:
    victim = state.owner[v]
    if state.forts[v] > 0:
        state.forts[v] -= 1
        result = "stripped"
    elif state.level[v] == 2:
        state.level[v] = 1
        result = "demoted"
    else:
        del state.owner[v], state.level[v], state.forts[v]
        result = "destroyed"
    events = [Event("hack", {"seat": seat, "victim": victim, "vertex": v, "result": result})]
    events.extend(update_bonuses(state, seat, runs_through(state, v) if result == "destroyed" else (),
                                  (victim, -1) if result == "stripped" else None))
    return events


def _end_turn(state: NCState, seat: int) -> list[Event]:
    xps = every_xp(state)
    state.history.append(xps)
    state.fresh[seat] = [0] * 6
    state.played_card = False
    state.dice = None
    if state.turn >= MAX_TURNS:
        state.phase = "over"
        state.winner = max((s for s in range(state.n) if s not in state.out), key=lambda s: (xps[s], -s))
        return [Event("turn-limit", {"turns": state.turn}), _game_over(state)]
    following = seat
    while True:  # the next runner still in the game (one always is: the last one left has won)
        following = (following + 1) % state.n
        if following not in state.out:
            break
    state.current = following
    state.turn += 1
    state.phase = "roll"
    return [Event("turn", {"seat": state.current, "turn": state.turn}), *_offer_rebuild(state)]


def _check_win(state: NCState, actor: int) -> list[Event]:
    """The game ends the moment anyone reaches the target (the actor first)."""
    target = state.options["target"]
    xps = every_xp(state)
    if max(xps) < target:
        return []
    order = [s for s in [actor] + [s for s in range(state.n) if s != actor] if s not in state.out]
    for s in order:
        if xps[s] >= target:
            state.winner = s
            state.phase = "over"
            state.history.append(xps)
            return [_game_over(state)]
    return []


def _game_over(state: NCState) -> Event:
    return Event("game-over", {"winner": state.winner, "xp": every_xp(state)})
