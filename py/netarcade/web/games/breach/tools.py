"""Breach's decisions as the page declares them.

What it is for: every decision of a Breach turn as a
:class:`~netarcade.web.table.Tool` (its verb in the notation, label, key,
and what each word after the verb is): playing each Exploit (the card, then
its target when it has one), blocking and countering (two Exploits, in any
order), rerolling (a die, then two Exploits), entering a Node, discarding,
the crash checkpoint, and the one-word decisions (Run Exploits, Lay Low,
move on, pass, Safe, Sprint, keep, stop). Numbers (hand size, crash line,
Sprint limit, deck) come from ``games/breach/cards.py``.

What it is not: behaviour (``table.py``) or HTML (``views.py``).
"""

from __future__ import annotations

from netarcade.games.breach.cards import (CRASH, DECK_SIZE, EXPLOIT, EXPLOITS, EXPOSURE_SUPPLY, HAND, REMOVED_2P,
                                          SPRINT_MAX_EXPOSURE, exploits_of)
from netarcade.web.speech import Speech, seat_word, spoken_phrases
from netarcade.web.table import Tool

__all__ = ["BARE", "CARD_IDS", "CRASH", "DECK_SIZE", "EXPLOIT", "EXPLOITS", "EXPOSURE_SUPPLY", "HAND", "PICKS",
           "PLAY", "REMOVED_2P", "SPEECH", "SPRINT_MAX_EXPOSURE", "TARGET_WORDS", "card_name",
           "exploits_of", "presses", "target_words", "where_words"]

#: how each target kind of the deck reads in the page
TARGET_WORDS = {"ahead": "a player ahead of you", "none": "you", "node": "a Node next to you",
                "layer": "a layer", "splice": "a Node in layers 1-13"}


def target_words(target: str, rules: int) -> str:
    """A card's target in the words of the rules edition in play (D31: edition 1 also
    targets a tied player), never a note about editions (issue 39: "(edition 1: or tied)")."""
    if target == "ahead" and rules == 1:
        return "a player at or ahead of you"
    return TARGET_WORDS[target]

#: playing an Exploit: the card, then its target (a seat, a Node, a layer) when it has one
PLAY: dict[str, Tool] = {
    card.id: Tool("play", card.name, what=card.text,
                  parts=("card",) if card.target == "none" else ("card", "target"))
    for card in EXPLOITS}
CARD_IDS = tuple(PLAY)

#: the decisions that pick words: Exploits from the hand, a die, a Node
PICKS: dict[str, Tool] = {
    "block": Tool("block", "Block", "B", "discard 2 Exploits: the Exploit does nothing", ("card", "card"),
                  unordered=True, say="block with {0} and {1}"),
    "counter": Tool("counter", "Counter", "B", "discard 2 Exploits: the block fails unless they counter back",
                    ("card", "card"), unordered=True, say="counter with {0} and {1}"),
    "reroll": Tool("reroll", "Reroll", "", "discard 2 Exploits: roll one die again", ("die", "card", "card"),
                   unordered=True, say="reroll die {0} with {1} and {2}"),
    "enter": Tool("enter", "Enter", "", "step onto a Node next to you", ("node",), say="enter {0}"),
    "discard": Tool("discard", "Discard", "", "down to 5 slots", ("card",), say="discard {0}"),
    "crash": Tool("crash", "Checkpoint", "", "the blue Node you restart from", ("node",),
                  say="restart from {0}"),
}

#: the one-word decisions: command name -> tool
BARE: dict[str, Tool] = {
    "run": Tool("run", "Run Exploits", "R", f"refill to {HAND} cards, then play Exploits, then move",
                say="run Exploits"),
    "laylow": Tool("laylow", "Lay Low", "L", "return up to 2 Exposure, discard every Exploit, refill; no move",
                   say="lay low"),
    "move": Tool("move", "Move on", "E", "done with Exploits: declare speed and roll",
                 say="move on from Exploits"),
    "pass": Tool("pass", "Pass", "P", "let it happen", say="pass"),
    "safe": Tool("safe", "Safe", "S", "roll 1 die", say="go Safe, rolling one die"),
    "sprint": Tool("sprint", "Sprint", "D", "roll 2 dice, +1 Exposure", say="sprint, rolling two dice"),
    "keep": Tool("keep", "Keep", "E", "keep the roll", say="keep the roll"),
    "stop": Tool("stop", "Stop here", "E", "end the move on this Node", say="stop moving"),
}


def presses(text: str) -> list[tuple[str, str]]:
    """How a player makes the move ``text`` on the page, in order:
    ``("tool", card)`` an Exploit's Play button, ``("name", "5b")`` a Node (or
    Root, the Edge) on the board, ``("cmd", "run")`` a decision's button and
    ``("cmd", "pick=lag")`` the button of that command whose value is ``lag``
    (a hand card to block, counter, spend or discard with; a die; a player).

    >>> presses("p1 play backdoor 5b")
    [('tool', 'backdoor'), ('name', '5b')]
    >>> presses("p1 reroll 1 shadow reroute")
    [('cmd', 'die=1'), ('cmd', 'pick=shadow'), ('cmd', 'pick=reroute')]
    """
    verb, *words = text.split()[1:]
    if verb == "play":
        card, *target = words
        if not target:
            return [("tool", card)]
        where = target[0]
        if where[:1] == "p":
            return [("tool", card), ("cmd", f"target={where}")]
        return [("tool", card), ("name", f"{where}t" if where.isdigit() else where)]  # a layer: its top Node
    if verb in ("enter", "crash"):
        return [("name", words[0])]
    if verb == "reroll":
        die, *cards = words
        return [("cmd", f"die={die}")] + [("cmd", f"pick={card}") for card in cards]
    if verb in ("block", "counter", "discard"):
        return [("cmd", f"pick={card}") for card in words]
    return [("cmd", verb)]


def card_name(card: str) -> str:
    """``lag`` -> ``LAG``; ``frame`` -> ``FRAME JOB``."""
    return EXPLOIT[card].name if card in EXPLOIT else card


def where_words(at: str) -> str:
    """``5t`` -> ``layer 5 top``; ``root`` -> ``Root``."""
    if at in ("edge", "root"):
        return at.capitalize()
    return f"layer {at[:-1]} {'top' if at.endswith('t') else 'bottom'}"


def _spoken_target(word: str, words, names) -> str:
    """An Exploit's target: a seat (``p3``), a layer (``5``) or a Node (``4t``)."""
    return seat_word(word, names) or (f"layer {word}" if word.isdigit() else where_words(word))


#: how a move reads aloud ("Greedy bot plays TRACE on you."); every Exploit is played with ``play``
_PHRASES, _PARTS = spoken_phrases((*PICKS.values(), *BARE.values()), play="play {0}[ on {1}]",
                                  resign="leave the game")
SPEECH = Speech(_PHRASES, {**_PARTS, "play": ("card", "target")},
                readers={"card": lambda word, words, names: card_name(word), "target": _spoken_target,
                         "node": lambda word, words, names: where_words(word)},
                withheld={"card": "an Exploit", "node": "a Node"}, max_players=5,
                results={"roll": lambda event: f"{' + '.join(map(str, event['dice']))} = {sum(event['dice'])} Bandwidth",
                         "reroll": lambda event: f"die {event['die']} now {event['roll']}, was {event['was']}"})
