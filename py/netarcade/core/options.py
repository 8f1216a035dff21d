"""Option schemas: every game declares its options (name, type, default, range)
and every new game validates what it was given against them.

Values may arrive as text (command line, links, form fields): ``Option.coerce``
turns text into the declared type, then checks the range, and an
``InvalidOption`` names the option and what it allows.

Text is read in one strict form, the same everywhere (docs/engine.md,
"Option values as text"): an integer is ASCII digits with an optional
leading ``-``, no sign ``+``, no leading zero, no spaces, no decimal point
(``12``, not ``+12``, `` 12``, ``012`` or ``12.0``); a yes/no option is
``true`` or ``false`` exactly; a choice is one of its names exactly. Anything
else is refused, naming the option, rather than guessed at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .errors import InvalidOption, quoted


@dataclass(frozen=True)
class Option:
    """One declared option.

    >>> target = Option("target", "int", 10, minimum=3, maximum=20, help="AI tokens to win")
    >>> target.coerce("12")
    12
    >>> target.coerce(30)
    Traceback (most recent call last):
    ...
    netarcade.core.errors.InvalidOption: option 'target': must be between 3 and 20, got 30
    >>> target.describe()
    'target: integer 3..20, default 10 (AI tokens to win)'
    """

    name: str
    type: str  # "int" | "choice" | "bool"
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    #: for an option added after records were already shared (a rules
    #: edition): the value a record that does not name it stands for, so an
    #: old link replays under the rules it was played with. ``None``: a
    #: record without it takes the default like anything else.
    legacy: Any = None

    def coerce(self, value: Any) -> Any:
        if self.type == "int":
            if isinstance(value, bool):
                raise InvalidOption(self.name, f"must be an integer, got {value!r}")
            if isinstance(value, str):
                if not is_integer_text(value):
                    raise InvalidOption(self.name, f"must be an integer, got {quoted(value, 24)}")
                value = int(value, 10)
            if type(value) is not int:
                raise InvalidOption(self.name, f"must be an integer, got {quoted(value, 24)}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOption(
                    self.name, f"must be between {self.minimum} and {self.maximum}, got {quoted(value, 24)}"
                )
            return value
        if self.type == "choice":
            if not isinstance(value, str) or value not in self.choices:
                allowed = ", ".join(self.choices)
                raise InvalidOption(self.name, f"must be one of {allowed}, got {quoted(value, 24)}")
            return value
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if value == "true" or value == "false":
                return value == "true"
            raise InvalidOption(self.name, f"must be true or false, got {quoted(value, 24)}")
        raise AssertionError(f"unknown option type {self.type!r}")

    def describe(self) -> str:
        if self.type == "int":
            kind = f"integer {self.minimum}..{self.maximum}"
        elif self.type == "choice":
            kind = "one of " + "|".join(self.choices)
        else:
            kind = "true|false"
        text = f"{self.name}: {kind}, default {self.default}"
        return f"{text} ({self.help})" if self.help else text

    def to_data(self) -> dict[str, Any]:
        """Plain form for the page's new-game form."""
        return {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "min": self.minimum,
            "max": self.maximum,
            "choices": list(self.choices),
            "help": self.help,
        }


MAX_SEED = 2**64 - 1


def is_integer_text(text: str) -> bool:
    """The one written form of an integer option: ASCII digits, an optional
    leading ``-``, no leading zero, at most 20 digits.

    >>> [is_integer_text(t) for t in ("12", "-3", "0", "+12", " 12", "012", "12.0", "true", "\u00b2")]
    [True, True, True, False, False, False, False, False, False]
    """
    digits = text[1:] if text[:1] == "-" else text
    return (0 < len(digits) <= 20 and digits.isascii() and digits.isdigit()
            and (digits == "0" or digits[0] != "0"))


def validate_seed(seed: Any) -> int:
    """A seed is an integer 0..2**64-1 (text is accepted, as links carry text).

    >>> validate_seed("42")
    42
    >>> validate_seed("\u00b2")
    Traceback (most recent call last):
    ...
    netarcade.core.errors.InvalidOption: option 'seed': must be an integer 0..18446744073709551615, got '\u00b2'
    """
    if isinstance(seed, str):
        text = seed.strip()
        # ASCII digits only ("²" passes isdigit but not int) and no more than
        # 2**64 has, so a pasted wall of digits is refused, not parsed
        if text.isascii() and text.isdigit() and len(text) <= len(str(MAX_SEED)):
            seed = int(text)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidOption("seed", f"must be an integer 0..{MAX_SEED}, got {quoted(seed, 40)}")
    return seed


def validate_seeds(seed: Any, count: int) -> int:
    """The first of ``count`` seeds in a row (``seed``, ``seed + 1``, ...:
    a series of games, ``simulate --games``, a ladder), checked before any
    game is played: each of them is a seed, so the first is at most
    ``MAX_SEED - count + 1``. The error names the seed as it was given.

    >>> validate_seeds("7", 3)
    7
    >>> validate_seeds(str(MAX_SEED), 2)
    Traceback (most recent call last):
    ...
    netarcade.core.errors.InvalidOption: option 'seed': 18446744073709551615 leaves no room for the 2 seeds these games use (seed, seed + 1, ...; at most 18446744073709551615 each): give at most 18446744073709551614
    """
    first = validate_seed(seed)
    last = MAX_SEED - max(count, 1) + 1
    if first > last:
        raise InvalidOption("seed", f"{first} leaves no room for the {count} seeds these games use (seed, "
                                    f"seed + 1, ...; at most {MAX_SEED} each): give at most {last}")
    return first


class OptionSchema:
    """The options a game accepts, in display order."""

    def __init__(self, *options: Option):
        self.options = options
        self.by_name = {option.name: option for option in options}

    def validate(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Return a complete options dict: given values checked, defaults filled in.

        Unknown names are an error rather than silently ignored, so a typo in a
        link or on the command line is reported.
        """
        if given is None:
            given = {}
        if not isinstance(given, Mapping):
            raise InvalidOption(None, f"must be a mapping of option names to values, got {quoted(given, 24)}")
        given = dict(given)
        for name in given:
            if name not in self.by_name:
                known = ", ".join(self.by_name)
                raise InvalidOption(name, f"unknown option (this game has: {known})")
        return {
            option.name: option.coerce(given[option.name]) if option.name in given else option.default
            for option in self.options
        }

    def describe(self) -> str:
        return "\n".join(option.describe() for option in self.options)

    def of_record(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A record's options with what it predates filled in: each option
        with a ``legacy`` value that the record does not name takes it."""
        filled = {option.name: option.legacy for option in self.options
                  if option.legacy is not None and option.name not in options}
        return {**filled, **options}

    def to_data(self) -> list[dict[str, Any]]:
        return [option.to_data() for option in self.options]
