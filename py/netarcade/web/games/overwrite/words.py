"""Overwrite's table in words: status, prompt, result, log notes and the
explanations of a piece that cannot be picked.

What it is for: every sentence the page's Overwrite controls say, kept
apart from their behaviour (``table.py``), as a mixin the table inherits.

What it is not: behaviour, HTML (``views.py``) or rules.
"""

from __future__ import annotations

from netarcade.games.overwrite.pieces import KIND, SPECIAL_NAMES

from netarcade.web.speech import and_list

from .tools import (
    PERSONAL_LIMIT,
    RESERVE_LIMIT,
    SPEECH,
    cells,
    handle_cell,
    orientation_words,
    piece_label,
    play_name,
    shape_of,
    shift,
    spoken_piece,
)

__all__ = ["OverwriteWords"]


def _verb(text: str) -> str:
    words = text.split()
    return words[1] if len(words) > 1 else ""


def _piece_words(name: str) -> str:
    if name in SPECIAL_NAMES:
        return SPECIAL_NAMES[name]
    return f"{name}"


def unlock_goal(view: dict) -> str:
    """What the first layer must do before stacking is allowed (O12, O27),
    from the view's ``unlock_sides``: under rules edition 3 the first
    piece's side and the one opposite it; in editions 1-2, any two opposite sides.

    >>> unlock_goal({"unlock_sides": [["left", "right"]], "pieces": [1]})
    'joins the left side to the right side'
    >>> unlock_goal({"unlock_sides": [["top", "bottom"], ["left", "right"]], "pieces": [1]})
    'joins two opposite sides'
    """
    pairs = view.get("unlock_sides") or []
    if len(pairs) == 2 and {tuple(p) for p in pairs} == {("top", "bottom"), ("left", "right")}:
        return "joins two opposite sides"  # editions 1-2 (O12)
    if len(pairs) == 2:  # a first piece in a corner (O27): either way across
        return (f"joins the {pairs[0][0]} side to the {pairs[0][1]} side or the {pairs[1][0]} side "
                f"to the {pairs[1][1]} side")
    if pairs:
        return f"joins the {pairs[0][0]} side to the {pairs[0][1]} side"
    return "joins the first piece's side to the side opposite it"


class OverwriteWords:
    """What the Overwrite table says; mixed into ``OverwriteTable``."""

    def _describe(self, text: str) -> str:
        words = text.split()
        verb = _verb(text)
        # the player pointed at a cell with the piece's handle, not at the anchor of the notation
        where = getattr(self, "clicked", None)
        if verb == "place" and len(words) == 5:
            return f"place {_piece_words(words[2])} on {where}" if where else f"place {_piece_words(words[2])} at {words[4]}"
        if verb == "defrag" and len(words) == 5:
            return f"move {words[2]} onto {where}" if where else f"move {words[2]} to {words[4]}"
        if verb == "reserve" and len(words) == 3:
            return f"reserve {words[2]}"
        return {"draw": "draw", "pass": "pass"}.get(verb, text)

    def hint_words(self, text: str) -> str:
        """A hint in words that play it: the piece (as the bank names it),
        how it is turned and flipped next to the bank's drawing, the
        cell to click (under the piece's handle, as a click lays it) and the
        cells it covers. The table picks the piece up as the hint lays it
        (``take_hint``), so a click on that cell plays the hinted move.

        "place 1U5 from the bank (the U5 in your colour), turned half round, on
        d3, covering d3, c4, d4, c5 and d5: it is picked up, click d3"
        """
        words = text.split()
        verb = _verb(text)
        names = self.session.names
        if verb in ("place", "defrag") and len(words) == 5:
            name, orient, anchor = words[2:]
            shape = self._hint_shape(verb, name)
            click = handle_cell(shape, orient, anchor) if shape else None
            if click is not None:
                covered = and_list([shift(anchor, row, col) or "?" for row, col in sorted(cells(shape, orient))])
                turned = orientation_words(shape, orient)
                how = f", {turned}," if turned else ""
                if verb == "place":
                    return (f"place {self._bank_piece(name)}{how} on {click}, covering {covered}: "
                            f"it is picked up, click {click}")
                return (f"use the Defrag to move {self._board_piece(name)}{how} to {click}, covering {covered}: "
                        f"it is picked up, click {click}")
        if verb == "reserve" and len(words) == 3:
            said = spoken_piece(words[2], (), names)
            return (f"keep {words[2]} (the {said.split(' ', 1)[1]}) in your own bank: it is picked up, "
                    "press Reserve (V)")
        return SPEECH.phrase(text, names)

    def _hint_shape(self, verb: str, name: str) -> str | None:
        if verb == "defrag":
            found = next((p for p in self.view()["pieces"] if p["id"] == name), None)
            return found["shape"] if found else None
        return shape_of(name)

    def _board_piece(self, piece: str) -> str:
        """``2I3`` on the board -> "the I3 in Player 2's colour on a3, a4 and a5"."""
        said = spoken_piece(piece, (), self.session.names)
        said = "the " + said.split(" ", 1)[1] if said.startswith(("a ", "an ")) else said
        found = next((p for p in self.view()["pieces"] if p["id"] == piece), None)
        return f"{said} on {and_list(found['cells'])}" if found else said

    def _bank_piece(self, name: str) -> str:
        """``1U5`` -> "1U5 from the bank (the U5 in your colour)": the name
        written under the piece in the bank (a phone shows no key numbers),
        and which bank: the community bank, or your own before you draw."""
        said = spoken_piece(name, (), self.session.names)  # "a U5 in your colour", "the Anti-virus"
        bank = "your bank" if self.view()["phase"] == "draw" else "the bank"
        if said.startswith(("a ", "an ")):
            return f"{name} from {bank} (the {said.split(' ', 1)[1]})"
        return f"{said} from {bank}"

    def _who(self, seat: int) -> str:
        return self.session.names[seat]

    def status(self) -> str:
        """Whose turn and what kind of decision; the result when over."""
        session = self.session
        view = self.view()
        if view["over"]:
            return self.result()[0]
        seat = session.current
        name = self._who(seat)
        if session.setup.is_bot(seat):
            return f"{name} is thinking\u2026"
        whose = self.whose_turn(name)
        if view["phase"] == "draw":
            return f"{whose}: draw, or play a piece from your own bank"
        return f"{whose}: place a piece from the bank"

    def prompt(self) -> str:
        """The next step, or the answer to the last click."""
        if self.message:
            return self.message
        session = self.session
        if session.over:
            return f"{self._outlined()}Undo, play again or pick another game."
        if not session.is_human_turn():
            return self.elsewhere() or "Watch the bot's move; the cells it touched get a white corner tab."
        view = self.view()
        if self.tool == "defrag":
            if not self.picked:
                return "Defrag: click an uncovered piece (lit) to move it. Esc cancels."
            piece = self.picked[0]
            if len(self.picked) > 1 and not self.fits():
                return f"{piece} has no new place turned this way: R turns, F flips."
            return f"Move {piece}: click a lit cell (the block under the pointer goes there). R turns, F flips, Esc picks another."
        if self.tool == "place" and self.picked:
            name = self.picked[0]
            if not self.fits():
                if not self.fits(any_orient=True):
                    return f"{_piece_words(name)} fits nowhere now. Pick another piece{self._reserve_hint(name)}."
                return f"{_piece_words(name)} does not fit turned this way: R turns, F flips."
            if name == "av":
                return ("Anti-virus: point at a lit cell to see what it removes (crossed): every uncovered piece "
                        "touching it, any colour. Click to place.")
            if getattr(self, "touch", False):  # no pointer to preview with: a first tap shows, a second places
                cursor = self.cursor
                if cursor is not None and not self.keyboard and self.anchor_for(cursor) in self.next_words(
                        self.tool_spec(), self.picked[:2]):
                    return (f"{_piece_words(name)} shown on {cursor}: tap {cursor} again to place it there, or "
                            f"tap another lit cell. Turn and Flip turn it{self._reserve_hint(name)}.")
                return (f"{_piece_words(name)}: tap a lit cell to see it there, then tap it again to place it. "
                        f"Turn and Flip turn it{self._reserve_hint(name)}.")
            return (f"{_piece_words(name)}: click a lit cell (the block under the pointer goes there). "
                    f"R turns, F flips, Esc puts it back{self._reserve_hint(name)}.")
        if view["phase"] == "draw":
            return "Draw (D) adds a piece from the envelope to the bank, or click a piece of your own bank to play it instead."
        if not view["pieces"]:
            return "First piece: pick one in the bank (1-9) and lay it against a side of the blue boundary."
        if view["unlocked"]:
            return "Stacking is on: cover rival chunks to cut them. Pick a piece in the bank (1-9)."
        return ("Pick a piece in the bank (1-9): no stacking yet; each piece must touch the chain until it "
                f"{unlock_goal(view)}.")

    def _reserve_hint(self, name: str) -> str:
        return "; V keeps it in your bank" if name in self.reservable() else ""

    def why_not_piece(self, piece: str) -> str:
        """Why a bank piece cannot be picked now."""
        view = self.view()
        seat = self.session.current
        kind = KIND.get(piece)
        if kind == "sf":
            return "The System Fail ends the game the moment it is drawn; it is never played."
        if piece in view["personal"][seat] and view["phase"] != "draw":
            return "You drew this turn: a piece of your own bank is played instead of drawing."
        if piece in view["bank"] and view["phase"] == "draw":
            return "Draw first (D), or play a piece from your own bank without drawing."
        if piece not in view["bank"] and piece not in view["personal"][seat]:
            return f"{piece} is not yours to play."
        return f"{piece_label(piece)} fits nowhere now."

    def why_not_pick(self, tool, picks, word):
        if tool.verb == "defrag":
            piece = word
            found = next((p for p in self.view()["pieces"] if p["id"] == piece), None)
            if found is None:
                return "Defrag: click a lit piece on the board (an uncovered code block)."
            if found["kind"] == "enc":
                return "Encrypted data never moves."
            if not found["uncovered"]:
                return f"{piece} is covered: only an uncovered piece can be moved."
            return f"{piece} has nowhere else to go."
        return super().why_not_pick(tool, picks, word)

    def why_not_reserve(self, name: str | None) -> str:
        view = self.view()
        seat = self.session.current
        if view["phase"] == "draw":
            return "You reserve after drawing: draw first (D)."
        if len(view["personal"][seat]) >= PERSONAL_LIMIT:
            return f"Your own bank already holds {PERSONAL_LIMIT} pieces."
        if name is None:
            return f"Reserve: pick one of your pieces in the bank first (at most {RESERVE_LIMIT} blocks)."
        return ""  # the engine says what is wrong with it

    def _outlined(self) -> str:
        """What the finished board outlines (the winners' largest chunks,
        ``hints``' ``groups``), as the prompt's first sentence; "" if none."""
        view = self.view()
        shown = [seat for seat in view["winners"] if view["scores"][seat]]
        if not shown:
            return ""
        if len(shown) > 1:
            return "The winners' largest chunks are outlined. "
        name = self._who(shown[0])
        whose = "Your" if name == "You" else f"{name}'s"
        return f"{whose} winning chunk is outlined. "

    def result(self) -> tuple[str, str]:
        """Headline and detail of a finished game."""
        view = self.view()
        names = self.session.names
        scores = view["scores"]
        winners = view["winners"]
        if len(winners) == 1:
            headline = f"{self.wins(names[winners[0]])} with a chunk of {scores[winners[0]]}"
        elif winners:
            headline = "Shared win: " + " and ".join(names[s] for s in winners)
        else:
            headline = "Game over"
        chunks = ", ".join(f"{names[s]} {scores[s]}" for s in range(len(names)))
        cells = ", ".join(f"{names[s]} {view['visible'][s]}" for s in range(len(names)))
        drawer = view["failed_by"]
        how = (f"{names[drawer]} drew the System Fail in round {self.round()}." if drawer is not None
               else f"The envelope ran out in round {self.round()}.")
        return headline, f"{how}{self._tie_broken(view)} Largest chunks: {chunks}. Cells on top: {cells}."

    def _tie_broken(self, view: dict) -> str:
        """The sentence a sole winner's tie on chunks gets (O22: the most
        cells seen from above breaks it), with a leading space; "" if none."""
        if len(view["winners"]) != 1:
            return ""
        names, scores, visible = self.session.names, view["scores"], view["visible"]
        winner = view["winners"][0]
        tied = [s for s in range(len(names)) if s != winner and scores[s] == scores[winner]]
        if not tied:
            return ""
        who = self.wins(names[winner], opening=False)
        return (f" Tied on chunks with {' and '.join(names[s] for s in tied)}, {who} on cells on top: "
                f"{visible[winner]} to {' and '.join(str(visible[s]) for s in tied)}.")

    def event_notes(self, events) -> list[str]:
        """Short words the activity log adds after an action."""
        names = self.session.names
        notes = []
        for event in events:
            kind = event.get("kind")
            if kind == "place" and event.get("removed"):
                notes.append("removed " + " ".join(event["removed"]))
            elif kind == "unlock":
                notes.append("stacking allowed")
            elif kind == "fail-returned":  # O26: no piece on the board yet
                notes.append(f"{names[event['seat']]} drew the System Fail before any piece was placed: "
                             "back into the envelope")
            elif kind == "pass" and event.get("discarded"):  # O28: the bank stays at the players
                notes.append(f"nothing could be played: {piece_name(event['discarded'])} leaves the game")
            elif kind == "resign" and event.get("discarded"):  # O28: nor grows with a resignation
                notes.append(f"{names[event['seat']]} resigned: {piece_name(event['discarded'])} "
                             "leaves the game")
            elif kind == "draw":
                piece = event["piece"]
                notes.append(f"{names[event['seat']]} drew {'the System Fail' if piece == 'sf' else piece_name(piece)}")
            elif kind == "over" and event.get("reason") == "empty":
                notes.append("envelope empty")
        return notes


def piece_name(piece: str) -> str:
    kind = KIND.get(piece)
    return piece if kind == "data" else SPECIAL_NAMES.get(kind, piece)


