"""The page on CPython, without the DOM: the controller (web/controller.py)
with a recording screen and a sleep that does not wait, and the worker's app
(web/app.py) with the messages it posts recorded. Shared by the web tests
(tests/web) and tests/core/test_new_game.py."""

from __future__ import annotations

import asyncio
import json

from netarcade.web.app import App
from netarcade.web.controller import Controller, Screen


class Recorder(Screen):
    """A screen that remembers what the controller asked of it."""

    def __init__(self):
        self.calls: list[tuple] = []
        self.tasks: list = []
        self.links: list[str] = []

    def show(self, view):
        self.calls.append(("show", view))

    def mount(self, page):
        self.calls.append(("mount", page.id))

    def render(self):
        self.calls.append(("render",))

    def link_error(self, message):
        self.calls.append(("link-error", message))

    def set_link(self, fragment):
        self.links.append(fragment)

    def spawn(self, coroutine):
        self.tasks.append(coroutine)

    def __del__(self):
        # a test may end with bot tasks it never ran: close them, as the page's
        # event loop would when the page goes, instead of leaving Python to warn
        # that a coroutine was never awaited
        for task in self.tasks:
            task.close()

    def bot_thought(self, longest, windows):
        self.calls.append(("thought", len(windows)))


async def _no_wait(seconds):
    return None


def controller(embed=False) -> tuple[Controller, Recorder]:
    screen = Recorder()
    return Controller(screen, embed=embed, sleep=_no_wait), screen


def run_next(screen: Recorder):
    """Run the oldest spawned task to its end; its result."""
    return asyncio.run(screen.tasks.pop(0))


def drop_tasks(screen: Recorder) -> None:
    for task in screen.tasks:
        task.close()
    screen.tasks.clear()


def start(hash_: str = "#play=backbone&seats=human,search&seed=7", connect=None, **extra):
    posted: list[dict] = []
    message = {"kind": "start", "seq": 1, "embed": False, "portrait": False, "side": "backbone",
               "location": {"origin": "http://127.0.0.1:8000", "pathname": "/", "search": "",
                            "protocol": "http:", "host": "127.0.0.1:8000", "hash": hash_},
               "storage": {"local": {"netarcade.pace": "fast"}, "session": {}}, **extra}
    app = App(lambda text: posted.append(json.loads(text)), message, connect=connect)
    app.start()
    app.ops.flush(done=1)
    return app, posted


def ops(posted, kind=None, **match):
    found = [op for message in posted for op in message["ops"]]
    return [op for op in found if (kind is None or op["op"] == kind)
            and all(op.get(k) == v for k, v in match.items())]


class Remembering(Recorder):
    """A recording screen with a settings store (the page's localStorage)."""

    def __init__(self, store=None):
        super().__init__()
        self.store = {} if store is None else store

    def setting(self, name):
        return self.store.get(name)

    def save_setting(self, name, value):
        self.store[name] = value

