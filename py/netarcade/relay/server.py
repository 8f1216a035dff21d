"""The relay process: the built site and the WebSocket endpoint ``/ws`` on
one origin, rooms in memory, the journal in SQLite (or Redis, shared with
other relay processes: ``cluster.py``).

What it is for: one asyncio loop that accepts connections (bounded in
number, checked for origin, rate-limited, closed when idle), decodes frames
(``protocol.py``), hands them to rooms (``room.py``) and queues each client's
answers in order. On start it reloads every open room of the journal by
replay; ``lifecycle.py`` decides when rooms expire and who may create them.
What it is not: the rules (``Match``) or the page. ``docs/relay.md`` is the
protocol.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from . import lifecycle, protocol
from ..core.codes import room_code
from .collector import Collector
from .protocol import FrameError, VERSION
from .room import HUMAN, STANDIN, Room, RoomError
from .handshake import RelayConnection
from .site import refuse_body, refuse_method, response, serve_file
from .backend import open_store
from .store import LeaseLost, StoreError

DEFAULTS = {
    "host": "127.0.0.1", "port": 8000, "data": "relay-data", "site": None, "origins": [],
    "max_connections": 1000, "rate": 20.0, "burst": 60, "idle": 300.0, "open_timeout": 10.0,
    "clock": 90.0, "min_clock": 0.05, "max_rooms": 10000, "bot_delay": 0.3, "sync": "normal",
    "standin": STANDIN, "queue": 256, "store": None,
    "room_wait": lifecycle.WAIT, "room_keep": lifecycle.KEEP, "rooms_per_connection": lifecycle.PER_CONNECTION,
    "rooms_per_address": lifecycle.PER_ADDRESS, "creates_per_hour": lifecycle.PER_HOUR,
    "rooms_per_network": lifecycle.PER_NETWORK, "room_abandon": lifecycle.ABANDON,
    "trusted_proxies": (),
}
ENDPOINT = "/ws"
#: the longest turn clock a room may have, seconds (a day)
MAX_CLOCK = 86400


class CannotListen(Exception):
    """The relay could not open its listening socket (``run`` says so in one line)."""


class Client:
    """One WebSocket connection: its outgoing queue, rate bucket and room."""

    def __init__(self, ws: ServerConnection, rate: float, burst: int, queue: int, cid: int = 0,
                 address: str | None = None):
        self.ws, self.cid = ws, cid
        #: what the creation quota counts this connection as (``lifecycle.address_key``)
        self.address = address
        #: the room this client is in when another process owns it (proxy.route)
        self.remote: dict | None = None
        #: frames forwarded to another process and not yet handled there: request id -> entry (proxy.py)
        self.pending: dict[int, dict] = {}
        self.queue: asyncio.Queue = asyncio.Queue(maxsize=queue)
        self.rate, self.burst = rate, burst
        self.tokens, self.refilled, self.refused = float(burst), time.monotonic(), 0
        self.room: Room | None = None

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.refilled) * self.rate)
        self.refilled = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


class Relay:
    def __init__(self, **settings: Any):
        self.settings = {**DEFAULTS, **{k: v for k, v in settings.items() if v is not None}}
        #: reverse proxies whose X-Forwarded-For names the client (``lifecycle.client_address``)
        self.trusted_proxies = frozenset(lifecycle.ip_text(a) for a in self.settings["trusted_proxies"])
        site = self.settings["site"]
        self.site = Path(os.path.realpath(site)) if site else None
        from .cluster import new_process_id
        self.process = new_process_id()
        self.store = open_store(self.settings["store"], self.settings["data"],
                                durable=self.settings["sync"] == "full", process=self.process,
                                keep=self.settings["room_keep"])
        self.cluster = None
        if self.store.shared:
            from .cluster import Cluster
            self.cluster = Cluster(self, self.settings["store"], self.process)
        self.rooms: dict[str, Room] = {}
        self.collector: Collector | None = None  # the serving process's (``run``), not a test's
        self.clients: dict[int, Client] = {}
        self.next_cid = 0
        self.connections = 0
        self.lifecycle = lifecycle.Lifecycle(self)
        for stored in self.lifecycle.reload():
            room = Room(stored, self.store, self.send, self.settings["bot_delay"])
            self.rooms[room.code] = room

    # --- outgoing -------------------------------------------------------------------
    def send(self, client: Client, frame: dict) -> None:
        if not isinstance(client, Client):  # a client of another relay process (cluster.RemoteClient)
            self.cluster.send_remote(client, frame)
            return
        try:
            client.queue.put_nowait(frame)
        except asyncio.QueueFull:  # a client that does not read: drop it, never the room
            client.queue = asyncio.Queue(maxsize=2)
            client.queue.put_nowait({"kind": "_close", "code": 1008, "reason": "too slow to read"})

    async def writer(self, client: Client) -> None:
        while True:
            frame = await client.queue.get()
            if frame.get("kind") == "_close":
                await client.ws.close(frame["code"], frame["reason"])
                return
            await client.ws.send(protocol.encode(frame))

    # --- HTTP: the site, the origin check, the connection bound ------------------------
    def process_request(self, connection: ServerConnection, request) -> Any:
        refused = refuse_method(request.method, request.path)  # GET and HEAD only, /ws included
        if refused is None:
            refused = refuse_body(request.method, request.path, request.headers)  # handshake.py lets it through
        if refused is not None:
            return refused
        path = request.path.split("?", 1)[0]
        if path != ENDPOINT:
            return serve_file(self.site, request.path, head=request.method == "HEAD", headers=request.headers)
        if self.connections >= self.settings["max_connections"]:
            return response(503, "Service Unavailable", b"too many connections\n")
        origin = request.headers.get("Origin")
        if origin is not None and not self.origin_allowed(origin, request.headers.get("Host", "")):
            return response(403, "Forbidden", b"origin not allowed\n")
        return None

    def origin_allowed(self, origin: str, host: str) -> bool:
        """Browsers send Origin: the relay's own origin and listed ones pass.
        Programs that send none (the Python and Node clients) pass too."""
        allowed = self.settings["origins"]
        if "*" in allowed or origin in allowed:
            return True
        return origin in (f"http://{host}", f"https://{host}")

    # --- one connection ------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        self.connections += 1
        self.next_cid += 1
        forwarded = ", ".join(ws.request.headers.get_all("X-Forwarded-For")) if ws.request else None
        client = Client(ws, self.settings["rate"], self.settings["burst"], self.settings["queue"], self.next_cid,
                        lifecycle.client_address(ws.remote_address[0] if ws.remote_address else None, forwarded,
                                                 self.trusted_proxies))
        self.clients[client.cid] = client
        writer = asyncio.get_running_loop().create_task(self.writer(client))
        try:
            self.send(client, {"kind": "hello", "v": VERSION, "server": "netarcade-relay",
                               "frame_cap": protocol.FRAME_CAP, "rate": self.settings["rate"],
                               "burst": self.settings["burst"], "idle": self.settings["idle"]})
            while not writer.done():
                try:
                    data = await asyncio.wait_for(ws.recv(), self.settings["idle"])
                except TimeoutError:
                    self.send(client, {"kind": "_close", "code": 1001, "reason": "idle"})
                    break
                if not client.allow():
                    if client.refused > client.burst:
                        self.send(client, {"kind": "_close", "code": 1008, "reason": "rate limit"})
                        break
                    self.send(client, protocol.error("rate-limit", f"at most {client.rate:g} frames a second",
                                                     protocol.request_id(data)))
                    continue
                await self.dispatch(client, data)
            await asyncio.wait_for(writer, 5)
        except (ConnectionClosed, TimeoutError, asyncio.CancelledError):
            pass
        finally:
            writer.cancel()
            if client.room is not None:
                client.room.unsubscribe(client)
            if client.remote is not None:
                self.cluster.leave(client)
            client.pending.clear()
            self.clients.pop(client.cid, None)
            self.lifecycle.quota.forget_connection(client.cid)
            self.connections -= 1

    async def dispatch(self, client: Client, data: Any) -> None:
        try:
            frame = protocol.decode(data)
        except FrameError as err:
            self.send(client, protocol.error(err.code, err.message, err.request))
            return
        if self.cluster is not None and "room" in frame and frame["kind"] != "create":
            try:
                if await self.cluster.route(client, frame):
                    return  # the room's owner answers through the bus
            except Exception as err:
                logging.getLogger("netarcade.relay").warning("routing failed: %r", err)
                self.send(client, protocol.error("unavailable", "the room's relay process cannot be reached; "
                                                 "try again", frame.get("id")))
                return
        elif client.remote is not None and frame["kind"] in ("create",):
            self.cluster.leave(client)
        self.handle(client, frame)

    def handle(self, client, frame: dict) -> None:
        """A decoded frame from a client of this process or, through the bus, of another."""
        request = frame.get("id")
        try:
            getattr(self, "on_" + frame["kind"])(client, frame)
        except LeaseLost as err:
            self.drop_room(err.room)
            self.send(client, protocol.error(err.code, err.message, request))
        except (FrameError, RoomError, StoreError) as err:
            self.send(client, protocol.error(err.code, err.message, request))
        except Exception as err:  # a bug must cost one frame, never the relay
            logging.getLogger("netarcade.relay").exception("frame failed")
            self.send(client, protocol.error("internal", f"the relay could not handle this frame ({type(err).__name__})",
                                             request))

    def room(self, code: str) -> Room:
        code = room_code(code)  # decode did so for a socket's frames; the bus's and the tests' too
        room = self.rooms.get(code)
        if room is None and not self.store.shared:  # a finished room out of memory (lifecycle.py)
            room = self.load_room(code)
        if room is None:
            raise self.lifecycle.missing(code)
        return room

    def load_room(self, code: str) -> Room | None:
        """A room of the shared store, loaded by replay now that this process holds its lease."""
        if code in self.rooms:
            return self.rooms[code]
        stored = self.store.load(code)
        if stored is None or not self.lifecycle.loadable(stored):
            return None
        room = Room(stored, self.store, self.send, self.settings["bot_delay"])
        self.rooms[code] = room
        room.schedule_bots()
        return room

    def drop_room(self, code: str) -> None:
        """Another process owns the room now (or will: a lost lease, a room
        handed on): forget it here. Our own clients in it are proxied to the
        new owner from the last version each got (``proxy.Proxy.follow``)."""
        room = self.rooms.pop(code, None)
        if room is None:
            return
        if room.driver is not None:
            room.driver.cancel()
        room.deadlines = {}
        for subscriber, (observer, version) in list(room.subscribers.items()):
            subscriber.room = None
            if isinstance(subscriber, Client):
                subscriber.remote = {"room": code, "owner": None, "observer": observer, "version": version,
                                     "subscribed": True}
        room.subscribers.clear()
        if self.cluster is not None:
            self.cluster.forget_room(room)

    def enter(self, client: Client, room: Room, observer: int | None, since: int = -1,
              request: int | None = None) -> None:
        if isinstance(client, Client) and client.remote is not None:
            self.cluster.leave(client)
        if client.room is not None:
            client.room.unsubscribe(client)
        client.room = room
        room.subscribe(client, observer, since, request)

    # --- frames ---------------------------------------------------------------------------
    def on_ping(self, client: Client, frame: dict) -> None:
        self.send(client, {"kind": "pong", "v": VERSION, "id": frame.get("id")})

    def on_create(self, client: Client, frame: dict) -> None:
        self.lifecycle.admit(client)
        seats = frame["seats"]
        if not 1 <= len(seats) <= protocol.MAX_SEATS:
            raise RoomError("bad-seats", f"1 to {protocol.MAX_SEATS} seats")
        clock = float(frame.get("clock", self.settings["clock"]))
        if not self.settings["min_clock"] <= clock <= MAX_CLOCK:
            raise RoomError("bad-clock", f"clock must be {self.settings['min_clock']:g} to {MAX_CLOCK} seconds")
        room = Room.create(self.store, self.send, frame["game"], frame.get("options", {}), seats, clock,
                           self.settings["standin"], self.settings["bot_delay"], frame.get("seed"),
                           frame.get("actions", ()))
        self.rooms[room.code] = room
        self.lifecycle.created(client, room)
        self.send(client, {"kind": "created", "v": VERSION, "id": frame.get("id"), "room": room.code,
                           "game": room.game.id, "options": room.match.options, "seats": seats,
                           "clock": room.clock, "commitment": room.commitment})
        if "name" in frame and any(s == HUMAN for s in seats):
            self.on_join(client, {"room": room.code, "name": frame["name"], "id": frame.get("id")})
        else:
            self.enter(client, room, None)

    def on_join(self, client: Client, frame: dict) -> None:
        room = self.room(frame["room"])
        seat, token = room.join(frame["name"], frame.get("seat"))
        self.send(client, {"kind": "joined", "v": VERSION, "id": frame.get("id"), "room": room.code,
                           "seat": seat, "token": token, "name": room.seats[seat].name})
        self.enter(client, room, seat)

    def on_watch(self, client: Client, frame: dict) -> None:
        self.enter(client, self.room(frame["room"]), None, frame.get("since", -1), frame.get("id"))

    def on_resume(self, client: Client, frame: dict) -> None:
        room = self.room(frame["room"])
        room.authenticate(frame["seat"], frame["token"])
        self.enter(client, room, frame["seat"], frame.get("since", -1), frame.get("id"))

    def on_start(self, client: Client, frame: dict) -> None:
        room = self.room(frame["room"])
        room.authenticate(frame["seat"], frame["token"])
        room.start(announce=False)  # journaled first; the ack goes out before the updates, as for act
        self.send(client, {"kind": "ack", "v": VERSION, "id": frame.get("id"), "room": room.code,
                           "version": room.match.version})
        room.after_change()

    def on_act(self, client: Client, frame: dict) -> None:
        room = self.room(frame["room"])
        version = room.act(frame["seat"], frame["token"], frame["action"], frame["base"])
        self.send(client, {"kind": "ack", "v": VERSION, "id": frame.get("id"), "room": room.code,
                           "version": version})
        room.after_change()

    def on_back(self, client: Client, frame: dict) -> None:
        room = self.room(frame["room"])
        room.take_back(frame["seat"], frame["token"])
        self.send(client, {"kind": "ack", "v": VERSION, "id": frame.get("id"), "room": room.code,
                           "version": room.match.version})

    def on_legal(self, client: Client, frame: dict) -> None:
        room = self.room(frame["room"])
        room.authenticate(frame["seat"], frame["token"])
        prefix = frame.get("prefix", "")
        self.send(client, {"kind": "legal", "v": VERSION, "id": frame.get("id"), "room": room.code,
                           "version": room.match.version, "prefix": prefix,
                           "actions": room.match.legal(frame["seat"], prefix) if room.started else []})

    # --- the clock ------------------------------------------------------------------------
    async def ticker(self) -> None:
        """Plays the default for every seat whose clock ran out, then sleeps
        until the next deadline: at most 0.2 s and a quarter of the shortest
        clock of any room (a clock started meanwhile is late by no more), at
        least 0.02 s. A pass visits every room: polling every 0.02 s, as it
        once did, cost an idle relay 2.4% of a core per 250 rooms."""
        while True:
            now = time.monotonic()
            wake = now + 0.2
            for room in list(self.rooms.values()):
                wake = min(wake, now + room.clock / 4)
                if room.deadlines:
                    try:
                        room.tick(now)
                    except LeaseLost:
                        self.drop_room(room.code)
                        continue
                    except Exception:
                        logging.getLogger("netarcade.relay").exception("clock failed in room %s", room.code)
                    due = room.next_deadline()
                    if due is not None:
                        wake = min(wake, due)
            try:
                self.lifecycle.step(time.time())
            except Exception:  # the journal unreachable: the next sweep tries again
                logging.getLogger("netarcade.relay").exception("room lifecycle sweep failed")
            if self.collector is not None:
                self.collector.step(time.monotonic())
            await asyncio.sleep(max(0.02, wake - time.monotonic()))

    async def run(self, ready=None) -> None:
        for room in self.rooms.values():
            room.schedule_bots()
        self.collector = Collector()  # the reloaded rooms are long-lived: out of the full passes (collector.py)
        logging.getLogger("websockets").setLevel(logging.CRITICAL)  # no tracebacks for broken pipes
        try:
            server = await serve(self.handler, self.settings["host"], self.settings["port"],
                                 process_request=self.process_request, create_connection=RelayConnection,
                                 max_size=protocol.FRAME_CAP,
                                 open_timeout=self.settings["open_timeout"], compression=None,
                                 ping_interval=20, ping_timeout=20, close_timeout=2)
        except OSError as err:  # the port is taken, the host unknown...
            self.store.close()
            raise CannotListen(f"cannot listen on {self.settings['host']} port {self.settings['port']}: "
                               f"{err.strerror or err}") from None
        async with server:
            host, port = server.sockets[0].getsockname()[:2]
            ticker = asyncio.get_running_loop().create_task(self.ticker())
            shared = ""
            if self.cluster is not None:
                self.cluster.start()
                shared = f", store {self.settings['store']}, process {self.process}"
            # the static server's line (make play prints the same), then what the relay adds
            print(f"netarcade: serving http://{host}:{port}/ (relay: WebSocket ws://{host}:{port}{ENDPOINT}, "
                  f"{len(self.rooms)} rooms reloaded{shared})", flush=True)
            stop = asyncio.get_running_loop().create_future()
            for sig in (signal.SIGTERM, signal.SIGINT):
                try:
                    asyncio.get_running_loop().add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
                except (NotImplementedError, RuntimeError):
                    pass
            await stop
            ticker.cancel()
            # the bots stop before the journal closes (a bot mid-move would write to a closed store)
            drivers = [room.driver for room in self.rooms.values() if room.driver is not None and not room.driver.done()]
            for driver in drivers:
                driver.cancel()
            await asyncio.gather(*drivers, return_exceptions=True)
            if self.cluster is not None:
                await self.cluster.close()
        self.store.close()
