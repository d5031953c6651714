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


SIGNATURE = """
SELECT coalesce(string_agg(item, E'\\n' ORDER BY item), '') FROM (
    SELECT 'schema ' || nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
    UNION ALL SELECT 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' '
        || is_nullable || ' ' || coalesce(column_default, '')
        FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace::regnamespace::text NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'function ' || pg_get_functiondef(p.oid) FROM pg_proc AS p
        JOIN pg_namespace AS n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'grant ' || table_schema || '.' || table_name || ' ' || grantee || ' ' || privilege_type
        FROM information_schema.role_table_grants WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'sequence ' || schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, 'unread')
        FROM pg_sequences
    UNION ALL SELECT 'setting ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
        WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
) AS items (item)
"""
"""What a database holds besides its rows: schemas, columns, indexes, constraints, functions, triggers, grants,
sequences (and whether they were read) and settings. A test database is used again only while it equals the
template's."""


def signature(connection: psycopg.Connection) -> str:
    """The database's signature (SIGNATURE)."""
    row = connection.execute(SIGNATURE).fetchone()
    return str(row[0]) if row else ""


class Recycler:
    """Test databases used again. A database a test is done with is emptied on a thread of the recycler's own (its
    sessions ended, every table truncated, every sequence started again) and handed to the next test that asks,
    as empty as a copy of the template; one whose signature no longer equals the template's (a test changed its
    schema) goes to the dropper instead. Creating a database from the template and dropping one cost a checkpoint
    each, up to a second while other tests write; emptying a handful of tables costs milliseconds. `close` drops
    the databases kept, and waits for every drop."""

    def __init__(self, template: str, dropper: Dropper) -> None:
        self.template, self.dropper = template, dropper
        with connect(template) as connection:
            self.expected = signature(connection)
        self.kept: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.returned: queue.Queue[str | None] = queue.Queue()
        self.thread = threading.Thread(target=self.run, name="database-recycler", daemon=True)
        self.thread.start()

    def fresh(self, admin: psycopg.Connection) -> str:
        """The name of an empty database holding the service's tables: one emptied for reuse, else a new copy of
        the template."""
        try:
            return self.kept.get_nowait()
        except queue.Empty:
            return create_database(admin, self.template)

    def give_back(self, name: str) -> None:
        """A database a test is done with (whoever still uses it is disconnected)."""
        self.returned.put(name)

    def run(self) -> None:
        while (name := self.returned.get()) is not None:
            try:
                emptied = self.emptied(name)
            except psycopg.Error:
                emptied = False
            if emptied:
                self.kept.put(name)
            else:
                self.dropper.drop(name)
            self.returned.task_done()

    def emptied(self, name: str) -> bool:
        """End the database's other sessions and empty it; whether it now equals a copy of the template."""
        with connect(name) as connection:
            connection.execute("SET lock_timeout = '10s'")
            connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            tables = connection.execute("SELECT schemaname, tablename FROM pg_tables "
                                        "WHERE schemaname NOT IN ('pg_catalog', 'information_schema')").fetchall()
            if tables:
                listed = sql.SQL(", ").join(sql.Identifier(schema, table) for schema, table in tables)
                connection.execute(sql.SQL("TRUNCATE {} RESTART IDENTITY CASCADE").format(listed))
            return signature(connection) == self.expected

    def close(self) -> None:
        """Stop recycling and hand every database kept to the dropper."""
        self.returned.put(None)
        self.thread.join()
        while True:
            try:
                self.dropper.drop(self.kept.get_nowait())
            except queue.Empty:
                return
