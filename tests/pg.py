"""Helpers for tests that need a real PostgreSQL server (throwaway databases on a running server)."""

from __future__ import annotations

import os
import queue
import secrets
import threading

import psycopg
from psycopg import sql

from service.config import POOL_DEFAULTS, store_env

USER = "postgres"
PASSWORD = ""
ADMIN_DBNAME = "postgres"


def host() -> str:
    """Return the server host: MELDBOOK_PG_HOST, default 127.0.0.1."""
    return os.environ.get("MELDBOOK_PG_HOST", "127.0.0.1")


def port() -> str:
    """Return the server port: MELDBOOK_PG_PORT, default 5432."""
    return os.environ.get("MELDBOOK_PG_PORT", "5432")


def address() -> str:
    """Return host:port for messages."""
    return f"{host()}:{port()}"


def required() -> bool:
    """Tell whether an unreachable server must fail the run (MELDBOOK_REQUIRE_POSTGRES=1) rather than skip."""
    return os.environ.get("MELDBOOK_REQUIRE_POSTGRES", "") == "1"


def connect(dbname: str = ADMIN_DBNAME) -> psycopg.Connection:
    """Open an autocommit connection to dbname as user postgres."""
    return psycopg.connect(
        host=host(),
        port=port(),
        user=USER,
        password=PASSWORD,
        dbname=dbname,
        autocommit=True,
        connect_timeout=5,
    )


def create_database(admin: psycopg.Connection, template: str | None = None) -> str:
    """Create a uniquely named database, empty or a copy of `template` (a file-level copy: no connection to the
    template may be open meanwhile), and return its name."""
    name = f"meldbook_test_{secrets.token_hex(6)}"
    if template is None:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    else:
        admin.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template)))
    return name


def create_template(admin: psycopg.Connection) -> str:
    """Create a database holding Meldbook's tables and functions as the service creates them, and nothing else, to
    copy each test's database from (copying is faster than creating the tables again); return its name."""
    from service.application import Meldbook  # imported here: most users of this module need no application

    name = create_database(admin)
    settings = {"MELDBOOK_STORE": "postgres", "MELDBOOK_POSTGRES_DBNAME": name}
    settings |= {"MELDBOOK_POSTGRES_HOST": host(), "MELDBOOK_POSTGRES_PORT": port()}
    settings |= {"MELDBOOK_POSTGRES_USER": USER, "MELDBOOK_POSTGRES_PASSWORD": PASSWORD}
    Meldbook(store_env(settings)).close()  # creates every table the service uses; closing ends its connections
    return name


def drop_database(admin: psycopg.Connection, name: str) -> None:
    """Drop a database, disconnecting whoever still uses it."""
    admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def database_exists(admin: psycopg.Connection, name: str) -> bool:
    """Tell whether a database of that name exists."""
    return admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is not None


def eventsourcing_env(dbname: str) -> dict[str, str]:
    """Return eventsourcing Application settings for a PostgreSQL database, with the service's small pool."""
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": host(),
        "POSTGRES_PORT": port(),
        "POSTGRES_USER": USER,
        "POSTGRES_PASSWORD": PASSWORD,
        **{f"POSTGRES_{key}": value for key, value in POOL_DEFAULTS.items()},
    }


class Dropper:
    """Drops databases on a thread of its own, with a connection of its own: each DROP DATABASE waits for a
    checkpoint (up to a second while other tests write), which a test's teardown need not wait for. `close` waits
    until every database handed over is gone."""

    def __init__(self) -> None:
        self.names: queue.Queue[str | None] = queue.Queue()
        self.failures: list[str] = []
        self.thread = threading.Thread(target=self.run, name="database-dropper", daemon=True)
        self.thread.start()

    def drop(self, name: str) -> None:
        """Drop the database soon (whoever still uses it is disconnected then)."""
        self.names.put(name)

    def run(self) -> None:
        try:
            admin = connect()
        except psycopg.Error as error:  # nothing handed over can be dropped: `close` says so
            self.failures.append(f"no connection to drop with: {error}")
            return
        with admin:
            while (name := self.names.get()) is not None:
                try:
                    drop_database(admin, name)
                except psycopg.Error as error:
                    self.failures.append(f"{name}: {error}")

    def close(self) -> list[str]:
        """Wait for every drop asked for; return the ones that failed."""
        self.names.put(None)
        self.thread.join()
        return self.failures
