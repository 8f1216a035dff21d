"""The relay's refusals of ``/ws`` and of requests it cannot read, against a
real relay process over raw sockets: every answer carries the security
headers (docs/relay.md, "The site"), a request the relay cannot read is
answered 400 rather than dropped, and each answer closes its connection.

The requests with a body, which both servers answer alike, are in
``tests/site/test_site_hardening.py``.
"""

from __future__ import annotations

import pytest

from support.relay_harness import Client, RelayProcess, run
from support.site_http import assert_security_headers, exchange

HANDSHAKE = (b"Host: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")


@pytest.fixture(scope="module")
def relay(tmp_path_factory):
    process = RelayProcess(tmp_path_factory.mktemp("http") / "data", "--max-connections", "1")
    yield process
    errors = process.stop()
    assert "Traceback" not in errors, errors


#: (request, the answer's status): the handshakes websockets refuses itself
REFUSED = [
    (b"GET /ws HTTP/1.1\r\nHost: x\r\n\r\n", 426),  # a plain GET: no Upgrade
    (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n", 426),  # no Connection: Upgrade
    (b"GET /ws HTTP/1.1\r\n" + HANDSHAKE + b"Sec-WebSocket-Version: 12\r\n\r\n", 400),
    (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
     b"Sec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n\r\n", 400),
    (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
     b"Sec-WebSocket-Version: 13\r\n\r\n", 400),  # no key
    (b"GET /ws HTTP/1.1\r\n" + HANDSHAKE + b"Sec-WebSocket-Version: 13\r\nOrigin: http://evil.example\r\n\r\n", 403),
]


@pytest.mark.parametrize("request_, status", REFUSED, ids=[f"{s}-{i}" for i, (_, s) in enumerate(REFUSED)])
def test_a_refused_handshake_carries_the_security_headers(relay, request_, status):
    got, headers, body = exchange(relay.http, request_)
    assert got == status, (headers, body)
    assert_security_headers(headers)
    assert headers["cache-control"] == "no-cache"
    if status == 426:
        assert headers["upgrade"] == "websocket"


#: (request, the answer's status): requests websockets' own parser refuses
UNREADABLE = [
    (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),  # request line over 8 KiB
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 9000 + b"\r\n\r\n", 431),
    (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(200)) + b"\r\n", 431),
    (b"GARBAGE\r\n\r\n", 400),
    (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 400),
    (b"GET /\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n", 400),  # not ASCII: a browser escapes it
    (b"GET / HTTP/1.1\r\nHost x\r\n\r\n", 400),  # a header line without its colon
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Bad: a\x00b\r\n\r\n", 400),
]


@pytest.mark.parametrize("request_, status", UNREADABLE, ids=[f"{s}-{i}" for i, (_, s) in enumerate(UNREADABLE)])
def test_a_request_the_relay_cannot_read_is_answered(relay, request_, status):
    got, headers, _ = exchange(relay.http, request_)
    assert got == status, headers
    assert_security_headers(headers)


def test_the_connection_bound_and_the_endpoint_still_work(relay):
    """The relay answers its WebSocket after every refusal above, and the
    503 of its connection bound (``--max-connections 1``) carries the
    headers too."""
    async def scenario():
        client = await Client.open(relay.url)
        assert (await client.request({"kind": "ping"}))["kind"] == "pong"
        handshake = b"GET /ws HTTP/1.1\r\n" + HANDSHAKE + b"Sec-WebSocket-Version: 13\r\n\r\n"
        got, headers, _ = exchange(relay.http, handshake)
        assert got == 503
        assert_security_headers(headers)
        await client.close()
    run(scenario(), 30)
