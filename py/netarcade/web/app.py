"""The page's DOM glue: mount HTML and SVG, listen, run the bots' task.

What it is for: ``index.html`` runs ``netarcade.web.app.main()`` once
Pyodide is up. :class:`App` is the DOM side of a
:class:`~netarcade.web.controller.Controller` (which holds the game, its
lifecycle and the bot loop, and is tested on CPython): it reads the URL
(``?embed``, the ``#`` seed link), sets ``innerHTML`` of the board and the
panels from the game's page (``web/games/<id>``), and maps DOM events to
controller calls through a few delegated listeners (``pyscript.web`` cannot
create SVG nodes and refuses SVG targets, so one ``click`` listener on the
document reads ``data-name`` / ``data-tool`` / ``data-cmd`` /
``data-value``).

Bots think on the browser's event loop: the controller's ``asyncio`` task
runs a :class:`~netarcade.web.thinking.Thinker` a 30 ms slice at a time and
awaits ``asyncio.sleep(0)`` (a macrotask in Pyodide's WebLoop) between
slices, so no main-thread task gets long while a bot thinks.

What it is not: game logic or the page's lifecycle. Everything it shows comes
from the controller, the table and the renderers; everything it does is one
call into them.
"""

from __future__ import annotations

import asyncio
import json

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from . import lobby, replay_page, views
from .browser import SeatStore, Socket, by_id, guarded
from .controller import Controller, Screen
from .focus import FocusKeeper
from .focus import real
from .pages import GamePage, page_for
from .session import Session, parse_form

#: screens that get the tall board (a diamond); index.html uses the same query
PORTRAIT = "(orientation: portrait) and (max-width: 640px)"

__all__ = ["App", "main"]


class App(Screen):
    """The one page: a game screen and a home screen, or (``?embed``) just a board."""

    def __init__(self):
        root = document.documentElement
        self.root = root
        # index.html's first script read ?embed (any "embed" or "embed=..." parameter)
        self.embed = bool(root.hasAttribute("data-embed"))
        self.control = Controller(self, embed=self.embed, now_ms=lambda: float(js.performance.now()))
        self.focus = FocusKeeper(document)  # keyboard players keep their place across redraws
        self._tasks: set = set()
        self._proxies: list = []  # keep every JS proxy alive for the page's lifetime
        self._online_card = ""  # the lobby card last shown (redrawn only when it changes)
        self._ticking = False

    @property
    def table(self):
        return self.control.table

    @property
    def page(self) -> GamePage | None:
        return self.control.page

    # --- setup -------------------------------------------------------------------
    def listen(self, target, event: str, handler) -> None:
        proxy = create_proxy(guarded(handler))
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def start(self) -> None:
        newgame = by_id("newgame")  # the bots' pace, Replay and Resign join the game bar
        if newgame is not None and by_id("pace") is None:
            newgame.insertAdjacentHTML("afterend", views.gamebar_extras())
        self.listen(document, "click", self.on_click)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "submit", self.on_submit)
        self.listen(document, "input", self.on_input)
        self.listen(window, "hashchange", lambda event: self.route())
        self.portrait = window.matchMedia(PORTRAIT)
        self.listen(self.portrait, "change", lambda event: self.render())
        self.route()
        if not self.embed:
            self.spawn(self.probe_relay())
        self.root.dataset.ready = "play"
        self.root.dataset.readyMs = str(round(js.performance.now()))

    def route(self) -> None:
        self.control.route(str(window.location.hash or ""))

    # --- the Screen the controller draws on ---------------------------------------------
    def mount(self, page: GamePage) -> None:
        """Give the page the game's side column (players, costs, log, rules)
        when another game's is in place."""
        self.root.classList.remove("link-pending")
        self.root.dataset.game = page.id
        side = by_id("side")
        if side is not None and str(side.getAttribute("data-game") or "") != page.id:
            side.innerHTML = page.side()
            side.setAttribute("data-game", page.id)
        section = by_id("view-game")
        if section is not None:
            section.setAttribute("aria-label", f"{page.title} game")
        self.set_text("topic", page.title)

    def show(self, view: str) -> None:
        self.root.dataset.view = view
        if self.table is not None:
            self.root.dataset.humans = str(len(self.table.session.setup.humans))
        if view == "home":
            resume = by_id("resume")
            link = self.control.resume_link()  # the game on screen, or the last one this browser kept
            if resume is not None:
                resume.hidden = link is None
                if link is not None:
                    resume.href, resume.textContent = "#" + link, views.resume_label(link)
            document.title = "netarcade: choose a game"
        else:
            document.title = views.tab_title(self.page, self.control.broken_game)

    def link_error(self, message: str) -> None:
        """The error card alone: no game is on screen, so no board, tool bar
        or side column of any game stays behind it (the page's CSS hides the
        empty parts while ``data-state`` is ``link-error``)."""
        self.root.classList.remove("link-pending")
        self.root.dataset.state = "link-error"
        game_id = self.control.broken_game
        self.root.dataset.game = game_id or ""
        page = None if game_id is None else page_for(game_id)
        self.set_text("topic", page.title if page is not None else "")
        document.title = views.tab_title(page, game_id)
        for element_id, html in (("overlay", views.link_error(message)), ("board", ""), ("tools", ""), ("side", "")):
            self.set_html(element_id, html)
        by_id("side").setAttribute("data-game", "")  # the next game mounts its own side column
        by_id("overlay").hidden = False
        self.set_text("status", "This link does not open a game.")
        self.set_text("prompt", message)

    def set_link(self, fragment: str) -> None:
        js.history.replaceState(None, "", "#" + fragment)

    def push_link(self, fragment: str) -> None:
        window.location.hash = fragment  # a history entry: Back returns to the replay

    def spawn(self, coroutine) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- online play (web/lobby.py, web/online.py) ------------------------------------------
    async def probe_relay(self) -> None:
        """Offer online play only when the relay serves this page: its
        answers carry the ``websockets`` server header; a static host's do not."""
        try:
            answer = await js.fetch(js.location.pathname, to_js({"method": "HEAD", "cache": "no-store"},
                                                                dict_converter=js.Object.fromEntries))
            server = str(real(answer.headers.get("server")) or "")
        except Exception:
            return
        if "websockets" in server:
            self.root.dataset.online = "yes"

    def connect(self, session):
        url = lobby.relay_url(str(js.location.protocol), str(js.location.host))
        return Socket(url, session, self._proxies)

    def storage(self):
        return SeatStore()

    def setting(self, name: str):
        try:
            return real(js.localStorage.getItem(f"netarcade.{name}"))
        except Exception:  # storage refused (some iframes, private modes)
            return None

    def save_setting(self, name: str, value: str) -> None:
        try:
            js.localStorage.setItem(f"netarcade.{name}", value)
        except Exception:
            pass

    def later(self, delay: float, callback) -> None:
        asyncio.get_event_loop().call_later(delay, callback)

    def online(self, session) -> None:
        """The online bar, and the lobby card over the board until the game starts."""
        if session is not self.control.remote:
            return
        self.root.dataset.online = "yes"
        self.root.dataset.conn = session.conn.state
        self.root.dataset.room = session.room or ""
        self.root.dataset.verified = "" if session.verdict is None else ("yes" if session.verdict.ok else "no")
        bar = by_id("online")
        if bar is not None:
            bar.innerHTML = lobby.bar_html(session)
            bar.hidden = False
        overlay = by_id("overlay")
        url = str(js.location.origin) + str(js.location.pathname) + "#" + session.share_link()
        card = lobby.card_html(session, url, self.control.watching)
        if card:
            if card != self._online_card:
                typed = real(document.getElementById("online-name"))
                name = str(typed.value) if typed is not None else ""
                overlay.innerHTML = card
                if name and by_id("online-name") is not None:
                    by_id("online-name").value = name
            overlay.hidden = False
        elif self._online_card and not session.over:
            overlay.hidden = True
        self._online_card = card
        if session.over and not overlay.hidden:
            over = real(overlay.querySelector(".over-card"))
            if over is not None and real(over.querySelector(".verdict")) is None:
                over.insertAdjacentHTML("beforeend", lobby.over_note(session))
        if not self._ticking:
            self._ticking = True
            self.spawn(self.tick_clocks())

    async def tick_clocks(self) -> None:
        """Count the seats' clocks down between the relay's frames."""
        while True:
            await asyncio.sleep(1)
            session = self.control.remote
            bar = by_id("online")
            if session is not None and bar is not None and session.clocks_running():
                bar.innerHTML = lobby.bar_html(session)

    def bot_thought(self, longest: float, windows: list[list[float]]) -> None:
        # For tests: the longest slice, and when bots thought (the browser's
        # long-task entries are matched against these windows).
        self.root.dataset.botLongestMs = str(round(longest * 1000, 1))
        self.root.dataset.botWindows = json.dumps(windows)

    # --- drawing -------------------------------------------------------------------
    def set_html(self, element_id: str, html: str) -> None:
        node = by_id(element_id)
        if node is not None:
            node.innerHTML = html

    def set_text(self, element_id: str, text: str) -> None:
        node = by_id(element_id)
        if node is not None and node.textContent != text:  # a live region that did not change stays quiet
            node.textContent = text

    def render(self) -> None:
        table = self.table
        if table is None:
            return
        control = self.control
        focused = self.focus.remember()
        session = table.session
        page = self.page
        self.set_html("board", page.board(table, "tall" if self.portrait.matches else "wide"))
        self.set_text("status", control.status())
        prompt = by_id("prompt")
        prompt.textContent = control.prompt()
        prompt.classList.toggle("error", bool(table.message))
        self.root.dataset.refused = table.refused or ""  # the engine's code for a refused action
        for element_id, html in replay_page.panels(document, page, control).items():
            self.set_html(element_id, html)
        replay_page.draw(document, control)
        undo = by_id("undo")
        undo.disabled = not session.can_undo()
        self.root.dataset.state = control.mode
        self.root.dataset.actions = str(len(session.actions))
        full = by_id("open-full")
        if full is not None:  # embed: open this very position in the full arcade
            full.href = "./" if control.demo else "./#" + session.link()
        pause = by_id("pause")
        if pause is not None:
            pause.textContent = "Resume" if control.paused else "Pause"
            pause.hidden = not control.demo
        self.set_html("pace", views.pace_label(control.pace))
        resign = by_id("resign")
        if resign is not None:
            resign.hidden = control.resign_seat() is None
        overlay = by_id("overlay")
        if session.over and not control.review and control.replay is None:
            self.set_html("overlay", page.game_over(table))
            overlay.hidden = False
        elif control.resigning is not None:
            self.set_html("overlay", views.resign_card(session.names[control.resigning], page,
                                                       online=getattr(session, "remote", False)))
            overlay.hidden = False
        else:
            overlay.hidden = True
        if getattr(session, "remote", False):
            self._online_card = ""
            self.online(session)
        else:  # a local game: the bar offers "Take it online" (shown once a relay answers: online-only)
            bar = by_id("online")
            if bar is not None:
                offer = "" if self.embed or control.demo or control.replay else lobby.take_html(session)
                bar.innerHTML, bar.hidden = offer, not offer
                bar.classList.add("online-only")
            self.root.dataset.conn = ""
        self.focus.restore(focused)

    def flash(self, text: str) -> None:
        toast = by_id("toast")
        toast.textContent = text
        toast.hidden = False

        async def hide():
            await asyncio.sleep(2.4)
            if toast.textContent == text:
                toast.hidden = True

        self.spawn(hide())

    # --- events ------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = real(event.target)
        if target is None or not hasattr(target, "closest"):
            return
        control = real(target.closest("[data-tool],[data-cmd]"))
        if control is not None:
            tool = real(control.getAttribute("data-tool"))
            if tool:
                self.do_tool(str(tool))
            else:
                self.command(str(control.getAttribute("data-cmd")), control)
            return
        spot = real(target.closest("[data-name]"))
        if spot is not None and by_id("board").contains(spot):
            self.do_hex(str(spot.getAttribute("data-name")))

    def do_hex(self, name: str) -> None:
        """A click on a board element (its data-name: a hex, a vertex, an edge, a tile)."""
        self.control.click(name)

    def do_tool(self, tool: str) -> None:
        self.control.select_tool(tool)

    def command(self, name: str, control=None, value: str | None = None) -> None:
        """A ``data-cmd`` button: the DOM-only ones here, the rest in the controller."""
        if value is None and control is not None:
            found = real(control.getAttribute("data-value"))
            value = None if found is None else str(found)
        if name == "fresh":  # after a broken link: drop it, start the default game
            js.history.replaceState(None, "", js.location.pathname + js.location.search)
            self.root.dataset.state = ""
            self.control.fresh(keep_hash=self.embed)
        elif name == "new":
            window.location.hash = "home"
        elif name == "copy":
            if self.table is not None or self.control.remote is not None:
                self.spawn(self.copy_link())
        elif name == "costs":
            panel = by_id("costs-panel")
            hidden = panel.classList.toggle("collapsed")
            if control is not None:
                control.setAttribute("aria-expanded", "false" if hidden else "true")
                control.textContent = "Show" if hidden else "Hide"
        else:
            self.control.command(name, value)

    def link_url(self) -> str:
        location = js.location
        base = str(location.origin) + str(location.pathname)
        session = self.table.session if self.table is not None else self.control.remote
        if getattr(session, "remote", False) and not session.over:
            return f"{base}#{session.share_link()}"  # the room, to share
        return f"{base}#{session.link()}"

    async def copy_link(self) -> None:
        url = self.link_url()
        try:
            await js.navigator.clipboard.writeText(url)
        except Exception:  # no clipboard permission (http, iframe): show the link instead
            field = by_id("link-field")
            field.value = url
            field.hidden = False
            field.focus()
            field.select()
            self.flash("Copy the link from the box (Ctrl+C).")
            return
        self.root.dataset.copied = url
        self.flash("Link copied: opening it shows this exact position.")

    def on_key(self, event) -> None:
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey and str(event.key).lower() != "z":
            return
        if event.altKey or event.metaKey:
            return
        key = str(event.key)
        if key in ("Enter", " ") and hasattr(target, "closest"):
            spot = real(target.closest("#board [data-name]"))
            if spot is not None:
                event.preventDefault()
                self.focus.keyboard = str(spot.getAttribute("data-name"))
                self.do_hex(self.focus.keyboard)
            return  # Enter on a button clicks it already
        if self.root.dataset.view != "game":
            return
        if self.control.wants_key(key, bool(event.ctrlKey)):
            event.preventDefault()
            self.control.key(key, bool(event.ctrlKey))

    # --- the home screen's forms ------------------------------------------------------------
    def form_values(self, form) -> dict[str, str]:
        values = {}
        elements = form.elements
        for index in range(elements.length):
            field = elements.item(index)
            name = str(field.name or "")
            if not name:
                continue
            if str(field.type) == "checkbox":
                values[name] = "true" if field.checked else "false"
            else:
                values[name] = str(field.value)
        return values

    def show_errors(self, form, game_id: str, errors: dict[str, str], only: str | None = None) -> None:
        fields = form.querySelectorAll("[data-field]")
        for index in range(fields.length):
            box = fields.item(index)
            name = str(box.getAttribute("data-field"))
            if only is not None and name != only:
                continue
            message = errors.get(name, "")
            note = by_id(f"err-{game_id}-{name}")
            if note is not None:
                note.textContent = message
            control = real(box.querySelector("input,select"))
            if control is not None:
                if message:
                    control.setAttribute("aria-invalid", "true")
                else:
                    control.removeAttribute("aria-invalid")

    def on_input(self, event) -> None:
        if replay_page.slid(event.target, self.control):
            return
        form = real(event.target.closest("form.newgame")) if hasattr(event.target, "closest") else None
        if form is None:
            return
        game_id = str(form.getAttribute("data-game"))
        if str(event.target.name or "") == "players":
            self.show_seats(form, str(event.target.value))
        _, errors = parse_form(game_id, self.form_values(form))
        self.show_errors(form, game_id, errors, only=str(event.target.name or ""))

    def show_seats(self, form, players_text: str) -> None:
        """Show one seat select per player (the form has one for every possible seat)."""
        try:
            players = int(players_text)
        except ValueError:
            return
        seats = form.querySelectorAll("[data-seat]")
        for index in range(seats.length):
            box = seats.item(index)
            box.hidden = int(str(box.getAttribute("data-seat"))) > players

    def on_submit(self, event) -> None:
        form = event.target
        if hasattr(form, "matches") and form.matches("form.joinseat, form.joinroom"):
            event.preventDefault()
            self.join_submit(form)
            return
        if not hasattr(form, "matches") or not form.matches("form.newgame"):
            return
        event.preventDefault()
        game_id = str(form.getAttribute("data-game"))
        submitter = real(getattr(event, "submitter", None))
        online = submitter is not None and str(submitter.getAttribute("value") or "") == "online"
        values = self.form_values(form)
        setup, errors = parse_form(game_id, values)
        if setup is not None and online:
            name = by_id("player-name")
            self.control.create_online(setup, str(name.value).strip()[:40] if name is not None else "")
            return
        self.show_errors(form, game_id, errors)
        if setup is None:
            first = real(form.querySelector("[aria-invalid]"))
            if first is not None:
                first.focus()
            return
        session = Session(setup)
        self.control.load(session, demo=False, keep_hash=True)
        window.location.hash = session.link()  # a history entry: Back returns to the form


def _join_submit(app: "App", form) -> None:
    """The lobby's name form (take a free seat) or the home screen's (a code and a name)."""
    values = app.form_values(form)
    name = str(values.get("name", "")).strip()[:40] or "Player"
    if form.matches("form.joinseat"):
        app.control.command("online-join", name)
        return
    code, name = lobby.join_values(values)
    note = real(form.querySelector(".err"))
    if code is None:
        if note is not None:
            note.textContent = "A game code is six letters and digits (no 0, O, 1, I or L)."
        return
    app.control.open_online(code, name or "Player")
    js.history.pushState(None, "", "#online=" + code)


App.join_submit = _join_submit


def main() -> App:
    """Start the page (called by index.html once Pyodide is up)."""
    app = App()
    try:
        app.start()
    except Exception as err:  # never leave a dead page without a word
        status = by_id("status")
        if status is not None:
            status.textContent = f"The arcade failed to start: {err}"
        document.documentElement.dataset.ready = "error"
        raise
    return app
