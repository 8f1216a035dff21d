"""Backbone's table in words: status, prompt, result, log notes and the
explanations of a greyed-out tool or a piece that cannot move.

What it is for: every sentence the page's Backbone controls say, kept apart
from their behaviour (``table.py``), as a mixin the table inherits.

What it is not: behaviour, HTML (``views.py``) or rules.
"""

from __future__ import annotations

from netarcade.games.backbone.rules import MOVABLE

from .tools import TOOL_INFO

__all__ = ["BackboneWords"]

_KIND_NAMES = {"router": "Router", "switch": "Switch", "ap": "Wireless AP", "server": "Server",
               "datacenter": "Datacenter"}



class BackboneWords:
    """What the Backbone table says; mixed into ``BackboneTable``."""

    def _why_unavailable(self, tool: str) -> str:
        label, cost, _, _ = TOOL_INFO[tool]
        view = self.session.view()
        bw = view["bw"][self.session.current]
        if tool == "hack" and view.get("hack_used"):
            return "You already hacked this turn (one Hack per turn)."
        if cost > bw:
            return f"{label} costs {cost} BW and you have {bw}."
        if tool == "reroute":
            return "None of your Switches or APs can move without cutting your network."
        if tool == "hack":
            return "No enemy piece is beside your network (or all of them are Disabled)."
        if tool == "switch":
            return "A Switch needs 2+ of your network's pieces beside it; no empty hex has that."
        return f"There is no legal place for a {label} now."

    def _why_not_movable(self, hex_name: str) -> str:
        piece = next((p for p in self.session.view()["pieces"] if p["hex"] == hex_name), None)
        seat = self.session.current
        if piece is None:
            return f"Reroute: pick one of your Switches or APs first ({hex_name} is empty)."
        if piece["owner"] != seat:
            return f"Reroute moves your own pieces; {hex_name} is your opponent's."
        if piece["kind"] not in MOVABLE:
            return f"Only Switches and APs reroute; {hex_name} is a {_KIND_NAMES[piece['kind']]}."
        if piece["disabled"] or not piece["in_network"]:
            return f"The piece at {hex_name} is not in your network right now."
        return f"The piece at {hex_name} cannot move without cutting your network."

    def status(self) -> str:
        """The status line: whose move, actions left, BW; or the result."""
        session = self.session
        view = session.view()
        if view["over"]:
            return self.result()[0]
        seat = session.current
        name = session.names[seat]
        left = view["actions_left"]
        closing = "Closing turn! " if view.get("closing") is not None else ""
        if session.setup.is_bot(seat):
            return f"{closing}{name} is thinking\u2026"
        whose = "Your move" if name == "You" else f"{name} to move"
        actions = f"{left} action{'s' if left != 1 else ''} left"
        return f"{closing}{whose}: {actions}, {view['bw'][seat]} BW"

    def prompt(self) -> str:
        """The line under the status: the answer to the last click, or what
        the selected tool does next."""
        if self.message:
            return self.message
        session = self.session
        if session.over:
            if session.setup.humans:
                return "Undo goes back to your last move; New game starts another."
            return "New game starts another."
        if not session.is_human_turn():
            return self.elsewhere() or "Bots move with a short pause so you can follow."
        if self.tool is None:
            return "Pick what to do: a piece (1-6), Hack (H), Reroute (M), or End turn (E)."
        label, cost, _, _ = TOOL_INFO[self.tool]
        if self.tool == "reroute":
            if self.source is None:
                return "Reroute: pick one of your highlighted Switches or APs to move."
            return f"Reroute {self.source}: pick where it goes (Esc cancels)."
        count = len(self.tool_actions(self.tool))
        where = "enemy piece" if self.tool == "hack" else "piece of yours" if self.tool == "firewall" else "hex"
        return f"{label} ({cost} BW): pick a highlighted {where} ({count} possible). Esc cancels."

    def result(self) -> tuple[str, str]:
        """Headline and detail of a finished game."""
        view = self.session.view()
        names = self.session.names
        scores = view["scores"]
        winners = view["winners"]
        score = f"{max(scores)} to {min(scores)}"
        if len(winners) != 1:
            headline = f"Draw, {scores[0]} to {scores[1]}"
        elif names[winners[0]] == "You":
            headline = f"You win, {score}"
        else:
            headline = f"{names[winners[0]]} wins, {score}"
        cities = view["connected_cities"]
        detail = (f"AI tokens {scores[0]} : {scores[1]} after {self.round()} rounds; "
                  f"connected Cities {cities[0]} : {cities[1]}.")
        if len(winners) == 1 and scores[0] == scores[1]:
            detail += " Tied on tokens: more connected Cities wins."
        return headline, detail

    def event_notes(self, events) -> list[str]:
        """Short words the activity log adds after an action."""
        notes = []
        for event in events:
            kind = event.get("kind")
            if kind == "disabled":
                notes.append("disabled")
            elif kind == "firewall-spent":
                notes.append("firewall absorbed it")
            elif kind == "pass":
                notes.append("pass")
            elif kind == "recover":
                notes.append(f"P{event['seat'] + 1} recovers {' '.join(event['hexes'])}")
            elif kind == "closing-turn":
                notes.append(f"closing turn for P{event['seat'] + 1}")
            elif kind == "stuck":
                notes.append("four passes: game over")
            elif kind == "turn-limit":
                notes.append("turn limit: game over")
            elif kind == "game-over":
                notes.append("game over")
        return notes
