"""The page's lifecycle and bot loop, without a DOM.

What it is for: which game is on screen (a seed link, the default game, the
embed's demo), what a click, key or button does with it, when the link in
the address bar changes, and the bots' turns: a bot thinks a slice at a
time (``thinking.Thinker``), stays on screen at least its game's pause, then
plays, and the next bot follows. :class:`Controller` holds all of that and
talks to the page through a small :class:`Screen` (``screen``; ``app.App`` draws with
the DOM; the tests use a recording one), so it runs and is tested on
CPython.

What it is not: DOM code (``app``), rules (the engine) or a game's controls
(its table, from ``web/games/<id>/``). It names no game: the first game of
``web/games`` is the default.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Awaitable, Callable

from .replay import hint as hints
from .choices import AUTO_PASS_SETTING, PACE_SETTING, PACES, PlayerChoices
from .gamepage import GamePage
from .pages import default_page, page_for
from .screen import Screen
from .speech import Announcer
from .session import DEFAULT_SEATS, LinkError, Session, is_game_link, linked_game, new_setup
from .replay.replay import KEYS as REPLAY_KEYS
from .replay.replay import REFUSED as REPLAY_REFUSED
from .replay.replay import Replay, split_at
from .replay.replay_control import ReplayControl

__all__ = ["DEMO_PAUSE", "DEMO_RESTART", "DEMO_SEATS", "PACES", "Controller", "Screen"]

#: the demo (embed default) plays slower, and restarts this long after a game ends
DEMO_PAUSE = 0.8
DEMO_RESTART = 6.0
DEMO_SEATS = ("search", "search")
#: the last unfinished local game's link: where the home screen's "Back to your game" leads
LAST_SETTING = "last"


#: what a spectator can do, said where a player reads what to do next
SPECTATOR_PROMPT = ("You are watching: every move shows here as it is made. Copy link sends this game to "
                    "someone else; Games goes back to the arcade.")


class Controller(PlayerChoices, ReplayControl):
    """One page's game: its session and table, the demo and pause flags, and the bots.

    ``sleep`` and ``clock`` are injected so the tests can run the bot loop
    without waiting; ``now_ms`` stamps thinking windows (the browser's
    ``performance.now`` in the page)."""

    def __init__(self, screen: Screen, embed: bool = False,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 clock: Callable[[], float] = time.perf_counter,
                 now_ms: Callable[[], float] | None = None):
        self.screen = screen
        self.embed = embed
        self.sleep = sleep
        self.clock = clock
        self.now_ms = now_ms or (lambda: clock() * 1000)
        self.table: Any = None  # the game's table (its page makes it)
        self.page: GamePage | None = None
        self.demo = False
        self.paused = False
        self.review = False  # the game-over card was closed to look at the board
        self.generation = 0  # bumps on every change; a stale bot task sees it and stops
        self.longest_slice = 0.0  # the longest slice of bot thinking so far, in seconds
        self.thinking_windows: list[list[float]] = []  # [start, end] in ms of recent bot thinking
        self.remote: Any = None  # an online room's RemoteSession (``lobby``), when one is open
        self.watching = False  # a visitor chose to watch rather than join
        #: the playable game a link that did not open names (``play=``), else None
        self.broken_game: str | None = None
        self.pace = screen.setting(PACE_SETTING) or "normal"
        if self.pace not in PACES:
            self.pace = "normal"
        self.auto_pass = screen.setting(AUTO_PASS_SETTING) == "on"
        #: the seat whose Resign awaits confirmation (the card is on screen), else None
        self.resigning: int | None = None
        self.heard = Announcer()  # what a screen reader has been told of the moves
        #: the replay viewer (``web/replay/replay.py``) when it is open: ``table`` is then
        #: the shown position's, and ``live_table`` the game's own
        self.replay: Replay | None = None
        self.live_table: Any = None
        #: the last hint (``web/replay/hint.py``), and the generation one is being thought about in
        self.hint: hints.Hint | None = None
        #: the board on screen outlines a ghost (the page sets it as it draws the board;
        #: a hint says "outlined on the board" only then)
        self.outlined = False
        self.hint_thinking = -1

    @property
    def session(self) -> Session | None:
        return None if self.table is None else self.table.session

    # --- which game -----------------------------------------------------------------
    def route(self, fragment: str) -> None:
        """Open what the URL fragment asks for: the home screen (also the bare
        address: a first visit sees the games), a seed link, or an embed's demo."""
        fragment = (fragment or "").lstrip("#")
        if fragment in ("home", "") and not self.embed:
            self.screen.show("home")
            return
        if fragment.startswith("glance="):  # a game's rules card (web/glance.py); the game on screen stays
            from . import glance

            glance.route(self, fragment)
            return
        if fragment.startswith("learn="):  # a game's guided first game (web/learn.py)
            from . import learn

            learn.route(self, fragment)
            return
        try:
            fragment, at = split_at(fragment) if is_game_link(fragment) else (fragment, None)
        except LinkError as err:
            self.link_failed(fragment, str(err))
            return
        live = self.live_session
        if live is not None and fragment and fragment == live.link():
            if at is None and self.replay is not None:
                self.leave_replay()
            elif at is not None and (self.replay is None or at != self.replay.at):
                self.open_replay(at)
            self.screen.show("game")
            return
        if fragment.startswith("online="):
            from .online import lobby

            code, name = lobby.parse_fragment(fragment)
            if self.remote is not None and code == self.remote.room:
                self.screen.show("game")
            elif code is None:
                self.broken_game = None
                self.screen.show("game")
                self.screen.link_error("This online game code is not one: six letters and digits.")
            else:
                lobby.open_room(self, code, name)
            return
        if is_game_link(fragment):
            try:
                # a link is a person's game in a frame as on the page: only the bare embed is the bots' demo
                session = Session.from_link(fragment)
            except LinkError as err:
                self.link_failed(fragment, str(err))
                return
            if at is not None and not 0 <= at <= len(session.actions):
                self.link_failed(fragment, f"this link asks for move {at} of a game of {len(session.actions)} moves")
                return
            self.load(session, demo=False, at=at)
            return
        self.fresh(keep_hash=self.embed)

    def link_failed(self, fragment: str, message: str) -> None:
        """A link that does not open: its error card, no game on screen."""
        self.cancel_bots()
        self.table = None
        self.page = None
        self.replay = self.live_table = None
        self.broken_game = linked_game(fragment)
        self.screen.show("game")
        self.screen.link_error(message)

    def fresh(self, keep_hash: bool = False) -> None:
        """The default game: you against the search bot, or the demo when
        embedded; after a link that did not open, a fresh game of the game it named."""
        game_id = self.broken_game or default_page().id
        # the default game's seats are the first paint's; another game seats
        # a human against as many search bots as its default player count
        seats = DEMO_SEATS if self.embed else None if self.broken_game else DEFAULT_SEATS
        options = page_for(game_id).demo_options if self.embed else {}
        self.load(Session(new_setup(game_id, options, None, seats)), demo=self.embed, keep_hash=keep_hash)

    def load(self, session: Session, demo: bool, keep_hash: bool = False, at: int | None = None) -> None:
        """Put ``session`` on screen with its game's table (``at``: in the
        replay viewer, at the position after that many moves)."""
        if self.remote is not None and session is not self.remote:
            self.remote.close()  # leaving an online room for a local game
            self.remote = None
        self.broken_game = None
        self.replay = self.live_table = None
        self.page = page_for(session.setup.game)
        self.table = self.page.table(session)
        self.screen.mount(self.page)
        self.demo = demo
        self.paused = False
        self.review = False
        self.resigning = None
        self.screen.show("game")
        if at is not None:
            self.open_replay(at)
            return
        self.changed(update_hash=not keep_hash)

    def again(self, demo_seats: bool = False) -> None:
        """Another game of the same kind and seats (the demo's: two bots)."""
        setup = self.session.setup
        seats = DEMO_SEATS if demo_seats else setup.seats
        options = page_for(setup.game).demo_options if demo_seats else dict(setup.options)
        if getattr(self.session, "lesson_mode", False):  # after a lesson: a real game against the gentle bot
            options = {}
        self.load(Session(new_setup(setup.game, options, None, seats)), demo=self.demo, keep_hash=self.demo)

    def changed(self, update_hash: bool = True) -> None:
        """After any change of the game: draw, keep the link current, let bots move."""
        self.generation += 1
        if self.table is not None:
            self.table.auto_pass = self.auto_pass
            self.table.sync()
            if self.answer_for_player():
                self.changed(update_hash)
                return
        self.screen.render()
        news = self.heard.news(self.session, self.page)
        if getattr(self.session, "lesson_mode", False):  # the live region reads each step
            news = " ".join(part for part in (news, self.prompt()) if part)
            # and the eyes see it: the status line, the sentence under it (a tap far down a board scrolls them away)
            self.screen.reveal("status")
        if news:
            self.screen.set_text("announce", news)
        if update_hash and self.table is not None and not self.demo:
            self.screen.set_link(self.session.link())
            if not (self.embed or getattr(self.session, "remote", False)):  # for "Back to your game"
                self.screen.save_setting(LAST_SETTING, "" if self.session.over else self.session.link())
        self.schedule_bots()

    def resume_link(self) -> str | None:
        """Where "Back to your game" leads: the game on screen (not a demo), else the last kept."""
        if self.table is not None and not self.demo:
            return self.session.link()
        last = self.screen.setting(LAST_SETTING) or ""
        return last if not self.embed and is_game_link(last) else None

    @property
    def mode(self) -> str:
        """``over``, ``human`` (a human decides), ``bot`` or ``paused`` (a
        bot would move, but the demo is paused); ``""`` with no game."""
        session = self.session
        if session is None:
            return ""
        if self.replay is not None:
            return "replay"
        if session.over:
            return "over"
        if session.is_human_turn():
            return "human"
        return "paused" if self.paused else "bot"

    def status(self) -> str:
        """The status line: the table's, or that the game is paused (a
        paused bot is not thinking)."""
        if self.mode == "paused":
            return "Paused: Resume to watch the bots play on."
        if self.replay is not None:
            return self.replay.status(self.page.speech())
        return self.table.status()

    def prompt(self) -> str:
        """The prompt line: the table's, or in the replay viewer how to use it, or
        to a spectator what a spectator can do."""
        table = self.table
        if self.replay is not None and not table.message:
            return self.replay.prompt()
        if getattr(self.session, "lesson_mode", False) and not table.message:
            from . import learn

            return learn.prompt(self) or table.prompt()
        if self.spectating and not table.message and not self.session.over:
            return SPECTATOR_PROMPT
        return (None if table.message else hints.prompt(self)) or table.prompt()

    @property
    def spectating(self) -> bool:
        """This page watches an online room (no seat of its own): it plays nothing, so the
        page shows it no build buttons, New game or the bots' pace (issue 39, item 14)."""
        session = self.session
        return bool(getattr(session, "remote", False)) and session.seat is None and self.replay is None

    # --- online (web/online/lobby.py) --------------------------------------------------------------
    def open_online(self, code: str, name: str | None = None) -> None:
        from .online import lobby

        lobby.open_room(self, code, name)

    def create_online(self, setup: Any, name: str) -> None:
        from .online import lobby

        lobby.create_room(self, setup, name)

    # --- what the player does -----------------------------------------------------------
    def after(self, played: str | None) -> None:
        """A table call's outcome: a played action changes the game, anything else redraws."""
        if self.replay is not None:  # nothing is played in the viewer
            self.table.message = REPLAY_REFUSED
            self.table.drop_picks()
            self.screen.render()
        elif played is not None:
            self.changed()
        else:
            self.screen.render()

    def click(self, name: str) -> None:
        """A board element (its ``data-name``) was clicked or pressed."""
        if self.table is not None:
            self.after(None if self.replay is not None else self.table.click(name))

    def select_tool(self, tool: str) -> None:
        if self.table is not None:
            # a tool may play at once (+1 XP)
            self.after(None if self.replay is not None else self.table.select_tool(tool))

    def cancel(self) -> None:
        if self.table is not None:
            self.table.cancel()
            self.screen.render()

    def undo(self) -> None:
        table = self.table
        if table is None:
            return
        if getattr(table.session, "remote", False):
            table.message = "Online, a move is final: there is no undo."
            self.screen.render()
        elif self.replay is not None:
            table.message = REPLAY_REFUSED
            self.screen.render()
        elif table.session.undo():
            while table.auto_answer() is not None and table.session.undo():
                pass  # a pass the page made for the player is no decision to go back to
            self.cancel_bots()
            table.message = None
            self.review = False
            self.changed()
        else:
            table.message = "Nothing to undo: no move of yours yet."
            self.screen.render()

    def command(self, name: str, value: str | None = None) -> None:
        """A ``data-cmd`` button or key that is not DOM-only."""
        if name.startswith("online-"):
            from .online import lobby

            lobby.command(self, name, value)
            return
        if self.table is None:
            return
        if name == "hint":
            hints.ask(self)
        elif name.startswith("analyse"):
            from .replay.analysis_page import command as analyse  # the bots load when first asked

            analyse(self, name, value)
        elif name.startswith("replay"):
            self.replay_command(name, value)
        elif self.replay is not None and name not in ("cancel", "pace", "autopass"):
            self.after(None)  # a game's own button: nothing is played in the viewer
        elif name == "undo":
            self.undo()
        elif name == "cancel":
            self.cancel()
        elif name == "review":
            self.review = True
            self.screen.render()
        elif name == "rematch" and getattr(self.session, "remote", False):
            self.screen.set_link("home")
            self.screen.show("home")
        elif name == "rematch":
            self.again()
        elif name == "pause":
            self.paused = not self.paused
            self.cancel_bots()
            self.screen.render()
            if not self.paused:
                self.schedule_bots()
        elif name == "demo-new":  # the embed's "New": another game of the same kind
            self.again(demo_seats=self.demo)
        elif name == "pace":
            self.set_pace(value)
        elif name == "autopass":
            self.set_auto_pass(value)
        elif name in ("resign", "resign-yes", "resign-no"):
            self.resign({"resign": "ask", "resign-yes": "yes", "resign-no": "no"}[name])
        else:  # the game's own buttons: end, roll, draw, pick a resource, ...
            self.after(self.table.command(name, value))

    def key(self, key: str, ctrl: bool = False) -> None:
        """A key press on the game view (not in a form field)."""
        if self.table is None:
            return
        if self.replay is not None:
            how = REPLAY_KEYS.get(key.lower())
            if how is not None and self.replay.step(how):
                self.show_position()
            elif key.lower() in ("escape", "esc"):
                self.leave_replay()
            return
        if hints.takes_key(self, key, ctrl):
            return hints.ask(self)
        command = "undo" if ctrl and key.lower() == "z" else self.table.key_command(key)
        if command is None:
            return
        if command in self.table.tools:
            self.select_tool(command)
        else:
            name, _, value = command.partition(":")
            self.command(name, value or None)

    def wants_key(self, key: str, ctrl: bool = False) -> bool:
        """Does this key mean something to the game on screen (so the page keeps it)?"""
        if self.table is None:
            return False
        if self.replay is not None:
            return not ctrl and (key.lower() in REPLAY_KEYS or key.lower() in ("escape", "esc"))
        return hints.takes_key(self, key, ctrl) or (ctrl and key.lower() == "z") or self.table.key_command(key) is not None

    # --- bots -----------------------------------------------------------------------------
    def cancel_bots(self) -> None:
        self.generation += 1

    def schedule_bots(self) -> None:
        session = self.session
        if session is None or self.paused or getattr(session, "remote", False):
            return  # the relay plays an online room's bots
        if session.is_bot_turn():
            self.screen.spawn(self.run_bots(self.generation))
        elif self.demo and session.over:
            self.screen.spawn(self.restart_demo(self.generation))

    def bot_pause(self, text: str) -> float:
        """How long a bot action stays on screen (thinking counts towards it),
        at the player's pace."""
        return (DEMO_PAUSE if self.demo else self.page.bot_pause(text)) * PACES[self.pace]

    async def run_bots(self, generation: int) -> bool:
        """One bot action: think in slices, wait out the visible pause, play.
        Playing calls :meth:`changed`, which schedules the next bot action.
        Returns whether it played (a newer change or a pause stops it)."""
        from .thinking import Thinker  # the bots load when a bot first plays

        await self.sleep(0)  # let the browser paint the move that led here
        await self.screen.drawn()  # and wait until the page has shown it (never run ahead of the page)
        table = self.table
        if table is None or generation != self.generation or self.paused or not table.session.is_bot_turn():
            return False
        session = table.session
        seat = session.current
        started = self.clock()
        thinking_from = self.now_ms()
        thinker = Thinker(session.game, session.state, seat, session.setup.seats[seat], session.bot_rng(seat))
        while not thinker.step():
            await self.sleep(0)  # a macrotask in the page: the browser paints and handles input
            if generation != self.generation:
                return False
        self.longest_slice = max(self.longest_slice, thinker.longest)
        self.thinking_windows = (self.thinking_windows + [[thinking_from, self.now_ms()]])[-200:]
        self.screen.bot_thought(self.longest_slice, self.thinking_windows)
        text = session.game.format_action(thinker.action)
        wait = self.bot_pause(text) - (self.clock() - started)
        if wait > 0:
            await self.sleep(wait)
        if generation != self.generation:
            return False
        if table.play(text) is None:
            self.screen.render()  # cannot happen with the engine's bots; never loop on it
            return False
        self.changed()
        return True

    async def restart_demo(self, generation: int) -> None:
        await self.sleep(DEMO_RESTART)
        if generation == self.generation and self.demo and not self.paused:
            self.fresh(keep_hash=True)
