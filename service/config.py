"""Where games are stored: a SQLite file by default, or PostgreSQL, chosen by environment variables."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

SQLITE_FILE = "meldbook.sqlite"
POOL_DEFAULTS = {
    "POOL_SIZE": "2",
    "MAX_OVERFLOW": "3",
    "CONNECT_TIMEOUT": "5",
    "CONN_MAX_AGE": "1800",
    "PRE_PING": "n",
}
"""eventsourcing's PostgreSQL pool, per process: 2 connections kept, 3 more at a peak (a connection for each of a
gunicorn worker's 4 request threads and one for its streams' reads, api/gunicorn_config.py), each renewed after
30 min. A
connection is not checked as it is taken from the pool (MELDBOOK_POSTGRES_PRE_PING=y would check it, one more round
trip for every statement): one broken while the server was out of reach fails its first statement, which the pool then
discards and eventsourcing's recorder tries again on another connection (up to ten times, 0.2 s apart), so the same
process serves again once the server is back (tests/e2e/test_faults.py)."""


CACHE_DEFAULT = "1000"
"""Games (and access streams) each process keeps in memory between requests, brought up to date from the store
before each use (eventsourcing's aggregate cache with fast-forward), so that workers stay consistent."""


class ConfigError(ValueError):
    """The environment names no usable store."""


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Meldbook's one data directory: MELDBOOK_DATA_DIR, else the user's data directory (~/.local/share/meldbook)."""
    env = os.environ if environ is None else environ
    configured = env.get("MELDBOOK_DATA_DIR")
    return Path(configured).expanduser().resolve() if configured else platformdirs.user_data_path("meldbook")


def store_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The eventsourcing settings for the store the environment asks for.

    MELDBOOK_STORE is `sqlite` (default: MELDBOOK_SQLITE_PATH, else meldbook.sqlite in the data directory) or
    `postgres` (MELDBOOK_POSTGRES_DBNAME, _HOST, _PORT, _USER, _PASSWORD, and the pool's _POOL_SIZE,
    _MAX_OVERFLOW, _CONNECT_TIMEOUT, _CONN_MAX_AGE and _PRE_PING).
    """
    env = os.environ if environ is None else environ
    store = env.get("MELDBOOK_STORE", "sqlite")
    if store == "sqlite":
        path = env.get("MELDBOOK_SQLITE_PATH") or str(data_dir(env) / SQLITE_FILE)
        if "memory" not in path:
            path = str(Path(path).expanduser())
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        settings = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path}
        return {**settings, **recorder_env(settings)}
    if store == "postgres":
        pool = {f"POSTGRES_{key}": env.get(f"MELDBOOK_POSTGRES_{key}", value) for key, value in POOL_DEFAULTS.items()}
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": env.get("MELDBOOK_POSTGRES_DBNAME", "meldbook"),
            "POSTGRES_HOST": env.get("MELDBOOK_POSTGRES_HOST", "127.0.0.1"),
            "POSTGRES_PORT": env.get("MELDBOOK_POSTGRES_PORT", "5432"),
            "POSTGRES_USER": env.get("MELDBOOK_POSTGRES_USER", "postgres"),
            "POSTGRES_PASSWORD": env.get("MELDBOOK_POSTGRES_PASSWORD", ""),
            **pool,
            # Not POSTGRES_ENABLE_DB_FUNCTIONS: its insert function takes no table lock, so notification ids can
            # commit out of order and the games index (which catches up by notification id) skips games for good.
            # The recorder chosen here saves through a function that takes it, in one statement
            # (service/store/recorders.py).
            "APPLICATION_RECORDER_TOPIC": RECORDERS["eventsourcing.postgres"],
        }
    raise ConfigError(f"MELDBOOK_STORE must be sqlite or postgres, not {store!r}")


RECORDERS = {
    "eventsourcing.sqlite": "service.store.recorders:CheckedSQLiteRecorder",
    "eventsourcing.postgres": "service.store.recorders:LockedInsertRecorder",
}
"""The service's own recorder for each store (service/store/recorders.py)."""


def recorder_env(settings: Mapping[str, str]) -> dict[str, str]:
    """The service's recorder for the store these eventsourcing settings name, unless they name a recorder."""
    store = settings.get("PERSISTENCE_MODULE", os.environ.get("PERSISTENCE_MODULE", ""))
    if store not in RECORDERS or "APPLICATION_RECORDER_TOPIC" in settings:
        return {}
    return {"APPLICATION_RECORDER_TOPIC": RECORDERS[store]}


def cache_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """eventsourcing's aggregate cache: MELDBOOK_CACHE_GAMES aggregates at most (0 turns it off), each fast-forwarded
    from the store before use and deep-copied out of the cache, so a command never changes the cached one."""
    size = cache_size(environ)
    if size == 0:
        return {}
    return {
        "AGGREGATE_CACHE_MAXSIZE": str(size),
        "AGGREGATE_CACHE_FASTFORWARD": "y",
        "DEEPCOPY_FROM_AGGREGATE_CACHE": "y",
    }


def cache_size(environ: Mapping[str, str] | None = None) -> int:
    """How many games each process keeps in memory: MELDBOOK_CACHE_GAMES (0 keeps none)."""
    env = os.environ if environ is None else environ
    size = env.get("MELDBOOK_CACHE_GAMES", CACHE_DEFAULT).strip()
    if not size.isdigit() or len(size) > 7:
        raise ConfigError(f"MELDBOOK_CACHE_GAMES must be a whole number of games (0: none), not {size!r}")
    return int(size)


def store_location(settings: Mapping[str, str]) -> str:
    """Where the store of these eventsourcing settings keeps the games, for a person to read."""
    if settings.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
        where = f"{settings['POSTGRES_HOST']}:{settings.get('POSTGRES_PORT', '5432')}"
        return f"PostgreSQL database {settings['POSTGRES_DBNAME']} on {where}"
    path = settings.get("SQLITE_DBNAME", "")
    if settings.get("PERSISTENCE_MODULE") == "eventsourcing.sqlite" and "memory" not in path:
        return f"SQLite file {Path(path).expanduser().resolve()}"
    return "memory (nothing is kept after the process ends)"
