"""Engine core: options, records, digests, events, registry, notation helpers."""

import base64

import msgpack
import pytest

from netarcade.core import (
    Event,
    InvalidNotation,
    InvalidOption,
    InvalidRecord,
    Option,
    OptionSchema,
    Record,
    UnknownGame,
    decode_record,
    digest,
    encode_record,
    events_for,
)
from netarcade.core.game import format_seat, split_seat
from netarcade.games import all_games, get_game, replay
from netarcade.core.options import validate_seed
from netarcade.core.record import canonical_bytes

SCHEMA = OptionSchema(
    Option("players", "int", 2, minimum=2, maximum=6),
    Option("map", "choice", "classic", choices=("classic", "seeded")),
    Option("fast", "bool", False),
)


def test_schema_fills_defaults_and_coerces_text():
    assert SCHEMA.validate(None) == {"players": 2, "map": "classic", "fast": False}
    assert SCHEMA.validate({"players": "4", "fast": "true"}) == {"players": 4, "map": "classic", "fast": True}
    assert SCHEMA.validate({"players": "2", "fast": "false"})["fast"] is False


@pytest.mark.parametrize(
    "given, name",
    [
        # text options have one written form (core/options.py): nothing guessed at
        ({"players": "+4"}, "players"), ({"players": " 4"}, "players"), ({"players": "4 "}, "players"),
        ({"players": "04"}, "players"), ({"players": "4.0"}, "players"), ({"players": "true"}, "players"),
        ({"players": 4.0}, "players"), ({"players": ""}, "players"), ({"players": "\u0664"}, "players"),
        ({"fast": "yes"}, "fast"), ({"fast": "1"}, "fast"), ({"fast": "True"}, "fast"), ({"fast": "on"}, "fast"),
        ({"fast": 1}, "fast"), ({"map": "Classic"}, "map"), ({"map": " classic"}, "map"),
    ],
)
def test_text_option_values_have_one_strict_form(given, name):
    with pytest.raises(InvalidOption) as caught:
        SCHEMA.validate(given)
    assert caught.value.name == name


def test_option_refusals_quote_long_text_cut():
    with pytest.raises(InvalidOption) as caught:
        SCHEMA.validate({"map": "x" * 100_000})
    assert len(str(caught.value)) < 120 and "\u2026" in str(caught.value)


@pytest.mark.parametrize(
    "given, name, fragment",
    [
        ({"players": 7}, "players", "between 2 and 6"),
        ({"players": "x"}, "players", "integer"),
        ({"players": True}, "players", "integer"),
        ({"map": "round"}, "map", "classic, seeded"),
        ({"fast": "maybe"}, "fast", "true or false"),
        ({"colour": "red"}, "colour", "unknown option"),
    ],
)
def test_schema_rejects_bad_values_naming_the_option(given, name, fragment):
    with pytest.raises(InvalidOption) as caught:
        SCHEMA.validate(given)
    assert caught.value.name == name
    assert fragment in str(caught.value)


def test_schema_describes_every_option():
    text = SCHEMA.describe()
    assert "players: integer 2..6, default 2" in text
    assert "map: one of classic|seeded" in text
    assert [o["name"] for o in SCHEMA.to_data()] == ["players", "map", "fast"]


@pytest.mark.parametrize("seed", [-1, 2**64, "abc", 1.5, None, True])
def test_bad_seeds_are_rejected(seed):
    with pytest.raises(InvalidOption):
        validate_seed(seed)


def test_seed_accepts_text_and_bounds():
    assert validate_seed("0") == 0
    assert validate_seed(2**64 - 1) == 2**64 - 1


def test_seat_notation_round_trip():
    for seat in range(6):
        assert split_seat(format_seat(seat, "hack d4")) == (seat, "hack d4")
    for bad in ["", "p0 end", "p7 end", "end", "P1 end", "p1x end", 5]:
        with pytest.raises(InvalidNotation):
            split_seat(bad)


def test_event_visibility():
    public = Event("income", {"seat": 0})
    private = Event("draw", {"card": "hack"}, frozenset({1}))
    assert public.is_visible_to(None) and public.is_visible_to(3)
    assert private.is_visible_to(1)
    assert not private.is_visible_to(0) and not private.is_visible_to(None)
    assert private.is_visible_to("table") and not private.is_visible_to(True)
    # the audience travels with the event's plain form
    assert private.to_data() == {"kind": "draw", "card": "hack", "to": [1]}
    assert public.to_data() == {"kind": "income", "seat": 0}
    assert [e.kind for e in events_for([public, private], 0)] == ["income"]
    assert [e.kind for e in events_for([public, private], 1)] == ["income", "draw"]


def test_registry():
    ids = [game.id for game in all_games()]
    assert "backbone" in ids and ids == sorted(ids)
    with pytest.raises(UnknownGame):
        get_game("chess")


def test_canonical_bytes_ignore_dict_order():
    assert canonical_bytes({"a": 1, "b": [1, (2, 3)]}) == canonical_bytes({"b": [1, [2, 3]], "a": 1})
    assert canonical_bytes({"a": 1}) != canonical_bytes({"a": 2})
    with pytest.raises(TypeError):
        canonical_bytes(object())


def test_record_round_trip_and_replay():
    game = get_game("backbone")
    record = Record("backbone", game.validate_options({}), 5, ("p1 router b2", "p1 end", "p2 end"))
    text = encode_record(record)
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode_record(text) == record
    replayed_game, state = replay(record)
    assert replayed_game is game
    assert game.turn_count(state) == 3
    direct = game.new_game(record.options, 5)
    for action in record.actions:
        game.apply(direct, game.parse_action(action))
    assert digest(game, state) == digest(game, direct)
    _, partial = replay(record, upto=1)
    assert digest(game, partial) != digest(game, state)


def _pack(payload):
    return base64.urlsafe_b64encode(msgpack.packb(payload)).rstrip(b"=").decode()


GOOD = {"v": 1, "g": "backbone", "o": {}, "s": 1, "a": []}


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "empty"),
        ("!!!!", "base64url"),
        ("AAAA", "not a"),
        (_pack([1, 2]), "not a map"),
        (_pack({**GOOD, "v": 2}), "version"),
        (_pack({**GOOD, "g": 3}), "no game"),
        (_pack({**GOOD, "o": [1]}), "options"),
        (_pack({**GOOD, "s": -1}), "seed"),
        (_pack({**GOOD, "s": "1"}), "seed"),
        (_pack({**GOOD, "a": [1]}), "actions"),
        ("A" * 300_000, "too long"),
    ],
)
def test_malformed_records_are_rejected(text, fragment):
    with pytest.raises(InvalidRecord) as caught:
        decode_record(text)
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    "record, fragment",
    [
        (Record("chess", {}, 1, ()), "unknown game"),
        (Record("backbone", {"target": 99}, 1, ()), "target"),
        (Record("backbone", {}, 1, ("p1 fly e5",)), "action 1"),
        (Record("backbone", {}, 1, ("p1 end", "p1 end")), "action 2"),
    ],
)
def test_records_that_do_not_replay_say_why(record, fragment):
    with pytest.raises(InvalidRecord) as caught:
        replay(record)
    assert fragment in str(caught.value)


# --- option edges from the Python API (issue 20, item 5) ----------------------------------


@pytest.mark.parametrize("value", [10 ** 5000, -(10 ** 5000), 10 ** 30], ids=["huge", "huge-negative", "31-digits"])
def test_an_integer_of_any_size_is_an_invalid_option_naming_it(value):
    # past Python's digit limit, writing the number out would raise ValueError
    with pytest.raises(InvalidOption) as refused:
        SCHEMA.validate({"players": value})
    assert refused.value.name == "players" and "between 2 and 6" in str(refused.value)
    assert len(str(refused.value)) < 120
    with pytest.raises(InvalidOption, match="'fast'"):
        SCHEMA.validate({"fast": value})


@pytest.mark.parametrize("given", [[("players", 3)], ["players"], "players=3", 3, ("players", 3)])
def test_options_that_are_not_a_mapping_are_an_invalid_option(given):
    with pytest.raises(InvalidOption, match="must be a mapping of option names to values"):
        SCHEMA.validate(given)
    with pytest.raises(InvalidOption):
        get_game("backbone").validate_options(given)


def test_option_errors_quote_at_most_80_characters_of_what_they_were_given():
    for given in ({"x" * 10_000: 1}, {"players": "9" * 10_000}, {"map": "m" * 10_000},
                  {"players": [1] * 10_000}, {("k",) * 5_000: 1}):
        with pytest.raises(InvalidOption) as refused:
            SCHEMA.validate(given)
        message = str(refused.value)
        for quote in message.split("'")[1::2]:  # what it echoes, between quotes
            assert len(quote) <= 80, message
        assert len(message) < 200, message
    with pytest.raises(InvalidOption) as refused:
        validate_seed("7" * 5000)
    assert len(str(refused.value)) < 120


def test_a_series_of_seeds_is_checked_before_any_game():
    from netarcade.core.options import MAX_SEED, validate_seeds

    assert validate_seeds(str(MAX_SEED), 1) == MAX_SEED
    assert validate_seeds(str(MAX_SEED - 1), 2) == MAX_SEED - 1
    with pytest.raises(InvalidOption) as refused:
        validate_seeds(str(MAX_SEED), 2)
    message = str(refused.value)
    assert str(MAX_SEED) in message and str(MAX_SEED + 1) not in message  # only seeds that exist
    with pytest.raises(InvalidOption, match="must be an integer"):
        validate_seeds("\u00b2", 2)
