"""Net Control's position evaluation for the game-agnostic bots.

``evaluate(state, seat)`` is how well ``seat`` stands, in XP units: its
strength minus 0.7 x its rivals' (a blend of the strongest rival and their
mean, so hurting any rival helps a little and hurting the leader helps most;
the runner's own progress toward the target counts more than a rival's loss). A
runner's strength is its XP plus what it is likely to turn into XP:

* production: the pips under its buildings (x2 on a Super Node, nothing from
  an infected tile or a dead zone), each resource weighted by how scarce it
  is on this island and by the runner's exchange rate for it, times the rolls
  the game probably has left (fewer as the best rival nears the target);
* exchange access (3:1, 2:1);
* its resources, each kind worth full value up to what builds need and its
  trade value beyond, plus progress toward the best build it could make
  next (a Node where it has a spot, a Super Node, a special card), so a trade
  that brings a build within reach is worth making;
* the risk of losing half of an over-the-limit hand to a 7 (or down to the
  limit to a purge when the threat track is one red 6 from firing);
* special cards, each kind by what it is worth when played (a Hack or a
  Virus nothing in hand: its harm to a rival counts when it is played);
* room to grow: the best free Node spots its network reaches now or with up
  to three more links (rivals' buildings block the way);
* the Longest Network and Most Fortified races (the bonus is 2 XP; partial
  credit by how few links or fortifications it still needs);
* exposure: the XP and production a rival Hack would take (an unfortified
  Node is destroyed by one), weighted by the chance that the rivals hold one.

Hidden information: the seat's own hand and cards are read as they are; of
every other runner only what the seat sees is used: hand and card *counts*,
never their composition, and the unseen cards' kinds only through the public
composition of everything the seat has not seen (the 45-card deck minus the
discard pile, the removed +1 XP cards and its own cards). So the value does
not change whatever the rivals really hold or the deck's order, and it is
meant to be called on a determinized state (``rules.determinize``) like
everything a bot looks at.

Not here: move choice (``netarcade.bots``), rules (``rules.py``), what the
island and the buildings give, memoized per island (``evaluation_island.py``).
"""

from __future__ import annotations

from . import rules
from .evaluation_island import ROOM_SHARE, board_facts, buildings, room

WIN = 1000.0

HACK, VIRUS, XPCARD, LINKBUILD, RESOURCE, MONOPOLY = range(6)

#: resources of each kind worth holding at full value (twice a build's need)
NEED = (2, 2, 4, 2, 6)
#: what a held card of each kind is worth (+1 XP: almost its XP). A Hack or a
#: Virus is worth nothing held: what it does to a rival counts when it is
#: played, and valuing it in hand (0.4 and 0.15 before 2026-12-01) made
#: drawing for Hacks outbid building toward the target (docs/bots.md, "Pacing")
CARD_VALUE = (0.0, 0.0, 0.92, 0.35, 0.3, 0.3)
#: the weights of the evaluation, in XP units (tuned with the ladders in docs/bots.md)
W = {
    "resource": 0.11,  # a resource card in hand, of average worth
    "surplus": 0.3,  # share of that worth for a resource beyond what builds need
    "production": 0.11,  # a resource produced by a future roll
    "pace_prior": 0.6,  # XP per round the leader is expected to gain, before any is seen
    "pace_rounds": 5.0,  # the prior counts as this many rounds of play
    "horizon_min": 1.5,  # rounds
    "horizon_max": 15.0,  # rounds
    "progress": 0.12,  # share of the next build's worth credited as its cost is gathered
    "progress_base": 0.5,  # each missing resource multiplies that credit by this
    "link_progress": 0.5,  # a link toward the nearest spot, as a share of that spot's Node
    "race": 0.5,  # credit for a bonus race: this share of the bonus...
    "race_power": 1.0,  # ...times (progress made / steps needed) to this power
    "race_lead": 0.25,  # a held bonus that no rival ties
    "exposure": 0.45,  # expected Hack losses (times the rivals' chance of a Hack)
    "generic_exchange": 0.25,
    "special_exchange": 0.15,
    "leader_share": 0.6,  # rivals' term: the strongest (1.0) ... their mean (0.0)
    "rival_weight": 0.7,  # the rivals' term against the runner's own strength (1.0 before 2026-12-01)
}

#: chance of a 7 in one roll, and of a red 6
P_SEVEN = 6 / 36
P_RED_SIX = 1 / 6

class _Table:
    """What every seat sees alike, computed once per state: per runner its
    XP, production (valued at its own rates), rates, fortifications,
    exposure, room to grow and the viewer-independent part of its strength.
    With ``siblings`` (a ranking's :class:`Siblings`), the parts the
    state's buildings, links and bonus races leave as the ranking's start
    had them are taken from there instead of computed again."""

    __slots__ = ("n", "xp", "prod_value", "rate", "units", "forts", "guarded", "nodes", "supers",
                 "exposed", "room", "nearest", "weight", "mean_weight", "spot_worth", "base", "held_cards")

    def __init__(self, state: rules.NCState, siblings: "Siblings | None" = None):
        n = self.n = state.n
        if siblings is None:
            vertex_prod, weight, exchange, spot_worth = board_facts(state.board)
            mean_weight = sum(weight) / 5
        else:  # the same island
            vertex_prod, weight, exchange, spot_worth, mean_weight = siblings.facts
        self.weight, self.spot_worth, self.mean_weight = weight, spot_worth, mean_weight
        races = None
        same_owner = siblings is not None and state.owner == siblings.owner
        if same_owner and state.level == siblings.level and state.forts == siblings.forts \
                and state.infected == siblings.infected:
            built_all = siblings.buildings
            if state.lengths == siblings.lengths and state.longest == siblings.longest \
                    and state.fortified == siblings.fortified:
                races = siblings.races
        else:
            built_all = buildings(state, vertex_prod, weight, exchange, mean_weight)
        built, prod_value, rate, units_of, generic, special, fort_total, guarded, nodes, supers, exposed = built_all
        if races is None:
            races = _races(state, fort_total)
        xp = [a + b for a, b in zip(state.xp_cards, built)]
        if state.longest is not None:
            xp[state.longest] += rules.BONUS_XP
        if state.fortified is not None:
            xp[state.fortified] += rules.BONUS_XP

        # Everything below is the same whoever looks.
        resource = W["resource"]
        p_seven = 1.0 - (1.0 - P_SEVEN) ** n  # n rolls come before a runner spends again
        p_purge = 1.0 - (1.0 - P_RED_SIX) ** n if state.threat == rules.THREAT_TO_PURGE - 1 else 0.0
        generic_exchange, special_exchange = W["generic_exchange"], W["special_exchange"]
        hand_limit, per_guarded = rules.HAND_LIMIT, rules.LIMIT_PER_GUARDED_SUPER
        base = []
        for s in range(n):
            value = float(xp[s])
            if generic[s]:
                value += generic_exchange
            value += special_exchange * special[s]
            size = sum(state.hands[s])
            limit = hand_limit + per_guarded * guarded[s]
            if size > limit:
                loss = p_seven * (size // 2)
                if p_purge:
                    loss = max(loss, p_purge * (size - limit))
                value -= resource * mean_weight * loss
            longest_credit, fortified_credit = races[s]
            value += longest_credit
            value += fortified_credit
            base.append(value)
        self.xp, self.prod_value, self.rate, self.units, self.base = xp, prod_value, rate, units_of, base
        self.forts, self.guarded, self.nodes, self.supers, self.exposed = fort_total, guarded, nodes, supers, exposed
        self.held_cards = [sum(c) for c in state.cards]
        if same_owner and state.links == siblings.links:
            self.room, self.nearest = siblings.room
        else:
            self.room, self.nearest = room(state, spot_worth)


def _races(state: rules.NCState, fort_total) -> list[tuple[float, float]]:
    """Per runner its credit in the Longest Network and the Most Fortified
    races (``_race``), from the links' lengths and ``fort_total``."""
    lengths = state.lengths
    best_len = _top_two(lengths)
    best_forts = _top_two(fort_total)
    races = []
    for s in range(state.n):
        others_len = best_len[1] if lengths[s] == best_len[0] else best_len[0]
        others_forts = best_forts[1] if fort_total[s] == best_forts[0] else best_forts[0]
        races.append((_race(lengths[s], others_len, rules.LONGEST_MIN, state.longest == s),
                      _race(fort_total[s], others_forts, rules.FORTIFIED_MIN, state.fortified == s)))
    return races


def _top_two(values) -> tuple:
    """The largest value and the largest of the rest (for "best of the others")."""
    first = second = 0
    for value in values:
        if value > first:
            first, second = value, first
        elif value > second:
            second = value
    return first, second


def _room_value(found, per_pip: float, resource_cost: float) -> float:
    """The option of building Nodes on the spots found: each spot's Node
    (1 XP and its production) minus the links and Node it still costs, times
    the share for its distance; the best spot fully, the next one by half."""
    best = second = 0.0
    for index, worth in enumerate(found):
        if worth:
            distance = index >> 1
            option = (1.0 + per_pip * worth - (4 + 2 * distance) * resource_cost) * ROOM_SHARE[distance]
            if option > best:
                best, second = option, best
            elif option > second:
                second = option
    return best + 0.5 * second


def _unseen_cards(state: rules.NCState, seat: int) -> tuple[float, float]:
    """The mean worth of a card ``seat`` has not seen (the deck and rivals'
    hands), and the share of Hacks among them."""
    unseen = list(rules.DECK)
    for kind in state.discard:
        unseen[kind] -= 1
    unseen[XPCARD] -= state.removed_xp
    mine = state.cards[seat]
    total = 0
    worth = 0.0
    for kind in range(6):
        count = unseen[kind] - mine[kind]
        if count > 0:
            total += count
            worth += count * CARD_VALUE[kind]
    if not total:
        return 0.0, 0.0
    return worth / total, max(0, unseen[HACK] - mine[HACK]) / total


def _race(mine: int, best_other: int, minimum: int, holds: bool) -> float:
    """Credit toward a 2-XP bonus race: the share of the way to taking it
    (a tie takes the bonus from its holder), or a margin kept when held."""
    if holds:
        return W["race_lead"] if mine > best_other else 0.0
    goal = max(minimum, best_other)
    return W["race"] * rules.BONUS_XP * (mine / goal) ** W["race_power"]


def _progress(state, seat, hand, nodes, supers, card_worth, near, per_pip, found) -> float:
    """Credit for the best build the hand is gathering toward."""
    options = []
    if not found[0] and any(found[2:]) and rules.pieces_left(state, seat, "link") > 0:
        # no spot within reach yet, one further on: the link toward it
        options.append((rules.COSTS["link"], W["link_progress"] * (1.0 + per_pip * max(found[2:]))))
    if nodes and supers < rules.SUPPLY["super"]:
        options.append((rules.COSTS["super"], 1.0 + 0.5 * per_pip))
    if nodes < rules.SUPPLY["node"]:
        if near >= 0:  # the best of rules.node_spots, found by the room walk
            options.append((rules.COSTS["node"], 1.0 + per_pip * near))
    if card_worth and rules.drawable(state):
        options.append((rules.COSTS["draw"], card_worth))
    base = W["progress_base"]
    best = 0.0
    for cost, worth in options:
        missing = 0
        for r in range(5):
            if hand[r] < cost[r]:
                missing += cost[r] - hand[r]
        credit = worth * base ** missing
        if credit > best:
            best = credit
    return W["progress"] * best


def _strengths(state: rules.NCState, table: _Table, viewer: int, siblings: "Siblings | None" = None) -> list[float]:
    """Every runner's strength as ``viewer`` sees it (with ``siblings``, the
    ranking's start's unseen cards where they still hold, and the room
    values the ranking computed already)."""
    n = state.n
    xp = table.xp
    lead = max(xp)
    rival_lead = max(xp[s] for s in range(n) if s != viewer)
    # Rolls left, judged by the rivals' best XP only: the viewer's own XP must
    # not make its production look worthless (it would stop scoring). The
    # pace: XP the leader gained per round so far, blended with a prior
    # (slow, hack-ridden games leave more rolls for production to pay off).
    pace = (max(0, lead - 2) + W["pace_prior"] * W["pace_rounds"]) / (state.turn / n + W["pace_rounds"])
    rounds = (state.options["target"] - rival_lead) / max(pace, 0.05)
    rounds = min(W["horizon_max"], max(W["horizon_min"], rounds))
    per_pip = W["production"] * rounds * n * (1.0 - P_SEVEN)
    mean_weight = table.mean_weight
    resource = W["resource"]
    resource_cost = resource * mean_weight
    if siblings is None:
        card_worth, hack_share = _unseen_cards(state, viewer)
        room_value = _room_value
    else:
        card_worth, hack_share = siblings.unseen_cards(state)
        room_value = siblings.room_value
    held_cards = table.held_cards
    all_cards = sum(held_cards)
    viewer_hacks = state.cards[viewer][HACK]
    exposure = W["exposure"]
    node_supply = rules.SUPPLY["node"]
    strengths = []
    for s in range(n):
        value = table.base[s] + per_pip * table.prod_value[s]
        if s == viewer:
            hand = state.hands[s]
            units = table.units[s]
            rate = table.rate[s]
            top = max(units)
            held = 0.0
            surplus = W["surplus"]
            for r in range(5):
                h, cap = hand[r], NEED[r]
                if h <= cap:
                    held += units[r] * h
                else:
                    extra = surplus * units[r]
                    traded = top / rate[r]
                    held += units[r] * cap + (h - cap) * (extra if extra > traded else traded)
            value += resource * held
            value += _progress(state, s, hand, table.nodes[s], table.supers[s], card_worth,
                               table.nearest[s], per_pip, table.room[s])
            mine = state.cards[s]
            value += (CARD_VALUE[0] * mine[0] + CARD_VALUE[1] * mine[1] + CARD_VALUE[2] * mine[2]
                      + CARD_VALUE[3] * mine[3] + CARD_VALUE[4] * mine[4] + CARD_VALUE[5] * mine[5])
        else:
            size = sum(state.hands[s])
            limit = rules.HAND_LIMIT + rules.LIMIT_PER_GUARDED_SUPER * table.guarded[s]
            value += resource * mean_weight * (limit + W["surplus"] * (size - limit) if size > limit else size)
            value += card_worth * held_cards[s]
        if table.nodes[s] < node_supply:
            value += room_value(table.room[s], per_pip, resource_cost)
        if table.exposed[s]:
            # The chance that someone else holds a Hack: the viewer knows its
            # own cards; everyone else's are unseen cards.
            if s != viewer and viewer_hacks:
                threat = 1.0
            else:
                unknown = all_cards - held_cards[s] - (0 if s == viewer else held_cards[viewer])
                threat = 1.0 - (1.0 - hack_share) ** unknown if unknown else 0.0
            if threat:
                focus = 1.0 if xp[s] >= lead else 0.5  # the leader draws the Hacks
                value -= exposure * threat * focus * table.exposed[s]
        strengths.append(value)
    return strengths


def _relative(strengths: list[float], seat: int) -> float:
    """The runner's strength minus its rivals' (a blend of the strongest and
    their mean), the rivals counted at ``rival_weight``: with several rivals
    a point taken from one helps the others as much, so the runner's own
    point toward the target is worth more than a rival's loss."""
    mine = strengths[seat]
    rivals = [v for s, v in enumerate(strengths) if s != seat]
    share = W["leader_share"]
    return mine - W["rival_weight"] * (share * max(rivals) + (1.0 - share) * sum(rivals) / len(rivals))


def evaluate(state: rules.NCState, seat: int) -> float:
    """How well ``seat`` stands, in XP, from what it may see (+-1000 once over)."""
    if state.phase == "over":
        return WIN if state.winner == seat else -WIN
    return _relative(_strengths(state, _Table(state), seat), seat)


def evaluate_all(state: rules.NCState) -> list[float]:
    """``evaluate`` for every seat, each from its own view (one shared pass)."""
    if state.phase == "over":
        return [WIN if state.winner == s else -WIN for s in range(state.n)]
    table = _Table(state)
    return [_relative(_strengths(state, table, s), s) for s in range(state.n)]


class Siblings:
    """What the evaluations of every action of one ranking share
    (``ranking.rank_steps``): the position the ranking starts from, seen by
    ``viewer``, and what the evaluation computes from the parts most actions
    leave alone: the buildings (``buildings``), the links (``room``), the
    bonus races, the cards ``viewer`` has not seen and the room's values.
    A trial (the start with one action applied) whose parts are equal to the
    start's, compared by value, takes those results; any other part is
    computed as ``evaluate`` does. So :meth:`evaluate` is ``evaluate`` to the
    last bit, only cheaper: a trade, a discard, a draw or the end of a turn
    changes no building and no link. The room's values are remembered per
    runner's spots and rolls left (``room_value``).

    The start's parts are copied here, so the ranking may be stepped while
    its start changes (it never does: every action is applied to a copy)."""

    __slots__ = ("viewer", "facts", "owner", "level", "forts", "infected", "links", "lengths", "longest",
                 "fortified", "buildings", "races", "room", "discard", "removed_xp", "cards", "unseen", "values")

    def __init__(self, state: rules.NCState, viewer: int):
        self.viewer = viewer
        self.owner, self.level, self.forts = dict(state.owner), dict(state.level), dict(state.forts)
        self.infected, self.links = set(state.infected), dict(state.links)
        self.lengths, self.longest, self.fortified = list(state.lengths), state.longest, state.fortified
        vertex_prod, weight, exchange, spot_worth = board_facts(state.board)
        mean_weight = sum(weight) / 5
        self.facts = (vertex_prod, weight, exchange, spot_worth, mean_weight)  # the island's (``board_facts``)
        self.buildings = buildings(state, vertex_prod, weight, exchange, mean_weight)
        self.races = _races(state, self.buildings[6])
        self.room = room(state, spot_worth)
        self.discard, self.removed_xp, self.cards = list(state.discard), state.removed_xp, list(state.cards[viewer])
        self.unseen = _unseen_cards(state, viewer)
        self.values: dict[tuple, float] = {}  # (a runner's room, per_pip) -> its _room_value

    def unseen_cards(self, state: rules.NCState) -> tuple[float, float]:
        """``_unseen_cards(state, viewer)``: the start's unless a card moved."""
        if state.discard == self.discard and state.removed_xp == self.removed_xp \
                and state.cards[self.viewer] == self.cards:
            return self.unseen
        return _unseen_cards(state, self.viewer)

    def room_value(self, found: tuple, per_pip: float, resource_cost: float) -> float:
        """``_room_value(found, per_pip, resource_cost)``, remembered for the
        ranking: a runner's spots and the rolls left mostly stay as they were
        from one action to the next. ``resource_cost`` is the island's, the
        same for every trial of the ranking."""
        key = (found, per_pip)
        value = self.values.get(key)
        if value is None:
            value = self.values[key] = _room_value(found, per_pip, resource_cost)
        return value

    def evaluate(self, state: rules.NCState) -> float:
        """``evaluate(state, viewer)``, for a trial of this ranking."""
        if state.phase == "over":
            return WIN if state.winner == self.viewer else -WIN
        return _relative(_strengths(state, _Table(state, self), self.viewer, self), self.viewer)


#: the search bot's settings for Net Control (``Game.bot_settings``): flat Monte
#: Carlo, the 6 best one-ply actions, 36 greedy playouts to the bot's next turn
#: in shared sampled worlds, the worse half dropped after 2 rounds. docs/bots.md:
#: 92 / 200 wins (46%) against three greedy bots; 251 ms median, 584 ms max per
#: move on CPython (``make bench BENCH_ARGS=--bots``), at most 640 ms in the page
BOT_SETTINGS: dict[str, dict] = {
    "search": {"algorithm": "flat", "root_width": 6, "iterations": 36, "halving_rounds": 2},
}
