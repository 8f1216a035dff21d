"""Seeded bot-vs-bot games: the engine behind ``python -m netarcade simulate``
and the bot ladder. Pure: no printing, no files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots import bot_seed, make_bot
from ..games import get_game
from ..core.match import Match
from ..core.record import encode_record


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
    match = Match(game, {**(options or {}), "players": len(bots)}, seed, undo=False)
    players = [
        make_bot(name, bot_seed(seed, seat, name), game, **(bot_settings or {}).get(name, {}))
        for seat, name in enumerate(bots)
    ]
    try:
        # who acts when several seats may: the match's default, drawn with actor_rng(seed)
        match.play_out(lambda seat: players[seat].choose(game, match.state, seat), max_actions)
    except RuntimeError:
        raise RuntimeError(f"{game_id} seed {seed} did not finish in {max_actions} actions") from None
    return GameResult(
        game=game_id,
        seed=seed,
        options=match.options,
        bots=list(bots),
        winners=match.winners(),
        scores=match.scores(),
        turns=match.turn,
        actions=match.version,
        digest=match.digest(),
        record=encode_record(match.record()),
    )
