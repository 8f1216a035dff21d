"""Specific exception classes for everything a player or a link can get wrong.

Each error carries a short machine-readable ``code`` (for tests, the page and
the relay's error frames) and a sentence a player can read: they are all
``CodedError``, the one family the engine, the page, the relay and the
command line raise (``web/session.LinkError``, ``relay.protocol.FrameError``,
``relay.room.RoomError``, ``relay.store.StoreError``, ``cli.UsageError``).
"""


#: how much of a player's text an error message quotes at most
QUOTE_LIMIT = 80


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of ``text`` for an error message, cut to ``limit`` characters
    with an ellipsis, so a refusal never repeats a pasted wall of text. Any
    value may be given (a number, a list from the Python API); a text keeps
    its closing quote, and an integer too long for ``repr`` (Python refuses
    past ``sys.get_int_max_str_digits()``) is described by its length.

    >>> quoted("p1 end")
    "'p1 end'"
    >>> quoted("p1 " + "x" * 500, 20)
    "'p1 xxxxxxxxxxxxxx…'"
    >>> len(quoted("x" * 10_000))
    80
    >>> quoted(12), quoted(2 ** 100, 12), quoted(10 ** 5000)
    ('12', '12676506002…', 'an integer of 5,001 digits')
    """
    try:
        shown = repr(text)
    except ValueError:  # an integer past the interpreter's digit limit
        if isinstance(text, int):
            return f"an integer of {_digits(text):,} digits"
        return f"a {type(text).__name__} too large to show"
    if len(shown) <= limit:
        return shown
    closing = shown[0] if isinstance(text, str) else ""
    return shown[:limit - 1 - len(closing)] + "…" + closing


def _digits(number: int) -> int:
    """How many decimal digits ``number`` has, without writing it out."""
    number = abs(number)
    estimate = int(number.bit_length() * 0.30102999566398120)  # log10(2): the digits, or one less
    return estimate + 1 if number >= 10 ** estimate else estimate


class CodedError(Exception):
    """The one error family: a short machine-readable ``code`` (for programs:
    tests, the page, the relay's error frames) and a ``message`` a person
    reads; ``str()`` is the message. Raised as ``SomeError(code, message)``,
    or ``SomeError(message)`` for a class whose ``code`` is its own (a class
    attribute): the code, when given, always comes first.

    >>> err = CodedError("no-room", "no room 'ABCDEF'")
    >>> err.code, str(err)
    ('no-room', "no room 'ABCDEF'")
    >>> err = InvalidRecord("the record does not replay")
    >>> err.code, err.message
    ('bad-record', 'the record does not replay')
    """

    code = "error"

    def __init__(self, *parts: str):
        if len(parts) == 2:
            self.code, message = parts
        elif len(parts) == 1:
            (message,) = parts
        else:
            raise TypeError(f"{type(self).__name__} takes (code, message) or (message), not {len(parts)} values")
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class NetarcadeError(CodedError):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(NetarcadeError):
    """An action the rules forbid right now. The state is left exactly as it was.

    >>> err = IllegalAction("not-your-turn", "it is P2's turn")
    >>> err.code, str(err)
    ('not-your-turn', "it is P2's turn")
    """


class InvalidNotation(NetarcadeError, ValueError):
    """Text that does not parse as an action of the game."""

    code = "bad-notation"


class InvalidOption(NetarcadeError, ValueError):
    """A game option outside its declared type or range; names the option:
    raised as ``InvalidOption(name, message)`` (its code is its own), which
    makes the message ``option 'name': message``."""

    code = "bad-option"

    def __init__(self, name: str | None, message: str):
        # the name is quoted cut (a pasted wall of text is no option name);
        # None: the options as a whole (not a mapping, say)
        super().__init__(f"option {quoted(name)}: {message}" if name is not None else f"options: {message}")
        self.name = name


class InvalidRecord(NetarcadeError, ValueError):
    """A game record (or a link carrying one) that is malformed or does not replay."""

    code = "bad-record"


class UnknownGame(NetarcadeError, ValueError):
    """A game id that no registered game has."""

    code = "unknown-game"
