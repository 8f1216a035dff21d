"""A room of the relay: one ``Match``, its seats, spectators, clocks and bots.

What it is for: the relay's authority over one game. It checks a seat's
token, applies the seat's action through ``Match.submit``, journals it (the
``Store``) before anyone hears of it, and tells every subscriber what its
observer may see: its own view, its events since the version it last got
and its legal actions. It runs the clock (the game's default on time-out,
a stand-in bot after three misses in a row) and the seated bots.
What it is not: sockets and frame parsing (``server.py``, ``protocol.py``).
"""

from __future__ import annotations

import asyncio
import logging
import hashlib
import hmac
import secrets
import time
from typing import Any, Callable

from ..bots import LEVELS, bot_seed, make_bot
from ..core import LowestSeat, Match
from ..core.errors import CodedError, NetarcadeError
from ..core.codes import CODE_ALPHABET, CODE_LENGTH
from ..core.names import clean_name
from ..core.options import validate_seed
from ..core.record import encode_record
from ..games import continues_online, get_game
from .protocol import MAX_TEXT, VERSION
from .store import Store, StoredRoom

HUMAN = "human"
#: the bot level that takes a seat after ``MISSES_TO_BOT`` misses, unless ``--standin`` says
STANDIN = "greedy"
#: misses in a row after which a stand-in bot takes the seat
MISSES_TO_BOT = 3
#: at most this many actions in one time-out (a turn played out by the clock)
MAX_DEFAULT_ACTIONS = 200
#: at most this many moves of a local game a new room takes over
MAX_ADOPTED = 5000


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def commitment(game: str, seed: int, salt: str) -> str:
    """sha256 of ``netarcade-seed:v1:<game>:<seed>:<salt>`` (seed in decimal,
    salt in hex): published at creation, checked against the reveal."""
    return hashlib.sha256(f"netarcade-seed:v1:{game}:{seed}:{salt}".encode()).hexdigest()


def default_action(match: Match, seat: int) -> str:
    legal = match.legal(seat)
    """What the clock plays for ``seat``: the game's ``timeout_verbs`` (docs/relay.md)."""
    for verb in match.game.timeout_verbs:
        for text in legal:
            if text.split(" ")[1:2] == [verb]:
                return text
    return legal[0]


class RoomError(CodedError):
    """A frame the room refuses (``RoomError(code, message)``): the room is unchanged."""


def adopted_seed(game, options: dict, seed: Any, actions: list) -> int:
    """The seed of a local game a new room carries on (``create`` with
    ``seed`` and ``actions``), once its moves replay; ``bad-record`` for a
    game whose seed decides something hidden (``continues_online``), a
    record that does not replay, or a finished game."""
    if not continues_online(game):
        raise RoomError("bad-record", f"{game.title} has hidden cards or chance: a page that knows a game's seed "
                                      "knows what is to come, so the relay deals it (create without seed and actions)")
    if seed is None:
        raise RoomError("bad-record", "a game taken online needs its seed with its moves")
    try:
        seed = validate_seed(seed)
    except NetarcadeError as err:
        raise RoomError("bad-record", str(err)) from None
    if len(actions) > MAX_ADOPTED or not all(isinstance(text, str) and len(text) <= MAX_TEXT for text in actions):
        raise RoomError("bad-record", f"at most {MAX_ADOPTED} moves, each a notation of at most {MAX_TEXT} characters")
    try:
        match = Match(game, options, seed, actions, undo=False)
    except NetarcadeError as err:
        raise RoomError("bad-record", str(err)) from None
    if match.over:
        raise RoomError("bad-record", "that game is over: there is nothing to carry on")
    return seed


class Seat:
    def __init__(self, kind: str, name: str | None = None, token_hash: str | None = None,
                 misses: int = 0, bot_now: bool = False):
        self.kind, self.name, self.token_hash = kind, name, token_hash
        self.misses, self.bot_now = misses, bot_now
        self.last_own = 0  # version made by this seat's last action (any source)
        self.client = None  # the newest connection on this seat
        self.bot = None

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def played_by_bot(self) -> bool:
        return not self.human or self.bot_now

    def public(self, index: int) -> dict[str, Any]:
        return {"seat": index, "kind": self.kind, "name": self.name, "joined": self.token_hash is not None,
                "connected": self.client is not None, "bot_now": self.bot_now, "misses": self.misses}


class Room:
    """``send(client, frame)`` queues a frame for a connection."""

    def __init__(self, stored: StoredRoom, store: Store, send: Callable[[Any, dict], None],
                 bot_delay: float = 0.0):
        self.code, self.store, self.send, self.bot_delay = stored.code, store, send, bot_delay
        self.game = get_game(stored.game)
        self.seed, self.salt, self.clock = stored.seed, stored.salt, stored.clock
        # a room journaled while ``--standin`` took any word gets the default stand-in
        self.standin = stored.standin if stored.standin in LEVELS else STANDIN
        self.started = stored.started
        #: wall-clock times of creation and of the game's end (``lifecycle.py``)
        self.created = time.time() if stored.created is None else stored.created
        self.ended = stored.ended
        # names journaled before the name rule are cleaned as they are reloaded
        self.seats = [Seat(s["kind"], None if s.get("name") is None else clean_name(s["name"]) or f"P{i + 1}",
                           s.get("token_hash"), s.get("misses", 0), s.get("bot_now", False))
                      for i, s in enumerate(stored.seats)]
        # a room journaled before a rules edition existed names none: it
        # replays under the rules it was played with (Option.legacy). One
        # undo point: ``apply`` undoes at most the action it could not
        # journal, and a point is a whole state copy (250 Net Control rooms
        # 200 actions deep held 327 MB with one per action). Of the seats the
        # relay plays itself, the lowest acts first.
        self.match = Match(self.game, self.game.record_options(stored.options), stored.seed,
                           undo=1, actor=LowestSeat())
        for version, (seat, text, _source) in enumerate(stored.actions, start=1):
            self.match.submit(seat, text)
            self.seats[seat].last_own = version
        if self.match.over and self.ended is None:
            self.ended = time.time()
        self.commitment = commitment(self.game.id, self.seed, self.salt)
        #: client -> [observer, last version sent]
        self.subscribers: dict[Any, list] = {}
        #: seat -> ((kind, turn), deadline): the clock of every acting human seat
        self.deadlines: dict[int, tuple[tuple, float]] = {}
        self.driver: asyncio.Task | None = None
        #: observer -> ((match.changes, started), view, legal) during one round
        #: of frames: see ``_seen_by``
        self._seen: dict[Any, tuple] = {}
        self.refresh_clocks()

    # --- creation ------------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, send, game_id: str, options: dict, seats: list, clock: float,
               standin: str = STANDIN, bot_delay: float = 0.0, seed: Any = None, actions=()) -> "Room":
        """A new room; ``seed`` and ``actions`` carry on a local game (see ``adopted_seed``)."""
        try:
            game = get_game(game_id)
        except (KeyError, NetarcadeError, ValueError):
            raise RoomError("bad-game", f"unknown game {game_id[:40]!r}") from None
        if not all(isinstance(s, str) and (s == HUMAN or s in LEVELS) for s in seats):
            raise RoomError("bad-seats", f"each seat is 'human' or a bot level ({', '.join(LEVELS)})")
        players = options.get("players", len(seats)) if isinstance(options, dict) else len(seats)
        if type(players) is not int or players != len(seats):
            raise RoomError("bad-options", f"option 'players' must be the number of seats ({len(seats)}), "
                                           f"not {str(players)[:20]!r}")
        try:
            options = game.validate_options({**options, "players": len(seats)})
        except NetarcadeError as err:
            raise RoomError("bad-options", str(err)) from None
        except (TypeError, ValueError):
            raise RoomError("bad-options", "options must be a map of option names to values") from None
        actions = list(actions)
        if seed is not None or actions:
            seed = adopted_seed(game, options, seed, actions)
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if not store.code_taken(code):
                break
        stored = StoredRoom(code, game.id, options, secrets.randbits(64) if seed is None else seed,
                            secrets.token_hex(16), clock, standin, False, False, [{"kind": s} for s in seats],
                            created=time.time())
        store.create_room(stored)
        room = cls(stored, store, send, bot_delay)
        for text in actions:  # journaled like any move, so a restart replays them
            room.apply(game.parse_action(text).seat, text, "adopted")
        if not any(seat.human for seat in room.seats):
            room.start()
        return room

    # --- seats -------------------------------------------------------------------------
    def authenticate(self, seat: int, token: str) -> Seat:
        """The seat if ``token`` is its token; the same refusal for every wrong case."""
        if not 0 <= seat < len(self.seats):
            raise RoomError("bad-seat", f"this room has seats 0 to {len(self.seats) - 1}")
        held = self.seats[seat]
        given = token_hash(token)
        if held.token_hash is None or not hmac.compare_digest(given, held.token_hash):
            raise RoomError("bad-token", "that token does not hold this seat")
        return held

    def join(self, name: str, seat: int | None) -> tuple[int, str]:
        free = [i for i, s in enumerate(self.seats) if s.human and s.token_hash is None]
        if seat is None:
            if not free:
                raise RoomError("room-full", "every human seat is taken (watch instead)")
            seat = free[0]
        elif not 0 <= seat < len(self.seats):
            raise RoomError("bad-seat", f"this room has seats 0 to {len(self.seats) - 1}")
        elif seat not in free:
            raise RoomError("seat-taken", f"seat {seat} is not a free human seat")
        token = secrets.token_urlsafe(24)
        held = self.seats[seat]
        held.name, held.token_hash = clean_name(name) or f"P{seat + 1}", token_hash(token)
        self.store.claim_seat(self.code, seat, held.name, held.token_hash)
        if not self.started and not any(s.human and s.token_hash is None for s in self.seats):
            self.start()
        else:
            self.push()
        return seat, token

    def start(self, announce: bool = True) -> None:
        """The game starts (again: nothing changes); ``announce=False``: the
        caller answers the frame first, then calls ``after_change``."""
        if not self.started:
            self.started = True
            self.store.set_started(self.code)
        if announce:
            self.after_change()

    # --- subscribers -----------------------------------------------------------------
    def subscribe(self, client, observer: int | None, since: int = -1, request: int | None = None) -> None:
        if observer is not None:
            held = self.seats[observer]
            old = held.client
            if old is not None and old is not client:
                # two tabs on one seat: the newest wins, the older is told why and closed
                self.send(old, {"kind": "error", "v": VERSION, "code": "superseded",
                                "message": "this seat was opened in another tab or window"})
                self.send(old, {"kind": "_close", "code": 4001, "reason": "seat opened elsewhere"})
                self.subscribers.pop(old, None)
            held.client = client
        resync = not -1 <= since <= self.match.version
        self.subscribers[client] = [observer, -1 if resync else since]
        self._send_state(client, "state", resync=resync, request=request)
        if observer is not None:
            self.push()  # everyone sees the seat connected
        self._seen.clear()

    def unsubscribe(self, client) -> None:
        entry = self.subscribers.pop(client, None)
        if entry and entry[0] is not None and self.seats[entry[0]].client is client:
            self.seats[entry[0]].client = None
            self.push()

    def _seen_by(self, observer) -> tuple[dict[str, Any], list[str]]:
        """The view and legal actions of ``observer`` now, built once per
        round of frames: every spectator of a push shares one view, and a
        seat that subscribes gets the view its ``state`` frame was built
        with in the push that follows. Frames share the values (nothing
        mutates a queued frame). The round ends with ``push``: kept longer,
        a Net Control room's five views (80 KB of objects) would stay alive
        in every room, and the garbage collector's full passes over them
        doubled the relay's p99 service time."""
        key = (self.match.changes, self.started)
        cached = self._seen.get(observer)
        if cached is None or cached[0] != key:
            legal = self.match.legal(observer) if observer is not None and self.started else []
            cached = self._seen[observer] = (key, self.match.view(observer), legal)
        return cached[1], cached[2]

    def _frame(self, kind: str, observer, since: int) -> dict[str, Any]:
        match = self.match
        view, legal = self._seen_by(observer)
        frame = {"kind": kind, "v": VERSION, "room": self.code, "seat": observer, "version": match.version,
                 "since": since, "view": view, "events": match.events_since(since, observer),
                 "moves": match.moves_since(since, observer),
                 "legal": legal,
                 "seats": [s.public(i) for i, s in enumerate(self.seats)], "started": self.started,
                 "clocks": self.clocks(), "clock": self.clock, "commitment": self.commitment}
        if match.over:
            frame["reveal"] = self.reveal()
        return frame

    def _send_state(self, client, kind: str, resync: bool = False, request: int | None = None) -> None:
        entry = self.subscribers[client]
        frame = self._frame(kind, entry[0], entry[1])
        if resync:
            frame["resync"] = True
        if request is not None:
            frame["id"] = request
        entry[1] = self.match.version
        self.send(client, frame)

    def push(self) -> None:
        for client in list(self.subscribers):
            self._send_state(client, "update")
        self._seen.clear()

    def reveal(self) -> dict[str, Any]:
        return {"seed": str(self.seed), "salt": self.salt, "record": encode_record(self.match.record()),
                "digest": self.match.digest()}

    # --- acting ------------------------------------------------------------------------
    def act(self, seat: int, token: str, text: str, base: int) -> int:
        """A player's action; returns the version it made (journaled). The
        caller acknowledges it, then calls ``after_change`` (the ack goes
        out before the updates)."""
        held = self.authenticate(seat, token)
        if not self.started:
            raise RoomError("not-started", "the game has not started")
        if self.match.over:
            raise RoomError("game-over", "the game is over")
        if not held.last_own <= base <= self.match.version:
            raise RoomError("stale", f"base {base} is not a version this seat may act from "
                                     f"(now {self.match.version}, your last action made {held.last_own})")
        try:
            version = self.apply(seat, text, "player")
        except NetarcadeError as err:
            raise RoomError(getattr(err, "code", None) or "invalid-notation", str(err)) from None
        if held.bot_now or held.misses:
            held.bot_now, held.misses = False, 0
            self.store.seat_status(self.code, seat, 0, False)
        return version

    def take_back(self, seat: int, token: str) -> None:
        held = self.authenticate(seat, token)
        if held.bot_now or held.misses:
            held.bot_now, held.misses = False, 0
            self.store.seat_status(self.code, seat, 0, False)
            self.deadlines.pop(seat, None)
            self.after_change()

    def hand_to_standins(self) -> None:
        """Every human seat not yet played by its stand-in bot is, from now
        on (``--room-abandon``: nobody seated is connected); a player who
        comes back takes the seat again by acting, as after three misses."""
        handed = False
        for seat, held in enumerate(self.seats):
            if held.human and not held.bot_now:
                self.store.seat_status(self.code, seat, held.misses, True)
                held.bot_now, handed = True, True
                self.deadlines.pop(seat, None)
        if handed:
            self.after_change()

    def apply(self, seat: int, text: str, source: str) -> int:
        """Submit and journal in one step: if the journal refuses, the action is undone."""
        self.match.submit(seat, text)
        version = self.match.version
        try:
            self.store.append(self.code, version, seat, self.match.actions[-1], source, self.match.over)
        except Exception:
            self.match.undo(1)
            raise
        self.seats[seat].last_own = version
        if self.match.over and self.ended is None:
            self.ended = time.time()
        return version

    def after_change(self) -> None:
        self.refresh_clocks()
        self.push()
        self.schedule_bots()

    # --- the clock ------------------------------------------------------------------------
    def refresh_clocks(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        acting = self.match.to_act() if self.started else {}
        turn = self.match.turn
        kept = {}
        for seat, kind in acting.items():
            if self.seats[seat].played_by_bot:
                continue
            key = (kind, turn)
            old = self.deadlines.get(seat)
            kept[seat] = old if old and old[0] == key else (key, now + self.clock)
        self.deadlines = kept

    def clocks(self) -> list[dict[str, Any]]:
        now = time.monotonic()
        return [{"seat": seat, "left": round(max(0.0, deadline - now), 3)}
                for seat, (_key, deadline) in sorted(self.deadlines.items())]

    def next_deadline(self) -> float | None:
        return min((deadline for _key, deadline in self.deadlines.values()), default=None)

    def tick(self, now: float) -> None:
        for seat, (key, deadline) in list(self.deadlines.items()):
            if deadline <= now and self.deadlines.get(seat, (None,))[0] == key:
                self.time_out(seat, key)

    def time_out(self, seat: int, key: tuple) -> None:
        held = self.seats[seat]
        held.misses += 1
        for _ in range(MAX_DEFAULT_ACTIONS):
            kind = self.match.to_act().get(seat)
            if self.match.over or (kind, self.match.turn) != key:
                break
            self.apply(seat, default_action(self.match, seat), "clock")
        if held.misses >= MISSES_TO_BOT:
            held.bot_now = True
        self.store.seat_status(self.code, seat, held.misses, held.bot_now)
        self.deadlines.pop(seat, None)
        self.after_change()

    # --- bots ---------------------------------------------------------------------------------
    def bot_for(self, seat: int):
        held = self.seats[seat]
        level = held.kind if not held.human else self.standin
        if held.bot is None or held.bot[0] != level:
            held.bot = (level, make_bot(level, bot_seed(self.seed, seat, level), self.game))
        return held.bot[1]

    def schedule_bots(self) -> None:
        if self.driver is None or self.driver.done():
            try:
                self.driver = asyncio.get_running_loop().create_task(self._drive())
            except RuntimeError:  # no loop (tests of the room alone)
                self.driver = None

    async def _drive(self) -> None:
        try:
            await self._drive_bots()
        except Exception:  # a bot's bug must not stop the room: log it; the clock still runs
            logging.getLogger("netarcade.relay").exception("bot failed in room %s", self.code)

    async def _drive_bots(self) -> None:
        for _ in range(1_000_000):
            if not self.started or self.match.over:
                return
            seat = self.match.next_actor(among={s for s, held in enumerate(self.seats) if held.played_by_bot})
            if seat is None:
                return
            version = self.match.version
            await asyncio.sleep(self.bot_delay)
            if (self.match.version != version or self.match.over or seat not in self.match.to_act()
                    or not self.seats[seat].played_by_bot):
                continue  # the room moved while the bot waited: look again
            bot, state = self.bot_for(seat), self.game.copy(self.match.state)
            try:
                if self.seats[seat].kind == "search" or (self.seats[seat].human and self.standin == "search"):
                    action = await asyncio.to_thread(bot.choose, self.game, state, seat)
                else:
                    action = bot.choose(self.game, state, seat)
                text = self.game.format_action(action)
            except Exception:  # a bot's bug must not stall the room: the clock's default instead
                logging.getLogger("netarcade.relay").exception("bot failed in room %s", self.code)
                text = default_action(self.match, seat)
            if (self.match.version != version or seat not in self.match.to_act()
                    or not self.seats[seat].played_by_bot):
                continue
            try:
                self.apply(seat, text, "bot")
            except NetarcadeError:
                logging.getLogger("netarcade.relay").exception("bot move refused in room %s", self.code)
                self.apply(seat, default_action(self.match, seat), "bot")
            self.refresh_clocks()
            self.push()
