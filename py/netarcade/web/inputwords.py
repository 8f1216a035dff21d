"""The page's words for the input in use (DOM-free): on a touch screen the
status and the prompt speak of taps and name no key; with a mouse and a
keyboard they speak of clicks and cite the keys.

What it is for: every game's words are written once, for a mouse and a
keyboard ("Run Exploits (R)", "Pick a piece in the bank (1-9)", "Esc
cancels"); :func:`spoken` turns them into a phone's ("Run Exploits", "Pick
a piece in the bank", no Esc) when the page has no hover (the page says so
in its start message: ``touch``). What a game says differently on a phone
beyond that (Overwrite's first tap shows a piece, the second places it) it
says itself, reading ``Table.touch``. Not for the panels' HTML: their key
badges are hidden by the stylesheet on a phone.
"""

from __future__ import annotations

import re

__all__ = ["spoken"]

#: a key cited in brackets: "(R)", "(1-9)", "(E)", "(Ctrl+Z)", "(or 7)"
_KEY = re.compile(r"\s?\((?:or )?(?:[A-Z0-9]|\d-\d|Ctrl\+[A-Z]|[A-Z] or [A-Z]|Esc)\)")
#: a sentence or clause about Escape (a phone has none): "Esc cancels.", "(Esc cancels)", ", Esc picks another"
_ESC = [re.compile(r"\s?\(Esc [^)]*\)"), re.compile(r"\s?Esc [a-z][^.;]*\.\s?"),
        re.compile(r",? Esc [a-z][^.;]*(?=[.;])")]
#: a key named at the start of a phrase: "R turns, F flips" -> the buttons
_KEY_PHRASES = [(re.compile(r"\bR turns, F flips\b"), "Turn and Flip turn it"),
                (re.compile(r"\bV keeps\b"), "Reserve keeps"),
                (re.compile(r"\bwith the arrow keys\b"), "with a tap")]
_CLICK = [(re.compile(r"\bClick(s|ing|ed)?\b"), r"Tap\1"), (re.compile(r"\bclick(s|ing|ed)?\b"), r"tap\1"),
          (re.compile(r"\bpoint at\b"), "tap"), (re.compile(r"\bunder the pointer\b"), "under your finger")]


def spoken(text: str, touch: bool) -> str:
    """``text`` as said to the input in use (unchanged for a mouse and keyboard).

    >>> spoken("Run Exploits (R) refills your hand to 5.", True)
    'Run Exploits refills your hand to 5.'
    >>> spoken("Router (2 BW): pick a highlighted hex (4 possible). Esc cancels.", True)
    'Router (2 BW): pick a highlighted hex (4 possible).'
    >>> spoken("Defrag: click an uncovered piece (lit) to move it. Esc cancels.", True)
    'Defrag: tap an uncovered piece (lit) to move it.'
    >>> spoken("Pick a piece in the bank (1-9): no stacking yet.", True)
    'Pick a piece in the bank: no stacking yet.'
    >>> spoken("Click a lit Node, or Stop here (E).", False)
    'Click a lit Node, or Stop here (E).'
    """
    if not touch or not text:
        return text
    for pattern in _ESC:
        text = pattern.sub("", text)
    text = _KEY.sub("", text)
    for pattern, words in _KEY_PHRASES + _CLICK:
        text = pattern.sub(words, text)
    return re.sub(r"\s{2,}", " ", text).strip()
