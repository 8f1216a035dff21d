"""The new-game form's fields and their check.

What it is for: which options a new-game form shows (:func:`form_fields`)
and turning what the player typed into a ``session.Setup`` or one message
per bad field (:func:`parse_form`). What it is not: the form's HTML
(``views``) or the session it starts (``session``).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core.errors import InvalidOption
from ..core.options import MAX_SEED, validate_seed
from ..games import get_game
from .session import DEFAULT_SEATS, SEAT_KINDS, Setup, new_setup

__all__ = ["form_fields", "parse_form"]


def form_fields(game_id: str) -> list[dict[str, Any]]:
    """The options a new-game form shows: ``game.options.to_data()`` without
    options that have only one possible value (Backbone's ``players``)."""
    game = get_game(game_id)
    fields = []
    for option, declared in zip(game.options.to_data(), game.options.options):
        if option["type"] == "int" and option["min"] is not None and option["min"] == option["max"]:
            continue
        if declared.legacy is not None:  # a rules edition keeps old links working; no table choice
            continue
        fields.append(option)
    return fields


def parse_form(game_id: str, values: Mapping[str, Any]) -> tuple[Setup | None, dict[str, str]]:
    """Validate a new-game form: ``values`` maps field names to the text the
    player typed (``seed``, ``seat1``.. ``seatN``, and each option by name).

    Returns ``(setup, {})`` or ``(None, errors)`` with one message per bad
    field, keyed by field name, each coming from ``Option.coerce``.
    """
    game = get_game(game_id)
    errors: dict[str, str] = {}
    options: dict[str, Any] = {}
    for option in game.options.options:
        if option.name not in values:
            continue
        raw = values[option.name]
        if isinstance(raw, str) and not raw.strip() and option.type == "int":
            errors[option.name] = f"enter a whole number from {option.minimum} to {option.maximum}"
            continue
        try:
            options[option.name] = option.coerce(raw)
        except InvalidOption as err:
            errors[option.name] = str(err).split(": ", 1)[-1]
    seed = values.get("seed")
    seed_text = "" if seed is None else str(seed).strip()
    if seed_text:
        try:
            seed = validate_seed(seed_text)  # ASCII digits: "²" or "１" is no seed
        except InvalidOption:
            errors["seed"] = f"a whole number from 0 to {MAX_SEED}, or blank for a random game"
    else:
        seed = None
    players = options.get("players", game.options.by_name["players"].default
                          if "players" in game.options.by_name else game.min_players)
    seats = []
    for seat in range(players):
        kind = str(values.get(f"seat{seat + 1}", DEFAULT_SEATS[min(seat, 1)])).strip()
        if kind not in SEAT_KINDS:
            errors[f"seat{seat + 1}"] = f"choose one of {', '.join(SEAT_KINDS)}"
        seats.append(kind)
    if errors:
        return None, errors
    try:
        return new_setup(game_id, options, seed, tuple(seats)), {}
    except InvalidOption as err:  # pragma: no cover - every field was checked above
        return None, {err.name: str(err)}
