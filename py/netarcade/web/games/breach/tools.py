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
                                          SPRINT_MAX_EXPOSURE)
from netarcade.web.table import Tool

__all__ = ["BARE", "CARD_IDS", "CRASH", "DECK_SIZE", "EXPLOIT", "EXPLOITS", "EXPOSURE_SUPPLY", "HAND", "PICKS",
           "PLAY", "REMOVED_2P", "SPRINT_MAX_EXPOSURE", "TARGET_WORDS", "card_name"]

#: how each target kind of the deck reads in the page
TARGET_WORDS = {"ahead": "a player at or ahead of you", "none": "you", "node": "a Node next to you",
                "layer": "a layer", "splice": "a Node in layers 1-13"}

#: playing an Exploit: the card, then its target (a seat, a Node, a layer) when it has one
PLAY: dict[str, Tool] = {
    card.id: Tool("play", card.name, what=card.text,
                  parts=("card",) if card.target == "none" else ("card", "target"))
    for card in EXPLOITS}
CARD_IDS = tuple(PLAY)

#: the decisions that pick words: Exploits from the hand, a die, a Node
PICKS: dict[str, Tool] = {
    "block": Tool("block", "Block", "B", "discard 2 Exploits: the Exploit does nothing", ("card", "card"),
                  unordered=True),
    "counter": Tool("counter", "Counter", "B", "discard 2 Exploits: the block fails unless they counter back",
                    ("card", "card"), unordered=True),
    "reroll": Tool("reroll", "Reroll", "", "discard 2 Exploits: roll one die again", ("die", "card", "card"),
                   unordered=True),
    "enter": Tool("enter", "Enter", "", "step onto a Node next to you", ("node",)),
    "discard": Tool("discard", "Discard", "", "down to 5 slots", ("card",)),
    "crash": Tool("crash", "Checkpoint", "", "the blue Node you restart from", ("node",)),
}

#: the one-word decisions: command name -> tool
BARE: dict[str, Tool] = {
    "run": Tool("run", "Run Exploits", "R", f"refill to {HAND} cards, then play Exploits, then move"),
    "laylow": Tool("laylow", "Lay Low", "L", "return up to 2 Exposure, discard every Exploit, refill; no move"),
    "move": Tool("move", "Move on", "E", "done with Exploits: declare speed and roll"),
    "pass": Tool("pass", "Pass", "P", "let it happen"),
    "safe": Tool("safe", "Safe", "S", "roll 1 die"),
    "sprint": Tool("sprint", "Sprint", "D", "roll 2 dice, +1 Exposure"),
    "keep": Tool("keep", "Keep", "E", "keep the roll"),
    "stop": Tool("stop", "Stop here", "E", "end the move on this Node"),
}


def card_name(card: str) -> str:
    """``lag`` -> ``LAG``; ``frame`` -> ``FRAME JOB``."""
    return EXPLOIT[card].name if card in EXPLOIT else card
