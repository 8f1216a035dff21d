"""An online game in the page: the local session's interface driven by the relay.

What it is for: :class:`RemoteSession` offers what every game's table reads
from a local ``session.Session`` (``view()``, ``legal_texts``, ``play``,
``log``, ``names``, ``current``, ``over``, ``link()``, ``setup``: answered
from the relay's last frame in ``remote_face.SessionFace``) but the
game lives in a relay room (``docs/relay.md``): it creates a room or joins
one by its code, keeps ``{room, seat, token}`` in the browser's storage,
resumes with the last version it saw after a reconnect (with a growing
pause between attempts), sends actions with ``base`` = the version shown,
and hands a refused action's sentence back to the table. Close code 4001
("seat opened elsewhere") is never retried; any other close is answered by
reconnecting and resuming, and an ``unavailable`` error (the relay's "try
again": its room changed process or Redis was away, docs/relay.md, "When
a process dies") by resuming on the open connection after the same pauses,
so a failover never leaves the page frozen. When the game ends it checks
the relay's reveal: the seed and salt against the commitment published at
the start, and the record replayed to the final digest ("dice verified");
its link then becomes an ordinary seed link.

What it is not: a WebSocket (``app`` hands it a *transport* made with
``js.WebSocket``; the tests a fake one), DOM code, or rules: the relay is
the authority and this only shows what it says. The helpers below and
``fairdice.verify_reveal`` are plain functions, tested on CPython.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Callable


from ...core import wire
from ...core.codes import CODE_ALPHABET, is_room_code, room_code
from ...core.names import clean_name
from ...games import get_game
from .remote_face import SessionFace
from .remote_setup import RemoteSetup, _RemoteGame
from .fairdice import Verdict, verify_reveal
from ..session import HUMAN, LogEntry

__all__ = ["CODE_CHARS", "RemoteSession", "backoff", "online_code"]

#: the relay's room codes: letters and digits without 0/O/1/I/L
CODE_CHARS = CODE_ALPHABET
#: pauses between reconnection attempts (seconds); the last repeats
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
#: a ping this often keeps the relay's idle timeout (300 s) away
PING_SECONDS = 60.0
#: requests an ``unavailable`` answer makes the page resume for (not ``join`` and ``create``: the
#: player sends those again, the relay may have seated or created them before it went away)
_RESUMED_AFTER = {"resume", "watch", "act", "start", "back", "legal"}
#: errors that end a resume: the seat is not ours (any more), watch instead
_LOST_SEAT = {"bad-token", "bad-seat", "no-room", "expired"}
#: the relay's frame-level errors (not the engine's refusals)
_FRAME_ERRORS = {"not-binary", "not-msgpack", "too-deep", "unknown-kind", "bad-version", "bad-field",
                 "rate-limit", "internal", "unavailable"}


def backoff(attempt: int) -> float:
    """The pause before reconnection attempt ``attempt`` (1-based)."""
    return BACKOFF[min(max(attempt, 1), len(BACKOFF)) - 1]


def online_code(text: str) -> str | None:
    """A room code as typed or linked (``#online=k7q2mx``), trimmed and read
    as the relay reads it (its ASCII letters upper-cased: ``core/codes.py``),
    or None when it cannot be one.

    >>> online_code(" k7q2mx ")
    'K7Q2MX'
    >>> online_code("K7Q0MX") is None, online_code("k7q2mſ") is None
    (True, True)
    """
    code = room_code((text or "").strip())
    return code if is_room_code(code) else None


@dataclass
class Conn:
    """The connection as the page shows it."""

    state: str = "connecting"  # connecting | open | reconnecting | elsewhere | closed
    attempt: int = 0
    note: str = ""


@dataclass
class Refusal:
    code: str
    message: str
    action: str = ""


@dataclass
class _Pending:
    id: int
    kind: str
    action: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class RemoteSession(SessionFace):
    """A relay room on this page (see the module docstring).

    ``connect(session)`` opens a transport (``send(bytes)``, ``close()``) that
    calls :meth:`on_open`, :meth:`on_message` and :meth:`on_close`;
    ``storage`` is a dict-like of strings (the page's sessionStorage);
    ``later(delay, callback)`` runs a callback later; ``now()`` is a
    monotonic clock in seconds. ``listener(what)`` hears ``"frame"``,
    ``"refused"``, ``"error"`` and ``"conn"``."""

    remote = True

    def __init__(self, connect: Callable[["RemoteSession"], Any], storage: Any,
                 later: Callable[[float, Callable[[], None]], Any],
                 now: Callable[[], float] = time.monotonic,
                 listener: Callable[[str], None] | None = None):
        self._connect = connect
        self.storage = storage
        self.later = later
        self.now = now
        self.listener = listener or (lambda what: None)
        self.transport: Any = None
        self.conn = Conn()
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.game_id: str | None = None
        self.game: Any = None
        self.options: dict[str, Any] = {}
        self.commitment: str | None = None
        self.kinds: list[str] = []
        self.frame: dict[str, Any] | None = None
        self.frame_at = 0.0
        self.version = -1  # the last version this client saw
        self.events: list[dict[str, Any]] = []
        #: version -> the move's notation as this observer may read it (the relay's ``moves``)
        self.moves: dict[int, str] = {}
        self.refused: Refusal | None = None
        self.error: Refusal | None = None
        self.verdict: Verdict | None = None
        self.setup = RemoteSetup("", {}, [], None)
        self._create: dict[str, Any] | None = None
        self._join_name: str | None = None
        self._join_seat: int | None = None
        #: "Take it online": the local game's link, and "position" (carried on) or "fresh" (dealt again)
        self.local_link, self.carried = "", None
        self._pending: _Pending | None = None
        self._next_id = 0
        self._log: tuple[int, list[LogEntry]] = (-2, [])
        self._record_actions: tuple[str, ...] = ()
        self._closed = False  # closed on purpose: never reconnect
        self._resumes = 0  # ``unavailable`` answers in a row (the pause before resuming grows)

    # --- starting ---------------------------------------------------------------------
    def create(self, game: str, seats: list[str], options: dict[str, Any], name: str,
               clock: float | None = None, seat: int | None = None, seed: int | None = None,
               actions: list[str] | None = None) -> None:
        """Create a room for ``game``; ``name`` takes the first human seat, or
        human seat ``seat``. ``seed`` and ``actions`` carry on a local game
        whose seed decides nothing hidden (the relay refuses any other)."""
        frame = {"kind": "create", "game": game, "seats": list(seats), "options": dict(options)}
        first = seats.index(HUMAN) if HUMAN in seats else None
        if name and first is not None and seat in (None, first):
            frame["name"] = name
        elif name and seat is not None:
            self._join_name, self._join_seat = name, seat  # joined once the room's first view arrives
        if seed is not None:
            frame["seed"], frame["actions"] = str(seed), list(actions or ())
        if clock is not None:
            frame["clock"] = clock
        self._create = frame
        self._set_game(game, options, seats)
        self._open()

    def open(self, room: str, name: str | None = None) -> None:
        """Open room ``room``: resume the seat this browser holds there, else
        watch it (and join with ``name`` when one is given)."""
        self.room = room
        self._join_name = name or None
        stored = self._stored(room)
        if stored:
            self.seat, self.token = stored["seat"], stored["token"]
        self._open()

    def _open(self) -> None:
        self.conn.state = "connecting" if not self.conn.attempt else "reconnecting"
        self.transport = self._connect(self)

    def close(self) -> None:
        """Leave for good (another game on this page): no reconnection."""
        self._closed = True
        if self.transport is not None:
            self.transport.close()
            self.transport = None

    # --- the transport's callbacks -------------------------------------------------------
    def on_open(self) -> None:
        self.conn = Conn("open", 0, "")
        self.listener("conn")
        if self._create is not None and self.room is None:
            self._send(dict(self._create), "create")
        elif self.room is not None and self.token is not None:
            self._send({"kind": "resume", "room": self.room, "seat": self.seat, "token": self.token,
                        "since": self.version}, "resume")
        elif self.room is not None:
            self._watch()
        self._schedule_ping()

    def _watch(self) -> None:
        frame = {"kind": "watch", "room": self.room}
        if self.version >= 0:
            frame["since"] = self.version
        self._send(frame, "watch")

    def on_close(self, code: int, reason: str = "") -> None:
        self.transport = None
        self._pending = None
        if self._closed:
            return
        if code == 4001:
            self.conn = Conn("elsewhere", 0, "This game is open in another tab.")
            self.listener("conn")
            return
        if self.over and self.verdict is not None:
            self.conn = Conn("closed", 0, "")
            self.listener("conn")
            return
        attempt = self.conn.attempt + 1
        self.conn = Conn("reconnecting", attempt, reason or "")
        self.listener("conn")
        self.later(backoff(attempt), self._retry)

    def _retry(self) -> None:
        if not self._closed and self.transport is None and self.conn.state == "reconnecting":
            self._open()

    def _resume_soon(self, note: str) -> None:
        """The relay said ``unavailable`` (try again): resume on this connection
        after a pause (``backoff``), as after a reconnect."""
        self._resumes += 1
        self.conn = Conn("reconnecting", self._resumes, note)
        self.listener("conn")
        self.later(backoff(self._resumes), self._resume)

    def _resume(self) -> None:
        if self._closed or self.transport is None or self.room is None:
            return  # closed meanwhile: the reconnection resumes
        if self.token is not None:
            self._send({"kind": "resume", "room": self.room, "seat": self.seat, "token": self.token,
                        "since": self.version}, "resume")
        else:
            self._watch()

    def reconnect_now(self) -> None:
        """The player asked to reconnect (after "open in another tab", say)."""
        if self.transport is None and not self._closed:
            self.conn = Conn("reconnecting", 1, "")
            self._open()

    def on_message(self, data: bytes) -> None:
        try:
            frame = wire.unpack(data)
        except Exception:
            return
        if not isinstance(frame, dict):
            return
        handler = getattr(self, "_on_" + str(frame.get("kind", "")).replace("-", "_"), None)
        if handler is not None:
            handler(frame)

    # --- frames from the relay -----------------------------------------------------------
    def _on_created(self, frame: dict) -> None:
        self.room = frame["room"]
        self.commitment = frame.get("commitment")
        self._set_game(frame["game"], frame.get("options") or {}, frame.get("seats") or [])
        if self._pending and self._pending.kind == "create" and "name" not in (self._create or {}):
            self._pending = None
        self.listener("frame")

    def _on_joined(self, frame: dict) -> None:
        self.room, self.seat, self.token = frame["room"], frame["seat"], frame["token"]
        self._store(self.room, {"seat": self.seat, "token": self.token, "name": frame.get("name")})
        self._join_name = None
        self._pending = None
        self._observer_changed()

    def _on_state(self, frame: dict) -> None:
        if frame.get("room") != self.room or frame.get("seat") != self.seat:
            return  # an older subscription of this connection (watching before joining)
        if self._resumes and self.transport is not None:  # resumed after ``unavailable``
            self._resumes = 0
            self.conn = Conn("open", 0, "")
            self.listener("conn")
        if self._pending is not None and self._pending.kind in ("resume", "watch", "create"):
            self._pending = None
        if frame["version"] < self.version and not frame.get("resync"):
            # a room never goes back: a late answer of the room's former owner, come after the new
            # owner's frames (docs/relay.md, "Frames across a failover"), answers its request and no more
            return
        view = frame["view"]
        self.commitment = frame.get("commitment") or self.commitment
        if self.game_id != view.get("game"):
            self._set_game(view["game"], view.get("options") or {}, [s["kind"] for s in frame["seats"]])
        since = frame.get("since", -1)
        if since < 0 or frame.get("resync"):
            self.events, self.moves = [], {}
        else:  # keep what came before ``since``; the frame has everything after it
            self.events = [event for event in self.events if event.get("v", 0) <= since]
            self.moves = {v: text for v, text in self.moves.items() if v <= since}
        self.events.extend(frame.get("events", ()))
        for move in frame.get("moves") or ():
            if isinstance(move, dict) and isinstance(move.get("v"), int) and isinstance(move.get("text"), str):
                self.moves[move["v"]] = move["text"]
        self.frame = frame
        self.frame_at = self.now()
        self.version = frame["version"]
        self._update_labels()
        if "reveal" in frame and self.verdict is None:
            self.verdict = verify_reveal(self.game_id, self.commitment or "", frame["reveal"], self.version)
            if self.verdict.ok:
                self._record_actions = self.verdict.actions
        if (self._join_name and self.seat is None and not view.get("over")
                and self.free_seats()):
            name, self._join_name = self._join_name, None
            seat, self._join_seat = self._join_seat, None
            self.join(name, seat if seat in self.free_seats() else None)
        self.listener("frame")

    _on_update = _on_state

    def _on_ack(self, frame: dict) -> None:
        if self._pending is not None and frame.get("id") == self._pending.id:
            self._pending = None
        self.listener("frame")

    def _on_error(self, frame: dict) -> None:
        code, message = str(frame.get("code", "")), str(frame.get("message", ""))
        pending = self._pending
        ours = pending is not None and frame.get("id") == pending.id
        if ours:
            self._pending = None
            if pending.kind == "act":
                self.refused = Refusal(code, message, pending.action)
                self.listener("refused")
                if code == "unavailable":
                    self._resume_soon(message)
                return
            if code == "unavailable" and pending.kind in _RESUMED_AFTER:
                self._resume_soon(message)
                return
        removed = (code, frame.get("room")) == ("expired", self.room)  # docs/relay.md, "Room lifecycle"
        if (ours and pending.kind == "resume" and code in _LOST_SEAT) or removed:  # the seat is not ours (any more)
            self._forget(self.room)
            self.seat = self.token = None
            self._observer_changed()
            if code not in ("no-room", "expired"):
                self._watch()
                return
        if code == "superseded":
            return  # the 4001 close follows
        self.error = Refusal(code, message)
        self.listener("error")

    def _observer_changed(self) -> None:
        """The seat this page speaks for changed: start the view over."""
        self.frame = None
        self.events = []
        self.moves = {}
        self.version = -1
        self.setup.mine = self.seat
        self._log = (-2, [])

    # --- requests --------------------------------------------------------------------
    def _send(self, frame: dict, kind: str, action: str = "") -> int | None:
        if self.transport is None:
            return None
        self._next_id += 1
        frame = {**frame, "v": wire.VERSION, "id": self._next_id}
        self._pending = _Pending(self._next_id, kind, action)
        self.transport.send(wire.pack(frame))
        return self._next_id

    def _seat_frame(self, kind: str, **fields: Any) -> dict:
        return {"kind": kind, "room": self.room, "seat": self.seat, "token": self.token, **fields}

    def join(self, name: str, seat: int | None = None) -> None:
        frame = {"kind": "join", "room": self.room, "name": clean_name(name)}
        if seat is not None:
            frame["seat"] = seat
        if self.transport is None:
            self._join_name = name
            return
        self._send(frame, "join")

    def start(self) -> None:
        if self.token is not None:
            self._send(self._seat_frame("start"), "start")

    def back(self) -> None:
        if self.token is not None:
            self._send(self._seat_frame("back"), "back")

    def _schedule_ping(self) -> None:
        def ping():
            if self.transport is not None and not self._closed:
                self.transport.send(wire.pack(wire.frame("ping")))
                self._schedule_ping()

        self.later(PING_SECONDS, ping)

    # --- storage: {room: {seat, token}} --------------------------------------------------
    def _key(self, room: str) -> str:
        return f"netarcade:seat:{room}"

    def _stored(self, room: str) -> dict | None:
        try:
            raw = self.storage.get(self._key(room))
            found = json.loads(raw) if raw else None
        except (ValueError, TypeError):
            return None
        if isinstance(found, dict) and isinstance(found.get("seat"), int) and isinstance(found.get("token"), str):
            return found
        return None

    def _store(self, room: str, value: dict) -> None:
        self.storage[self._key(room)] = json.dumps(value)

    def _forget(self, room: str | None) -> None:
        if room is not None:
            self.storage.pop(self._key(room), None)

    # --- the room as the page shows it ----------------------------------------------------
    def _set_game(self, game_id: str, options: dict, kinds: list[str]) -> None:
        if game_id != self.game_id and self.room:
            # the room's game, for the page's first paint on a reload: static/main/boot.js draws this
            # game's layout, not the default game's, until Python is up (issue 39)
            self.storage[f"netarcade:room:{self.room}"] = game_id
        self.game_id = game_id
        self.game = _RemoteGame(get_game(game_id))
        self.options = dict(options)
        self.kinds = list(kinds)
        self.setup = RemoteSetup(game_id, self.options, self.kinds, self.seat)

    def _update_labels(self) -> None:
        labels = []
        for seat in self.seats:
            kind = seat["kind"]
            if kind == HUMAN and seat.get("bot_now"):
                labels.append("bot now")
            else:
                labels.append(kind)
        self.setup.kinds = [seat["kind"] for seat in self.seats]
        self.setup.labels = labels
        self.setup.mine = self.seat

    @property
    def ready(self) -> bool:
        """Is there a view to draw?"""
        return self.frame is not None

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list(self.frame["seats"]) if self.frame else []

    @property
    def started(self) -> bool:
        return bool(self.frame and self.frame.get("started"))

    @property
    def pending(self) -> bool:
        """An action is on its way to the relay (the page waits for its answer)."""
        return self._pending is not None and self._pending.kind == "act"

    def free_seats(self) -> list[int]:
        return [seat["seat"] for seat in self.seats if seat["kind"] == HUMAN and not seat.get("joined")]

    def clock_left(self, seat: int) -> float | None:
        """Seconds left on ``seat``'s clock, counted down since the last frame."""
        if not self.frame:
            return None
        for clock in self.frame.get("clocks") or ():
            if clock.get("seat") == seat:
                return max(0.0, float(clock["left"]) - (self.now() - self.frame_at))
        return None

    def clocks_running(self) -> bool:
        return bool(self.frame and self.frame.get("clocks") and not self.over)
