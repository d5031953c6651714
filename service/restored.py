"""A restore inside the store: one transaction that stores a backup's events (with their log ids, into an empty
store), checks each stream as the store then holds it, and keeps, beside the events, which backup was restored and
where each of its streams ended. A restore killed at any moment leaves the store as it was before it began.

Two tables beside the application's events table, made by the first restore: `meldbook_restores` (each backup
restored: its SHA-256, its counts, when) and `meldbook_restored_streams` (each stream of those backups: the version
and digest it ended at in the backup). GET /games/{id}/verify reads the second (`restored_head`): a stream that now
ends before that version, or holds another digest there, was cut or edited after the restore.

On PostgreSQL the restore takes the events table's lock, as every save does (service/store/recorders.py), so no save
commits in between and the log ids stay in the order the games index reads them; saves wait until it commits. On SQLite
the transaction holds the file's write lock from its first insert.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple
from uuid import UUID

import psycopg
from eventsourcing.persistence import AggregateRecorder, IntegrityError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder
from eventsourcing.sqlite import SQLiteAggregateRecorder
from psycopg.sql import SQL, Identifier

from domain.record.chain import LINK

RESTORES = "meldbook_restores"
STREAMS = "meldbook_restored_streams"


class BackupError(ValueError):
    """A backup file that cannot be restored, or a target store that must not receive it."""


class Head(NamedTuple):
    """Where a stream ends: the version of its last event and that event's digest (its link; None without one)."""

    version: int
    digest: str | None


@dataclass(frozen=True, slots=True)
class RestoredHead:
    """Where a stream ended in the backup last restored into this store, and when that restore committed."""

    version: int
    digest: str | None
    restored_at: str


def head_digest(state: bytes) -> str | None:
    """The digest of a stream at an event: the link stored with it; None when it has none (or is not JSON)."""
    try:
        link = json.loads(state).get(LINK)
    except (ValueError, AttributeError):
        return None
    return link if isinstance(link, str) else None


@contextmanager
def loading(recorder: AggregateRecorder) -> Iterator[Any]:
    """One transaction on the store, for a restore (a `_Loading`): committed when the block ends, rolled back (all
    of it) when it raises, and never committed by a process killed before its end."""
    if isinstance(recorder, PostgresAggregateRecorder):
        with recorder.datastore.transaction(commit=True) as cursor:
            load = _PostgresLoading(recorder, cursor)
            yield load
            load.finish()
    elif isinstance(recorder, SQLiteAggregateRecorder):
        with recorder.datastore.transaction(commit=True) as cursor:
            yield _SQLiteLoading(recorder, cursor)
    else:
        raise BackupError("a restore goes into a SQLite file or a PostgreSQL database")


def restored_head(recorder: AggregateRecorder, stream_id: UUID) -> RestoredHead | None:
    """Where the stream ended in the last backup restored into this store that held it; None if none did."""
    if isinstance(recorder, PostgresAggregateRecorder):
        with recorder.datastore.transaction(commit=False) as cursor:
            schema = recorder.datastore.schema
            cursor.execute("SELECT to_regclass(%s) AS found", (f"{schema}.{STREAMS}",))
            if cursor.fetchone()["found"] is None:  # type: ignore[index]
                return None
            cursor.execute(SQL("SELECT version, digest, restored_at FROM {}.{} WHERE stream_id = %s").format(
                Identifier(schema), Identifier(STREAMS)), (stream_id,))
            row = cursor.fetchone()
            return None if row is None else RestoredHead(row["version"], row["digest"], row["restored_at"])  # type: ignore[index,call-overload]
    if isinstance(recorder, SQLiteAggregateRecorder):
        with recorder.datastore.transaction(commit=False) as cursor:
            cursor.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (STREAMS,))
            if cursor.fetchone() is None:
                return None
            cursor.execute(f"SELECT version, digest, restored_at FROM {STREAMS} WHERE stream_id = ?", (stream_id.hex,))
            row = cursor.fetchone()
            return None if row is None else RestoredHead(row[0], row[1], row[2])
    return None


class _PostgresLoading:
    """A restore's transaction on PostgreSQL."""

    def __init__(self, recorder: PostgresAggregateRecorder, cursor: Any) -> None:
        self.cursor = cursor
        self.schema = Identifier(recorder.datastore.schema)
        self.table = Identifier(recorder.events_table_name)
        self.qualified = f"{recorder.datastore.schema}.{recorder.events_table_name}"
        self.channel = Identifier(recorder.events_table_name.replace(".", "_"))
        self.kept_ids = False
        names = {"schema": self.schema, "restores": Identifier(RESTORES), "streams": Identifier(STREAMS)}
        cursor.execute(SQL("LOCK TABLE {}.{} IN EXCLUSIVE MODE").format(self.schema, self.table))
        cursor.execute(SQL(
            "CREATE TABLE IF NOT EXISTS {schema}.{restores} (sha256 text PRIMARY KEY, events bigint NOT NULL, "
            "streams bigint NOT NULL, restored_at text NOT NULL)").format(**names))
        cursor.execute(SQL(
            "CREATE TABLE IF NOT EXISTS {schema}.{streams} (stream_id uuid PRIMARY KEY, version bigint NOT NULL, "
            "digest text, restored_at text NOT NULL)").format(**names))
        self.names = names

    def restored(self, sha256: str) -> bool:
        self.cursor.execute(SQL("SELECT 1 AS found FROM {schema}.{restores} WHERE sha256 = %s").format(**self.names),
                            (sha256,))
        return self.cursor.fetchone() is not None

    def empty(self) -> bool:
        self.cursor.execute(SQL("SELECT 1 AS found FROM {}.{} LIMIT 1").format(self.schema, self.table))
        return self.cursor.fetchone() is None

    def insert(self, batch: Sequence[tuple[int, StoredEvent]], keep_ids: bool) -> None:
        """Insert a batch of events, with their log ids or the store's next ones; IntegrityError when the store
        holds one of them already (the transaction is then spoiled: nothing of the restore commits)."""
        try:
            self._insert(batch, keep_ids)
        except psycopg.IntegrityError as error:
            raise IntegrityError(str(error)) from None

    def _insert(self, batch: Sequence[tuple[int, StoredEvent]], keep_ids: bool) -> None:
        rows = [(e.originator_id, e.originator_version, e.topic, e.state) for _, e in batch]
        if keep_ids:
            self.kept_ids = True
            statement = SQL("INSERT INTO {}.{} (notification_id, originator_id, originator_version, topic, state) "
                            "VALUES (%s, %s, %s, %s, %s)").format(self.schema, self.table)
            self.cursor.executemany(statement, [(log_id, *row) for (log_id, _), row in zip(batch, rows, strict=True)])
        else:
            statement = SQL("INSERT INTO {}.{} (originator_id, originator_version, topic, state) "
                            "VALUES (%s, %s, %s, %s)").format(self.schema, self.table)
            self.cursor.executemany(statement, rows)

    def heads(self, streams: Sequence[UUID]) -> dict[UUID, Head]:
        last = SQL(
            "SELECT s.id AS stream, e.originator_version AS version, e.state AS state "
            "FROM unnest(%s::uuid[]) AS s(id) CROSS JOIN LATERAL (SELECT originator_version, state FROM {}.{} "
            "WHERE originator_id = s.id ORDER BY originator_version DESC LIMIT 1) AS e"
        )
        self.cursor.execute(last.format(self.schema, self.table), (list(streams),))
        return {row["stream"]: Head(row["version"], head_digest(row["state"])) for row in self.cursor.fetchall()}

    def keep(self, sha256: str, events: int, heads: dict[UUID, Head]) -> None:
        now = datetime.now(UTC).isoformat()
        self.cursor.execute(SQL("INSERT INTO {schema}.{restores} VALUES (%s, %s, %s, %s)").format(**self.names),
                            (sha256, events, len(heads), now))
        self.cursor.executemany(SQL(
            "INSERT INTO {schema}.{streams} VALUES (%s, %s, %s, %s) ON CONFLICT (stream_id) DO UPDATE SET "
            "version = excluded.version, digest = excluded.digest, restored_at = excluded.restored_at").format(
                **self.names), [(stream, head.version, head.digest, now) for stream, head in heads.items()])

    def finish(self) -> None:
        """Move the log's sequence past the ids kept, and wake the readers that listen for new events."""
        if self.kept_ids:
            self.cursor.execute(SQL("SELECT setval(pg_get_serial_sequence(%s, 'notification_id'), "
                                    "(SELECT max(notification_id) FROM {}.{}))").format(self.schema, self.table),
                                (self.qualified,))
        self.cursor.execute(SQL("NOTIFY {}").format(self.channel))


class _SQLiteLoading:
    """A restore's transaction on a SQLite file."""

    def __init__(self, recorder: SQLiteAggregateRecorder, cursor: Any) -> None:
        self.cursor = cursor
        self.table = recorder.events_table_name
        cursor.execute(f"CREATE TABLE IF NOT EXISTS {RESTORES} (sha256 TEXT PRIMARY KEY, events INTEGER NOT NULL, "
                       "streams INTEGER NOT NULL, restored_at TEXT NOT NULL)")
        cursor.execute(f"CREATE TABLE IF NOT EXISTS {STREAMS} (stream_id TEXT PRIMARY KEY, version INTEGER NOT NULL, "
                       "digest TEXT, restored_at TEXT NOT NULL)")

    def restored(self, sha256: str) -> bool:
        self.cursor.execute(f"SELECT 1 FROM {RESTORES} WHERE sha256 = ?", (sha256,))
        return self.cursor.fetchone() is not None

    def empty(self) -> bool:
        self.cursor.execute(f"SELECT 1 FROM {self.table} LIMIT 1")
        return self.cursor.fetchone() is None

    def insert(self, batch: Sequence[tuple[int, StoredEvent]], keep_ids: bool) -> None:
        """Insert a batch of events, with their log ids or the store's next ones; IntegrityError when the store
        holds one of them already."""
        try:
            self._insert(batch, keep_ids)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from None

    def _insert(self, batch: Sequence[tuple[int, StoredEvent]], keep_ids: bool) -> None:
        rows = [(_hex(e.originator_id), e.originator_version, e.topic, e.state) for _, e in batch]
        if keep_ids:
            self.cursor.executemany(
                f"INSERT INTO {self.table} (rowid, originator_id, originator_version, topic, state) "
                "VALUES (?, ?, ?, ?, ?)", [(log_id, *row) for (log_id, _), row in zip(batch, rows, strict=True)])
        else:
            self.cursor.executemany(
                f"INSERT INTO {self.table} (originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?)", rows)

    def heads(self, streams: Sequence[UUID]) -> dict[UUID, Head]:
        found = {}
        for stream in streams:
            self.cursor.execute(f"SELECT originator_version, state FROM {self.table} WHERE originator_id = ? "
                                "ORDER BY originator_version DESC LIMIT 1", (stream.hex,))
            row = self.cursor.fetchone()
            if row is not None:
                found[stream] = Head(row[0], head_digest(row[1]))
        return found

    def keep(self, sha256: str, events: int, heads: dict[UUID, Head]) -> None:
        now = datetime.now(UTC).isoformat()
        self.cursor.execute(f"INSERT INTO {RESTORES} VALUES (?, ?, ?, ?)", (sha256, events, len(heads), now))
        self.cursor.executemany(f"INSERT OR REPLACE INTO {STREAMS} VALUES (?, ?, ?, ?)",
                                [(stream.hex, head.version, head.digest, now) for stream, head in heads.items()])


def _hex(originator_id: Any) -> str:
    return originator_id.hex if isinstance(originator_id, UUID) else str(originator_id)
