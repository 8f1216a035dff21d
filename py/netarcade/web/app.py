"""The page's DOM glue: mount HTML and SVG, listen, run the bots in slices.

What it is for: ``index.html`` runs ``netarcade.web.app.main()`` once
Pyodide is up. This module reads the URL (``?embed``, the ``#`` seed link),
builds a :class:`~netarcade.web.session.Session` and its game's table
(``pages.page_for(game).table``, from the game's folder under ``web/games``),
sets ``innerHTML`` of the board and the panels from the pure renderers, and
maps DOM events to table calls through a few delegated listeners
(``pyscript.web`` cannot create SVG nodes and refuses SVG targets, so one
``click`` listener on the document reads ``data-name`` / ``data-tool`` /
``data-cmd`` / ``data-value``).

Bots think on the browser's event loop: an ``asyncio`` task runs a
:class:`~netarcade.web.thinking.Thinker` a 30 ms slice at a time and awaits
``asyncio.sleep(0)`` (a macrotask in Pyodide's WebLoop) between slices, so
no main-thread task gets long while a bot thinks.

What it is not: game logic. Everything it shows comes from the session, the
table and the renderers; everything it does is one call into them.
"""

from __future__ import annotations

import asyncio
import json
import time

import js
from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from . import views
from .pages import GamePage, default_page, page_for
from .session import (
    DEFAULT_SEATS,
    LinkError,
    Session,
    is_game_link,
    new_setup,
    parse_form,
)

#: the least time one bot action stays "thinking" on screen, so moves can be followed
BOT_PAUSE = 0.45
#: the demo (embed default) plays slower, and restarts this long after a game ends
DEMO_PAUSE = 0.8
DEMO_RESTART = 6.0
DEMO_SEATS = ("search", "search")
#: screens that get the tall board (a diamond); index.html uses the same query
PORTRAIT = "(orientation: portrait) and (max-width: 640px)"

__all__ = ["App", "main"]


def _node(value):
    """A DOM lookup's result, or None: Pyodide hands JavaScript's null over
    as ``jsnull``, which is not None."""
    return None if value is None or value is jsnull else value


def _by_id(name: str):
    return _node(document.getElementById(name))


def _guarded(handler):
    """An event handler that reports a bug in the status line instead of
    leaving a page that silently stopped answering."""

    def run(event):
        try:
            handler(event)
        except Exception as err:  # a bug: show it, keep the page alive
            prompt = _by_id("prompt")
            if prompt is not None:
                prompt.textContent = f"Something went wrong ({type(err).__name__}: {err}). Undo or start a new game."
                prompt.classList.add("error")
            js.console.error(f"netarcade: {type(err).__name__}: {err}")

    return run


class App:
    """The one page: a game screen and a home screen, or (``?embed``) just a board."""

    def __init__(self):
        root = document.documentElement
        self.root = root
        # index.html's first script read ?embed (any "embed" or "embed=..." parameter)
        self.embed = bool(root.hasAttribute("data-embed"))
        self.table = None  # the game's table (its page makes it)
        self.page: GamePage | None = None
        self.demo = False
        self.paused = False
        self.generation = 0  # bumps on every change; a stale bot task sees it and stops
        self.review = False  # the game-over card was closed to look at the board
        self.keyboard_focus: str | None = None  # hex to focus after a re-render
        self.longest_slice = 0.0  # the longest slice of bot thinking so far, in seconds
        self.thinking_windows: list[list[float]] = []  # [start, end] in ms of recent bot thinking
        self._tasks: set = set()
        self._proxies: list = []  # keep every JS proxy alive for the page's lifetime

    # --- setup -------------------------------------------------------------------
    def listen(self, target, event: str, handler) -> None:
        proxy = create_proxy(_guarded(handler))
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def start(self) -> None:
        self.listen(document, "click", self.on_click)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "submit", self.on_submit)
        self.listen(document, "input", self.on_input)
        self.listen(window, "hashchange", lambda event: self.route())
        self.portrait = window.matchMedia(PORTRAIT)
        self.listen(self.portrait, "change", lambda event: self.render())
        self.route()
        self.root.dataset.ready = "play"
        self.root.dataset.readyMs = str(round(js.performance.now()))

    def route(self) -> None:
        fragment = str(window.location.hash or "").lstrip("#")
        if fragment == "home" and not self.embed:
            self.show("home")
            return
        if self.table is not None and fragment and fragment == self.table.session.link():
            self.show("game")
            return
        if is_game_link(fragment):
            try:
                session = Session.from_link(fragment)
            except LinkError as err:
                self.show_link_error(str(err))
                return
            self.load(session, demo=False)
            return
        if self.embed:
            self.load(Session(new_setup(default_page().id, {}, None, DEMO_SEATS)), demo=True, keep_hash=True)
        else:
            self.load(Session(new_setup(default_page().id, {}, None, DEFAULT_SEATS)), demo=False)

    def load(self, session: Session, demo: bool, keep_hash: bool = False) -> None:
        self.page = page_for(session.setup.game)
        self.table = self.page.table(session)
        self.mount()
        self.demo = demo
        self.paused = False
        self.review = False
        self.root.classList.remove("link-pending")
        self.root.dataset.humans = str(len(session.setup.humans))
        self.show("game")
        self.changed(update_hash=not keep_hash)

    def mount(self) -> None:
        """Give the page the current game's side column (players, costs,
        log, rules) when another game's is in place."""
        page = self.page
        self.root.dataset.game = page.id
        side = _by_id("side")
        if side is not None and str(side.getAttribute("data-game") or "") != page.id:
            side.innerHTML = page.side()
            side.setAttribute("data-game", page.id)
        section = _by_id("view-game")
        if section is not None:
            section.setAttribute("aria-label", f"{page.title} game")
        self.set_text("topic", page.title)

    def show(self, view: str) -> None:
        self.root.dataset.view = view
        if view == "home":
            resume = _by_id("resume")
            if resume is not None:
                if self.table is not None and not self.demo:
                    resume.href = "#" + self.table.session.link()
                    resume.hidden = False
                else:
                    resume.hidden = True
            document.title = "netarcade: choose a game"
        else:
            document.title = f"netarcade: {(self.page or default_page()).title}"

    def show_link_error(self, message: str) -> None:
        self.cancel_bots()
        self.table = None
        self.show("game")
        self.root.classList.remove("link-pending")
        self.root.dataset.state = "link-error"
        self.set_html("overlay", views.link_error(message))
        self.set_html("tools", default_page().idle_tools())
        _by_id("overlay").hidden = False
        self.set_text("status", "This link does not open a game.")
        self.set_text("prompt", message)

    # --- drawing -------------------------------------------------------------------
    def set_html(self, element_id: str, html: str) -> None:
        node = _by_id(element_id)
        if node is not None:
            node.innerHTML = html

    def set_text(self, element_id: str, text: str) -> None:
        node = _by_id(element_id)
        if node is not None:
            node.textContent = text

    def render(self) -> None:
        table = self.table
        if table is None:
            return
        focused = self.focused_control()
        session = table.session
        page = self.page
        self.set_html("board", page.board(table, "tall" if self.portrait.matches else "wide"))
        self.set_text("status", table.status())
        prompt = _by_id("prompt")
        prompt.textContent = table.prompt()
        prompt.classList.toggle("error", bool(table.message))
        for element_id, html in page.panels(table).items():
            self.set_html(element_id, html)
        log = _by_id("log")
        log.scrollTop = log.scrollHeight
        undo = _by_id("undo")
        undo.disabled = not session.can_undo()
        self.root.dataset.state = ("over" if session.over else
                                   "human" if session.is_human_turn() else "bot")
        self.root.dataset.actions = str(len(session.actions))
        full = _by_id("open-full")
        if full is not None:  # embed: open this very position in the full arcade
            full.href = "./" if self.demo else "./#" + session.link()
        pause = _by_id("pause")
        if pause is not None:
            pause.textContent = "Resume" if self.paused else "Pause"
            pause.hidden = not self.demo
        overlay = _by_id("overlay")
        if session.over and not self.review:
            self.set_html("overlay", page.game_over(table))
            overlay.hidden = False
        else:
            overlay.hidden = True
        self.restore_focus(focused)

    def focused_control(self) -> str | None:
        """A selector for the focused tool, command or hex, to focus it again
        after a re-render replaced it (keyboard players keep their place)."""
        active = _node(document.activeElement)
        if active is None or not hasattr(active, "getAttribute"):
            return None
        for attribute in ("data-tool", "data-cmd", "data-name"):
            value = _node(active.getAttribute(attribute))
            if value is not None:
                selector = f'[{attribute}="{value}"]'
                extra = _node(active.getAttribute("data-value"))
                return selector + (f'[data-value="{extra}"]' if extra is not None else "")
        return None

    def restore_focus(self, selector: str | None) -> None:
        if self.keyboard_focus is not None:
            selector = f'[data-name="{self.keyboard_focus}"]'
            self.keyboard_focus = None
        if selector is None:
            return
        node = _node(document.querySelector(selector))
        if selector.startswith("[data-name") and (node is None or not node.hasAttribute("tabindex")):
            # that hex is no longer a button: go to the board's first one
            node = _node(document.querySelector("#board [data-action]"))
        if node is not None:
            node.focus()

    def changed(self, update_hash: bool = True) -> None:
        """After any change of the game: draw, keep the link current, let bots move."""
        self.generation += 1
        if self.table is not None:
            self.table.sync()
        self.render()
        if update_hash and self.table is not None and not self.demo:
            js.history.replaceState(None, "", "#" + self.table.session.link())
        self.schedule_bots()

    def flash(self, text: str) -> None:
        toast = _by_id("toast")
        toast.textContent = text
        toast.hidden = False

        async def hide():
            await asyncio.sleep(2.4)
            if toast.textContent == text:
                toast.hidden = True

        self.spawn(hide())

    # --- bots ----------------------------------------------------------------------------
    def spawn(self, coroutine) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel_bots(self) -> None:
        self.generation += 1

    def schedule_bots(self) -> None:
        table = self.table
        if table is None or self.paused:
            return
        if table.session.is_bot_turn():
            self.spawn(self.run_bots(self.generation))
        elif self.demo and table.session.over:
            self.spawn(self.restart_demo(self.generation))

    async def run_bots(self, generation: int) -> None:
        """One bot action: think in slices, wait out the visible pause, play.
        Playing calls ``changed()``, which schedules the next bot action."""
        from .thinking import Thinker  # the bots load when a bot first plays

        await asyncio.sleep(0)  # let the browser paint the move that led here
        table = self.table
        session = table.session
        if generation != self.generation or self.paused or not session.is_bot_turn():
            return
        seat = session.current
        started = time.perf_counter()
        thinking_from = js.performance.now()
        thinker = Thinker(session.game, session.state, seat, session.setup.seats[seat],
                          session.bot_rng(seat))
        while not thinker.step():
            await asyncio.sleep(0)  # a macrotask: the browser paints and handles input
            if generation != self.generation:
                return
        self.longest_slice = max(self.longest_slice, thinker.longest)
        # For tests: the longest slice, and when bots thought (the browser's
        # long-task entries are matched against these windows).
        self.root.dataset.botLongestMs = str(round(self.longest_slice * 1000, 1))
        self.thinking_windows = (self.thinking_windows + [[thinking_from, js.performance.now()]])[-200:]
        self.root.dataset.botWindows = json.dumps(self.thinking_windows)
        text = session.game.format_action(thinker.action)
        pause = DEMO_PAUSE if self.demo else self.page.bot_pause(text)
        wait = pause - (time.perf_counter() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        if generation != self.generation:
            return
        if table.play(text) is None:
            self.render()  # cannot happen with the engine's bots; never loop on it
            return
        self.changed()

    async def restart_demo(self, generation: int) -> None:
        await asyncio.sleep(DEMO_RESTART)
        if generation == self.generation and self.demo and not self.paused:
            self.load(Session(new_setup(default_page().id, {}, None, DEMO_SEATS)), demo=True, keep_hash=True)

    # --- events ------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = _node(event.target)
        if target is None or not hasattr(target, "closest"):
            return
        control = _node(target.closest("[data-tool],[data-cmd]"))
        if control is not None:
            tool = _node(control.getAttribute("data-tool"))
            if tool:
                self.do_tool(str(tool))
            else:
                self.command(str(control.getAttribute("data-cmd")), control)
            return
        spot = _node(target.closest("[data-name]"))
        if spot is not None and _by_id("board").contains(spot):
            self.do_hex(str(spot.getAttribute("data-name")))

    def do_hex(self, name: str) -> None:
        """A click on a board element (its data-name: a hex, a vertex, an edge, a tile)."""
        table = self.table
        if table is None:
            return
        played = table.click(name)
        if played is not None:
            self.changed()
        else:
            self.render()

    def do_tool(self, tool: str) -> None:
        if self.table is None:
            return
        if self.table.select_tool(tool) is not None:  # a tool that plays at once (+1 XP)
            self.changed()
        else:
            self.render()

    def command(self, name: str, control=None, value: str | None = None) -> None:
        table = self.table
        if value is None and control is not None:
            found = _node(control.getAttribute("data-value"))
            value = None if found is None else str(found)
        if name == "fresh":  # after a broken link: drop it, start the default game
            js.history.replaceState(None, "", js.location.pathname + js.location.search)
            self.root.dataset.state = ""
            seats = DEMO_SEATS if self.embed else DEFAULT_SEATS
            self.load(Session(new_setup(default_page().id, {}, None, seats)), demo=self.embed,
                      keep_hash=self.embed)
            return
        if name == "new":
            window.location.hash = "home"
            return
        if table is None:
            return
        session = table.session
        if name == "undo":
            if session.undo():
                self.cancel_bots()
                table.message = None
                self.review = False
                self.changed()
            else:
                table.message = "Nothing to undo: no move of yours yet."
                self.render()
        elif name == "cancel":
            table.cancel()
            self.render()
        elif name == "copy":
            self.spawn(self.copy_link())
        elif name == "review":
            self.review = True
            self.render()
        elif name == "rematch":
            setup = session.setup
            self.load(Session(new_setup(setup.game, dict(setup.options), None, setup.seats)),
                      demo=self.demo, keep_hash=self.demo)
        elif name == "pause":
            self.paused = not self.paused
            self.cancel_bots()
            self.render()
            if not self.paused:
                self.schedule_bots()
        elif name == "demo-new":  # the embed's "New": another game of the same kind
            setup = DEMO_SEATS if self.demo else session.setup.seats
            options = {} if self.demo else dict(session.setup.options)
            self.load(Session(new_setup(session.setup.game, options, None, setup)),
                      demo=self.demo, keep_hash=self.demo)
        elif name == "costs":
            panel = _by_id("costs-panel")
            hidden = panel.classList.toggle("collapsed")
            if control is not None:
                control.setAttribute("aria-expanded", "false" if hidden else "true")
                control.textContent = "Show" if hidden else "Hide"
        else:  # the game's own buttons: end, roll, draw, pick a resource, ...
            if table.command(name, value) is not None:
                self.changed()
            else:
                self.render()

    def link_url(self) -> str:
        location = js.location
        base = str(location.origin) + str(location.pathname)
        return f"{base}#{self.table.session.link()}"

    async def copy_link(self) -> None:
        url = self.link_url()
        try:
            await js.navigator.clipboard.writeText(url)
        except Exception:  # no clipboard permission (http, iframe): show the link instead
            field = _by_id("link-field")
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
            spot = _node(target.closest("#board [data-name]"))
            if spot is not None:
                event.preventDefault()
                self.keyboard_focus = str(spot.getAttribute("data-name"))
                self.do_hex(self.keyboard_focus)
            return  # Enter on a button clicks it already
        if self.table is None or self.root.dataset.view != "game":
            return
        if event.ctrlKey and key.lower() == "z":
            command = "undo"
        else:
            command = self.table.key_command(key)
        if command is None:
            return
        event.preventDefault()
        if command in self.table.tools:
            self.do_tool(command)
        elif command == "cancel":
            self.table.cancel()
            self.render()
        else:
            name, _, value = command.partition(":")
            self.command(name, value=value or None)

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
            note = _by_id(f"err-{game_id}-{name}")
            if note is not None:
                note.textContent = message
            control = _node(box.querySelector("input,select"))
            if control is not None:
                if message:
                    control.setAttribute("aria-invalid", "true")
                else:
                    control.removeAttribute("aria-invalid")

    def on_input(self, event) -> None:
        form = _node(event.target.closest("form.newgame")) if hasattr(event.target, "closest") else None
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
        if not hasattr(form, "matches") or not form.matches("form.newgame"):
            return
        event.preventDefault()
        game_id = str(form.getAttribute("data-game"))
        setup, errors = parse_form(game_id, self.form_values(form))
        self.show_errors(form, game_id, errors)
        if setup is None:
            first = _node(form.querySelector("[aria-invalid]"))
            if first is not None:
                first.focus()
            return
        session = Session(setup)
        self.load(session, demo=False, keep_hash=True)
        window.location.hash = session.link()  # a history entry: Back returns to the form


def main() -> App:
    """Start the page (called by index.html once Pyodide is up)."""
    app = App()
    try:
        app.start()
    except Exception as err:  # never leave a dead page without a word
        status = _by_id("status")
        if status is not None:
            status.textContent = f"The arcade failed to start: {err}"
        document.documentElement.dataset.ready = "error"
        raise
    return app
