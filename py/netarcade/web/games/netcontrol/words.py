"""Net Control's table in words: the chooser, status, prompt, result, log
notes and the explanations of a greyed-out tool.

What it is for: every sentence the page's Net Control controls say (and
the resource chooser's titles and notes), kept apart from their behaviour
(``table.py``), as a mixin the table inherits.
Numbers come from the rules module (costs, supply, hand limit).

What it is not: behaviour, HTML (``views.py``) or rules.
"""

from __future__ import annotations

from typing import Any

from netarcade.games.netcontrol.board import RESOURCE_CODES, RESOURCES
from netarcade.games.netcontrol.rules import COSTS, MONOPOLY_TAKE, SUPPLY
from netarcade.web.table import Table

from .tools import CARD_INFO, CHOOSER_TOOLS, TOOL_INFO, TOOL_SPECS, cost_text

__all__ = ["NetControlWords"]


def _verb(text: str) -> str:
    words = text.split()
    return words[1] if len(words) > 1 else ""


def _either(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


class NetControlWords:
    """What the Net Control table says; mixed into ``NetControlTable``."""

    def chooser(self) -> dict[str, Any] | None:
        """The resource chooser the page shows now, or None: ``{"mode":
        "discard" | "trade-give" | "trade-take" | "resource" | "monopoly",
        "title": ..., "options": [{"code", "name", "enabled", "note"}]}``."""
        if not self.session.is_human_turn():
            return None
        view = self.view()
        seat = self.session.current
        player = view["players"][seat]
        hand = player["hand"] or [0] * 5
        rates = player["rates"]
        options = []
        if self.phase == "discard":
            owed = view["owed"].get(str(seat), 0)
            for r, code in enumerate(RESOURCE_CODES):
                options.append({"code": code, "name": RESOURCES[r], "enabled": hand[r] > 0,
                                "note": f"of {hand[r]}"})
            return {"mode": "discard", "title": f"Discard {owed} more", "options": options}
        if self.phase != "main" or self.tool not in CHOOSER_TOOLS:
            return None
        if self.tool == "trade" and not self.picked:
            gives = set(self.next_words(TOOL_SPECS["trade"]))
            for r, code in enumerate(RESOURCE_CODES):
                options.append({"code": code, "name": RESOURCES[r], "enabled": code in gives,
                                "note": f"{rates[r]}:1"})
            return {"mode": "trade-give", "title": "Trade: give which?", "options": options}
        if self.tool == "trade":
            give = self.picked[0]
            rate = rates[RESOURCE_CODES.index(give)]
            for r, code in enumerate(RESOURCE_CODES):
                options.append({"code": code, "name": RESOURCES[r], "enabled": code != give,
                                "note": "give" if code == give else "+1"})
            return {"mode": "trade-take", "title": f"Give {rate} {give}, take which?", "options": options}
        if self.tool == "resource":
            first = self.picked[0] if self.picked else None
            for r, code in enumerate(RESOURCE_CODES):
                options.append({"code": code, "name": RESOURCES[r], "enabled": True,
                                "note": "+1"})
            title = f"Resource: {first} and which?" if first else "Resource: take which two?"
            return {"mode": "resource", "title": title, "options": options}
        rivals = [p for p in view["players"] if p["seat"] != seat]
        for r, code in enumerate(RESOURCE_CODES):
            gain = sum(min(MONOPOLY_TAKE, (p["hand"] or [0] * 5)[r]) for p in rivals)
            options.append({"code": code, "name": RESOURCES[r], "enabled": True, "note": f"+{gain}"})
        return {"mode": "monopoly", "title": "Monopoly: name a resource", "options": options}

    def _label(self, tool: str) -> str:
        if tool in TOOL_INFO:
            return TOOL_INFO[tool][0]
        return CARD_INFO[tool][0] if tool in CARD_INFO else tool

    def _not_your_turn(self) -> str:
        session = self.session
        if not session.over and self.phase == "discard":
            waiting = [session.names[seat] for seat in session.waiting()]
            return f"Wait: {' and '.join(waiting)} must discard first."
        return Table._not_your_turn(self)

    def _phase_first(self) -> str:
        phase = self.phase
        if phase == "roll":
            return "Roll the dice first (R)."
        if phase == "discard":
            return "Discard first: pick the resources to give up."
        if phase in ("setup-node", "rebuild"):
            return "Place your node first: pick a highlighted corner."
        if phase == "setup-link":
            return "Place your link first: pick a highlighted edge."
        return "Not now."

    def _hand(self) -> list[int]:
        player = self.view()["players"][self.session.current]
        return player["hand"] or [0] * 5

    def _short(self, verb: str) -> str | None:
        """What the hand lacks for ``verb`` ("1fi 2me"), or None if it covers it."""
        hand = self._hand()
        missing = [f"{need - have}{RESOURCE_CODES[r]}" for r, (need, have) in
                   enumerate(zip(COSTS[verb], hand)) if need > have]
        return " ".join(missing) or None

    def _why_unavailable(self, tool: str) -> str:
        view = self.view()
        seat = self.session.current
        if tool in COSTS:
            short = self._short(tool)
            label = {"draw": "Draw card", "super": "A Super Node", "clear": "Clearing a virus"}.get(
                tool, self._label(tool))
            if short:
                return f"{label} costs {cost_text(tool)}; you are short {short}."
            if tool == "link":
                return f"No free edge touches your network, or your {SUPPLY['link']} links are all out."
            if tool == "node":
                return ("No free corner at the end of your links is 2 edges from every building "
                        f"(or your {SUPPLY['node']} nodes are all out).")
            if tool == "super":
                return f"You have no node left to upgrade (or all {SUPPLY['super']} Super Nodes are out)."
            if tool == "clear":
                return "No tile under one of your buildings carries a virus."
            if tool == "draw":
                return "No special card is left to draw."
            return f"There is nothing to {label.lower()} now."
        if tool == "trade":
            return self._why_no_trade()
        player = view["players"][seat]
        cards = player["cards"] or {}
        fresh = player["fresh"] or {}
        label = CARD_INFO[tool][0]
        if not cards.get(tool):
            return f"You hold no {label} card."
        if view["played_card"]:
            return "You already played a special card this turn (one per turn)."
        if cards.get(tool, 0) - fresh.get(tool, 0) <= 0:
            return f"A {label} card cannot be played on the turn you drew it."
        if tool == "hack":
            return "There is no enemy building to hack."
        if tool == "linkbuild":
            return "Link Building needs two free edges in reach and two links left in your supply."
        return f"{label} cannot be played now."

    def _why_no_trade(self) -> str:
        """Why Trade is greyed: each resource in hand against its own rate
        (a 2:1 exchange for one resource says nothing about another), or,
        with an empty hand, what a trade takes at this player's rates.

        "Trading takes 4 compute (4:1; you have 3) or 2 firewall (2:1; you have 1)."
        """
        player = self.view()["players"][self.session.current]
        rates, hand = player["rates"], player["hand"] or [0] * 5
        held = [f"{rates[r]} {RESOURCES[r]} ({rates[r]}:1; you have {have})"
                for r, have in enumerate(hand) if have]
        if held:
            return f"Trading takes {_either(held)}."
        base = max(rates)
        better = [f"{rates[r]} {RESOURCES[r]} ({rates[r]}:1)" for r in range(5) if rates[r] < base]
        return f"Your hand is empty; trading takes {_either([f'{base} of one resource ({base}:1)'] + better)}."

    def _why_not_give(self, code: str) -> str:
        r = RESOURCE_CODES.index(code)
        player = self.view()["players"][self.session.current]
        rate, have = player["rates"][r], (player["hand"] or [0] * 5)[r]
        return f"Trading {RESOURCES[r]} takes {rate} ({rate}:1 for you); you have {have}."

    def _who(self, seat: int) -> str:
        return self.names[seat]

    def status(self) -> str:
        """The status line: whose move and what to do; or the result."""
        session = self.session
        view = self.view()
        if view["phase"] == "over":
            return self.result()[0]
        seat = session.current
        name = self._who(seat)
        you = name == "You"
        phase = view["phase"]
        if session.setup.is_bot(seat):
            if phase == "discard":
                return f"{name} is discarding\u2026"
            return f"{name} is thinking\u2026"
        subject = "You" if you else name
        if phase == "setup-node":
            return f"{subject} place{'' if you else 's'} a node"
        if phase == "rebuild":
            return f"{subject} place{'' if you else 's'} a free node: no building left"
        if phase == "setup-link":
            return f"{subject} place{'' if you else 's'} a link"
        whose = self.whose_turn(name)
        if phase == "roll":
            return f"{whose}: roll the dice"
        if phase == "discard":
            owed = view["owed"].get(str(seat), 0)
            reason = "network purge" if self._last_roll_kind() == "purge" else "a 7"
            who = "you" if you else name
            return f"Discard {owed} card{'s' if owed != 1 else ''}: {reason}, and {who} hold{'' if you else 's'} too many"
        return f"{whose}: build, trade or play a card"

    def _last_roll_kind(self) -> str | None:
        for entry in reversed(self.session.log):
            if _verb(entry.text) == "roll":
                kinds = {event.get("kind") for event in entry.events}
                return "purge" if "purge" in kinds else "seven" if "seven" in kinds else None
        return None

    def prompt(self) -> str:
        """The line under the status: the answer to the last click, or what
        the current choice does next."""
        if self.message:
            return self.message
        session = self.session
        view = self.view()
        if session.over:
            if session.setup.humans:
                return "Undo goes back to your last move; Play again starts another game."
            return "New game starts another."
        if not session.is_human_turn():
            return self.elsewhere() or "Bots move with a short pause so you can follow."
        phase = view["phase"]
        seat = session.current
        if phase == "setup-node":
            second = view["setup_step"] >= len(view["players"])
            extra = (" This second node also collects one resource from each tile around it."
                     if second else " Two corners apart from every building; you place two nodes in all.")
            return f"Pick a highlighted corner.{extra}"
        if phase == "setup-link":
            return f"Pick a highlighted edge beside your new node v{view['last_node']}."
        if phase == "rebuild":
            return "You have no building left: pick a highlighted corner for a free node, then roll."
        if phase == "roll":
            return "Press Roll (R): the sum produces; a red 6 moves the threat track."
        if phase == "discard":
            owed = view["owed"].get(str(seat), 0)
            return f"Pick a resource in the chooser to discard it ({owed} to go; keys 1-5)."
        tool = self.tool
        if tool is None:
            return "Choose an action beside the board, or End turn (E); a greyed one says what it needs."
        if tool == "trade":
            if not self.picked:
                return "Trade: pick what to give (your rate is shown), then what to take. Esc cancels."
            return f"Trade {self.picked[0]}: pick what to take. Esc goes back."
        if tool == "resource":
            return "Resource card: pick two resources (the same one twice is fine). Esc goes back."
        if tool == "monopoly":
            return "Monopoly: name a resource; every rival hands you up to 2 of it."
        if tool == "linkbuild":
            if not self.picked:
                return "Link Building: pick the first free link (highlighted edges). Esc cancels."
            return f"Link Building: pick the second link; it may chain off {self.picked[0]}. Esc goes back."
        count = len(self.actions_of(tool))
        if tool == "hack":
            return f"Hack: pick an enemy building (crosshairs, {count} possible). A fortification absorbs it first."
        if tool == "virus":
            return f"Virus: pick a tile to infect ({count} possible). It produces nothing until cleared."
        label = {"super": "Super Node", "clear": "Clear virus"}.get(tool, self._label(tool))
        where = {"link": "edge", "node": "corner", "super": "node of yours", "fortify": "building of yours",
                 "clear": "infected tile"}[tool]
        return f"{label} ({cost_text(tool)}): pick a highlighted {where} ({count} possible). Esc cancels."

    def result(self) -> tuple[str, str]:
        """Headline and detail of a finished game."""
        view = self.view()
        names = self.names
        xp = [player["xp"] for player in view["players"]]
        winner = view["winner"]
        target = view["options"]["target"]
        if winner is None:
            headline = "Game over"
        elif names[winner] == "You":
            headline = f"You win with {xp[winner]} XP"
        else:
            headline = f"{names[winner]} wins with {xp[winner]} XP"
        bonuses = []
        for key, label in (("longest", "Longest Network"), ("fortified", "Most Fortified")):
            holder = view[key]
            bonuses.append(f"{label}: {names[holder] if holder is not None else 'nobody'}")
        detail = (f"XP {' : '.join(str(value) for value in xp)} after {self.round()} rounds "
                  f"(target {target}). {'; '.join(bonuses)}.")
        return headline, detail

    def event_notes(self, events) -> list[str]:
        """Short words the activity log adds after an action."""
        names = self.names
        notes = []

        def seat_name(seat) -> str:
            return f"P{int(seat) + 1}"

        for event in events:
            kind = event.get("kind")
            if kind == "roll":
                notes.append(f"red {event['red']} + white {event['white']} = {event['sum']}")
            elif kind == "produce":
                gained = " ".join(f"+{n}{RESOURCE_CODES[r]}" for r, n in enumerate(event["gained"]) if n)
                notes.append(f"{seat_name(event['seat'])} {gained}")
            elif kind == "starting-resources":
                gained = " ".join(f"+{n}{RESOURCE_CODES[r]}" for r, n in enumerate(event["gained"]) if n)
                if gained:
                    notes.append(gained)
            elif kind == "threat":
                notes.append(f"threat {event['level']}/3")
            elif kind == "purge":
                owed = ", ".join(f"{seat_name(s)} -{k}" for s, k in event["owed"].items())
                notes.append("network purge" + (f": {owed}" if owed else ""))
            elif kind == "seven":
                owed = ", ".join(f"{seat_name(s)} -{k}" for s, k in event["owed"].items())
                notes.append(f"seven: {owed}")
            elif kind == "trade":
                notes.append(f"{event['rate']}{event['give']} \u2192 1{event['take']}")
            elif kind == "drew":
                notes.append(f"drew {CARD_INFO[event['card']][0]}")
            elif kind == "reshuffle":
                notes.append(f"deck reshuffled ({event['xp_removed']} +1 XP removed)")
            elif kind == "hack":
                notes.append({"stripped": "a fortification absorbed it", "demoted": "Super Node demoted",
                              "destroyed": "node destroyed"}[event["result"]])
            elif kind == "resources":
                notes.append(" ".join(f"+1{code}" for code in event["take"]))
            elif kind == "monopoly":
                taken = ", ".join(f"{k} from {seat_name(s)}" for s, k in event["taken"].items())
                notes.append(f"took {taken}" if taken else "nobody had any")
            elif kind == "play" and event["card"] == "xp":
                notes.append("+1 XP")
            elif kind == "bonus":
                label = "Longest Network" if event["bonus"] == "longest-network" else "Most Fortified"
                holder = event["seat"]
                notes.append(f"{label} \u2192 {seat_name(holder) if holder is not None else 'nobody'}")
            elif kind == "turn-limit":
                notes.append("turn limit: game over")
            elif kind == "game-over":
                notes.append(f"game over: {names[event['winner']]} wins" if event.get("winner") is not None
                             else "game over")
        return notes
