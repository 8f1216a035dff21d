"""The game-agnostic engine: the Game contract, Match, errors, options, PRNG, records, grids.

Nothing here knows any particular game (the registry lives in
``netarcade.games``), and nothing here touches the DOM, the network or a
database.
"""

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
    "IllegalAction",
    "InvalidNotation",
    "InvalidOption",
    "InvalidRecord",
    "Match",
    "NetarcadeError",
    "Option",
    "OptionSchema",
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
