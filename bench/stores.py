"""The stores the benchmark runs on: a temporary SQLite file, and a throwaway PostgreSQL database.

Each is given as Meldbook's own variables (MELDBOOK_STORE, ...), which a server started for the benchmark reads
too; `settings` turns them into the eventsourcing settings an Application in this process takes.
"""

from __future__ import annotations

import secrets
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import psycopg
from psycopg import sql

from service.config import store_env


def settings(store: dict[str, str]) -> dict[str, str]:
    """The eventsourcing settings of a store given by Meldbook's variables (service/config.py)."""
    return store_env(store)


class StoreUnavailableError(RuntimeError):
    """The store cannot be reached, so its part of the benchmark is skipped."""


@contextmanager
def sqlite_store() -> Iterator[dict[str, str]]:
    """Settings for a SQLite file in a temporary directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="meldbook-bench-") as folder:
        yield {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(Path(folder) / "bench.sqlite")}


@contextmanager
def postgres_store(host: str, port: str, user: str = "postgres") -> Iterator[dict[str, str]]:
    """Settings for a fresh PostgreSQL database, created for the run and dropped afterwards."""
    try:
        admin = psycopg.connect(
            host=host, port=port, user=user, password="", dbname="postgres", autocommit=True, connect_timeout=3
        )
    except psycopg.OperationalError as error:
        reason = " ".join(str(error).split())
        raise StoreUnavailableError(f"PostgreSQL is not reachable on {host}:{port}: {reason}") from None
    name = f"meldbook_bench_{secrets.token_hex(4)}"
    with admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield {
                "MELDBOOK_STORE": "postgres",
                "MELDBOOK_POSTGRES_DBNAME": name,
                "MELDBOOK_POSTGRES_HOST": host,
                "MELDBOOK_POSTGRES_PORT": port,
                "MELDBOOK_POSTGRES_USER": user,
                "MELDBOOK_POSTGRES_PASSWORD": "",
            }
        finally:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


Store = Callable[[], AbstractContextManager[dict[str, str]]]
"""A store to run on: entering it gives its settings, leaving it throws it away."""


def chosen_stores(names: str, pg_host: str, pg_port: str) -> Iterator[tuple[str, Store]]:
    """The stores named (`sqlite`, `postgres`, comma-separated), in that order of preference."""
    wanted = names.split(",")
    if "sqlite" in wanted:
        yield "sqlite", sqlite_store
    if "postgres" in wanted:
        yield "postgres", lambda: postgres_store(pg_host, pg_port)
