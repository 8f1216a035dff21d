"""Breach's table in the page: the turn's decisions, picks, board hints.

What it is for: the page's Breach controls as a small state machine,
without a DOM. Every decision is declared in ``tools.py``; the shared picks
machine (``web.table.Table.advance``) asks the engine which words may come
next and plays the legal notation a pick completes. What the player does
follows the phase of the engine's view:

- **modify**: Run Exploits (``R``) or Lay Low (``L``).
- **exploits**: an Exploit's Play button (``data-tool`` = the card); a card
  with a target then asks for it: a player (buttons), a Node (lit on the
  board: BACKDOOR, SPLICE) or a layer (REROUTE: both Nodes of every layer
  light; a click names its layer). Move on (``E``) ends the step.
- **window** (a block window, when the human must answer): Pass (``P``), or
  pick two Exploits of the hand to Block / Counter with.
- **speed**: Safe (``S``) or Sprint (``D``); **reroll**: Keep (``E``), or a
  die, then two Exploits.
- **move**: the Nodes (and Root / Edge) the engine allows light up; a click
  enters; Stop here (``E``). **discard**: a card of the hand. **crash**:
  one of the lit blue Nodes.

What it is not: rules (the engine decides), words (``words.py``), HTML
(``views.py``), the board (``render.py``) or DOM code.
"""

from __future__ import annotations

from typing import Any

from netarcade.web.session import Session
from netarcade.web.table import COMMON_KEYS, Table

from .tools import BARE, CARD_IDS, EXPLOIT, PICKS, PLAY
from .words import BreachWords

__all__ = ["BreachTable"]

_KEYS = {"r": "run", "l": "laylow", "p": "pass", "s": "safe", "d": "sprint"}
#: "end this step" (E): the one-word decision each phase ends with
_END = {"exploits": "move", "reroll": "keep", "move": "stop", "window": "pass"}
#: which command a phase accepts
_PHASE_OF = {"run": "modify", "laylow": "modify", "move": "exploits", "pass": "window", "safe": "speed",
             "sprint": "speed", "keep": "reroll", "stop": "move"}


def _positions(layer: str) -> list[str]:
    return [f"{layer}t", f"{layer}b"]


class BreachTable(BreachWords, Table):
    """The controls of one Breach session: the decision being built (an
    Exploit waiting for its target, a block's first card, a reroll's die)
    and the last message for the player."""

    game = "breach"
    tools = CARD_IDS

    def __init__(self, session: Session):
        super().__init__(session)
        self._version = session.version
        self.sync()

    # --- what the screen shows ----------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.view()["phase"]

    def deciding(self) -> bool:
        """Is a human deciding now?"""
        return self.session.is_human_turn()

    def texts(self, prefix: str = "") -> list[str]:
        """Legal notation of the human to act; none on a bot's turn."""
        return self.session.legal_texts(prefix) if self.deciding() else []

    def can(self, command: str) -> bool:
        """Is the one-word decision ``command`` legal now?"""
        return bool(self.deciding() and self.continuing(BARE[command].verb))

    def playable(self, card: str) -> bool:
        return bool(self.deciding() and self.phase == "exploits" and self.next_words(PLAY[card]) and
                    card in self.next_words(PLAY[card]))

    def pick_tool(self):
        """The tool the hand's cards pick for now (block, counter, reroll, discard), or None."""
        if not self.deciding():
            return None
        phase = self.phase
        if phase == "window":
            return PICKS["block" if self.view()["window"]["blocker"] is None else "counter"]
        if phase == "discard":
            return PICKS["discard"]
        if phase == "reroll" and self.tool == "reroll":
            return PICKS["reroll"]
        return None

    def auto_answer(self) -> str | None:
        """The pass the page answers a block window with for the player: when
        the player, asked whether to block an Exploit, holds no pair that
        blocks it (the engine's legal actions offer no ``block``), or has
        chosen to pass on blocks automatically (:attr:`auto_pass`). Only the
        first question of a window (nobody has blocked yet): a counter, on
        the player's own Exploit or after the player's block, is always asked.
        The pass is the Pass button's notation, played the same way."""
        if not self.deciding() or self.phase != "window" or self.view()["window"]["blocker"] is not None:
            return None
        texts = self.texts()
        passing = [text for text in texts if text.split()[1:] == ["pass"]]
        if not passing:
            return None
        if self.auto_pass or not any(text.split()[1:2] == ["block"] for text in texts):
            return passing[0]
        return None

    def targets(self) -> list[str]:
        """The words that may complete the Exploit being played (after its card)."""
        if self.tool in PLAY and self.picked:
            return self.next_words(PLAY[self.tool], self.picked)
        return []

    # --- changes --------------------------------------------------------------------------
    def sync(self) -> None:
        """After any change: a played action ends whatever was being built,
        and the answer to an old click goes."""
        if self.session.version != self._version:
            self._version = self.session.version
            self.tool, self.picked, self.message = None, [], None
        if not self.deciding():
            self.tool, self.picked = None, []

    def drop_picks(self) -> None:
        self.tool, self.picked = None, []

    def select_tool(self, tool: str) -> str | None:
        """An Exploit's Play button: a card without a target plays at once;
        one with a target waits for it (pressing it again puts it down)."""
        if tool not in PLAY:
            raise ValueError(f"unknown Exploit {tool!r}")
        self.message = None
        if not self.deciding():
            self.message = self._not_your_turn()
            return None
        if self.phase != "exploits":
            self.message = self._phase_first()
            return None
        if self.tool == tool:
            self.drop_picks()
            return None
        spec = PLAY[tool]
        if tool not in self.next_words(spec):
            return self.play(self.complete(spec, [tool]))  # the engine says why not
        self.tool, self.picked = tool, []
        played = self.advance(spec, tool)
        if played is None and self.message is None and not self.targets():
            self.drop_picks()
        return played

    def cancel(self) -> None:
        """Escape: drop the last pick first, then the decision being built."""
        self.message = None
        if self.picked and not (self.tool in PLAY and len(self.picked) == 1):
            self.picked.pop()
        else:
            self.drop_picks()

    def click(self, name: str) -> str | None:
        """A Node card (``5t``), Root or Edge on the board."""
        self.message = self._cannot_click()
        if self.message:
            return None
        phase = self.phase
        if phase == "move":
            return self.advance(PICKS["enter"], name)
        if phase == "crash":
            return self.advance(PICKS["crash"], name)
        if phase == "exploits" and self.tool in PLAY and self.picked:
            target = EXPLOIT[self.tool].target
            if target in ("node", "splice"):
                return self.advance(PLAY[self.tool], name)
            if target == "layer" and name[:-1].isdigit():
                return self.advance(PLAY[self.tool], name[:-1])
            self.message = f"{EXPLOIT[self.tool].name}: pick its target below the board (Esc cancels)."
            return None
        self.message = self._why_no_click()
        return None

    def command(self, name: str, value: str | None = None) -> str | None:
        """A button: a one-word decision (``run``, ``laylow``, ``move``,
        ``pass``, ``safe``, ``sprint``, ``keep``, ``stop``), ``end`` (the
        one that ends this step), ``target`` (a seat or layer for the
        Exploit being played), ``die`` (the die to reroll), ``pick`` (a card
        of the hand: block, counter, reroll, discard) or ``card`` (play it)."""
        self.message = None
        session = self.session
        if name == "card":
            return self.select_tool(value or "")
        if session.over:
            self.message = "The game is over."
            return None
        if not self.deciding():
            self.message = self._not_your_turn()
            return None
        phase = self.phase
        if name == "end":
            if phase not in _END:
                self.message = self._phase_first()
                return None
            name = _END[phase]
        if name in BARE:
            if _PHASE_OF[name] != phase:
                self.message = self._phase_first()
                return None
            return self.advance(BARE[name])
        if name == "target":
            if self.tool not in PLAY or not self.picked:
                self.message = "Pick an Exploit to play first."
                return None
            return self.advance(PLAY[self.tool], value or "")
        if name == "die":
            if phase != "reroll":
                self.message = self._phase_first()
                return None
            if self.tool == "reroll" and self.picked[:1] == [value]:
                self.drop_picks()
                return None
            self.tool, self.picked = "reroll", []
            return self.advance(PICKS["reroll"], value or "")
        if name == "pick":
            tool = self.pick_tool()
            if tool is None:
                self.message = ("Choose the die to reroll first." if phase == "reroll" else
                                "Use the Play buttons to play an Exploit." if phase == "exploits" else
                                self._phase_first())
                return None
            self.tool = tool.verb
            return self.advance(tool, value or "")
        self.message = f"unknown command {name!r}"
        return None

    def end_turn(self) -> str | None:
        return self.command("end")

    def key_command(self, key: str) -> str | None:
        key = key.lower()
        if key in _KEYS:
            return _KEYS[key]
        if key in ("1", "2") and self.deciding() and self.phase == "reroll":
            return f"die:{key}"
        return COMMON_KEYS.get(key)

    # --- the board's hints -----------------------------------------------------------------
    def entry_targets(self, entry) -> list[str]:
        """The Nodes an entry touched, from its events: entries, swaps, crash restarts."""
        return [where for event in entry.events if event.get("kind") in ("enter", "swap", "crash-to")
                for where in (event.get(key) for key in ("at", "a", "b"))
                if isinstance(where, str) and where[:-1].isdigit()]

    def hints(self) -> dict[str, Any]:
        """Hints for ``render_board``: names, the last moves, and what a click may choose now."""
        hints: dict[str, Any] = {"names": self.names, "last": self.last_targets(), "nodes": {}, "labels": {}}
        if not self.deciding():
            return hints
        view = self.view()
        cards = {node["at"]: node for node in view["network"]}
        phase = self.phase
        lit, labels = hints["nodes"], hints["labels"]
        if phase == "move":
            bw = view["move"]["bw"]
            for where in self.next_words(PICKS["enter"]):
                lit[where] = "build"
                node = cards.get(where)
                labels[where] = (f"Enter {node['name']} ({where})" if node else f"Enter {where.upper()}") + \
                    f" with {bw} Bandwidth"
        elif phase == "crash":
            for where in self.next_words(PICKS["crash"]):
                lit[where] = "move-from"
                labels[where] = f"Restart at {cards[where]['name']} ({where})"
        elif phase == "exploits" and self.tool in PLAY and self.picked:
            kind = EXPLOIT[self.tool].target
            name = EXPLOIT[self.tool].name
            for word in self.targets():
                if kind in ("node", "splice"):
                    lit[word] = "reroute" if kind == "splice" else "build"
                    labels[word] = f"{name} on {cards[word]['name']} ({word})"
                elif kind == "layer":
                    for where in _positions(word):
                        lit[where] = "reroute"
                        labels[where] = f"{name}: swap the two Nodes of layer {word}"
        return hints
