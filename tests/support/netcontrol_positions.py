"""Build Net Control positions directly, for the rule tests.

``position`` starts from ``new_game`` (so the island is the seeded one), skips
the setup rounds (phase ``"main"``, turn 1, P1 to move) and overwrites fields.
Buildings, links, hands and cards are given per seat; afterwards the longest
runs are recounted as the engine would (``rules.longest_run``) and, unless
given, the bonus holders are settled from scratch. Cards handed out (hands and
the discard pile) are taken out of the shuffled deck, so the 45 cards stay 45.

    state = position(buildings={12: P1, 30: (P2, 2, 1)}, links={20: P1},
                     hands={P1: "2co ba"}, cards={P1: "hack"})
    act(state, "p1 link e21")

Vertex, edge and tile ids are the board's (``v12``, ``e30``, ``t5``); the
helpers below find ids with a property (a path of vertices, a tile showing a
number) so the tests do not depend on one seed's layout more than they say.
"""

from __future__ import annotations

from functools import lru_cache

from netarcade.games import get_game
from netarcade.core.prng import Rng
from netarcade.core.record import digest as _digest
from netarcade.games.netcontrol import rules
from netarcade.games.netcontrol.board import DEAD, RESOURCE_CODES, RESOURCES

GAME = get_game("netcontrol")
P1, P2, P3, P4, P5, P6 = range(6)
CARD_NAMES = ("hack", "virus", "xp", "linkbuild", "resource", "monopoly")
CO, BA, FI, SC, ME = range(5)

# --- hands and cards as text ---------------------------------------------------


def res(spec) -> list[int]:
    """``"2co ba 3me"`` -> ``[2, 1, 0, 0, 3]`` (a list passes through)."""
    if spec is None:
        return [0] * 5
    if not isinstance(spec, str):
        return list(spec)
    out = [0] * 5
    for word in spec.split():
        digits = "".join(ch for ch in word if ch.isdigit())
        code = word[len(digits):]
        out[RESOURCE_CODES.index(code)] += int(digits) if digits else 1
    return out


def cards(spec) -> list[int]:
    """``"2hack xp"`` -> ``[2, 0, 1, 0, 0, 0]`` (a list passes through)."""
    if spec is None:
        return [0] * 6
    if not isinstance(spec, str):
        return list(spec)
    out = [0] * 6
    for word in spec.split():
        digits = "".join(ch for ch in word if ch.isdigit())
        name = word[len(digits):]
        out[CARD_NAMES.index(name)] += int(digits) if digits else 1
    return out


def card_list(spec) -> list[int]:
    """``"hack xp"`` -> card kinds in that order (for a deck or discard pile)."""
    if not isinstance(spec, str):
        return list(spec)
    out = []
    for word in spec.split():
        digits = "".join(ch for ch in word if ch.isdigit())
        name = word[len(digits):]
        out.extend([CARD_NAMES.index(name)] * (int(digits) if digits else 1))
    return out


# --- positions -----------------------------------------------------------------------


def position(
    players=2,
    radius=2,
    target=10,
    seed=0,
    buildings=None,
    links=None,
    hands=None,
    cards_held=None,
    fresh=None,
    deck=None,
    discard=(),
    infected=(),
    current=0,
    phase="main",
    turn=1,
    threat=0,
    xp_cards=None,
    longest="auto",
    fortified="auto",
    rules=2,
    **fields,
):
    """A mid-game state of ``new_game({players, radius, target}, seed)``.

    ``buildings``: ``{vertex: seat}``, ``{vertex: (seat, level)}`` or
    ``{vertex: (seat, level, forts)}``; ``links``: ``{edge: seat}``;
    ``hands``: ``{seat: "2co ba"}``; ``cards_held`` / ``fresh``: ``{seat: "hack"}``;
    ``deck`` (top card last) and ``discard``: ``"hack virus"`` or kinds;
    ``fields`` sets any other attribute (owed, played_card, removed_xp, ...).
    """
    state = GAME.new_game({"players": players, "radius": radius, "target": target, "rules": rules}, seed)
    state.phase = phase
    state.setup_step = len(state.setup_order)
    state.turn = turn
    state.current = current
    state.threat = threat
    for v, spec in (buildings or {}).items():
        spec = (spec,) if isinstance(spec, int) else tuple(spec)
        seat, level, forts = (spec + (1, 0)[len(spec) - 1:])[:3]
        state.owner[v], state.level[v], state.forts[v] = seat, level, forts
    for e, seat in (links or {}).items():
        state.links[e] = seat
    for seat, spec in (hands or {}).items():
        state.hands[seat] = res(spec)
    for seat, spec in (cards_held or {}).items():
        state.cards[seat] = cards(spec)
    for seat, spec in (fresh or {}).items():
        state.fresh[seat] = cards(spec)
    state.discard = card_list(discard)
    if deck is not None:
        state.deck = card_list(deck)
    else:
        # take the cards handed out from the shuffled deck (45 stay 45)
        for kind in [k for s in range(players) for k in range(6) for _ in range(state.cards[s][k])] + state.discard:
            state.deck.remove(kind)
    state.infected = set(infected)
    if xp_cards is not None:
        state.xp_cards = list(xp_cards)
    for key, value in fields.items():
        setattr(state, key, value)
    recount(state, longest, fortified)
    return state


def recount(state, longest="auto", fortified="auto"):
    """Recompute the longest runs as the engine keeps them; settle the
    bonuses from scratch (no holder, no actor) unless they are given."""
    state.lengths = [rules.longest_run(state, s) for s in range(state.n)]
    if longest == "auto":
        longest = rules._settle_bonus(None, state.lengths, state.lengths, rules.LONGEST_MIN, -1)
    if fortified == "auto":
        forts = [rules.fortifications(state, s) for s in range(state.n)]
        fortified = rules._settle_bonus(None, forts, forts, rules.FORTIFIED_MIN, -1)
    state.longest, state.fortified = longest, fortified
    return state


def act(state, text: str):
    """Parse ``text`` and apply it; returns the events."""
    return GAME.apply(state, GAME.parse_action(text))


def digest(state) -> str:
    return _digest(GAME, state)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def event(events, kind):
    """The data of the only event of ``kind``."""
    found = [e.data for e in events if e.kind == kind]
    assert len(found) == 1, (kind, kinds(events))
    return found[0]


def texts(state, seat) -> set[str]:
    return {GAME.format_action(a) for a in GAME.legal_actions(state, seat)}


# --- dice ------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _dice_seeds() -> dict:
    found = {}
    seed = 0
    while len(found) < 36:
        rng = Rng(seed)
        found.setdefault((rng.roll(), rng.roll()), seed)
        seed += 1
    return found


def rig(state, red: int, white: int):
    """Give the state a PRNG whose next roll is (red, white)."""
    state.rng = Rng(_dice_seeds()[(red, white)])
    return state


# --- geometry ----------------------------------------------------------------------------


def edge(state, a: int, b: int) -> int:
    return state.topo.edge_between[(a, b)]


def edges_of(state, vertices) -> list[int]:
    """The edges along a vertex path."""
    return [edge(state, a, b) for a, b in zip(vertices, vertices[1:])]


def other_end(state, e: int, v: int) -> int:
    a, b = state.topo.edge_vertices[e]
    return b if a == v else a


def find_path(state, start: int, length: int, avoid=(), interior=False):
    """A simple path of ``length`` edges from ``start`` (a vertex list), avoiding
    the vertices in ``avoid``; ``interior`` keeps to vertices on 3 land tiles."""
    topo = state.topo
    avoid = set(avoid)

    def dfs(path):
        if len(path) == length + 1:
            return path
        for n in topo.vertex_neighbors[path[-1]]:
            if n in path or n in avoid:
                continue
            if interior and len(topo.vertex_tiles[n]) < 3:
                continue
            found = dfs(path + [n])
            if found:
                return found
        return None

    return dfs([start])


def neighbors(state, v: int):
    return state.topo.vertex_neighbors[v]


def far_vertices(state, taken, count: int, start=0) -> list[int]:
    """``count`` vertices, each at least 2 steps from ``taken`` and each other."""
    topo = state.topo
    blocked = set()
    for v in taken:
        blocked.add(v)
        blocked.update(topo.vertex_neighbors[v])
    out = []
    for v in list(range(start, topo.vertex_count)) + list(range(start)):
        if v in blocked:
            continue
        out.append(v)
        blocked.add(v)
        blocked.update(topo.vertex_neighbors[v])
        if len(out) == count:
            return out
    raise AssertionError("not enough room")


def producing_tile(state, number=None, exclude_sum=None):
    """A producing tile (optionally showing ``number``)."""
    for t, kind in enumerate(state.board.terrain):
        if kind == DEAD:
            continue
        if number is not None and state.board.numbers[t] != number:
            continue
        if exclude_sum is not None and state.board.numbers[t] in exclude_sum:
            continue
        return t
    raise AssertionError("no such tile")


def dead_tile(state) -> int:
    return state.board.terrain.index(DEAD)


def resource_of(state, t: int) -> int:
    return RESOURCES.index(state.board.terrain[t])


def exchange_vertex(state, kind):
    """A vertex on an exchange of ``kind`` (None: generic 3:1; a resource name)."""
    for v, k in sorted(state.board.exchange_at.items()):
        if k == kind:
            return v
    raise AssertionError(f"no {kind} exchange")


def conserved(state) -> bool:
    """N24: deck + discard + hands + removed +1 XP cards == 45, per kind."""
    counts = [0] * 6
    for k in state.deck + state.discard:
        counts[k] += 1
    for s in range(state.n):
        for k in range(6):
            counts[k] += state.cards[s][k]
    counts[rules.XP] += state.removed_xp
    return tuple(counts) == (20, 14, 5, 2, 2, 2)


def tree(state, start: int, count: int, avoid=()) -> list[int]:
    """``count`` edges forming a connected tree grown breadth-first from
    vertex ``start`` (never touching the vertices in ``avoid``)."""
    topo = state.topo
    avoid = set(avoid)
    seen, frontier, out = {start}, [start], []
    while frontier and len(out) < count:
        v = frontier.pop(0)
        for n, e in zip(topo.vertex_neighbors[v], topo.vertex_edges[v]):
            if n in seen or n in avoid:
                continue
            seen.add(n)
            frontier.append(n)
            out.append(e)
            if len(out) == count:
                break
    assert len(out) == count, "not enough room for the tree"
    return out


def dice_for(total: int) -> tuple[int, int]:
    """A (red, white) pair summing to ``total``, the red not a 6 when possible."""
    pairs = [(r, total - r) for r in range(1, 7) if 1 <= total - r <= 6]
    pairs.sort(key=lambda p: p[0] == 6)
    return pairs[0]
