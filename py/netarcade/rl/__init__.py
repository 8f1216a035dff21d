"""netarcade's four games as environments for learning agents (docs/rl.md).

Installed with the ``rl`` extra (``pip install netarcade[rl]``: pettingzoo,
gymnasium, numpy); never part of the page's wheel. It sits above the bots:
it reads games, bots and the core, draws boards with the page's own
drawing, and nothing else in the package imports it.

- ``env(game, players=None, seed=None, **options)``: a PettingZoo AEC
  environment, one agent per seat (``aec.py``);
- ``gymnasium.make("netarcade/Backbone-v0", opponent="greedy")`` (also
  ``NetControl``, ``Overwrite``, ``Breach``): one seat learns, our bots
  play the others (``single.py``); the four ids are registered on import;
- ``encoding_for(game, options)``: a game's observation layout and action
  space, to read an observation or name an action index (``encodings.py``).
"""

from __future__ import annotations

from typing import Any

import gymnasium
from pettingzoo.utils import wrappers

from .aec import NetarcadeEnv
from .encodings import ENCODINGS, encoding_for
from .single import NetarcadeGym

#: the Gymnasium id of each game: ``netarcade/<Name>-v0``
GYM_IDS = {"backbone": "netarcade/Backbone-v0", "netcontrol": "netarcade/NetControl-v0",
           "overwrite": "netarcade/Overwrite-v0", "breach": "netarcade/Breach-v0"}


def raw_env(game: str, players: int | None = None, seed: int | None = None, **kwargs: Any) -> NetarcadeEnv:
    """The AEC environment itself, without PettingZoo's order check."""
    return NetarcadeEnv(game, players=players, seed=seed, **kwargs)


def env(game: str, players: int | None = None, seed: int | None = None, **kwargs: Any):
    """A PettingZoo AEC environment of ``game`` (``backbone``, ``netcontrol``,
    ``overwrite``, ``breach``). ``seed`` is the first episode's game seed
    (``reset(seed=...)`` overrides it); the other keywords are the game's
    options (``radius=1``, ``target=5``...) and the environment's
    (``reward="score"``, ``max_steps=200``, ``render_mode="svg"``)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players=players, seed=seed, **kwargs))


def _register() -> None:
    for game, gym_id in GYM_IDS.items():
        if gym_id not in gymnasium.registry:
            gymnasium.register(id=gym_id, entry_point="netarcade.rl.single:NetarcadeGym", kwargs={"game": game})


_register()

__all__ = ["ENCODINGS", "GYM_IDS", "NetarcadeEnv", "NetarcadeGym", "encoding_for", "env", "raw_env"]
