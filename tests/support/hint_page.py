"""The Hint button and Analyse on CPython (web/replay/hint.py,
web/replay/analysis_page.py): the controller with a screen that also keeps
what the live regions were told, and a page message run to its end. Shared
by tests/web/test_web_analysis.py and tests/web/test_web_hint_words.py."""

from __future__ import annotations

import asyncio

from netarcade.web.controller import Controller
from support.page import Recorder


class Speaking(Recorder):
    """A recording screen that also keeps what the live regions were told."""

    def set_text(self, element_id, text):
        self.calls.append(("text", element_id, text))

    def said(self) -> list[str]:
        return [call[2] for call in self.calls if call[:2] == ("text", "announce") and call[2]]


def controller(sleep=None) -> tuple[Controller, Speaking]:
    async def no_wait(seconds):
        return None

    screen = Speaking()
    return Controller(screen, sleep=sleep or no_wait), screen


def handle_to_the_end(app, message) -> None:
    """The page's ``message``, then the task it started run here to its end."""
    spawned = []
    app.spawn = spawned.append
    app.handle(message)
    asyncio.run(spawned.pop())
    app.ops.flush()

