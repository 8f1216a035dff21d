"""Moves in words: an action's notation read as a sentence.

What it is for: the page announces every move to a screen reader in a
polite live region ("Search bot builds a Router on e5."), and a refused
click says what was tried ("Can't build a Router on e5: ..."). Both come
from one reader for every game. A game declares, for each verb of its
notation, a phrase in the plain form of its verb with ``{0}``, ``{1}`` ...
for the words after the verb (``"build a Router on {0}"``; a part in
``[...]`` is left out when its word is absent: ``"play {0}[ on {1}]"``),
the kind of each of those words (the ``parts`` its page's
:class:`~netarcade.web.table.Tool` already declares: ``hex``, ``resource``,
``card``...), and how a kind whose words are codes reads (``co`` ->
``compute``, ``lag`` -> ``LAG``). This module splits the notation
(``core.game.split_seat``), reads each word by its kind, names the seat and
conjugates the phrase for it ("You build", "Search bot builds").

What it is not: a parser of any game's notation (the engine's is the
authority; this only reads words it wrote) or DOM code.

>>> say = Speech({"router": "build a Router on {0}", "end": "end the turn"}, {"router": ("hex",)})
>>> say.sentence("p2 router e5", ["You", "Search bot"]), say.sentence("p1 end", ["You", "Search bot"])
('Search bot builds a Router on e5.', 'You end the turn.')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from ..core.errors import NetarcadeError
from ..core.game import split_seat

__all__ = ["ANNOUNCED_AT_ONCE", "Announcer", "Reader", "Speech", "and_list", "conjugate", "seat_word", "spoken_phrases"]

#: how one kind of word reads: ``(word, every word after the verb, seat names) -> words``
Reader = Callable[[str, Sequence[str], Sequence[str]], str]

#: the most moves the live region reads out at once (an online reconnect may bring many)
ANNOUNCED_AT_ONCE = 3
_IRREGULAR = {"have": "has", "do": "does", "go": "goes", "be": "is"}
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
_SLOT = re.compile(r"\{(\d+)\}")


def conjugate(verb: str) -> str:
    """The verb as a named player does it.

    >>> [conjugate(v) for v in ("build", "pass", "lay", "carry", "go", "reach", "fix")]
    ['builds', 'passes', 'lays', 'carries', 'goes', 'reaches', 'fixes']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def and_list(words: Iterable[str]) -> str:
    """``a, b and c``.

    >>> and_list(["c4"]), and_list(["c4", "c5", "d5"])
    ('c4', 'c4, c5 and d5')
    """
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def seat_name(seat: int, names: Sequence[str]) -> str:
    """Who sits in ``seat`` (0-based), as a subject: "You", "Search bot"."""
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def seat_word(word: str, names: Sequence[str]) -> str | None:
    """A seat in notation (``p3``) as an object ("you", "Greedy bot"), or None for any other word."""
    if len(word) > 1 and word[0] == "p" and word[1:].isdigit():
        name = seat_name(int(word[1:]) - 1, names)
        return "you" if name == "You" else name
    return None


def _read_seat(word: str, words: Sequence[str], names: Sequence[str]) -> str:
    return seat_word(word, names) or word


@dataclass(frozen=True)
class Speech:
    """How one game's notation reads aloud: a phrase per verb, the kind of
    each word after it, a reader per kind whose words are codes, and what a
    word withheld from this observer reads as (``notation_for`` keeps a
    hidden move's verb alone: "p2 discard" is "Player 2 discards a card")."""

    #: verb -> its phrase, the verb first in its plain form
    phrases: Mapping[str, str]
    #: verb -> the kind of each word after it (a verb not listed takes none)
    parts: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: kind -> how its words read (a kind not listed reads as written: hex, cell and node names)
    readers: Mapping[str, Reader] = field(default_factory=dict)
    #: kind -> what a word of that kind reads as when the notation leaves it out
    withheld: Mapping[str, str] = field(default_factory=dict)
    #: the most seats the game has (``split_seat`` checks the seat)
    max_players: int = 6
    #: event kind -> what it adds to the move's sentence (a roll's dice: "rolls the dice: red 6, white 4, 10")
    results: Mapping[str, Callable[[Mapping], str]] = field(default_factory=dict)

    def split(self, text: str) -> tuple[int, str, list[str]]:
        """Seat, verb and the words after it."""
        seat, body = split_seat(text, self.max_players)
        verb, *words = body.split(" ")
        return seat, verb, words

    def read(self, kind: str, word: str, words: Sequence[str], names: Sequence[str]) -> str:
        """One word after the verb, in words, by its kind."""
        reader = self.readers.get(kind) or (_read_seat if kind == "seat" else None)
        return word if reader is None else reader(word, words, names)

    def phrase(self, text: str, names: Sequence[str]) -> str:
        """What the action does, the verb in its plain form: "build a Router on e5"."""
        try:
            _, verb, words = self.split(text)
        except NetarcadeError:
            return text
        template = self.phrases.get(verb)
        if template is None:
            return " ".join((verb, *words))
        kinds = tuple(self.parts.get(verb, ()))

        def kind(index: int) -> str:
            return kinds[index] if index < len(kinds) else ""

        def slot(match: re.Match) -> str:
            index = int(match.group(1))
            if index < len(words):
                return self.read(kind(index), words[index], words, names)
            return self.withheld.get(kind(index), "something")

        def optional(match: re.Match) -> str:
            wanted = [int(index) for index in _SLOT.findall(match.group(1))]
            return match.group(1) if all(index < len(words) for index in wanted) else ""

        return _SLOT.sub(slot, _OPTIONAL.sub(optional, template))

    def sentence(self, text: str, names: Sequence[str], events: Iterable[Mapping] = ()) -> str:
        """The action as a sentence about whoever took it: "Search bot builds a Router on e5.";
        ``events`` (the move's) add what chance decided: "Greedy bot rolls the dice: red 6, white 4, 10."."""
        try:
            seat, _, _ = self.split(text)
        except NetarcadeError:
            return text
        subject = seat_name(seat, names)
        verb, _, rest = self.phrase(text, names).partition(" ")
        verb = verb if subject == "You" else conjugate(verb)
        found = [self.results[event.get("kind")](event) for event in events if event.get("kind") in self.results]
        return f"{subject} {verb}{' ' + rest if rest else ''}{': ' + '; '.join(found) if found else ''}."


def spoken_phrases(tools: Iterable, **extra: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """The phrases and parts of a game's declared tools (each ``Tool`` with
    its ``say``), plus ``extra`` phrases of verbs no tool stands for."""
    phrases: dict[str, str] = dict(extra)
    parts: dict[str, tuple[str, ...]] = {}
    for tool in tools:
        if tool.say:
            phrases.setdefault(tool.verb, tool.say)
            parts.setdefault(tool.verb, tuple(tool.parts))
    return phrases, parts


class Announcer:
    """What the page's live region says after a change: each move played
    since it last spoke, as a sentence (the last few when several came at
    once), or how many moves an undo took back. A game just put on screen
    (a link, a new game, another position) says nothing: the status line,
    a ``role=status``, says whose turn it is."""

    def __init__(self) -> None:
        self.session: object = None
        self.count = 0
        self.told = ""  # the last words said: the same words again get a no-break space (see ``news``)

    def news(self, session, page) -> str | None:
        """The words for the moves of ``session`` (a ``Session`` or an online
        room's) since the last call, or None; ``page`` is its ``GamePage``."""
        if session is None or page is None:
            return None
        log = session.log
        known, count = self.session is session, self.count
        self.session, self.count = session, len(log)
        if not known or len(log) == count:
            return None
        if len(log) < count:
            taken = count - len(log)
            words = f"Undone: {taken} move{'s' if taken != 1 else ''} taken back."
        else:
            speech = page.speech()
            lines = [speech.sentence(entry.text, session.names, entry.events) for entry in log[count:]]
            skipped = len(lines) - ANNOUNCED_AT_ONCE
            if skipped > 0:
                lines = [f"{skipped} more move{'s' if skipped != 1 else ''}, then:", *lines[-ANNOUNCED_AT_ONCE:]]
            words = " ".join(lines)
        # the page leaves an unchanged live region alone, so a move said twice in a row
        # ("Greedy bot discards one compute.") differs from the last words by a no-break space
        if words == self.told:
            words += "\u00a0"
        self.told = words
        return words
