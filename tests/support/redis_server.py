"""A ``redis-server`` of the test's own (Debian's; ``make test`` installs it
when running as root) on a free 127.0.0.1 port with a temporary folder, and
relay processes sharing it (``--store redis://...``). Shared by the relay
tests on Redis (tests/relay/test_relay_redis.py, failover, supersede,
expiry) and the browser's failover test. Importing it skips the importing
module when the ``redis`` package is missing; ``REDIS_SERVER`` is None when
``redis-server`` is."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time

import pytest

from support.relay_harness import NO_QUOTA, RelayProcess

redis = pytest.importorskip("redis")
REDIS_SERVER = shutil.which("redis-server")


def free_port() -> int:
    """A loopback port free at this moment (another process may take it
    before redis-server binds it: ``RedisServer`` checks and tries again)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """``redis-server`` on a free loopback port, data in ``folder``, with the
    AOF settings docs/relay.md recommends: ``appendfsync always`` (with
    ``everysec`` Redis answers writes it has not yet written while the last
    second's fsync runs, and a Redis killed then loses them).

    Tests run in two processes at once (pytest-xdist), so the port chosen may
    be taken before redis-server binds it, even by another test's Redis: the
    server that answers must be ours (its ``process_id``), or a first start
    tries another port; a restart keeps its port (the relays know it) and
    fails if someone else holds it."""

    def __init__(self, folder):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.proc = None
        for _ in range(5):
            self.port = free_port()
            self.url = f"redis://127.0.0.1:{self.port}/0"
            if self.start(first=True):
                return
        raise RuntimeError("redis-server found no free port in 5 tries")

    def start(self, first: bool = False) -> bool:
        self.proc = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no",
             "--protected-mode", "yes", "--logfile", str(self.folder / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        try:
            for _ in range(100):
                if self.proc.poll() is not None:
                    break  # it could not bind the port
                try:
                    if client.ping():
                        break
                except redis.RedisError:
                    time.sleep(0.05)
            else:
                raise RuntimeError("redis-server did not answer")
            ours = self.proc.poll() is None and client.info("server")["process_id"] == self.proc.pid
        except redis.RedisError:
            ours = False
        finally:
            client.close()
        if ours:
            return True
        self.kill()
        if first:
            return False
        raise RuntimeError(f"redis-server could not start again on port {self.port}: {self.folder / 'redis.log'}")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path / "redis")
    yield server
    server.kill()


def relays(tmp_path, server, count=2, *args):
    # the tables open room after room from one address (a crash may leave one waiting): no creation quota
    return [RelayProcess(tmp_path / f"data{i}", "--store", server.url, "--rate", "100000", "--burst", "100000",
                         *NO_QUOTA, *args) for i in range(count)]

