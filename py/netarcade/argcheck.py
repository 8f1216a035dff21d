"""Command-line values checked where they are parsed: ``argparse`` ``type=``
functions for numbers in a range, and a parser that reports a bad argument
in one line.

What it is for: the servers (``relay``, ``serve``) check every option when
they start, not when a connection first trips over it. A number option is
finite and in its documented range (``Range``: ``--rate`` a finite number
> 0, ``--port`` an integer in [0, 65535]); a bad one stops the program with
one line on stderr and exit status 2 (``OneLineParser``)::

    netarcade: error: argument --rate: must be a finite number > 0, got 'nan'

What it is not: the game options (``core.options``) or the checks a
subcommand makes between options (the caller's ``parser.error``).

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

from .core.errors import quoted
from .core.options import is_integer_text


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


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line on stderr,
    ``netarcade: error: MESSAGE``, and exit status 2 (argparse's own error
    prints the whole usage block first). ``--help`` is unchanged."""

    def error(self, message: str):
        sys.stderr.write(f"netarcade: error: {message}\n")
        sys.exit(2)


__all__ = ["OneLineParser", "PORT", "Range"]
