"""The relay process the harness starts (``support.relay_harness``): it
serves the site by the static server's rules, checks the origin and answers
a ping, and holds its connection bound and idle timeout."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request

import pytest

pytest.importorskip("websockets")
from support.relay_harness import Client, RelayProcess, relay, run  # noqa: E402,F401  (relay is a fixture)


# --- the site: the static server's rules, on the relay's origin ------------------------------

def get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            answer.read()
            return answer.status
    except urllib.error.HTTPError as err:
        return err.code


def test_site_rules(tmp_path):
    site = tmp_path / "site"
    (site / "static").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>netarcade</title>")
    (site / "static" / "app.mjs").write_text("export {}")
    (site / ".secret").write_text("no")
    (tmp_path / "outside.txt").write_text("no")
    (site / "static" / "link.txt").symlink_to(tmp_path / "outside.txt")
    process = RelayProcess(tmp_path / "data", site=site)
    try:
        base = process.http
        assert get(base + "/") == 200
        with urllib.request.urlopen(base + "/static/app.mjs", timeout=5) as answer:
            assert answer.headers["Content-Type"] == "text/javascript"
        assert get(base + "/.secret") == 404
        assert get(base + "/static/link.txt") == 404
        assert get(base + "/%2e%2e/outside.txt") == 404
        assert get(base + "/static/%00") == 400
        assert get(base + "/nothing") == 404
        # a client that hangs up mid-answer, and one that never finishes its request
        import socket
        for _ in range(3):
            sock = socket.create_connection(("127.0.0.1", process.port), timeout=5)
            sock.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
            sock.close()
        assert get(base + "/") == 200
    finally:
        errors = process.stop()
    assert "Traceback" not in errors, errors


def test_origin_check_and_ping(relay):
    async def scenario():
        client = await Client.open(relay.url)
        assert (await client.request({"kind": "ping"}))["kind"] == "pong"
        await client.close()
        with pytest.raises(Exception):
            await Client.open(relay.url, origin="http://evil.example")
        same = await Client.open(relay.url, origin=f"http://127.0.0.1:{relay.port}")
        assert (await same.request({"kind": "ping"}))["kind"] == "pong"
        await same.close()
    run(scenario(), 30)


def test_connection_bound_and_idle_timeout(tmp_path):
    process = RelayProcess(tmp_path / "data", "--max-connections", "3", "--idle", "0.5")

    async def scenario():
        clients = [await Client.open(process.url) for _ in range(3)]
        with pytest.raises(Exception, match="503"):
            await Client.open(process.url)
        for _ in range(60):  # silent clients are closed with "idle"
            if all(c.closed for c in clients):
                break
            await asyncio.sleep(0.05)
        assert all(c.closed == (1001, "idle") for c in clients), [c.closed for c in clients]
        await asyncio.sleep(0.2)
        again = await Client.open(process.url)  # the slots are free again
        assert (await again.request({"kind": "ping"}))["kind"] == "pong"
        await again.close()

    try:
        run(scenario(), 30)
    finally:
        errors = process.stop()
    assert "Traceback" not in errors, errors
