"""Helpers for tests that need a real PostgreSQL server (throwaway databases on a running server)."""

from __future__ import annotations

import os
import secrets

import psycopg
from psycopg import sql

from service.config import POOL_DEFAULTS

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


def create_database(admin: psycopg.Connection) -> str:
    """Create a uniquely named database and return its name."""
    name = f"meldbook_test_{secrets.token_hex(6)}"
    admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
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
