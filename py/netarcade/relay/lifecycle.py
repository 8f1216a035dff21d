"""A room's life on the relay: when it counts against ``--max-rooms``, when
it leaves memory, when it is removed for good, and who may create how many.

What it is for: a relay whose room limit never fills up for good. A room is

- **waiting** from ``create`` until its game starts (every human seat taken,
  or a seated player sent ``start``). A waiting room is removed
  ``--room-wait`` seconds after its creation (default 10 minutes): a room
  nobody joined, or that nobody finished joining, does not hold a place.
- **in play** from the start until the game is over. It cannot linger: the
  clock plays every human seat that does not, and a stand-in bot takes a
  seat after three misses, so an abandoned game plays itself to its end;
  and when no seated human has been connected for ``--room-abandon``
  seconds (default 10 minutes) the stand-in bots take every human seat at
  once, so a long clock (up to a day a turn) does not hold the room's
  place for days. A player who comes back takes the seat again by acting.
- **finished** once the game is over (a last move, or every seat but one
  resigned). It stops counting against ``--max-rooms`` at once. Its journal
  is kept ``--room-keep`` seconds after its end (default 24 hours):
  ``watch`` and ``resume`` answer its final state with the ``reveal``. In
  memory it stays while someone watches it and ``IDLE_FINISHED`` seconds
  after the last one left; then only the journal holds it and the next
  ``watch`` loads it again by replay.
- **expired**: removed from memory and from the journal (SQLite rows
  deleted; Redis keys deleted, or expired by Redis itself for finished
  rooms). For ``store.FORGET`` seconds (a week) the relay remembers the code and
  answers ``expired``; later ``no-room``. A code is not given to a new room
  while it is remembered.

Waiting and in-play rooms are *open*: ``--max-rooms`` counts them (this
process's, with Redis). Creation is also bounded per connection
(``--rooms-per-connection`` open rooms it created), per address
(``--rooms-per-address`` open rooms, ``--creates-per-hour`` creations in
any hour) and per network (``--rooms-per-network`` open rooms):
``creation-limit``. Behind a reverse proxy named by ``--trusted-proxy`` a
connection counts as the address the proxy forwards (``client_address``;
with its port if the proxy writes one; the proxy itself if what it
forwards is no address). An IPv6 address counts by its /64 network (one
host usually holds a whole /64), and its network is its /48 (what one site
is usually given); an IPv4 address's network is its /24. So one party
holding a whole /48 (65,536 /64s) or a /24 holds at most
``--rooms-per-network`` places. The counts are this process's, in
memory: a restart forgets who created what (rooms reloaded still count
against ``--max-rooms`` and still expire); the relay stores no addresses.

What it is not: the journal's format (``store.py``, ``redis_store.py``) or
the sockets (``server.py``). Times here are wall-clock seconds
(``time.time()``, what the journal stores), passed in as ``now`` so tests
can move the clock.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import time
from collections import deque
from typing import Any, Callable

from .room import Room, RoomError
from .store import LeaseLost, StoreError, StoredRoom
from .protocol import VERSION

log = logging.getLogger("netarcade.relay")
#: defaults of the relay's options (seconds, counts; 0 for a count: no limit)
WAIT = 600.0
KEEP = 86400.0
PER_CONNECTION = 5
PER_ADDRESS = 50
PER_HOUR = 200
#: open rooms one network (an IPv4 /24, an IPv6 /48) may have created
PER_NETWORK = 200
#: seconds an in-play room may go with no seated human connected before the stand-ins take every seat
ABANDON = 600.0
#: a finished room nobody watches leaves memory this long after the last watcher left
IDLE_FINISHED = 60.0
#: seconds between two sweeps
SWEEP_EVERY = 1.0
#: rooms in memory removed in one sweep at most (each a journal write: 2000 at once held the loop
#: 160 ms); the rest wait for the next sweep
REMOVE_BATCH = 100
#: why a room was removed -> what a client is told
REASONS = {
    "waiting": "room {code} expired: its game did not start within {wait} of its creation",
    "finished": "room {code} was removed: its game ended more than {keep} ago",
}


def duration(seconds: float) -> str:
    """``600`` -> ``'10 min'``; for the sentences clients read.

    >>> duration(600), duration(86400), duration(1.5), duration(5400)
    ('10 min', '24 h', '1.5 s', '90 min')
    """
    if seconds >= 7200 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} h"
    if seconds >= 120 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def address_key(host: str | None) -> str | None:
    """What one address counts as: an IPv4 address, or an IPv6 address's /64.

    >>> address_key("203.0.113.9"), address_key("2001:db8:1:2:3:4:5:6"), address_key("::ffff:10.0.0.1")
    ('203.0.113.9', '2001:db8:1:2::/64', '10.0.0.1')
    """
    if not host:
        return None
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def network_key(address: str | None) -> str | None:
    """The network an address key (``address_key``) belongs to: an IPv4
    address's /24, an IPv6 /64's /48; None for anything else (a name).

    >>> network_key("203.0.113.9"), network_key("2001:db8:1:2::/64"), network_key("localhost")
    ('203.0.113.0/24', '2001:db8:1::/48', None)
    """
    if not address:
        return None
    try:
        network = ipaddress.ip_network(address, strict=False)
    except ValueError:
        return None
    return str(network.supernet(new_prefix=24 if network.version == 4 else 48))


def ip_text(text: str) -> str:
    """An address as the relay compares it (``--trusted-proxy``), or ValueError.

    >>> ip_text("127.0.0.1"), ip_text("::FFFF:127.0.0.1"), ip_text("2001:DB8::1")
    ('127.0.0.1', '127.0.0.1', '2001:db8::1')
    """
    ip = ipaddress.ip_address(text.strip().split("%", 1)[0])
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return str(ip)


#: the port some proxies write after the address in X-Forwarded-For
FORWARDED_PORT = re.compile(r":[0-9]{1,5}")


def forwarded_ip(entry: str) -> str:
    """One entry of ``X-Forwarded-For`` as an address (``ip_text``), or
    ValueError. An entry may carry the port the proxy saw, as some write it:
    ``203.0.113.9:5123``, ``[2001:db8::1]:443``.

    >>> forwarded_ip(" 203.0.113.9:5123"), forwarded_ip("[2001:db8::1]:443"), forwarded_ip("2001:db8::1")
    ('203.0.113.9', '2001:db8::1', '2001:db8::1')
    """
    entry = entry.strip()
    if entry.startswith("["):  # an IPv6 address, with or without its port
        address, bracket, port = entry[1:].partition("]")
        if not bracket or (port and not FORWARDED_PORT.fullmatch(port)):
            raise ValueError(f"not an address: {entry[:60]!r}")
        return ip_text(address)
    if entry.count(":") == 1:  # IPv4 and its port (an IPv6 address has two colons or more)
        address, _, port = entry.partition(":")
        if not FORWARDED_PORT.fullmatch(":" + port):
            raise ValueError(f"not an address: {entry[:60]!r}")
        entry = address
    return ip_text(entry)


def client_address(peer: str | None, forwarded_for: str | None, trusted: frozenset[str]) -> str | None:
    """What a connection counts as for the creation limits (``address_key``).

    A connection from a trusted proxy (``--trusted-proxy``) counts as the
    client the proxy names in ``X-Forwarded-For``: the rightmost address in it
    that is not itself a trusted proxy (each proxy appends the address it saw;
    what lies left of that is whatever the client sent), with or without a
    port (``forwarded_ip``). An entry there that is no address (``unknown``,
    garbage) ends the search: the connection counts as the proxy, never as
    what lies left of the entry, which the client may have written. Empty
    entries are skipped, as in any HTTP list. Any other connection counts as
    its own address, whatever it sends.

    >>> proxy = frozenset({"127.0.0.1"})
    >>> client_address("127.0.0.1", "198.51.100.7, 203.0.113.9", proxy)
    '203.0.113.9'
    >>> client_address("127.0.0.1", "203.0.113.9, 127.0.0.1", proxy)  # two proxies on the way
    '203.0.113.9'
    >>> client_address("203.0.113.5", "198.51.100.7", proxy)  # not a proxy: its header counts for nothing
    '203.0.113.5'
    >>> client_address("127.0.0.1", "203.0.113.9:5123,", proxy)
    '203.0.113.9'
    >>> client_address("127.0.0.1", None, proxy), client_address("127.0.0.1", "garbage", proxy)
    ('127.0.0.1', '127.0.0.1')
    >>> client_address("127.0.0.1", "198.51.100.7, unknown", proxy)  # not the address the client wrote
    '127.0.0.1'
    """
    try:
        peer_ip = ip_text(peer) if peer else None
    except ValueError:
        peer_ip = None
    if peer_ip in trusted and forwarded_for:
        for entry in reversed(forwarded_for.split(",")):
            if not entry.strip():
                continue
            try:
                named = forwarded_ip(entry)
            except ValueError:
                break  # no address where a proxy wrote: count the proxy, never what the client wrote
            if named not in trusted:
                return address_key(named)
    return address_key(peer)


def expiry(created: float, started: bool, ended: float | None, now: float, wait: float, keep: float) -> str | None:
    """Why a room is due for removal at ``now`` (a key of ``REASONS``), or None.

    >>> expiry(0, False, None, 600, 600, 86400), expiry(0, False, None, 599, 600, 86400)
    ('waiting', None)
    >>> expiry(0, True, None, 10**9, 600, 86400), expiry(0, True, 100, 86500, 600, 86400)
    (None, 'finished')
    """
    if ended is not None:
        return "finished" if now >= ended + keep else None
    if not started:
        return "waiting" if now >= created + wait else None
    return None


class Quota:
    """Who may create a room now: open rooms per connection, per address and
    per network (``network_key``), creations per address in the last hour.
    ``is_open(code)``: does that room still count (held here and not over)."""

    def __init__(self, per_connection: int, per_address: int, per_hour: int, is_open: Callable[[str], bool],
                 per_network: int = 0):
        self.per_connection, self.per_address, self.per_hour = per_connection, per_address, per_hour
        self.per_network = per_network
        self.is_open = is_open
        self.by_connection: dict[int, list[str]] = {}
        self.by_address: dict[str, list[str]] = {}
        self.by_network: dict[str, list[str]] = {}
        self.created: dict[str, deque] = {}  # address -> creation times within the last hour

    def _open(self, codes: list[str]) -> list[str]:
        codes[:] = [code for code in codes if self.is_open(code)]
        return codes

    def check(self, connection: int, address: str | None, now: float) -> None:
        """``creation-limit`` if this connection or address may not create a room now."""
        if self.per_connection and len(self._open(self.by_connection.get(connection, []))) >= self.per_connection:
            raise RoomError("creation-limit", f"this connection already holds {self.per_connection} open rooms "
                                              "(waiting or in play): finish or leave one first")
        if address is None:
            return
        if self.per_address and len(self._open(self.by_address.get(address, []))) >= self.per_address:
            raise RoomError("creation-limit", f"your address already holds {self.per_address} open rooms "
                                              "(waiting or in play): finish or leave one first")
        network = network_key(address)
        if (self.per_network and network is not None
                and len(self._open(self.by_network.get(network, []))) >= self.per_network):
            raise RoomError("creation-limit", f"your network ({network}) already holds {self.per_network} open "
                                              "rooms (waiting or in play): finish or leave one first")
        times = self.created.get(address)
        if self.per_hour and times is not None:
            while times and times[0] <= now - 3600:
                times.popleft()
            if len(times) >= self.per_hour:
                wait = times[0] + 3600 - now
                raise RoomError("creation-limit", f"your address created {self.per_hour} rooms in the last hour; "
                                                  f"try again in {duration(max(1, round(wait)))}")

    def record(self, connection: int, address: str | None, code: str, now: float) -> None:
        self.by_connection.setdefault(connection, []).append(code)
        if address is not None:
            self.by_address.setdefault(address, []).append(code)
            network = network_key(address)
            if network is not None:
                self.by_network.setdefault(network, []).append(code)
            if self.per_hour:
                self.created.setdefault(address, deque()).append(now)

    def forget_connection(self, connection: int) -> None:
        self.by_connection.pop(connection, None)

    def prune(self, now: float) -> None:
        """Drop the addresses that hold nothing any more (the sweep calls it)."""
        for address in [a for a, codes in self.by_address.items() if not self._open(codes)]:
            del self.by_address[address]
        for network in [n for n, codes in self.by_network.items() if not self._open(codes)]:
            del self.by_network[network]
        for address, times in list(self.created.items()):
            while times and times[0] <= now - 3600:
                times.popleft()
            if not times:
                del self.created[address]


class Lifecycle:
    """The lifecycle of the rooms of one relay (``server.Relay``): its
    ``rooms``, ``store``, ``cluster`` and ``settings``."""

    def __init__(self, relay) -> None:
        self.relay = relay
        settings = relay.settings
        self.wait, self.keep = float(settings["room_wait"]), float(settings["room_keep"])
        self.quota = Quota(settings["rooms_per_connection"], settings["rooms_per_address"],
                           settings["creates_per_hour"], self.is_open, settings["rooms_per_network"])
        self.abandon = float(settings["room_abandon"])
        self.idle: dict[str, float] = {}  # finished room in memory -> since when nobody watches it
        #: in-play room in memory with no seated human connected -> since when (``--room-abandon``)
        self.unattended: dict[str, float] = {}
        self.next_sweep = 0.0

    # --- counting ---------------------------------------------------------------------
    def is_open(self, code: str) -> bool:
        room = self.relay.rooms.get(code)
        return room is not None and not room.match.over

    def open_rooms(self) -> int:
        return sum(1 for room in self.relay.rooms.values() if not room.match.over)

    def admit(self, client, now: float | None = None) -> None:
        """May ``client`` create a room now? ``too-many-rooms`` or ``creation-limit`` if not."""
        now = time.time() if now is None else now
        limit = self.relay.settings["max_rooms"]
        if self.open_rooms() >= limit:
            raise RoomError("too-many-rooms", f"the relay holds as many open rooms as it may ({limit}); "
                                              "try again later")
        self.quota.check(client.cid, getattr(client, "address", None), now)

    def created(self, client, room: Room, now: float | None = None) -> None:
        self.quota.record(client.cid, getattr(client, "address", None), room.code, time.time() if now is None else now)

    # --- loading ----------------------------------------------------------------------
    def due(self, stored: StoredRoom | Room, now: float) -> str | None:
        return expiry(stored.created or 0.0, stored.started, stored.ended, now, self.wait, self.keep)

    def reload(self, now: float | None = None) -> list[StoredRoom]:
        """On start: the journal forgets what expired while the relay was down;
        the open rooms are loaded (finished ones on demand: ``Relay.room``)."""
        now = time.time() if now is None else now
        self.relay.store.purge(now - self.wait, now - self.keep, now)
        return [stored for stored in self.relay.store.rooms() if not stored.over]

    def loadable(self, stored: StoredRoom, now: float | None = None) -> bool:
        """False (and the room removed) if ``stored`` expired before it was loaded."""
        now = time.time() if now is None else now
        reason = self.due(stored, now)
        if reason is None:
            return True
        try:
            self.relay.store.remove(stored.code, reason, now)
        except LeaseLost:
            pass
        return False

    def missing(self, code: str) -> RoomError:
        """The error for a room this process does not hold: ``expired`` or ``no-room``."""
        reason = self.relay.store.gone(code)
        if reason in REASONS:
            return RoomError("expired", self.sentence(code, reason))
        return RoomError("no-room", f"no room {code[:12]!r}")

    def sentence(self, code: str, reason: str) -> str:
        return REASONS[reason].format(code=code, wait=duration(self.wait), keep=duration(self.keep))

    # --- the sweep ----------------------------------------------------------------------
    def step(self, now: float) -> None:
        """Called by the relay's clock; sweeps at most every ``SWEEP_EVERY`` seconds."""
        if now < self.next_sweep:
            return
        self.next_sweep = now + SWEEP_EVERY
        self.sweep(now)

    def sweep(self, now: float) -> list[str]:
        """Remove what expired, let idle finished rooms leave memory, prune
        the journal and the quotas. Returns the codes removed from memory."""
        relay, removed = self.relay, []
        for code, room in list(relay.rooms.items()):
            reason = self.due(room, now)
            if reason is not None:
                if len(removed) < REMOVE_BATCH:
                    self.remove(room, reason, now)
                    removed.append(code)
            elif room.match.over:
                if room.subscribers:
                    self.idle.pop(code, None)
                elif now - self.idle.setdefault(code, now) >= IDLE_FINISHED:
                    self.evict(room)
            elif room.started:
                self.watch_players(room, now)
        for code, reason in relay.store.purge(now - self.wait, now - self.keep, now):
            room = relay.rooms.get(code)
            if room is not None:  # the journal's clock and the room's differ by a write: same verdict
                self.remove(room, reason, now, stored=False)
                removed.append(code)
        self.idle = {code: since for code, since in self.idle.items() if code in relay.rooms}
        self.unattended = {code: since for code, since in self.unattended.items()
                           if code in relay.rooms and not relay.rooms[code].match.over}
        self.quota.prune(now)
        return removed

    def watch_players(self, room: Room, now: float) -> None:
        """An in-play room whose seated humans have all been away for
        ``--room-abandon`` seconds is handed to its stand-in bots, which
        finish it at ``--bot-delay`` a move (a day-long clock would hold its
        place for days). The time counts from when the sweep first saw
        nobody (in memory: a restart starts it again)."""
        if any(held.human and held.client is not None for held in room.seats):
            self.unattended.pop(room.code, None)
            return
        since = self.unattended.setdefault(room.code, now)
        if self.abandon and now - since >= self.abandon:
            try:
                room.hand_to_standins()
            except LeaseLost:  # another process owns it now: its lifecycle decides
                self.relay.drop_room(room.code)
            except StoreError as err:  # the journal unreachable: the next sweep tries again
                log.warning("could not hand room %s to its stand-ins: %s", room.code, err.message)

    def remove(self, room: Room, reason: str, now: float, stored: bool = True) -> None:
        """Remove ``room`` for good: from the journal (unless ``stored`` is
        False: already done), then from memory; each subscriber is told
        (``error`` ``expired`` with the room's code)."""
        if stored:
            try:
                self.relay.store.remove(room.code, reason, now)
            except LeaseLost:  # another process owns it now: its lifecycle decides
                self.relay.drop_room(room.code)
                return
            except StoreError as err:  # the journal unreachable: the next sweep tries again
                log.warning("could not remove room %s: %s", room.code, err.message)
                return
        frame: dict[str, Any] = {"kind": "error", "v": VERSION, "code": "expired", "room": room.code,
                                 "message": self.sentence(room.code, reason)}
        for subscriber in list(room.subscribers):
            self.relay.send(subscriber, frame)
        self._forget(room)

    def evict(self, room: Room) -> None:
        """A finished room nobody watches leaves memory; its journal stays."""
        self._forget(room)
        self.relay.store.release(room.code)

    def _forget(self, room: Room) -> None:
        if room.driver is not None:
            room.driver.cancel()
        room.deadlines = {}
        for subscriber in list(room.subscribers):
            if subscriber.room is room:
                subscriber.room = None
        room.subscribers.clear()
        for seat in room.seats:
            seat.client = None
        self.relay.rooms.pop(room.code, None)
        self.idle.pop(room.code, None)
        self.unattended.pop(room.code, None)
        if self.relay.cluster is not None:
            self.relay.cluster.forget_room(room)
