"""Seeded bot-vs-bot games: the engine behind ``python -m netarcade simulate``
and the bot ladder. Pure: no printing, no files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bots import bot_seed, make_bot
from .core.game import get_game
from .core.record import Record, digest, encode_record


@dataclass
class GameResult:
    game: str
    seed: int
    options: dict[str, Any]
    bots: list[str]
    winners: list[int]
    scores: list[int]
    turns: int
    actions: int
    digest: str
    record: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def play(game_id: str, bots: list[str], seed: int, options: dict[str, Any] | None = None,
         bot_settings: dict[str, dict] | None = None, max_actions: int = 100_000) -> GameResult:
    """Play one game with ``bots[seat]`` in each seat; deterministic in ``seed``."""
    game = get_game(game_id)
    options = game.options.validate({**(options or {}), "players": len(bots)})
    state = game.new_game(options, seed)
    players = [
        make_bot(name, bot_seed(seed, seat, name), **(bot_settings or {}).get(name, {}))
        for seat, name in enumerate(bots)
    ]
    texts = []
    while not game.is_over(state):
        if len(texts) >= max_actions:
            raise RuntimeError(f"{game_id} seed {seed} did not finish in {max_actions} actions")
        seat = min(game.to_act(state))
        action = players[seat].choose(game, state, seat)
        texts.append(game.format_action(action))
        game.apply(state, action)
    record = Record(game_id, options, seed, tuple(texts))
    return GameResult(
        game=game_id,
        seed=seed,
        options=options,
        bots=list(bots),
        winners=game.winners(state),
        scores=game.scores(state),
        turns=game.turn_count(state),
        actions=len(texts),
        digest=digest(game, state),
        record=encode_record(record),
    )
