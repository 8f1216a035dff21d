"""Every game's encoder, by game id."""

from __future__ import annotations

from typing import Any, Mapping

from .backbone import BackboneEncoding
from .breach import BreachEncoding
from .encoding import Encoding
from .netcontrol import NetControlEncoding
from .overwrite import OverwriteEncoding

ENCODINGS: dict[str, type[Encoding]] = {
    "backbone": BackboneEncoding,
    "netcontrol": NetControlEncoding,
    "overwrite": OverwriteEncoding,
    "breach": BreachEncoding,
}


def encoding_for(game_id: str, options: Mapping[str, Any]) -> Encoding:
    """The encoder of ``game_id`` for these (validated) options."""
    try:
        cls = ENCODINGS[game_id]
    except KeyError:
        raise ValueError(f"no learning environment for {game_id!r} (known: {', '.join(ENCODINGS)})") from None
    return cls(options)
