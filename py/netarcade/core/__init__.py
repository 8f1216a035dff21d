"""The game-agnostic engine: the Game contract, errors, options, PRNG, records, grids.

Nothing here knows any particular game, and nothing here touches the DOM,
the network or a database.
"""

from .errors import (
    IllegalAction,
    InvalidNotation,
    InvalidOption,
    InvalidRecord,
    NetarcadeError,
    UnknownGame,
)
from .events import Event
from .game import Game, all_games, get_game, register
from .options import Option, OptionSchema
from .record import Record, decode_record, digest, encode_record, replay

__all__ = [
    "Event",
    "Game",
    "IllegalAction",
    "InvalidNotation",
    "InvalidOption",
    "InvalidRecord",
    "NetarcadeError",
    "Option",
    "OptionSchema",
    "Record",
    "UnknownGame",
    "all_games",
    "decode_record",
    "digest",
    "encode_record",
    "get_game",
    "register",
    "replay",
]
