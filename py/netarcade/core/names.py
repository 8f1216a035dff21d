"""Players' names as every seat and spectator sees them: one rule, used by
the relay (on every name it is given, and on every name it reloads) and by
the page (on the name it remembers and sends), so both say the same.

The rule (docs/relay.md, "Names"): white space of any kind (spaces, tabs,
line breaks, the Unicode separators) between words becomes one space and
none is kept at either end; control characters (C0, DEL, C1: NUL, the
escape that starts a terminal sequence) and format characters (the bidi
marks, embeddings, overrides and isolates U+200E/F, U+202A-202E,
U+2066-2069, U+061C; zero-width spaces and joiners; the byte-order mark;
soft hyphens; tags) are removed; the rest is NFC-normalized and cut to
``NAME_LIMIT`` characters. What is left may be empty: the caller picks a
default (the relay: ``P1``, ``P2``...).

What it is not: a filter of words or of look-alike letters; names are not
identities (seats are held by tokens).

>>> clean_name("  Ann\\tLee\\r\\n")
'Ann Lee'
>>> clean_name("\\x1b[31mred\\x00")
'[31mred'
>>> clean_name("abc\\u202edcba")
'abcdcba'
>>> clean_name("Cafe\\u0301")
'Café'
>>> clean_name("\\u200b\\u2066 ")
''
"""

from __future__ import annotations

import unicodedata

#: the longest name, in characters (code points) once cleaned; the page's
#: name inputs have the same ``maxlength``
NAME_LIMIT = 40
#: Unicode general categories removed from a name: controls, format
#: characters and surrogates (line and paragraph separators are white space)
REMOVED = frozenset({"Cc", "Cf", "Cs"})


def clean_name(text: str, limit: int = NAME_LIMIT) -> str:
    """``text`` by the rule above: words joined by one space, controls and
    format characters removed, NFC, at most ``limit`` characters."""
    words = ("".join(ch for ch in word if unicodedata.category(ch) not in REMOVED) for word in text.split())
    joined = " ".join(word for word in words if word)
    return unicodedata.normalize("NFC", joined)[:limit].rstrip()


__all__ = ["NAME_LIMIT", "REMOVED", "clean_name"]
