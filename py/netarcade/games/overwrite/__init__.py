"""Overwrite: 2-6 hackers lay polyomino code blocks drawn from an envelope on
a square grid, stack them over each other's, and use special pieces; the
largest connected chunk of a colour seen from above wins when the System
Fail is drawn. Chance (the envelope), no hidden hands.

Registers the game; the pieces live in ``pieces.py``, the grid in
``board.py``, the state in ``state.py``, the setup in ``start.py``, legality
in ``legal.py`` (placements found by ``fits.py``), one random legal action
without the list in ``pick.py``, applying actions in
``rules.py``, scores in ``scoring.py``, the notation in ``actions.py``. The rules as implemented: docs/rules/overwrite.md.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import InvalidNotation
from ...core.game import Game
from ...core.options import Option, OptionSchema
from ..registry import register
from . import actions, evaluation, legal, pick, rules, scoring
from .actions import PLACEABLE, format_action
from .board import cell_name, cells_of
from .evaluation import BOT_SETTINGS
from .pieces import COLOUR, KIND, ORDER, SHAPE, SIZE, orientation_name
from .board import SIDE_NAMES, OPPOSITE
from .start import new_state
from .state import FAIL_CHOICES, PRINTED_EDITION, OverwriteState, edition


def _names(mask: int) -> list[str]:
    return [cell_name(cell) for cell in cells_of(mask)]


def _by_box_order(pieces) -> list[str]:
    return sorted(pieces, key=ORDER.__getitem__)


def _unlock_sides(state: OverwriteState) -> list[list[str]]:
    """The pairs of sides a chain must join to unlock stacking (O12, O27):
    any two opposite sides up to edition 2; from edition 3 a side the first
    piece lies against and the one opposite it, none on an empty board (the
    next piece is a first piece, O10). None once stacking is allowed."""
    if state.unlocked:
        return []
    if edition(state) < PRINTED_EDITION:
        return [["top", "bottom"], ["left", "right"]]
    if not state.occupied:
        return []
    return [[SIDE_NAMES[i], SIDE_NAMES[OPPOSITE[i]]] for i in range(4) if state.first_sides >> i & 1]


class Overwrite(Game):
    id = "overwrite"
    title = "Overwrite"
    min_players = 2
    max_players = 6
    hidden_information = False
    chance = True
    options = OptionSchema(
        Option("players", "int", 2, minimum=2, maximum=6,
               help="2: 6x6 board, 3-4: 8x8, 5-6: 10x10"),
        Option("rules", "int", 3, minimum=1, maximum=3, legacy=1,
               help="rules edition: 2 puts back a System Fail drawn before the first piece is "
                    "placed (O26); 3 unlocks stacking only across from the first piece's side and "
                    "keeps the bank at the number of players (O27, O28); links made before 2 replay as 1"),
        Option("fail", "choice", FAIL_CHOICES[0], choices=FAIL_CHOICES,
               help="first-piece: a System Fail drawn before the first piece is placed goes back (O26); "
                    "printed: any draw of it ends the game, as printed (edition 1 always plays so)"),
    )
    bot_settings = BOT_SETTINGS
    timeout_verbs = ("pass", "end")
    #: legality; ``rng.choice`` of the legal list counted kind by kind without
    #: building it (``pick.pick_legal``: the same action, the same draw);
    #: applying actions; scores; the notation; the evaluation (``Game.modules``)
    modules = (legal, pick, rules, scoring, actions, evaluation)
    setup = staticmethod(new_state)

    def iter_legal_actions(self, state, seat):
        return legal.iter_legal(state, seat)

    def legal_notation(self, state, seat, prefix=""):
        """Only the actions the prefix can match are built: ``"p1 place 1L4 "``
        lists 1L4's placements, ``"p1 defrag "`` the moves."""
        verb = name = None
        words = prefix.split(" ")
        if len(words) >= 3 and words[1] in ("place", "defrag", "reserve", "draw", "pass"):
            verb = words[1]
            if len(words) >= 4 and words[2]:
                name = words[2]
        elif len(words) == 2 and words[1] == "":
            verb = None
        texts = (format_action(a) for a in legal.iter_legal(state, seat, verb, name))
        return [text for text in texts if text.startswith(prefix)]

    def rank_steps(self, state, seat, actions=None):
        """The one-ply ranking ``netarcade.bots.greedy.rank_steps`` asks for,
        placements scored from masks (``evaluation.rank_steps``)."""
        return evaluation.rank_steps(self, state, seat, actions)

    def determinize(self, state, seat, rng):
        """Only the envelope's order is unknown to anyone: resample it."""
        world = state.copy()
        rng.shuffle(world.envelope)
        return world

    def chance_worlds(self, state, seat, rng):
        """One determinization per piece the next draw can bring (every
        piece left is as likely), in a random order, the rest of each
        envelope shuffled: the search's exact sum over the next draw
        (``evaluation.chance_worlds``)."""
        return evaluation.chance_worlds(state, rng)

    def body(self, state: OverwriteState, observer) -> dict[str, Any]:
        """Overwrite hides nothing from any seat but the envelope's order."""
        groups = scoring.largest_groups(state)
        envelope = _by_box_order(state.envelope)
        kinds: dict[str, int] = {}
        for piece in envelope:
            key = KIND[piece] if KIND[piece] != "data" else f"colour{COLOUR[piece] + 1}"
            kinds[key] = kinds.get(key, 0) + 1
        pieces = []
        for piece in _by_box_order(state.placed):
            orient, anchor, mask = state.placed[piece]
            pieces.append({
                "id": piece, "kind": KIND[piece], "colour": COLOUR[piece], "shape": SHAPE[piece],
                "orient": orientation_name(orient), "cell": cell_name(anchor), "cells": _names(mask),
                "uncovered": state.is_uncovered(piece),
            })
        return {
            "options": dict(state.options),
            "players": state.players,
            "size": state.size,
            "area": _names(state.inside),
            "current": None if state.over else state.current,
            "phase": state.phase,
            "first": state.first,
            "unlocked": state.unlocked,
            "unlock_sides": _unlock_sides(state),
            "stacks": [list(stack) for stack in state.stacks],
            "pieces": pieces,
            "encrypted": _names(state.encrypted),
            "bank": list(state.bank),
            "personal": [list(p) for p in state.personal],
            "envelope": {"count": len(envelope), "pieces": envelope, "kinds": kinds},
            "out": _by_box_order(state.out),
            "visible": scoring.visible(state),
            "groups": [_names(mask) for mask in groups],
            "failed_by": state.failed_by,
            "history": [list(row) for row in state.history],
            "resigned": list(state.resigned),
        }

    def canonical(self, state: OverwriteState):
        # edition 1 digests as before the rules option existed (O26), and a
        # game with the default end rule as before the fail option existed
        options = {k: v for k, v in state.options.items()
                   if not (k == "rules" and v == 1) and not (k == "fail" and v == FAIL_CHOICES[0])}
        return {
            "options": options,
            "envelope": list(state.envelope),
            "bank": list(state.bank),
            "personal": [list(p) for p in state.personal],
            "out": list(state.out),
            "placed": sorted([piece, orient, anchor] for piece, (orient, anchor, _) in state.placed.items()),
            "stacks": [list(stack) for stack in state.stacks],
            "unlocked": state.unlocked,
            "current": state.current,
            "phase": state.phase,
            "first": state.first,
            "turn": state.turn,
            "over": state.over,
            "failed_by": state.failed_by,
            "history": [list(row) for row in state.history],
            # only once someone resigned: older games keep their digests
            **({"resigned": list(state.resigned)} if state.resigned else {}),
            # only from edition 3, where it decides when stacking unlocks (O27)
            **({"first_sides": state.first_sides} if edition(state) >= PRINTED_EDITION else {}),
        }


OVERWRITE = register(Overwrite())

__all__ = ["OVERWRITE", "Overwrite", "PLACEABLE", "InvalidNotation", "SIZE"]
