"""Which journal a relay writes: ``--store`` read and opened.

What it is for: ``check_store_spec`` refuses a ``--store`` that names no
back end before anything starts; ``open_store`` opens SQLite in the data
folder (``store.SqliteStore``) or Redis (``redis_store.RedisStore``).
What it is not: either back end; both import ``store`` (the interface), and
only this module imports both (Redis's only when asked for), so neither
imports the other.
"""

from __future__ import annotations

from pathlib import Path

from .store import JournalStore, SqliteStore

__all__ = ["REDIS_SCHEMES", "check_store_spec", "open_store"]


#: the URL schemes of a Redis ``--store``
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def check_store_spec(spec: str | None) -> None:
    """``ValueError`` unless ``spec`` names a back end: None, ``sqlite`` or a
    Redis URL that parses (nothing is connected to here)."""
    if spec in (None, "", "sqlite"):
        return
    if not spec.startswith(REDIS_SCHEMES):
        raise ValueError(f"must be sqlite or redis://HOST:PORT/DB, not {spec!r}")
    import redis

    try:
        redis.Redis.from_url(spec).close()
    except ValueError as err:
        raise ValueError(f"{spec!r} is not a Redis URL: {err}") from None


def open_store(spec: str | None, folder: str | Path, durable: bool = False, process: str = "",
               keep: float = 86400.0) -> JournalStore:
    """``spec`` None or ``sqlite``: SQLite in ``folder``; ``redis://HOST:PORT/DB``: Redis.
    ``keep``: seconds a finished room is kept (Redis expires its keys itself)."""
    check_store_spec(spec)
    if spec in (None, "", "sqlite"):
        return SqliteStore(folder, durable)
    from .redis_store import RedisStore  # only a Redis relay loads the Redis client

    return RedisStore(spec, process, keep)
