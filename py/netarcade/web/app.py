"""The page's app, in the engine's web worker: messages in, DOM operations out.

What it is for: ``static/worker/engine.py`` (PyScript's named Pyodide worker
"engine") calls :func:`main` with a ``post`` function; the page's main
thread runs PyScript's MicroPython (``static/main/page.py``), which applies the
ops. :class:`App` is the page side of a
:class:`~netarcade.web.controller.Controller` (the game, its lifecycle and
the bot loop): it turns the page's events (plain data: a tool, a command, a
board spot, a key, a form's values, the address's hash) into controller
calls, and every drawing call of the :class:`~netarcade.web.screen.Screen`
into *ops* (``innerHTML`` by id, text, attributes, properties, dataset,
title, history, focus, storage, clipboard, toasts) that the page applies.
The ops of one event, or of one step of a bot, go out as one message.

The vocabulary (JSON text both ways; docs/web-runtime.md has the table):

- page -> worker: ``start`` (location, embed, portrait, touch, side, timeOrigin,
  storage snapshot), ``tool``, ``cmd`` (name, value), ``spot`` (name),
  ``key`` (key, ctrl), ``submit`` (form, game, values, submitter, name),
  ``input`` (game, name, values), ``hash`` (hash), ``portrait`` (on); each
  carries ``seq``.
- worker -> page: ``{"kind": "ops", "ops": [...], "done": seq}``; an op is
  ``{"op": NAME, ...}`` with NAME one of html, text, attr, prop, data,
  class, insert, scroll (on an element: ``id`` or ``sel``, else the root),
  title, link, focus, store, copy, toast, mark, errors, keys, log, ready,
  failed.

It imports no ``js``: it runs on CPython with any ``post`` function (the
tests record the ops); ``browser`` holds what needs the worker's JavaScript
(the relay's WebSocket, the clock).

What it is not: game logic, the page's lifecycle (``controller``) or DOM
code (there is no DOM in a worker).
"""

from __future__ import annotations

import asyncio
import json
import string
import time
import traceback
from typing import Any, Callable

from ..core.names import clean_name
from . import share, views
from .online import lobby
from .replay import hint, replay_page
from .controller import Controller, Screen
from .gamepage import GamePage
from .pages import page_for
from .newgame import parse_form
from .inputwords import spoken
from .outbox import Ops
from .online.seatstore import SeatStore
from .session import Session

__all__ = ["App", "Ops", "main"]

#: the keys a game may take (the page prevents the browser's default only for those wanted now)
CANDIDATE_KEYS = tuple(string.ascii_lowercase + string.digits + string.punctuation) + (
    "escape", "arrowleft", "arrowright", "arrowup", "arrowdown", "pageup", "pagedown", "home", "end")


class App(Screen):
    """The one page: a game screen and a home screen, or (``?embed``) just a board."""

    def __init__(self, post: Callable[[str], Any], start: dict,
                 now_ms: Callable[[], float] | None = None, connect: Callable | None = None,
                 helpers: Callable | None = None):
        self.ops = Ops(post)
        self.location = dict(start.get("location") or {})
        self.embed = bool(start.get("embed"))
        self.portrait = bool(start.get("portrait"))
        #: a screen without hover (a phone): the status and prompt speak of taps and cite no key
        self.touch = bool(start.get("touch"))
        storage = start.get("storage") or {}
        self.stores = {"local": dict(storage.get("local") or {}), "session": dict(storage.get("session") or {})}
        self._connect = connect
        self._helpers = helpers  # the analysis's helpers (browser.helpers): none on CPython
        self.control = Controller(self, embed=self.embed, now_ms=now_ms or (lambda: time.perf_counter() * 1000))
        self._tasks: set = set()
        # what the page shows, as this app last set it (the worker cannot read the DOM)
        self.side_game = str(start.get("side") or "")
        self.overlay_hidden = True
        self.log_replay: str | None = None  # the replay whose whole log is in #log
        self.bar_total: int | None = None  # the replay bar's move count while it is drawn
        self.analysis_html: str | None = None  # the replay's analysis panel as last drawn
        self._online_card = ""
        self._ticking = False
        self.share: dict | None = None  # the Share dialog while it is open (web/share.py)
        self.glance_game: str | None = None  # the game whose rules card is on screen (web/glance.py)

    @property
    def table(self):
        return self.control.table

    @property
    def page(self) -> GamePage | None:
        return self.control.page

    # --- ops -----------------------------------------------------------------------------
    def op(self, kind: str, element: str | None = None, /, **fields) -> None:
        """One op: ``element`` is an id, or a selector when it starts with # . or [."""
        if element is not None:
            fields["sel" if element[:1] in "#.[" else "id"] = element
        self.ops.add(kind, **fields)

    def store(self, area: str, key: str, value: str | None) -> None:
        if value is None:
            self.stores[area].pop(key, None)
        else:
            self.stores[area][key] = value
        self.op("store", area=area, key=key, value=value)

    # --- setup -------------------------------------------------------------------------
    def start(self) -> None:
        # the bots' pace, Replay and Resign join the game bar
        self.op("insert", "newgame", html=views.gamebar_extras(), where="afterend", unless="#pace")
        self.route()
        self.op("ready")

    def route(self) -> None:
        self.control.route(str(self.location.get("hash") or ""))

    def handle(self, message: dict) -> None:
        """One event from the page (its ``kind``), then the ops it caused, with ``done``."""
        kind = message.get("kind")
        try:
            if kind == "tool":
                self.control.select_tool(str(message["tool"]))
            elif kind == "spot":
                self.control.click(str(message["name"]))
            elif kind == "cmd":
                value = message.get("value")
                self.command(str(message["name"]), None if value is None else str(value))
            elif kind == "key":
                key, ctrl = str(message["key"]), bool(message.get("ctrl"))
                if share.takes_key(self, key):
                    pass
                elif self.control.wants_key(key, ctrl):
                    self.control.key(key, ctrl)
            elif kind == "submit":
                self.on_submit(message)
            elif kind == "input":
                self.on_input(message)
            elif kind == "hash":
                self.location["hash"] = str(message.get("hash") or "")
                self.share = None
                self.route()
            elif kind == "portrait":
                self.portrait = bool(message.get("on"))
                self.render()
                if self.glance_game is not None:  # the card's picture turns with the screen, as the board does
                    self.glance(self.glance_game)
        except Exception as err:  # a bug: show it, keep the page alive
            self.op("text", "prompt", text=f"Something went wrong ({type(err).__name__}: {err}). Undo or start a new game.")
            self.op("class", "prompt", name="error", on=True)
            self.op("log", level="error", text=f"{type(err).__name__}: {err}")
            traceback.print_exc()
        self.ops.flush(done=message.get("seq"))

    # --- the Screen the controller draws on ---------------------------------------------
    def mount(self, page: GamePage) -> None:
        """Give the page the game's side column (players, costs, log, rules)
        when another game's is in place."""
        self.op("class", name="link-pending", on=False)
        self.op("data", name="game", value=page.id)
        if self.side_game != page.id:
            self.op("html", "side", html=page.side())
            self.op("attr", "side", name="data-game", value=page.id)
            self.side_game, self.log_replay = page.id, None
        self.op("attr", "view-game", name="aria-label", value=f"{page.title} game")
        self.set_text("topic", page.title)

    def show(self, view: str) -> None:
        self.glance_game = None
        self.op("data", name="view", value=view)
        if self.table is not None:
            self.op("data", name="humans", value=str(len(self.table.session.setup.humans)))
        if view == "home":
            link = self.control.resume_link()  # the game on screen, or the last one this browser kept
            self.op("prop", "resume", name="hidden", value=link is None)
            if link is not None:
                self.op("attr", "resume", name="href", value="#" + link)
                self.op("text", "resume", text=views.resume_label(link))
            from .learn import done_lessons  # a done lesson's Learn link says so

            for game_id in done_lessons(self):
                self.op("class", f"#game-{game_id} .learn", name="done", on=True)
                self.op("text", f"#game-{game_id} .learn", text="Learn again (done)")
            self.op("title", text="netarcade: choose a game")
        else:
            self.op("title", text=views.tab_title(self.page, self.control.broken_game))

    def glance(self, game_id: str | None, message: str = "") -> None:
        from . import glance

        link = self.control.resume_link()  # the game on screen, or the last one this browser kept
        glance.draw(self, game_id, message, None if link is None else (link, views.resume_label(link)))

    def link_error(self, message: str) -> None:
        """The error card alone: no game is on screen, so no board, tool bar
        or side column of any game stays behind it (the page's CSS hides the
        empty parts while ``data-state`` is ``link-error``)."""
        self.no_game(views.link_error(message), message, self.control.broken_game)

    def no_game(self, card: str, message: str, game_id: str | None = None) -> None:
        """``card`` alone on the game view, for a link that opens nothing (a
        broken link, a room the relay does not have): the board, tool bar
        and side column are emptied, the page's first pre-drawn ones too,
        and the status says so."""
        self.op("class", name="link-pending", on=False)
        self.op("data", name="state", value="link-error")
        self.op("data", name="game", value=game_id or "")
        page = None if game_id is None else page_for(game_id)
        self.set_text("topic", page.title if page is not None else "")
        self.op("title", text=views.tab_title(page, game_id))
        for element_id, html in (("overlay", card), ("board", ""), ("tools", ""), ("side", "")):
            self.set_html(element_id, html)
        self.op("attr", "side", name="data-game", value="")  # the next game mounts its own side column
        self.side_game, self.log_replay = "", None
        self.show_overlay(True)
        self.set_text("status", "This link does not open a game.")
        self.set_text("prompt", message)

    def set_link(self, fragment: str) -> None:
        self.location["hash"] = "#" + fragment
        self.op("link", how="replace", fragment=fragment)

    def push_link(self, fragment: str) -> None:
        self.op("link", how="push", fragment=fragment)  # a history entry: Back returns to the replay

    async def drawn(self) -> None:
        await self.ops.applied()

    def spawn(self, coroutine) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- online play (web/online/lobby.py, web/online/online.py) ------------------------------------------
    def analysis_helpers(self, most: int) -> list:
        return [] if self._helpers is None else self._helpers(self.base_url(), most)

    def base_url(self) -> str:
        return str(self.location.get("origin", "")) + str(self.location.get("pathname", ""))

    def connect(self, session):
        if self._connect is None:
            raise RuntimeError("no relay on this page")
        url = lobby.relay_url(str(self.location.get("protocol", "")), str(self.location.get("host", "")))
        return self._connect(url, session)

    def storage(self):
        return SeatStore(self)

    def setting(self, name: str):
        return self.stores["local"].get(f"netarcade.{name}")

    def save_setting(self, name: str, value: str) -> None:
        self.store("local", f"netarcade.{name}", value)

    def later(self, delay: float, callback) -> None:
        asyncio.get_event_loop().call_later(delay, callback)

    def show_overlay(self, shown: bool) -> None:
        self.overlay_hidden = not shown
        self.op("prop", "overlay", name="hidden", value=not shown)

    def online(self, session) -> None:
        """The online bar, and the lobby card over the board until the game starts."""
        if session is not self.control.remote:
            return
        self.op("data", name="online", value="yes")
        self.op("data", name="conn", value=session.conn.state)
        self.op("data", name="room", value=session.room or "")
        self.op("data", name="verified", value="" if session.verdict is None else ("yes" if session.verdict.ok else "no"))
        self.set_html("online", lobby.bar_html(session))
        self.op("prop", "online", name="hidden", value=lobby.missing(session))  # no room: no game bar
        url = self.base_url() + "#" + session.share_link()
        card = lobby.card_html(session, url, self.control.watching, self.storage().get(lobby.NAME_KEY) or "")
        if lobby.missing(session):
            if card != self._online_card:
                self.no_game(card, session.error.message)
        elif card:
            if card != self._online_card:
                self.op("html", "overlay", html=card, keep=["online-name"])  # a name being typed stays
            self.show_overlay(True)
            if not session.ready:  # no table yet to say whose turn it is: not "Starting Python..." either
                self.set_text("status", lobby.waiting_words(session))
        elif self._online_card and not session.over:
            self.show_overlay(False)
        self._online_card = card
        if session.over and not self.overlay_hidden:
            self.op("insert", "#overlay .over-card", html=lobby.over_note(session), unless=".verdict")
        if not self._ticking:
            self._ticking = True
            self.spawn(self.tick_clocks())

    async def tick_clocks(self) -> None:
        """Count the seats' clocks down between the relay's frames."""
        while True:
            await asyncio.sleep(1)
            session = self.control.remote
            if session is not None and session.clocks_running():
                self.set_html("online", lobby.bar_html(session))

    def draw_analysis(self) -> None:
        """The replay viewer's analysis panel drawn on its own (a verdict came,
        Analyse or Cancel was pressed), the keyboard focus kept across it as
        ``render`` keeps it: nothing else on screen changed, so the board and
        the panels are not sent again (the page's main thread applied some
        60 KB of board for a press of Analyse)."""
        if self.control.replay is not None:
            self.op("focus", step="remember")
            self.analysis_panel()
            self.op("focus", step="restore")

    def analysis_panel(self) -> None:
        """The panel (``analysis_page.draw``), inside ``render`` or :meth:`draw_analysis`."""
        if self.control.replay is not None:
            from .replay.analysis_page import draw

            draw(self, self.control)

    def bot_thought(self, longest: float, windows: list[list[float]]) -> None:
        # For tests: the longest slice, and when bots thought, on the page's
        # clock (the browser's long-task entries are matched against these windows).
        self.op("data", name="botLongestMs", value=str(round(longest * 1000, 1)))
        self.op("data", name="botWindows", value=json.dumps(windows))

    # --- drawing -------------------------------------------------------------------
    def set_html(self, element_id: str, html: str) -> None:
        self.op("html", element_id, html=html)

    def set_text(self, element_id: str, text: str) -> None:
        self.op("text", element_id, text=text)  # the page leaves an unchanged live region quiet

    def reveal(self, element_id: str) -> None:
        self.op("reveal", element_id)

    def render(self) -> None:
        table = self.table
        if table is None:
            return
        control = self.control
        self.op("focus", step="remember")
        session = table.session
        page = self.page
        board = page.ghost_board(table, "tall" if self.portrait else "wide", hint.ghost_names(control))
        control.outlined = hint.outlined(board)  # before the prompt, which says so
        self.set_html("board", board)
        table.touch = self.touch
        self.set_text("status", spoken(control.status(), self.touch))
        self.op("text", "prompt", text=spoken(control.prompt(), self.touch))
        self.op("class", "prompt", name="error", on=bool(table.message))
        self.op("data", name="refused", value=table.refused or "")  # the engine's code for a refused action
        for element_id, html in replay_page.panels(self, page, control).items():
            self.set_html(element_id, html)
        move = hint.ghost_move(control)  # its buttons outlined too (the panels were just drawn afresh)
        for selector in [] if move is None else page.ghost_controls(session, move):
            self.op("class", selector, name="ghost", on=True)
        replay_page.draw(self, control)
        self.op("prop", "undo", name="disabled", value=not session.can_undo())
        self.op("data", name="state", value=control.mode)
        self.op("data", name="watching", value="yes" if control.spectating else "")
        self.op("data", name="actions", value=str(len(session.actions)))
        # embed: open this very position in the full arcade
        self.op("attr", "open-full", name="href", value="./" if control.demo else "./#" + session.link())
        self.op("text", "pause", text="Resume" if control.paused else "Pause")
        self.op("prop", "pause", name="hidden", value=not control.demo)
        self.set_html("pace", views.pace_label(control.pace))
        self.op("prop", "resign", name="hidden", value=control.resign_seat() is None)
        self.op("prop", "hint", name="hidden", value=not hint.offered(control))
        self.op("prop", "hint", name="disabled", value=hint.why_no_hint(control) is not None)
        if share.draw(self):
            pass
        elif session.over and not control.review and control.replay is None:
            self.set_html("overlay", page.game_over(table))
            note = hint.hint_note(session)
            if note:
                self.op("insert", "#overlay .over-card .actions", html=note, where="beforebegin", unless=".hint-note")
            self.show_overlay(True)
        elif control.resigning is not None:
            self.set_html("overlay", views.resign_card(session.names[control.resigning], page,
                                                       online=getattr(session, "remote", False)))
            self.show_overlay(True)
        else:
            self.show_overlay(False)
        if getattr(session, "remote", False):
            self._online_card = ""
            self.online(session)
        else:  # a local game: the bar offers "Take it online" (shown once a relay answers: online-only)
            offer = "" if self.embed or control.demo or control.replay else lobby.take_html(session)
            self.set_html("online", offer)
            self.op("prop", "online", name="hidden", value=not offer)
            self.op("class", "online", name="online-only", on=True)
            self.op("data", name="conn", value="")
        self.op("keys", keys=self.wanted_keys())
        self.op("focus", step="restore")

    def wanted_keys(self) -> list[str]:
        """The keys the game on screen takes now (the page keeps them from the browser)."""
        if self.share is not None:
            return ["escape"]
        wanted = [key for key in CANDIDATE_KEYS if self.control.wants_key(key)]
        if self.control.wants_key("z", True):
            wanted.append("ctrl+z")
        return wanted

    def flash(self, text: str) -> None:
        self.op("toast", text=text)

    # --- commands ------------------------------------------------------------------------
    def command(self, name: str, value: str | None = None) -> None:
        """A ``data-cmd`` button: the page-only ones here, the rest in the controller."""
        if name == "fresh":  # after a broken link: drop it, start the default game
            self.location["hash"] = ""
            self.op("link", how="clear")
            self.op("data", name="state", value="")
            self.control.fresh(keep_hash=self.embed)
        elif name == "new":
            self.op("link", how="push", fragment="home")
        elif name.startswith("share"):
            share.command(self, name, value)
        elif name == "copy":
            if self.table is not None or self.control.remote is not None:
                self.op("copy", url=self.link_url(), done="Link copied: opening it shows this exact position.",
                        fallback="Copy the link from the box (Ctrl+C).")
        else:
            self.control.command(name, value)

    def link_url(self) -> str:
        session = self.table.session if self.table is not None else self.control.remote
        if getattr(session, "remote", False) and not session.over:
            return f"{self.base_url()}#{session.share_link()}"  # the room, to share
        return f"{self.base_url()}#{session.link()}"

    # --- the home screen's forms ------------------------------------------------------------
    def on_input(self, message: dict) -> None:
        game_id = str(message.get("game") or "")
        _, errors = parse_form(game_id, dict(message.get("values") or {}))
        self.op("errors", game=game_id, errors=errors, only=str(message.get("name") or ""))

    def on_submit(self, message: dict) -> None:
        form = message.get("form")
        values = {str(k): str(v) for k, v in dict(message.get("values") or {}).items()}
        if form == "joinseat":
            self.control.command("online-join", clean_name(values.get("name", "")) or "Player")
            return
        if form == "joinroom":  # the name: the home screen's one name field (the page sends it along)
            values.setdefault("name", str(message.get("name") or ""))
            code, name = lobby.join_values(values)
            if code is None:
                self.op("text", "form.joinroom .err", text="A game code is six letters and digits (no 0, O, 1, I or L).")
                return
            self.control.open_online(code, name or "Player")
            self.location["hash"] = "#online=" + code
            self.op("link", how="entry", fragment="online=" + code)
            return
        game_id = str(message.get("game") or "")
        setup, errors = parse_form(game_id, values)
        if setup is not None and message.get("submitter") == "online":
            self.control.create_online(setup, clean_name(str(message.get("name") or "")))
            return
        self.op("errors", game=game_id, errors=errors, focus=setup is None)
        if setup is None:
            return
        session = Session(setup)
        self.control.load(session, demo=False, keep_hash=True)
        self.op("link", how="push", fragment=session.link())  # a history entry: Back returns to the form


def main(post: Callable[[str], Any]) -> Callable[[str], None]:
    """Called by ``static/worker/engine.py`` once Pyodide is up: returns the handler of
    the page's messages (JSON text). The first is ``start``."""
    from . import browser

    state: dict[str, App] = {}

    def handle(text: str) -> None:
        message = json.loads(str(text))
        app = state.get("app")
        if app is not None:
            app.handle(message)
            return
        if message.get("kind") != "start":
            return
        try:
            app = App(post, message, now_ms=browser.page_clock(float(message.get("timeOrigin") or 0)),
                      connect=browser.connect, helpers=browser.helpers)
            state["app"] = app
            app.start()
            app.ops.flush(done=message.get("seq"))
        except Exception as err:  # never leave a dead page without a word
            traceback.print_exc()
            post(json.dumps({"kind": "failed", "text": f"{type(err).__name__}: {err}"}))

    return handle
