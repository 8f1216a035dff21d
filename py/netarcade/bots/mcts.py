"""The search bot: Monte Carlo tree search (UCT) over determinized states.

Each iteration samples a full state consistent with what the bot's seat sees
(``game.determinize``; a plain copy with perfect information), walks the tree
with UCT, expands one node, and scores the leaf with the game's evaluation
squashed to a win chance instead of a random playout (random playouts of these
games are long and say little). Children are the best few actions by one-ply
evaluation (progressive widening), so the tree spends its budget on moves
worth reading.

The budget is an iteration count and, optionally, a time limit. Seeded
simulations use iterations only, so they replay identically; the page adds a
time limit so a move never takes longer than it should. Like every bot, the
choice is one generator (``SearchBot.steps``) that the page runs in slices.

Settings (:data:`DEFAULTS`) come from the caller, else from the game
(``Game.bot_settings["search"]``), else the defaults, resolved once when the
bot is made for a game (``make_bot(name, seed, game)``). Backbone uses the
defaults. Net Control sets ``algorithm="flat"``: no tree, but the best few
one-ply actions compared in the same sampled worlds with short greedy
playouts; with dice, hidden cards and four players, the
tree's averages were too noisy at this budget to beat the greedy bot.
Overwrite's flat search takes its worlds from the game (``chance="next"``:
one per outcome of the next draw, ``Game.chance_worlds``).
"""

from __future__ import annotations

import math

from ..core.actors import RandomActor
from ..core.errors import IllegalAction
from ..core.match import Match
from .base import Bot
from .greedy import rank_steps

#: width of the logistic that turns an evaluation (in points) into a win chance
VALUE_SCALE = 1.5


def squash(value: float, scale: float) -> float:
    """An evaluation (in points) as a win chance: the logistic of ``value / scale``,
    clamped to +-30 so ``exp`` never overflows."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, value / scale))))


class _Node:
    __slots__ = ("seat", "candidates", "children", "visits", "value", "key")

    def __init__(self, seat, key=None):
        self.seat = seat  # the seat to act at this node (None when over)
        self.candidates = None  # actions not yet expanded, best first
        self.children = {}
        self.visits = 0
        self.value = 0.0  # summed value for the seat that moved INTO this node
        #: the position's name in the shared rankings (``SearchBot.share``), else None
        self.key = key


#: the search bot's settings when neither the caller nor the game sets them
DEFAULTS = {
    "iterations": 160,
    "time_limit": None,
    "width": 6,
    "root_width": 10,
    "exploration": 0.7,
    "value_scale": VALUE_SCALE,
    # "game": the tree follows every seat; "turn": it stops where another seat
    # is to act, scoring the end of the bot's own turn (a turn planner)
    "horizon": "game",
    # children of a node where another seat acts (None: ``width``); 1 models
    # every rival as playing its best one-ply move
    "rival_width": None,
    # "uct": the tree search above; "flat": no tree (see ``SearchBot._flat``)
    "algorithm": "uct",
    # "flat" only: a playout ends after this many actions at the latest...
    "playout_cap": 80,
    # ...or when the bot's own turn has come round this many times (0: when
    # the turn in progress ends, a planner for the rest of this turn)
    "playout_turns": 1,
    # "flat" only: rounds with every candidate before the worse half is dropped
    "halving_rounds": 0,
    # "flat" only: another candidate replaces the one-ply best only when its
    # mean playout value is at least this much higher (0: any higher)
    "anchor": 0.0,
    # "flat" only: "sample" draws every round's world with ``determinize``;
    # "next" takes them from the game's ``chance_worlds`` (one world per
    # outcome of the next chance event, in random order): once every outcome
    # has had its round the search stops, its sum over that event exact
    "chance": "sample",
    # "flat" only: score a playout by the mean value over every state it
    # passes (False: the state it ends in), for games that can end at any
    # draw (Overwrite: the System Fail), where the lead matters all along
    "path_value": False,
}


class SearchBot(Bot):
    """Monte Carlo search on determinized states ("uct" tree or "flat");
    settings come from the caller, else from the game's
    ``bot_settings["search"]``, else :data:`DEFAULTS`, resolved once for the
    game (``Bot.configure``)."""

    name = "search"
    DEFAULTS = DEFAULTS
    #: rankings shared with other searches of the same game (``share``), else None
    rankings = None
    root_key = None

    def share(self, rankings: dict, root_key) -> None:
        """Keep the tree's one-ply rankings in ``rankings``, and take them
        from there, for a game with neither hidden information nor chance,
        where a position is named by the actions that led to it from one
        start: ``root_key`` names the position searched, a child
        ``(its parent's key, action)``. A ranking is a pure function of the
        position (``rank_steps``: no draw, ties in listing order), so the
        search chooses exactly what it chooses alone, with less work when
        searches of consecutive positions of one game read the same
        subtrees (the analysis of a game: ``Analyser``). Ignored for a
        game with hidden information or chance (every iteration's world
        is another)."""
        self.rankings, self.root_key = rankings, root_key

    def steps(self, game, state, seat, clock):
        """The choice as a generator (yields after every evaluated action).
        ``clock()`` is checked against ``time_limit`` between iterations
        (rounds for "flat"), never before the first."""
        self.ready(game)
        actions = game.legal_actions(state, seat)
        if len(actions) == 1:
            return actions[0]
        limit = self.time_limit

        def out_of_time():
            return limit is not None and clock() > limit

        if self.algorithm == "flat":
            return (yield from self._flat(game, state, seat, out_of_time))
        shared = self.rankings is not None and not (game.hidden_information or game.chance)
        root = _Node(seat, self.root_key if shared else None)
        for iteration in range(self.iterations):
            if iteration > 0 and out_of_time():
                break
            yield from self._iterate(self._world(game, game.determinize(state, seat, self.rng)), root, seat)
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].value))
        return best[0]

    def _flat(self, game, state, seat, out_of_time):
        """Flat Monte Carlo with common random numbers: the ``root_width`` best
        one-ply actions are each tried in the same sampled worlds (one
        determinization per round, shared by every candidate, so luck
        cancels out between them); from each, every seat plays its best
        one-ply action until the bot's own turn has come round
        ``playout_turns`` times, where the evaluation (squashed like a leaf)
        scores the world. ``iterations`` counts playouts; after
        ``halving_rounds`` rounds the worse half of the candidates is
        dropped. The best total wins, ties to the better one-ply rank.
        """
        ranked = yield from rank_steps(game, game.determinize(state, seat, self.rng), seat)
        candidates = [action for _, _, action in ranked[:self.root_width]]
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        playouts = 0
        round_ = 0
        worlds = self._worlds(game, state, seat)
        while playouts + len(alive) <= max(self.iterations, len(alive)):
            if round_ > 0 and out_of_time():
                break
            if round_ == self.halving_rounds and self.halving_rounds and len(alive) > 2:
                # successive halving: the rest of the budget goes to the better half
                alive.sort(key=lambda index: (-totals[index], index))
                alive = sorted(alive[:(len(alive) + 1) // 2])
            world = next(worlds, None)
            if world is None:
                break  # every outcome of the next chance event had its round
            for index in alive:
                trial = self._world(game, game.copy(world))
                try:
                    trial.advance(candidates[index])
                except IllegalAction:
                    totals[index] -= 1.0  # cannot happen in this world: the worst score
                    continue
                totals[index] += yield from self.playout(game, trial.state, seat)
            playouts += len(alive)
            round_ += 1
        best = max(alive, key=lambda index: (totals[index], -index))
        if best != 0 and 0 in alive and totals[best] - totals[0] < self.anchor * round_:
            best = 0  # not clearly better than the one-ply choice: keep that
        return candidates[best]

    def _worlds(self, game, state, seat):
        """The worlds of the flat search's rounds, one at a time (see the
        ``chance`` setting)."""
        if self.chance == "next":
            yield from game.chance_worlds(state, seat, self.rng)  # by default: determinize, without end
            return
        while True:
            yield game.determinize(state, seat, self.rng)

    def _world(self, game, state):
        """A throwaway match around a sampled world: who acts is drawn with
        the bot's ``rng`` (the random policy), actions are played with
        ``Match.advance`` (no copy, no history)."""
        return Match.around(game, state, RandomActor(self.rng))

    def playout(self, game, state, me):
        """Every seat plays its best one-ply action (first in rank on a tie)
        until ``me``'s turn has come round ``playout_turns`` times; returns
        ``me``'s squashed evaluation then (a generator, like ``rank_steps``).
        With ``path_value``, the mean of that value over the state the
        playout starts from and the state after each of its actions (a game
        that ends keeps its result for the rest of the playout's length).
        ``state`` is a throwaway, played in place as a ``_world``: who acts
        is its ``next_actor``, each action its ``advance``."""
        match = self._world(game, state)
        turn = game.turn_count(state)
        turns_left = self.playout_turns
        path = self.path_value
        total = self._value(game, state, me) if path else 0.0
        counted = 1
        for _ in range(self.playout_cap):
            if game.is_over(state):
                break
            if turns_left == 0 and game.turn_count(state) != turn:
                break  # playout_turns 0: the turn in progress is over
            seat = match.next_actor()
            if seat == me and game.turn_count(state) != turn:
                turns_left -= 1
                if turns_left <= 0:
                    break
                turn = game.turn_count(state)
            actions = game.legal_actions(state, seat)
            if len(actions) == 1:
                match.advance(actions[0])
            else:
                ranked = yield from rank_steps(game, state, seat, actions)
                if not ranked:
                    break
                match.advance(ranked[0][2])
            if path:
                total += self._value(game, state, me)
                counted += 1
        if not path:
            return self._value(game, state, me)
        if game.is_over(state) and counted < self.playout_cap + 1:
            rest = self.playout_cap + 1 - counted
            total += rest * self._value(game, state, me)
            counted += rest
        return total / counted

    def _value(self, game, state, me):
        """``me``'s share of a finished game, else its squashed evaluation."""
        if game.is_over(state):
            winners = game.winners(state)
            return 1.0 / len(winners) if me in winners else 0.0
        return squash(game.evaluate(state, me), self.value_scale)

    def _iterate(self, match, root, me):
        """One iteration of the tree search in one sampled world (``match``,
        a throwaway from ``_world``): walk, expand one node, score the leaf."""
        game, state = match.game, match.state
        path = [root]
        node = root
        own_turn = self.horizon == "turn"
        while True:
            if game.is_over(state):
                break
            if own_turn and node.seat != me:
                break
            if node.candidates is None:
                node.candidates = yield from self._candidates(game, state, node.seat, node is root, me, node.key)
            if node.candidates:
                action = node.candidates.pop(0)
                child = self._step(match, action)
                if child is None:
                    break
                if node.key is not None:
                    child.key = (node.key, action)
                node.children[action] = child
                path.append(child)
                break
            if not node.children:
                break
            action, child = self._select(node)
            try:
                match.advance(action)
            except IllegalAction:
                # Another determinization can make a tree action illegal: score here.
                break
            path.append(child)
            node = child
        values = self._leaf_values(game, state, me)
        for index, visited in enumerate(path):
            visited.visits += 1
            mover = path[index - 1].seat if index else None
            if mover is not None:
                visited.value += values.get(mover, 0.0)
        yield  # one iteration is a unit of work even when it expanded nothing

    def _step(self, match, action):
        try:
            match.advance(action)
        except IllegalAction:
            return None
        return _Node(match.next_actor())

    def _candidates(self, game, state, seat, at_root, me=None, key=None):
        order = None if key is None else self.rankings.get((key, seat))
        if order is None:
            ranked = yield from rank_steps(game, state, seat)
            order = tuple(action for _, _, action in ranked)
            if key is not None:
                self.rankings[(key, seat)] = order
        if at_root:
            width = self.root_width
        elif seat != me and self.rival_width is not None:
            width = self.rival_width
        else:
            width = self.width
        return list(order[:width])

    def _select(self, node):
        log_visits = math.log(node.visits + 1)
        best, best_score = None, -math.inf
        for action, child in node.children.items():
            if child.visits == 0:
                return action, child
            score = child.value / child.visits + self.exploration * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = (action, child), score
        return best

    def _leaf_values(self, game, state, me):
        if game.is_over(state):
            winners = game.winners(state)
            share = 1.0 / len(winners) if winners else 0.0
            return {s: (share if s in winners else 0.0) for s in range(len(game.scores(state)))}
        scale = self.value_scale
        return {s: squash(value, scale) for s, value in enumerate(game.evaluate_all(state))}
