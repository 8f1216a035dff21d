"""Room codes: how the relay deals them, and how the relay and the page
read one, so a code typed or linked in lower case opens the same room.

A code is ``CODE_LENGTH`` characters of ``CODE_ALPHABET``: upper-case
letters and digits without 0/O and 1/I/L, which people misread. Codes
are upper case; a code that arrives (in a frame, a ``#online=`` link,
the page's join form) is read with its ASCII letters upper-cased
(:func:`room_code`: ``k7q2mx`` is ``K7Q2MX``), because a player who types
a code by hand, or a phone that starts it with a capital, means the same
room. Nothing else changes: ``str.upper`` would also turn other letters
into ones of the alphabet (``ſ`` into ``S``, ``ﬀ`` into ``FF``), so a
code no one was given could open a room.

What it is not: a check that a room exists (the relay's), or secret
(anyone with a code may watch its room; seats are held by tokens).

>>> room_code("k7q2mx"), is_room_code(room_code(" k7q2mx"))
('K7Q2MX', False)
>>> room_code("abcdeſ"), is_room_code("ABCDEſ")
('ABCDEſ', False)
"""

from __future__ import annotations

import string

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "is_room_code", "room_code"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 6
_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)


def room_code(text: str) -> str:
    """``text`` with its ASCII letters upper-cased, and nothing else changed."""
    return text.translate(_UPPER)


def is_room_code(code: str) -> bool:
    """Whether ``code`` (as :func:`room_code` reads it) can be a room's code."""
    return len(code) == CODE_LENGTH and all(char in CODE_ALPHABET for char in code)
