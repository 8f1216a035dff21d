"""Breach's table in words: status, prompt, result, log notes and why a
click does nothing.

What it is for: every sentence the page's Breach controls say, kept apart
from their behaviour (``table.py``), as a mixin the table inherits. Numbers
come from ``games/breach/cards.py`` (through ``tools.py``).

What it is not: behaviour, HTML (``views.py``) or rules.
"""

from __future__ import annotations

from typing import Any

from netarcade.games.breach.cards import NODE
from netarcade.web.table import Table

from .tools import CRASH, EXPLOIT, HAND, card_name, where_words

__all__ = ["BreachWords", "where_words"]


class BreachWords:
    """What the Breach table says; mixed into ``BreachTable``."""

    def seat_name(self, seat: int) -> str:
        return self.names[seat]

    def target_words(self, card: str, target: str | None) -> str:
        """What an Exploit is played on, in words: ``on Greedy bot``, ``on layer 5``."""
        if target is None:
            return ""
        if target.startswith("p") and target[1:].isdigit():
            seat = int(target[1:]) - 1
            return f" on {'you' if self.names[seat] == 'You' else self.names[seat]}"
        if target.isdigit():
            return f" on layer {target}"
        names = {node["at"]: node["name"] for node in self.view()["network"]}
        return f" on {target}" + (f" ({names[target]})" if target in names else "")

    def window_line(self) -> str:
        """The open block window in one sentence."""
        window = self.view()["window"]
        if window is None:
            return ""
        player = self.names[window["player"]]
        line = f"{player} played {card_name(window['card'])}{self.target_words(window['card'], window['target'])}"
        if window["blocker"] is not None:
            line += f"; {self.names[window['blocker']]} blocked it"
        return line

    def status(self) -> str:
        session = self.session
        if session.over:
            return self.result()[0]
        view = self.view()
        seat = session.current
        name = self.names[seat]
        you = name == "You"
        phase = view["phase"]
        if not self.deciding():
            if phase == "window":
                return f"{name} is deciding whether to {'block' if view['window']['blocker'] is None else 'counter'}…"
            return f"{name} is thinking…"
        whose = "Your" if you else f"{name}'s"  # "Your move" / "Player 2's move"
        window = view["window"]
        if phase == "modify":
            return f"{self.whose_turn(name)}: Run Exploits or Lay Low"
        if phase == "exploits":
            return f"{whose} Exploits: play one, or move on"
        if phase == "window":
            if window["blocker"] is None:
                return f"{self.window_line()}: block it?"
            if seat == window["player"]:
                return f"{self.names[window['blocker']]} blocked your {card_name(window['card'])}: counter?"
            return f"{self.names[window['player']]} countered: counter again?"
        if phase == "speed":
            return "Declare your speed" if you else f"{name}: declare your speed"
        if phase == "reroll":
            dice = view["move"]["dice"]
            return f"{name} rolled {' + '.join(map(str, dice))}: {view['move']['bw']} Bandwidth. Keep or reroll?"
        if phase == "move":
            return f"{whose} move: {view['move']['bw']} Bandwidth left"
        if phase == "discard":
            me = view["seats"][seat]
            return f"{whose} Manifest: discard down to {HAND} ({me['hand_size'] - HAND} to go)"
        if phase == "crash":
            return "CRASH! Choose the blue Node to restart from" if you else \
                f"{name}: CRASH! Choose the blue Node to restart from"
        return ""

    def prompt(self) -> str:
        if self.message:
            return self.message
        session = self.session
        if session.over or not self.deciding():
            return self.window_line() if self.phase == "window" else self.elsewhere() or ""
        view = self.view()
        phase = view["phase"]
        me = view["seats"][session.current]
        if phase == "modify":
            return (f"Run Exploits (R) refills your hand to {HAND}; Lay Low (L) returns "
                    f"{min(2, me['exposure'])} Exposure and discards your Exploits, but you do not move.")
        if phase == "exploits":
            if self.tool in EXPLOIT and self.picked:
                kind = EXPLOIT[self.tool].target
                what = {"ahead": "pick a player below", "node": "click a lit Node next to you",
                        "splice": "click a lit Node: it swaps with the one beside it toward Root",
                        "layer": "click a card of the layer whose two Nodes swap"}[kind]
                return f"{EXPLOIT[self.tool].name}: {what} (Esc cancels)."
            return "Each Exploit's Play button; others may block it. Move on (E) to roll."
        if phase == "window":
            verb = "Block" if view["window"]["blocker"] is None else "Counter"
            if self.picked:
                return f"{verb} with {card_name(self.picked[0])} and which? Pick a second Exploit (Esc cancels)."
            return f"{verb}: pick 2 Exploits of your hand to discard; or Pass (P)."
        if phase == "speed":
            return "Safe (S) rolls 1 die; Sprint (D) rolls 2 and costs 1 Exposure."
        if phase == "reroll":
            if self.tool == "reroll" and self.picked:
                return f"Reroll die {self.picked[0]}: pick 2 Exploits to discard ({len(self.picked) - 1} picked)."
            return "Keep (E), or pick a die to reroll for 2 Exploits."
        if phase == "move":
            lit = len(self.hints()["nodes"])
            stop = " or Stop here (E)" if self.can("stop") else ""
            return f"Click a lit Node to enter it ({lit} you can afford){stop}."
        if phase == "discard":
            return "Pick an Exploit to discard. Exposure and the Payload stay."
        if phase == "crash":
            return f"Exposure reached {CRASH}: your hand is wiped. Click a lit blue Node."
        return ""

    def result(self) -> tuple[str, str]:
        view = self.view()
        winners = view["winners"]
        names = [self.names[s] for s in winners]
        kinds = {e.get("kind") for entry in self.session.log[-3:] for e in entry.events}
        lockdown = "lockdown" in kinds
        if len(names) == 1:
            headline = self.wins(names[0])
            if "last-left" in kinds:
                headline += ": the last player left (the others resigned)"
            else:
                headline += ": lockdown, farthest along" if lockdown else ": Payload transmitted"
        else:
            headline = f"{' and '.join(names)} share the win (lockdown)"
        turns = len(view["history"])  # the chart's points: one per finished turn
        detail = (f"after {view['round']} rounds ({turns} turns); progress: "
                  + ", ".join(f"{self.names[s['seat']]} {s['progress']}" for s in view["seats"]))
        return headline, detail

    # --- refusals ------------------------------------------------------------------------------
    def _phase_first(self) -> str:
        phase = self.phase
        return {
            "modify": "First choose Run Exploits (R) or Lay Low (L).",
            "exploits": "Play an Exploit, or Move on (E).",
            "window": "Answer the Exploit first: Block / Counter with 2 Exploits, or Pass (P).",
            "speed": "Declare your speed first: Safe (S) or Sprint (D).",
            "reroll": "Keep the roll (E) or pick a die to reroll.",
            "move": "Click a lit Node, or Stop here (E).",
            "discard": "Discard down to 5 first: pick an Exploit.",
            "crash": "Choose your checkpoint first: a lit blue Node.",
        }.get(phase, "Not now.")

    def _why_no_click(self) -> str:
        if self.phase == "exploits":
            return "Nodes are entered during the move: play Exploits or Move on (E) first."
        return self._phase_first()

    def _not_your_turn(self) -> str:
        session = self.session
        if not session.over and self.phase == "window":
            return f"Wait: {self.names[session.current]} is answering the Exploit."
        return Table._not_your_turn(self)

    # --- the activity log ----------------------------------------------------------------------
    def event_notes(self, events: Any) -> list[str]:
        """What an action did, in short, from its events."""
        notes = []
        short = lambda seat: f"P{seat + 1}"  # noqa: E731
        for event in events:
            kind, data = event.get("kind"), event
            if kind == "roll":
                dice = data["dice"]
                notes.append(f"{data['speed']} {'+'.join(map(str, dice))} = {sum(dice)} BW")
            elif kind == "reroll":
                notes.append(f"die {data['die']}: {data['was']} \u2192 {data['roll']}")
            elif kind == "overclock":
                notes.append(f"+{data['bw']} BW overclock")
            elif kind == "root-exit":
                notes.append(f"exit roll {data['roll']} vs Exposure {data['exposure']}")
            elif kind == "enter":
                name = NODE[data["node"]].name if data.get("node") in NODE else data["at"]
                notes.append(f"{name}, {data['cost']} BW" if data["how"] == "move" else f"{data['at']} {name} (backdoor)")
            elif kind == "exposure":
                notes.append(f"{short(data['seat'])} {data['change']:+d} EXP = {data['exposure']}")
            elif kind == "spend":
                notes.append(f"{short(data['seat'])} discards {' + '.join(card_name(c) for c in data['cards'])}")
            elif kind == "blocked":
                notes.append(f"BLOCKED by {short(data['by'])}")
            elif kind == "pass":
                notes.append("passes")
            elif kind == "resolve":
                notes.append(f"{card_name(data['card'])} takes effect")
            elif kind == "swap":
                notes.append(f"swap {data['a']} \u21c4 {data['b']}")
            elif kind == "root":
                notes.append("ROOT: takes the Payload")
            elif kind == "transmit":
                notes.append("TRANSMITS the Payload: wins")
            elif kind == "crash":
                notes.append(f"CRASH at {data['at']}: hand wiped, Exposure 0")
            elif kind == "crash-to":
                notes.append(f"restarts at {data['at']}")
            elif kind == "discard":
                count = data.get("count", len(data.get("cards", ())))
                if "cards" in data:
                    notes.append(f"discards {' '.join(card_name(c) for c in data['cards'])}")
                elif count:
                    notes.append(f"discards {count} ({data['why']})")
            elif kind == "draw":
                notes.append(f"{short(data['seat'])} draws {data['count']}")
            elif kind == "stop":
                if data.get("moved"):
                    notes.append(f"stops at {data['at']}")
            elif kind == "expire":
                notes.append(f"{card_name(data['card'])} of {short(data['seat'])} expires")
            elif kind == "shadow-used":
                notes.append("Shadow Link used")
            elif kind == "reshuffle":
                notes.append("deck reshuffled")
            elif kind == "lockdown":
                notes.append("LOCKDOWN: game over")
            elif kind == "resign":
                notes.append(f"{short(data['seat'])} RESIGNS")
            elif kind == "void":
                notes.append(f"{card_name(data['card'])} is void")
            elif kind == "last-left":
                notes.append("the last player left wins")
        return notes
