"""The relay: online play. One process serves the built site and a WebSocket
endpoint; it holds each room's ``Match`` (and its seed), the seats' tokens,
the clocks and the journal. The only package that imports ``websockets``
and ``sqlite3``; nothing in the browser wheel's import path imports it.

``python -m netarcade relay --help``; the protocol is ``docs/relay.md``.
"""
