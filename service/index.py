"""The games index: a read model of every GameCreated event, for listing games by player, variant and date.

It is a catch-up projection of the application's notification log into two tables in the same
database as the events. Listing first catches up, so the index never misses a game, and it can be
rebuilt from the events at any time by dropping its tables.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meldbook_games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, title TEXT NOT NULL, "
    "players TEXT NOT NULL, created_at TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS meldbook_game_players (game_id TEXT NOT NULL, player TEXT NOT NULL, "
    "PRIMARY KEY (game_id, player))",
    "CREATE TABLE IF NOT EXISTS meldbook_index_position (name TEXT PRIMARY KEY, position BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS meldbook_games_created ON meldbook_games (created_at)",
)


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One listed game."""

    id: str
    variant: str
    title: str
    players: list[str]
    created_at: str


@dataclass(frozen=True, slots=True)
class GameFilter:
    """What to list: optional player, variant and creation-date bounds (ISO dates), and a page."""

    player: str | None = None
    variant: str | None = None
    since: str | None = None
    until: str | None = None
    limit: int = 20
    offset: int = 0


Connect = Callable[[], Any]
SCHEMA_LOCK_KEY = 7152436651
LOCK_SETTINGS = frozenset({"POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_USER", "POSTGRES_PASSWORD"})


class GameIndex:
    """The index tables, reached through a DB-API connection factory and its placeholder style."""

    def __init__(self, connect: Connect, placeholder: str) -> None:
        self._connect = connect
        self._mark = placeholder
        self._lock = threading.Lock()
        with self._cursor() as cursor:
            for statement in SCHEMA:
                cursor.execute(statement)

    @classmethod
    def for_env(cls, env: dict[str, str]) -> GameIndex:
        """The index in the same database as the application's events."""
        if env["PERSISTENCE_MODULE"] == "eventsourcing.postgres":
            params = postgres_params(env)
            return cls(lambda: psycopg.connect(**params), "%s")
        if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite" and env["SQLITE_DBNAME"] != ":memory:":
            path = env["SQLITE_DBNAME"]
            return cls(lambda: sqlite3.connect(path, timeout=30), "?")
        shared = sqlite3.connect(":memory:", check_same_thread=False)
        return cls(lambda: _Borrowed(shared), "?")

    @contextmanager
    def _cursor(self) -> Iterator[Any]:
        with self._lock:
            connection = self._connect()
            try:
                cursor = connection.cursor()
                yield cursor
                connection.commit()
            except BaseException:
                connection.rollback()
                raise
            finally:
                connection.close()

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self._mark)

    def position(self) -> int:
        """The last notification id the index has processed."""
        with self._cursor() as cursor:
            cursor.execute(
                self._sql("SELECT position FROM meldbook_index_position WHERE name = ?"), ("games",)
            )
            row = cursor.fetchone()
        return int(row[0]) if row else 0

    def add(self, entries: Sequence[GameEntry], position: int) -> None:
        """Record new games and the position reached, in one transaction."""
        with self._cursor() as cursor:
            for entry in entries:
                cursor.execute(
                    self._sql("INSERT INTO meldbook_games VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"),
                    (entry.id, entry.variant, entry.title, "\x1f".join(entry.players), entry.created_at),
                )
                for player in entry.players:
                    cursor.execute(
                        self._sql("INSERT INTO meldbook_game_players VALUES (?, ?) ON CONFLICT DO NOTHING"),
                        (entry.id, player),
                    )
            cursor.execute(
                self._sql(
                    "INSERT INTO meldbook_index_position VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = "
                    "CASE WHEN excluded.position > meldbook_index_position.position THEN excluded.position "
                    "ELSE meldbook_index_position.position END"
                ),
                ("games", position),
            )

    def search(self, wanted: GameFilter) -> tuple[list[GameEntry], int]:
        """One page of matching games, newest first, and how many match in all."""
        clauses, params = [], []
        if wanted.player is not None:
            clauses.append("id IN (SELECT game_id FROM meldbook_game_players WHERE player = ?)")
            params.append(wanted.player)
        if wanted.variant is not None:
            clauses.append("variant = ?")
            params.append(wanted.variant)
        if wanted.since is not None:
            clauses.append("created_at >= ?")
            params.append(wanted.since)
        if wanted.until is not None:
            clauses.append("created_at < ?")
            params.append(wanted.until)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        with self._cursor() as cursor:
            cursor.execute(self._sql(f"SELECT COUNT(*) FROM meldbook_games{where}"), params)
            total = int(cursor.fetchone()[0])
            cursor.execute(
                self._sql(
                    f"SELECT id, variant, title, players, created_at FROM meldbook_games{where} "
                    "ORDER BY created_at DESC, id LIMIT ? OFFSET ?"
                ),
                [*params, wanted.limit, wanted.offset],
            )
            rows = cursor.fetchall()
        return [GameEntry(r[0], r[1], r[2], r[3].split("\x1f"), r[4]) for r in rows], total


def postgres_params(env: Mapping[str, str]) -> dict[str, str]:
    """psycopg connection parameters from the eventsourcing settings."""
    return {
        "dbname": env["POSTGRES_DBNAME"],
        "host": env["POSTGRES_HOST"],
        "port": env.get("POSTGRES_PORT", "5432"),
        "user": env["POSTGRES_USER"],
        "password": env["POSTGRES_PASSWORD"],
    }


@contextmanager
def schema_lock(env: Mapping[str, str]) -> Iterator[None]:
    """Hold a PostgreSQL advisory lock while tables are created; nothing to hold on SQLite.

    Processes starting at once (gunicorn workers) race on CREATE TABLE IF NOT EXISTS and CREATE OR REPLACE
    FUNCTION, and PostgreSQL answers one of them with a UniqueViolation on pg_type or "tuple concurrently
    updated": the lock makes them create the event store's tables and the index's in turn.
    """
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.postgres" or not set(env) >= LOCK_SETTINGS:
        yield
        return
    with psycopg.connect(**postgres_params(env), autocommit=True) as connection:
        connection.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK_KEY,))
        try:
            yield
        finally:
            connection.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK_KEY,))


class _Borrowed:
    """A shared in-memory SQLite connection that `close()` leaves open."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def cursor(self) -> sqlite3.Cursor:
        return self._connection.cursor()

    def commit(self) -> None:
        self._connection.commit()

    def rollback(self) -> None:
        self._connection.rollback()

    def close(self) -> None:
        """Keep the shared connection open."""
