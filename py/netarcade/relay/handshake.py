"""How the relay reads a connection's HTTP request, and what the refusals
websockets makes itself carry.

What it is for: websockets reads each connection's request, hands it to
``Relay.process_request`` and answers some handshakes on its own. Left to
itself it would break two promises of docs/relay.md ("The site"):

- its own refusals (426 for a GET without Upgrade, 400 for a bad
  WebSocket key or version, 414 and 431 for an oversized request, 500,
  503 while stopping) carry none of the security headers every other
  answer carries: ``RelayProtocol.reject`` builds them with
  ``site.response``, so they do;
- its parser drops without a word any request that has a body
  (``Content-Length`` other than 0, or ``Transfer-Encoding``), which a
  WebSocket handshake never has, and any request it cannot read (a
  garbled request line or header, a protocol other than HTTP/1.0 and
  1.1, a path that is not ASCII). ``RelayProtocol.parse`` reads the
  request line and headers with websockets' own functions but lets a
  request with a body through to ``process_request``, which answers it
  (405/501 by its method, else 400: ``site.refuse_body``), and answers an
  unreadable request 400. The body itself is never read: the answer goes
  out once the headers are in, then the connection closes.

``RelayConnection`` is what ``serve(create_connection=...)`` builds for
each connection: it turns the protocol ``serve`` made into a
``RelayProtocol``, since ``serve`` builds that object itself and takes no
class for it. Written against websockets 17 (its ``http11`` functions,
``ServerProtocol.parse`` and ``reject``); ``tests/relay/test_relay_http.py`` and
``tests/site/test_site_hardening.py`` fail if a version changes them.
What it is not: the answers to the requests it reads (``server.py``,
``site.py``).
"""

from __future__ import annotations

import http
from collections.abc import Generator

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import HeaderLineTooLong, InvalidMessage, RequestLineTooLong, TooManyHeaders
from websockets.http11 import Request, Response, parse_headers, parse_line
from websockets.protocol import CONNECTING, Protocol
from websockets.server import ServerProtocol

from ..site.rules import announces_body
from .site import response

__all__ = ["RelayConnection", "RelayProtocol", "read_request"]


def read_request(read_line) -> Generator[None, None, Request]:
    """The request line and headers, as websockets' ``Request.parse`` reads
    them, except that a body announced by the headers is let through (the
    answer refuses it; nothing reads it). ValueError or UnicodeDecodeError:
    not an HTTP/1.x request; EOFError: the client left before its end."""
    line = yield from parse_line(read_line, RequestLineTooLong)
    try:
        raw_method, raw_path, raw_protocol = line.split(b" ", 2)
    except ValueError:
        raise ValueError("invalid request line") from None
    if raw_protocol not in (b"HTTP/1.1", b"HTTP/1.0"):
        raise ValueError("unsupported protocol")
    headers = yield from parse_headers(read_line)
    return Request(raw_path.decode("ascii"), headers, raw_method.decode("ascii"), raw_protocol.decode("ascii"))


class RelayProtocol(ServerProtocol):
    """websockets' server protocol with the relay's request reading and refusals."""

    def reject(self, status, text: str) -> Response:
        """Every answer websockets makes itself: the relay's headers (``site.response``)."""
        status = http.HTTPStatus(status)
        return response(status.value, status.phrase, text.encode())

    def parse(self) -> Generator[None]:
        if self.state is CONNECTING:
            try:
                request = yield from read_request(self.reader.read_line)
            except RequestLineTooLong as exc:
                yield from self._refuse(exc, http.HTTPStatus.REQUEST_URI_TOO_LONG, "request line too long")
            except (HeaderLineTooLong, TooManyHeaders) as exc:
                yield from self._refuse(exc, http.HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                                        "request headers too large")
            except EOFError as exc:  # the client left before the end of its request: nobody to answer
                yield from self._refuse(exc, None, "")
            except (ValueError, UnicodeDecodeError) as exc:
                yield from self._refuse(exc, http.HTTPStatus.BAD_REQUEST, "not an HTTP/1.1 request")
            self.events.append(request)
            if announces_body(request.headers):
                # process_request refuses it; what follows the headers is no WebSocket frame
                while True:
                    self.reader.discard()
                    yield
        yield from Protocol.parse(self)

    def _refuse(self, exc: Exception, status: http.HTTPStatus | None, text: str) -> Generator[None]:
        """Answer a request that could not be read (``status`` None: the
        client left, nobody to answer), then close. Either way ``discard``
        takes this parser's place (``send_response`` puts it there), so
        this parser never steps again."""
        self.handshake_exc = InvalidMessage("did not receive a valid HTTP request")
        self.handshake_exc.__cause__ = exc
        if status is None:
            self.send_eof()
            self.parser = self.discard()
            next(self.parser)
        else:
            self.send_response(self.reject(status, f"{text}\n"))
        yield
        raise AssertionError("the parser of a refused request does not step again")


class RelayConnection(ServerConnection):
    def __init__(self, protocol: ServerProtocol, *args, **kwargs) -> None:
        # adds methods only: the state serve gave it stays; it has read nothing
        # yet, so its parser starts over as ours
        protocol.__class__ = RelayProtocol
        protocol.parser = protocol.parse()
        next(protocol.parser)
        super().__init__(protocol, *args, **kwargs)
