"""What the player chooses beside the moves: the bots' pace, passing on
Breach's block windows automatically, and resigning.

What it is for: :class:`PlayerChoices`, a part of ``controller.Controller``
(it reads the controller's screen, table, session, replay and demo): the
two remembered settings (``pace``, ``autopass`` in the page's storage) and
the Resign confirmation. What it is not: the bot loop or the game's
controls; it names no game (a table says what it answers for the player,
``Table.auto_answer``).
"""

from __future__ import annotations

__all__ = ["AUTO_PASS_SETTING", "PACES", "PACE_SETTING", "PlayerChoices"]

#: the bots' pace: the share of each game's deliberate pause a bot action
#: keeps on screen (thinking counts towards it); remembered by the page
PACES = {"normal": 1.0, "fast": 0.3, "instant": 0.0}
PACE_SETTING = "pace"
#: "pass on blocks automatically" (``on`` or ``off``): Breach's block windows
#: answered with the player's pass instead of a stop; remembered by the page
AUTO_PASS_SETTING = "autopass"


class PlayerChoices:
    """The bots' pace, automatic passes and Resign, for ``Controller``."""

    def set_pace(self, pace: str | None = None) -> None:
        """Set the bots' pace (``None``: the next one, for a button that cycles), remembered."""
        names = list(PACES)
        if pace is None:
            pace = names[(names.index(self.pace) + 1) % len(names)]
        if pace not in PACES:
            return
        self.pace = pace
        self.screen.save_setting(PACE_SETTING, pace)
        self.screen.render()

    def set_auto_pass(self, value: str | None = None) -> None:
        """Pass on blocks automatically: ``on``, ``off`` or ``None`` (toggle),
        remembered; a question it answers now is answered at once."""
        if value not in (None, "on", "off"):
            return
        self.auto_pass = (not self.auto_pass) if value is None else value == "on"
        self.screen.save_setting(AUTO_PASS_SETTING, "on" if self.auto_pass else "off")
        if self.table is not None:
            self.table.auto_pass = self.auto_pass
            if self.answer_for_player():
                self.changed()
                return
        self.screen.render()

    def answer_for_player(self) -> bool:
        """Play the answer the table makes for the player now (a block
        window's pass, see ``Table.auto_answer``) through the player's own
        path, so the record, undo and an online room see the player's pass.
        Never in the replay viewer, a demo, or while an online move is on its
        way (``is_human_turn`` is false then). Returns whether one was played."""
        table = self.table
        if table is None or self.replay is not None or self.demo or not table.session.is_human_turn():
            return False
        text = table.auto_answer()
        return text is not None and table.play(text) is not None

    def resign_seat(self) -> int | None:
        """The seat Resign is for: the human to act, else the only human seat;
        online, this page's own seat (never another's)."""
        session = self.session
        if session is None or session.over or self.replay is not None:
            return None
        if getattr(session, "remote", False):
            seat = session.seat if session.started else None
        else:
            humans = session.setup.humans
            seat = session.current if session.current in humans else humans[0] if len(humans) == 1 else None
        why = None if seat is None else self.table.why_not_resign(seat)
        # Resign stays on offer where the rules have none yet (a click says so), not for a seat that left
        return seat if why is None or why[0] == "no-resign" else None

    def resign(self, step: str) -> None:
        """``ask`` shows the confirmation (or why Resign is out of reach),
        ``yes`` plays the seat's resignation, ``no`` closes the card."""
        table = self.table
        if step == "no" or table is None:
            self.resigning = None
            self.screen.render()
            return
        seat = self.resign_seat() if step == "ask" else self.resigning
        if seat is None:
            self.resigning = None
            table.message = "Resign: wait for your turn (several players share this screen)."
            self.screen.render()
            return
        if step == "ask":
            why = table.why_not_resign(seat)
            if why:
                table.message = why[1]
            else:
                self.resigning = seat
            self.screen.render()
            return
        self.resigning = None
        self.cancel_bots()
        self.after(table.resign(seat))
