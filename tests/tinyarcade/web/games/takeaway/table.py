"""Take-away's controls: a click on ``take-N`` (or the key N) takes N counters."""

from __future__ import annotations

from netarcade.web.table import Table

__all__ = ["TakeAwayTable"]


class TakeAwayTable(Table):
    game = "takeaway"
    tools: tuple[str, ...] = ()

    def hints(self) -> dict:
        """Board element -> the action a click on it plays."""
        if self._cannot_click():
            return {}
        return {f"take-{text.split()[-1]}": text for text in self.session.legal_texts() if " take " in text}

    def click(self, name: str) -> str | None:
        why = self._cannot_click()
        if why:
            self.message = why
            return None
        text = self.hints().get(name)
        if text is None:
            self.message = "Take 1, 2 or 3 counters (no more than are left)."
            return None
        return self.play(text)

    def select_tool(self, tool: str) -> str | None:
        return None

    def command(self, name: str, value: str | None = None) -> str | None:
        return None

    def cancel(self) -> None:
        self.message = None

    def key_command(self, key: str) -> str | None:
        return None

    def status(self) -> str:
        session = self.session
        left = session.view()["counters"]
        if session.over:
            return "Game over."
        return f"{left} counters left; {session.names[session.current]} to take."

    def prompt(self) -> str:
        return self.message or ("Take 1, 2 or 3 counters." if self.session.is_human_turn() else "")

    def result(self) -> tuple[str, str]:
        winners = self.session.view()["winners"]
        return (f"{self.session.names[winners[0]]} wins" if winners else "Game over",
                "Whoever takes the last counter wins.")
