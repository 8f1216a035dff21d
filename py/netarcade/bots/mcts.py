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
time limit so a move never takes longer than it should.
"""

from __future__ import annotations

import math
import time

from ..core.errors import IllegalAction
from .base import Bot
from .greedy import rank_actions

#: width of the logistic that turns an evaluation (in points) into a win chance
VALUE_SCALE = 1.5


class _Node:
    __slots__ = ("seat", "candidates", "children", "visits", "value")

    def __init__(self, seat):
        self.seat = seat  # the seat to act at this node (None when over)
        self.candidates = None  # actions not yet expanded, best first
        self.children = {}
        self.visits = 0
        self.value = 0.0  # summed value for the seat that moved INTO this node


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
}

_UNSET = object()


class SearchBot(Bot):
    """UCT search; settings come from the caller, else from the game's
    ``bot_settings["search"]`` (applied when it chooses), else :data:`DEFAULTS`."""

    name = "search"

    def __init__(self, rng, iterations=_UNSET, time_limit=_UNSET, width=_UNSET, root_width=_UNSET,
                 exploration=_UNSET, value_scale=_UNSET, horizon=_UNSET, rival_width=_UNSET):
        super().__init__(rng)
        given = {"iterations": iterations, "time_limit": time_limit, "width": width,
                 "root_width": root_width, "exploration": exploration, "value_scale": value_scale,
                 "horizon": horizon, "rival_width": rival_width}
        #: the settings the caller chose; a game's own settings never override them
        self.given = {name: value for name, value in given.items() if value is not _UNSET}
        self._apply(DEFAULTS)

    def _apply(self, settings):
        for name in DEFAULTS:
            setattr(self, name, self.given.get(name, settings.get(name, DEFAULTS[name])))

    def configure(self, game):
        """Take the game's search settings (``game.bot_settings["search"]``) for
        every setting the caller left unset. ``choose`` does it itself."""
        self._apply({**DEFAULTS, **getattr(game, "bot_settings", {}).get("search", {})})

    def choose(self, game, state, seat):
        self.configure(game)
        actions = game.legal_actions(state, seat)
        if len(actions) == 1:
            return actions[0]
        root = _Node(seat)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for iteration in range(self.iterations):
            if deadline is not None and iteration > 0 and time.perf_counter() > deadline:
                break
            self._iterate(game, game.determinize(state, seat, self.rng), root, seat)
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].value))
        return best[0]

    def _iterate(self, game, state, root, me):
        path = [root]
        node = root
        own_turn = self.horizon == "turn"
        while True:
            if game.is_over(state):
                break
            if own_turn and node.seat != me:
                break
            if node.candidates is None:
                node.candidates = self._candidates(game, state, node.seat, node is root, me)
            if node.candidates:
                action = node.candidates.pop(0)
                child = self._step(game, state, action)
                if child is None:
                    break
                node.children[action] = child
                path.append(child)
                break
            if not node.children:
                break
            action, child = self._select(node)
            try:
                game.apply(state, action)
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

    def _step(self, game, state, action):
        try:
            game.apply(state, action)
        except IllegalAction:
            return None
        to_act = sorted(game.to_act(state))
        return _Node(to_act[0] if to_act else None)

    def _candidates(self, game, state, seat, at_root, me=None):
        ranked = rank_actions(game, state, seat)
        if at_root:
            width = self.root_width
        elif seat != me and self.rival_width is not None:
            width = self.rival_width
        else:
            width = self.width
        return [action for _, _, action in ranked[:width]]

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
        return {
            s: 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, value / scale))))
            for s, value in enumerate(game.evaluate_all(state))
        }
