"""Breach's actions and their text notation (D20).

Notation (seat first; a Node position as layer and ``t``/``b``; an Exploit
by its short id; a seat as ``p1``..``p5``)::

    p1 run | p1 laylow              Modify: Run Exploits or Lay Low
    p1 play trace p3                play an Exploit (target: a seat, a Node
    p1 play backdoor 4t             position, a layer, or none)
    p1 play reroute 5
    p1 play wipe
    p1 move                         done playing Exploits: on to Move
    p2 block lag trace              block the Exploit in play (discard 2)
    p1 counter wipe wipe            counter (discard 2)
    p2 pass                         let it be / stop countering
    p1 safe | p1 sprint             declare speed
    p1 reroll 2 lag trace           reroll die 2 for two Exploits
    p1 keep                         keep the roll
    p1 enter 5t | p1 enter root | p1 enter edge
    p1 stop                         end movement here
    p1 discard lag                  Manifest: discard down to 5
    p1 crash 9b                     the crash checkpoint, when both qualify
    p2 resign                       leave the game (any time, turn or not; never listed, D24)

>>> parse_action("p2 block lag trace") == Block(1, "lag", "trace")
True

An action's ``repr`` is its notation, which ``parse_action`` reads back:

>>> Play(0, "lag", "p3"), parse_action(repr(Reroll(1, 2, "lag", "trace"))) == Reroll(1, 2, "lag", "trace")
(p1 play lag p3, True)
>>> format_action(Play(0, "reroute", "5"))
'p1 play reroute 5'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Pass, Resign, written_as  # Resign: leave the game (D24)
from ...core.errors import InvalidNotation
from ...core.game import format_seat, split_seat
from .cards import EXPLOIT


@dataclass(frozen=True, slots=True)
class Modify:
    seat: int
    path: str  # "run" | "laylow"


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: str
    target: str | None  # "p3", "4t", "5" or None


@dataclass(frozen=True, slots=True)
class Done:
    seat: int


@dataclass(frozen=True, slots=True)
class Block:
    seat: int
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Counter:
    seat: int
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Speed:
    seat: int
    speed: str  # "safe" | "sprint"


@dataclass(frozen=True, slots=True)
class Reroll:
    seat: int
    die: int  # 1 or 2
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Keep:
    seat: int


@dataclass(frozen=True, slots=True)
class Enter:
    seat: int
    where: str  # "5t", "root", "edge"


@dataclass(frozen=True, slots=True)
class Stop:
    seat: int


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Crash:
    seat: int
    where: str


Action = Modify | Play | Done | Block | Counter | Pass | Speed | Reroll | Keep | Enter | Stop | Discard | Crash | Resign
ACTIONS = (Modify, Play, Done, Block, Counter, Pass, Speed, Reroll, Keep, Enter, Stop, Discard, Crash, Resign)

_BARE = {Done: "move", Pass: "pass", Keep: "keep", Stop: "stop", Resign: "resign"}
_BARE_BY_WORD = {word: cls for cls, word in _BARE.items()}


def format_action(action: Action) -> str:
    cls = type(action)
    if cls in _BARE:
        return format_seat(action.seat, _BARE[cls])
    if cls is Modify:
        return format_seat(action.seat, action.path)
    if cls is Play:
        tail = "" if action.target is None else f" {action.target}"
        return format_seat(action.seat, f"play {action.card}{tail}")
    if cls is Block:
        return format_seat(action.seat, f"block {action.first} {action.second}")
    if cls is Counter:
        return format_seat(action.seat, f"counter {action.first} {action.second}")
    if cls is Speed:
        return format_seat(action.seat, action.speed)
    if cls is Reroll:
        return format_seat(action.seat, f"reroll {action.die} {action.first} {action.second}")
    if cls is Enter:
        return format_seat(action.seat, f"enter {action.where}")
    if cls is Discard:
        return format_seat(action.seat, f"discard {action.card}")
    if cls is Crash:
        return format_seat(action.seat, f"crash {action.where}")
    raise TypeError(f"not a Breach action: {action!r}")


def _card(text: str, word: str) -> str:
    if word not in EXPLOIT:
        raise InvalidNotation(f"{text[:60]!r}: unknown Exploit {word[:20]!r} (known: {', '.join(EXPLOIT)})")
    return word


def _name(text: str, word: str) -> str:
    """A target or Node as written: ASCII lower-case letters and digits
    (``p2``, ``4t``, ``5``, ``root``), never a look-alike digit such as ``³``."""
    if not (0 < len(word) <= 8 and word.isascii() and word.isalnum() and word == word.lower()):
        raise InvalidNotation(f"{text[:60]!r}: {word[:20]!r} is not a seat, Node or layer name")
    return word


def parse_action(text: str) -> Action:
    """The action a text names; raises ``InvalidNotation``."""
    seat, body = split_seat(text, max_players=5)
    words = body.split(" ")
    verb, args = words[0], words[1:]
    if verb in _BARE_BY_WORD and not args:
        return _BARE_BY_WORD[verb](seat)
    if verb in ("run", "laylow") and not args:
        return Modify(seat, verb)
    if verb in ("safe", "sprint") and not args:
        return Speed(seat, verb)
    if verb == "play" and len(args) in (1, 2):
        return Play(seat, _card(text, args[0]), _name(text, args[1]) if len(args) == 2 else None)
    if verb in ("block", "counter") and len(args) == 2:
        cls = Block if verb == "block" else Counter
        return cls(seat, _card(text, args[0]), _card(text, args[1]))
    if verb == "reroll" and len(args) == 3 and args[0] in ("1", "2"):
        return Reroll(seat, int(args[0]), _card(text, args[1]), _card(text, args[2]))
    if verb in ("enter", "crash") and len(args) == 1:
        return (Enter if verb == "enter" else Crash)(seat, _name(text, args[0]))
    if verb == "discard" and len(args) == 1:
        return Discard(seat, _card(text, args[0]))
    raise InvalidNotation(
        f"{text[:60]!r} is not a Breach action (run, laylow, play CARD [TARGET], move, block A B, counter A B, "
        "pass, safe, sprint, reroll DIE A B, keep, enter NODE, stop, discard CARD, crash NODE, resign)")


#: an action's ``repr`` is its notation (``core.actions.written_as``)
written_as(format_action, parse_action, Modify, Play, Done, Block, Counter, Speed, Reroll, Keep, Enter, Stop, Discard, Crash)
