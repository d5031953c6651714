"""The games index: a read model of every GameCreated event, for listing games by player, variant and date.

It is a catch-up projection of the application's notification log into three tables in the same database as
the events, reached through the event store's own connection pool. Listing first catches up, so the index
never misses a game, and it can be rebuilt from the events at any time by dropping its tables. One row it
cannot store never stops it: the row is logged and skipped, and the position moves on.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from eventsourcing.postgres import PostgresDatastore
from eventsourcing.sqlite import SQLiteDatastore

from service.pages import Page

LOG = logging.getLogger(__name__)
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meldbook_games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, title TEXT NOT NULL, "
    "players TEXT NOT NULL, created_at TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS meldbook_game_players (game_id TEXT NOT NULL, player TEXT NOT NULL, "
    "PRIMARY KEY (game_id, player))",
    "CREATE TABLE IF NOT EXISTS meldbook_index_position (name TEXT PRIMARY KEY, position BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS meldbook_games_created ON meldbook_games (created_at)",
    "CREATE TABLE IF NOT EXISTS meldbook_private_games (game_id TEXT PRIMARY KEY)",
)
POSITION = "games-2"
"""The position's row; its name changes with the rows' format, and an index of an older format is rebuilt."""


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One listed game."""

    id: str
    variant: str
    title: str
    players: list[str]
    created_at: str
    private: bool = False
    """Whether only holders of one of its tokens may read it (the API does not list it)."""


@dataclass(frozen=True, slots=True)
class IndexChange:
    """A listed game changed: its players renamed (`players`), or, with None, discarded (it leaves the index)."""

    id: str
    players: list[str] | None


@dataclass(frozen=True, slots=True)
class GameFilter:
    """What to list: optional player, variant and creation-date bounds (ISO dates); a page after a listed game."""

    player: str | None = None
    variant: str | None = None
    since: str | None = None
    until: str | None = None
    limit: int = 20
    after: tuple[str, str] | None = None
    """The (created_at, id) of the last game of the previous page."""
    with_private: bool = False
    """Whether private games are listed too (the operator's command line lists them; the API never does)."""


SCHEMA_LOCK_KEY = 7152436651
LOCK_SETTINGS = frozenset({"POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_USER", "POSTGRES_PASSWORD"})


class GameIndex:
    """The index tables, reached through an eventsourcing datastore (its pool) and its placeholder style."""

    def __init__(self, datastore: Any, placeholder: str) -> None:
        self._datastore = datastore
        self._mark = placeholder
        self.catching_up = threading.Lock()
        """Held while this process brings the index up to date, so that two threads do not do the same work."""
        with self._cursor(commit=True) as cursor:
            for statement in SCHEMA:
                cursor.execute(statement)
            cursor.execute(self._sql("SELECT COUNT(*) FROM meldbook_index_position WHERE name = ?"), (POSITION,))
            if not _rows(cursor)[0][0]:
                for table in (
                    "meldbook_games", "meldbook_game_players", "meldbook_private_games", "meldbook_index_position"
                ):
                    cursor.execute(f"DELETE FROM {table}")
                start = "INSERT INTO meldbook_index_position VALUES (?, 0) ON CONFLICT DO NOTHING"
                cursor.execute(self._sql(start), (POSITION,))

    @classmethod
    def beside(cls, recorder: Any) -> GameIndex:
        """The index in the same database as the recorder's events; a private in-memory one for stores without."""
        datastore = getattr(recorder, "datastore", None)
        if isinstance(datastore, PostgresDatastore):
            return cls(datastore, "%s")
        if isinstance(datastore, SQLiteDatastore) and not datastore.pool.is_sqlite_memory_mode:
            return cls(datastore, "?")
        return cls(SQLiteDatastore(f"file:meldbook-index-{uuid.uuid4().hex}?mode=memory&cache=shared"), "?")

    @contextmanager
    def _cursor(self, *, commit: bool = False) -> Iterator[Any]:
        with self._datastore.transaction(commit=commit) as cursor:
            yield cursor

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self._mark)

    def position(self) -> int:
        """The last notification id the index has processed."""
        with self._cursor() as cursor:
            cursor.execute(self._sql("SELECT position FROM meldbook_index_position WHERE name = ?"), (POSITION,))
            rows = _rows(cursor)
        return int(rows[0][0]) if rows else 0

    def add(self, entries: Sequence[GameEntry | IndexChange], position: int) -> None:
        """Record new games, renamed players and discarded games, in order, and the position reached, in one
        transaction; a game that cannot be stored is skipped."""
        with self._cursor(commit=True) as cursor:
            for entry in entries:
                cursor.execute("SAVEPOINT meldbook_entry")
                try:
                    if isinstance(entry, IndexChange):
                        self._change(cursor, entry)
                    else:
                        self._insert(cursor, entry)
                except Exception:  # one bad row must not stop the index: log it and go on
                    LOG.exception("games index: skipped game %s, which cannot be stored", entry.id)
                    cursor.execute("ROLLBACK TO SAVEPOINT meldbook_entry")
                cursor.execute("RELEASE SAVEPOINT meldbook_entry")
            cursor.execute(
                self._sql(
                    "INSERT INTO meldbook_index_position VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = "
                    "CASE WHEN excluded.position > meldbook_index_position.position THEN excluded.position "
                    "ELSE meldbook_index_position.position END"
                ),
                (POSITION, position),
            )

    def _change(self, cursor: Any, change: IndexChange) -> None:
        """Rename a game's players (a setup amendment), or drop the game (discarded)."""
        cursor.execute(self._sql("DELETE FROM meldbook_game_players WHERE game_id = ?"), (change.id,))
        if change.players is None:
            cursor.execute(self._sql("DELETE FROM meldbook_games WHERE id = ?"), (change.id,))
            cursor.execute(self._sql("DELETE FROM meldbook_private_games WHERE game_id = ?"), (change.id,))
            return
        cursor.execute(
            self._sql("UPDATE meldbook_games SET players = ? WHERE id = ?"), (json.dumps(change.players), change.id)
        )
        for player in change.players:
            cursor.execute(
                self._sql("INSERT INTO meldbook_game_players VALUES (?, ?) ON CONFLICT DO NOTHING"),
                (change.id, storable(player)),
            )

    def _insert(self, cursor: Any, entry: GameEntry) -> None:
        players = json.dumps(entry.players)  # ASCII JSON: no name can split it, and every character survives
        cursor.execute(
            self._sql("INSERT INTO meldbook_games VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"),
            (entry.id, storable(entry.variant), storable(entry.title), players, entry.created_at),
        )
        for player in entry.players:
            cursor.execute(
                self._sql("INSERT INTO meldbook_game_players VALUES (?, ?) ON CONFLICT DO NOTHING"),
                (entry.id, storable(player)),
            )
        if entry.private:
            cursor.execute(
                self._sql("INSERT INTO meldbook_private_games VALUES (?) ON CONFLICT DO NOTHING"), (entry.id,)
            )

    def search(self, wanted: GameFilter) -> Page[GameEntry]:
        """One page of matching games, newest first, how many match in all, and whether more follow."""
        clauses, params = _filters(wanted)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        page_clauses, page_params = list(clauses), list(params)
        if wanted.after is not None:
            page_clauses.append("(created_at < ? OR (created_at = ? AND id > ?))")
            page_params += [wanted.after[0], wanted.after[0], wanted.after[1]]
        page_where = f" WHERE {' AND '.join(page_clauses)}" if page_clauses else ""
        with self._cursor() as cursor:
            cursor.execute(self._sql(f"SELECT COUNT(*) FROM meldbook_games{where}"), params)
            total = int(_rows(cursor)[0][0])
            cursor.execute(
                self._sql(
                    "SELECT id, variant, title, players, created_at, "
                    f"id IN (SELECT game_id FROM meldbook_private_games) FROM meldbook_games{page_where} "
                    "ORDER BY created_at DESC, id LIMIT ?"
                ),
                [*page_params, wanted.limit + 1],
            )
            rows = _rows(cursor)
        games = [GameEntry(r[0], r[1], r[2], json.loads(r[3]), r[4], bool(r[5])) for r in rows[: wanted.limit]]
        return Page(games, total, len(rows) > wanted.limit)


def _filters(wanted: GameFilter) -> tuple[list[str], list[Any]]:
    clauses, params = [], []
    if not wanted.with_private:
        clauses.append("id NOT IN (SELECT game_id FROM meldbook_private_games)")
    if wanted.player is not None:
        clauses.append("id IN (SELECT game_id FROM meldbook_game_players WHERE player = ?)")
        params.append(storable(wanted.player))
    if wanted.variant is not None:
        clauses.append("variant = ?")
        params.append(storable(wanted.variant))
    if wanted.since is not None:
        clauses.append("created_at >= ?")
        params.append(wanted.since)
    if wanted.until is not None:
        clauses.append("created_at < ?")
        params.append(wanted.until)
    return clauses, params


def _rows(cursor: Any) -> list[tuple[Any, ...]]:
    """The cursor's rows as tuples, whether the driver gives tuples, sqlite3.Row or dicts (eventsourcing's psycopg)."""
    return [tuple(row.values()) if isinstance(row, dict) else tuple(row) for row in cursor.fetchall()]


def storable(text: str) -> str:
    """Text a PostgreSQL text column can hold: NUL and lone surrogates become U+FFFD (the API refuses both)."""
    return "".join("\ufffd" if char == "\x00" or "\ud800" <= char <= "\udfff" else char for char in text)


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
