"""The command line's one argument parser: ``argparse`` ``type=`` functions
for numbers in a range, game options given as ``--option NAME=VALUE``, and
a parser that reports a bad argument in one line.

What it is for: every command (``python -m netarcade simulate``, ``replay``,
``analyse``, ``bench``, ``ladder``, the ``relay`` and ``serve`` servers, the
scripts that take game options) parses its arguments with
``OneLineParser``, so a bad argument reads the same everywhere. The servers
check every option when they start, not when a connection first trips over
it. A number option is finite and in its documented range (``Range``:
``--rate`` a finite number > 0, ``--port`` an integer in [0, 65535]); a bad
one, an argument nobody knows, or a missing one raises ``UsageError``, which
the command's ``main`` turns into one line on stderr and exit status 2
(``report``)::

    netarcade: error: argument --rate: must be a finite number > 0, got 'nan'

What it is not: the game options' types and ranges (``core.options``: the
game checks the values ``option_pairs`` collects), or the checks a
subcommand makes between options (the caller raises ``UsageError``).

>>> Range(0, 65535, integer=True)("8000")
8000
>>> Range(0, above=True)("1e-3")
0.001
>>> Range(0, above=True).describe()
'a finite number > 0'
>>> Range(1, integer=True)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be an integer >= 1, got '0'
>>> Range(0, 65535, integer=True)("８０００")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be an integer in [0, 65535], got '８０００'
>>> Range(0, 86400)("inf")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a finite number in [0, 86400], got 'inf'
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from .errors import CodedError, quoted
from .options import is_integer_text


class Range:
    """An ``argparse`` ``type=``: a number from ``low`` (excluded when
    ``above``) to ``high`` (included; None for no upper bound), an integer
    when ``integer``. NaN and the infinities are never in range."""

    def __init__(self, low: float, high: float | None = None, *, integer: bool = False, above: bool = False):
        self.low, self.high, self.integer, self.above = low, high, integer, above
        self.__name__ = "integer" if integer else "number"  # argparse names a type by it

    def describe(self) -> str:
        """The range in words, as the error and the docs say it."""
        kind = "an integer" if self.integer else "a finite number"
        if self.high is None:
            return f"{kind} {'>' if self.above else '>='} {_number(self.low)}"
        return f"{kind} in {'(' if self.above else '['}{_number(self.low)}, {_number(self.high)}]"

    def __call__(self, text: str) -> int | float:
        value = read_number(text, self.integer)
        if value is None or not self.contains(value):
            raise argparse.ArgumentTypeError(f"must be {self.describe()}, got {quoted(text)}")
        return value

    def contains(self, value: float) -> bool:
        if not math.isfinite(value) or value < self.low or (self.above and value == self.low):
            return False
        return self.high is None or value <= self.high


def read_number(text: str, integer: bool = False) -> int | float | None:
    """A number as the command line writes it, or None: ASCII only (``int``
    and ``float`` would read ``'١٢'`` or ``'１２'`` as 12), no ``_``; an
    integer in the one form option values take (``core.options.is_integer_text``).

    >>> read_number("12", True), read_number("1e-3"), read_number("１２", True), read_number("1_0")
    (12, 0.001, None, None)
    """
    if integer:
        return int(text) if is_integer_text(text) else None
    if not text.isascii() or "_" in text:
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _number(value: float) -> str:
    """A bound as people write it: ``0.05``, ``86400``, ``31536000`` (never ``3.1536e+07``).

    >>> _number(0.05), _number(86400.0), _number(31536000)
    ('0.05', '86400', '31536000')
    """
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


#: a TCP port to listen on (0: the system picks a free one)
PORT = Range(0, 65535, integer=True)


class UsageError(CodedError):
    """A bad command-line argument; reported in one line (``report``)."""

    code = "usage"


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors raise ``UsageError`` with argparse's
    one-line message (argparse's own error prints the whole usage block
    first), and which names the first argument it does not know, quoted cut,
    instead of listing every one in full. ``--help`` is unchanged."""

    def error(self, message: str):
        raise UsageError(message)

    def parse_args(self, args=None, namespace=None):
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
            self.error(f"unrecognized argument {quoted(extra[0])}{more}")
        return parsed


def report(err: Exception) -> int:
    """Print ``err`` as the command line's one error line; the exit status (2).

    >>> report(UsageError("--games must be at least 1"))
    2
    """
    print(f"netarcade: error: {err}", file=sys.stderr)
    return 2


def option_pairs(pairs: list[str] | None) -> dict[str, Any]:
    """``--option NAME=VALUE`` arguments as a dict of texts (the game checks
    and converts them: ``Game.validate_options``).

    >>> option_pairs(["target=3", "rules=2"])
    {'target': '3', 'rules': '2'}
    >>> option_pairs(["target"])
    Traceback (most recent call last):
    ...
    netarcade.core.argcheck.UsageError: --option expects name=value, got 'target'
    """
    options = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise UsageError(f"--option expects name=value, got {quoted(pair)}")
        options[name] = value
    return options


__all__ = ["OneLineParser", "PORT", "Range", "UsageError", "option_pairs", "report"]
