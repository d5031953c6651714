"""Where games are stored: a SQLite file by default, or PostgreSQL, chosen by environment variables."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

DEFAULT_SQLITE_PATH = "var/meldbook.sqlite"


class ConfigError(ValueError):
    """The environment names no usable store."""


def store_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The eventsourcing settings for the store the environment asks for.

    MELDBOOK_STORE is `sqlite` (default; MELDBOOK_SQLITE_PATH, default var/meldbook.sqlite) or
    `postgres` (MELDBOOK_POSTGRES_DBNAME, _HOST, _PORT, _USER, _PASSWORD).
    """
    env = os.environ if environ is None else environ
    store = env.get("MELDBOOK_STORE", "sqlite")
    if store == "sqlite":
        path = env.get("MELDBOOK_SQLITE_PATH", DEFAULT_SQLITE_PATH)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path}
    if store == "postgres":
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": env.get("MELDBOOK_POSTGRES_DBNAME", "meldbook"),
            "POSTGRES_HOST": env.get("MELDBOOK_POSTGRES_HOST", "127.0.0.1"),
            "POSTGRES_PORT": env.get("MELDBOOK_POSTGRES_PORT", "5432"),
            "POSTGRES_USER": env.get("MELDBOOK_POSTGRES_USER", "postgres"),
            "POSTGRES_PASSWORD": env.get("MELDBOOK_POSTGRES_PASSWORD", ""),
            # Not POSTGRES_ENABLE_DB_FUNCTIONS: its insert function takes no table lock, so notification ids can
            # commit out of order and the games index (which catches up by notification id) skips games for good.
        }
    raise ConfigError(f"MELDBOOK_STORE must be sqlite or postgres, not {store!r}")
