"""The single-agent Gymnasium environment: one seat learns, our bots play the others.

``gymnasium.make("netarcade/Backbone-v0", opponent="greedy")`` (the four
ids are registered when ``netarcade.rl`` is imported). The learner plays
``seat`` (0 unless given); ``opponent`` is a bot name (``random``,
``greedy``, ``search``; ``netarcade.bots``) for every other seat, or a
list with one name per other seat in seat order. Each bot is seeded from
the game's seed and its seat (``bots.bot_seed``), so ``reset(seed=s)``
replays the same episode for the same actions.

Observations and the action space are those of the PettingZoo
environment (``aec.py``) for that seat. An illegal action changes
nothing: it is paid ``invalid_action_reward`` (-1 unless given) and the
episode goes on (Gymnasium's own checker samples actions without the
mask). ``max_steps`` cuts an episode after that many actions of the
learner (a truncation). A game that ends before the learner's first
decision (an Overwrite System Fail drawn at once) is skipped: the next seed
is played instead.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import bot_seed, make_bot
from ..core.match import Match
from ..games import get_game
from .encodings import encoding_for
from .rewards import REWARDS, result_rewards
from .svg import board_svg

#: how many games in a row may end before the learner decides anything
_SKIPS = 100


class NetarcadeGym(gymnasium.Env):
    metadata = {"render_modes": ["svg"], "render_fps": 1}

    def __init__(self, game: str = "backbone", opponent: str | list[str] = "random", seat: int = 0,
                 players: int | None = None, reward: str = "result", max_steps: int | None = None,
                 invalid_action_reward: float = -1.0, render_mode: str | None = None, **options: Any):
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.game = get_game(game)
        if players is not None:
            options["players"] = players
        self.options = self.game.validate_options(options)
        count = self.options["players"]
        if not isinstance(seat, int) or not 0 <= seat < count:
            raise ValueError(f"seat is 0..{count - 1}, not {seat!r}")
        others = [s for s in range(count) if s != seat]
        names = [opponent] * len(others) if isinstance(opponent, str) else list(opponent)
        if len(names) != len(others):
            raise ValueError(f"{len(others)} opponent(s) to name, got {len(names)}")
        for name in names:
            make_bot(name, 0, self.game)  # an unknown bot is refused now, not at reset
        self.opponents = dict(zip(others, names))
        self.seat, self.reward_kind, self.max_steps = seat, reward, max_steps
        self.invalid_action_reward = float(invalid_action_reward)
        self.render_mode = render_mode
        self.encoding = encoding_for(self.game.id, self.options)
        layout, size = self.encoding.layout, self.encoding.actions.size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(size)
        self.match: Match | None = None

    # --- episodes ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**63))
        for _ in range(_SKIPS):
            self._start(game_seed)
            if not self.match.over:
                break
            game_seed = (game_seed + 1) % 2**64
        else:
            raise RuntimeError(f"{_SKIPS} games in a row ended before seat {self.seat} decided anything")
        return self._observation(), {"game_seed": self.game_seed}

    def _start(self, game_seed: int) -> None:
        self.game_seed = game_seed
        self.match = Match(self.game, self.options, game_seed, history=False, undo=False)
        self.bots = {seat: make_bot(name, bot_seed(game_seed, seat, name), self.game)
                     for seat, name in self.opponents.items()}
        self.steps = 0
        self._score = self.match.scores()[self.seat]
        self._legal = None
        self._others_play()

    def _others_play(self) -> None:
        """The bots act until the learner must decide or the game ends."""
        match = self.match
        while True:
            seat = match.next_actor()
            if seat is None or seat == self.seat:
                break
            match.advance(self.bots[seat].choose(self.game, match.state, seat))
        self._legal = None

    def legal(self):
        """The learner's action mask and ``{index: action}``."""
        if self._legal is None:
            acting = self.seat in self.match.to_act()
            self._legal = self.encoding.mask(self.match.legal_actions(self.seat) if acting else ())
        return self._legal

    def _observation(self):
        mask, _ = self.legal()
        return {"observation": self.encoding.observe(self.game.view(self.match.state, self.seat)),
                "action_mask": mask.copy()}

    def action_masks(self) -> np.ndarray:
        """The mask alone (the name maskable learners look for)."""
        return self.legal()[0].astype(bool)

    def step(self, action):
        if self.match is None:
            raise RuntimeError("reset() the environment before step()")
        _, chosen = self.legal()
        index = int(action)
        self.steps += 1
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        if index not in chosen:
            return self._observation(), self.invalid_action_reward, False, truncated, {"illegal_action": True}
        self.match.advance(chosen[index])
        self._others_play()
        over = self.match.over
        reward = 0.0
        if self.reward_kind == "score":
            score = self.match.scores()[self.seat]
            reward, self._score = float(score - self._score), score
        elif over:
            reward = result_rewards(self.match)[self.seat]
        return self._observation(), reward, over, truncated and not over, {"illegal_action": False}

    # --- the board ---------------------------------------------------------------------------
    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (netarcade's is 'svg')")
            return None
        if self.match is None:
            raise RuntimeError("reset() the environment before render()")
        return board_svg(self.game, self.game.view(self.match.state, self.seat))

    def close(self) -> None:
        """Nothing to release: the match and the bots are plain Python data."""
