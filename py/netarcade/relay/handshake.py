"""How the relay reads a connection's HTTP request, and what the refusals
websockets makes itself carry.

What it is for: websockets reads each connection's request, hands it to
``Relay.process_request`` and answers some handshakes on its own: 426 for
a GET without Upgrade, 400 for a bad WebSocket key or version, 414 and
431 for an oversized request, 500, 503 while stopping. Left to itself it
sent these without the security headers every other answer of the relay
carries (docs/relay.md, "The site"): ``RelayProtocol.reject`` builds them
with ``site.response``, so they do.

``RelayConnection`` is what ``serve(create_connection=...)`` builds for
each connection: it turns the protocol ``serve`` made into a
``RelayProtocol``, since ``serve`` builds that object itself and takes no
class for it. ``tests/test_relay_http.py`` fails if a version of
websockets changes that.
What it is not: the answers to the requests it reads (``server.py``,
``site.py``).
"""

from __future__ import annotations

import http

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Response
from websockets.server import ServerProtocol

from .site import response

__all__ = ["RelayConnection", "RelayProtocol"]


class RelayProtocol(ServerProtocol):
    """websockets' server protocol with the relay's refusals."""

    def reject(self, status, text: str) -> Response:
        """Every answer websockets makes itself: the relay's headers (``site.response``)."""
        status = http.HTTPStatus(status)
        return response(status.value, status.phrase, text.encode())


class RelayConnection(ServerConnection):
    def __init__(self, protocol: ServerProtocol, *args, **kwargs) -> None:
        protocol.__class__ = RelayProtocol  # adds methods only: the state serve gave it stays
        super().__init__(protocol, *args, **kwargs)
