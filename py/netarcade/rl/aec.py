"""The PettingZoo AEC environment: one agent per seat, one ``Match`` underneath.

What it is for: ``netarcade.rl.env("breach", players=4, seed=7)`` (that
function wraps this class in PettingZoo's order check). Each agent
``player_<seat>`` observes ``{"observation", "action_mask"}``: its own
view encoded (``Encoding.observe``) and the mask of its legal actions
(zeros while it has nothing to decide). When several seats must decide at
once (Net Control's discards after a 7), the match's seeded actor policy
says which goes first, as everywhere in the engine (docs/engine.md, "Who
acts next").

Rewards (docs/rl.md, "Rewards"): ``reward="result"`` (the default) pays
each seat once, at the end: +1 to the winners, -1 to the others, 0 to all
when everyone or nobody wins (a draw, or a game cut short by
``max_steps``); ``reward="score"`` pays each seat the change of its score
after every action.

What it is not: the rules (the game decides), a bot (``single.py`` plays
the other seats with ours) or a place that reads the state for an
observation (only views are encoded).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv

from ..core.game import SPECTATOR
from ..core.match import Match
from ..games import get_game
from .encodings import encoding_for
from .rewards import REWARDS, result_rewards
from .svg import board_svg


class NetarcadeEnv(AECEnv):
    """A game of netarcade as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["svg"], "render_fps": 1, "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, seed: int | None = None, reward: str = "result",
                 max_steps: int | None = None, render_mode: str | None = None, **options: Any):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError("max_steps is a positive number of actions, or None")
        self.game = get_game(game)
        if players is not None:
            options["players"] = players
        self.options = self.game.validate_options(options)
        self.encoding = encoding_for(self.game.id, self.options)
        self.metadata = {**type(self).metadata, "name": f"netarcade_{self.game.id}_v0"}
        self.reward_kind, self.max_steps, self.render_mode = reward, max_steps, render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.options["players"])]
        layout, size = self.encoding.layout, self.encoding.actions.size
        observation = spaces.Dict({
            "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._first_seed = seed
        self._seeds: np.random.Generator | None = None
        self.match: Match | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # --- a new game ----------------------------------------------------------------------
    def _game_seed(self, seed: int | None) -> int:
        """``seed`` itself (the engine's game with that seed); without one, the
        next of a series drawn from the last seed given (or from the system)."""
        if seed is None and self._seeds is None and self._first_seed is not None:
            seed = self._first_seed
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            return int(seed)
        if self._seeds is None:
            self._seeds = np.random.default_rng()
        return int(self._seeds.integers(0, 2**63))

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.game_seed = self._game_seed(seed)
        self.match = Match(self.game, self.options, self.game_seed, history=False, undo=False)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._scores = list(self.match.scores())
        self._legal: dict[int, tuple] = {}
        self.agent_selection = self.possible_agents[self.match.next_actor()]

    # --- what a seat sees ----------------------------------------------------------------
    def legal(self, seat: int) -> tuple[np.ndarray, dict[int, Any]]:
        """The seat's action mask and ``{index: action}`` (kept until the next action)."""
        found = self._legal.get(seat)
        if found is None:
            acting = seat in self.match.to_act()
            found = self._legal[seat] = self.encoding.mask(self.match.legal_actions(seat) if acting else ())
        return found

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask, _ = self.legal(seat)
        return {"observation": self.encoding.observe(self.game.view(self.match.state, seat)),
                "action_mask": mask.copy()}

    # --- acting -------------------------------------------------------------------------------
    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        _, chosen = self.legal(seat)
        index = int(action)
        if index not in chosen:
            raise ValueError(f"action {index} is not legal for {agent} now "
                             f"(legal: {sorted(chosen)[:12]}{' ...' if len(chosen) > 12 else ''})")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.match.advance(chosen[index])
        self._legal = {}
        self.steps += 1
        over = self.match.over
        if self.reward_kind == "score":
            scores = list(self.match.scores())
            for other, before, after in zip(self.possible_agents, self._scores, scores):
                self.rewards[other] = float(after - before)
            self._scores = scores
        if over:
            if self.reward_kind == "result":
                for other, value in zip(self.possible_agents, result_rewards(self.match)):
                    self.rewards[other] = value
            self.terminations = {other: True for other in self.agents}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {other: True for other in self.agents}
        self._accumulate_rewards()
        if over or any(self.truncations.values()):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.match.next_actor()]

    # --- the board ------------------------------------------------------------------------------
    def render(self):
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode (netarcade's is 'svg')")
            return None
        if self.match is None:
            raise RuntimeError("reset() the environment before render()")
        return board_svg(self.game, self.game.view(self.match.state, SPECTATOR))

    def close(self) -> None:
        """Nothing to release: the match is plain Python data, no file, socket or process."""
