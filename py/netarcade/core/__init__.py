"""The game-agnostic engine: the Game contract, Match and who acts in it,
errors, options, PRNG, records, grids.

Nothing here knows any particular game (the registry lives in
``netarcade.games``), and nothing here touches the DOM, the network or a
database.
"""

from .actors import HumansFirst, LowestSeat, RandomActor
from .errors import (
    IllegalAction,
    InvalidNotation,
    InvalidOption,
    InvalidRecord,
    NetarcadeError,
    UnknownGame,
)
from .events import Event, events_for
from .game import DECISIONS, SPECTATOR, TABLE, Game
from .match import Match
from .options import Option, OptionSchema
from .record import Record, decode_record, digest, encode_record, replay_with

__all__ = [
    "DECISIONS",
    "Event",
    "Game",
    "HumansFirst",
    "IllegalAction",
    "InvalidNotation",
    "InvalidOption",
    "InvalidRecord",
    "LowestSeat",
    "Match",
    "NetarcadeError",
    "Option",
    "OptionSchema",
    "RandomActor",
    "Record",
    "SPECTATOR",
    "TABLE",
    "UnknownGame",
    "decode_record",
    "digest",
    "encode_record",
    "events_for",
    "replay_with",
]
