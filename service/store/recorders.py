"""Saving to PostgreSQL in one statement, with the table lock and the notification the games index relies on.

eventsourcing's PostgreSQL application recorder inserts a save's events in a transaction of five statements, sent in a
pipeline: SET LOCAL lock_timeout, LOCK TABLE ... IN EXCLUSIVE MODE, NOTIFY, the INSERT, then COMMIT, which waits for
a second round trip. Its other way (POSTGRES_ENABLE_DB_FUNCTIONS) calls one database function instead, in one
statement and one round trip, but that function takes no table lock: two saves could then commit in the opposite
order to their notification ids, and a reader catching up by notification id (the games index) would pass over the
one that commits second, for good.

The recorder here calls one function that does what the pipelined transaction does, the lock included: the function
call is a statement of its own, so PostgreSQL runs it in a transaction of its own that commits when it returns, and
the lock is held until then. It is eventsourcing's own recorder with its function's body and name replaced (chosen
with APPLICATION_RECORDER_TOPIC, service/config.py); it creates the function with the table, as the library creates
its own, and reads, notifications and snapshots are untouched.

Both recorders (PostgreSQL's and SQLite's) also take `unchanged=(stream id, version)`: the save goes through only if
that other stream's last stored event is still `version` (0: none), checked in the save's own transaction once the
save holds the store's write lock, so no save to that stream can commit in between. A move is saved so against the
game's access stream as its token check read it (service/access.py): a token revoked or a seat's recording changed
after the check refuses the save itself, and the check need not read the stream again for each move.

Both also refuse a save whose first event of a stream does not follow an event the store holds (StreamGapError): a
game kept in memory at a version the store no longer holds (its tail cut underneath) decides no move past the gap.

Both also take `snapshots=[stored snapshot, ...]`: snapshots inserted into the application's snapshot table in the
save's own transaction, after its events (in the same function call on PostgreSQL), so that a move reaching a
snapshot's version costs no second transaction, round trip or commit, and a save refused stores no snapshot either.
A snapshot already stored at that version is left as it is: a snapshot is the state its events make, so both are the
same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

STREAM_MOVED_SQLSTATE = "MB001"
"""The SQLSTATE the insert function raises when the stream a save names as unchanged has moved on."""
STREAM_GAP_SQLSTATE = "MB002"
"""The SQLSTATE the insert function raises when a save's first event of a stream does not follow an event stored."""

INSERT_FUNCTION = """\
CREATE OR REPLACE FUNCTION {schema}.{function}(
    events {schema}.{event}[], unchanged_id uuid, unchanged_version bigint, snapshots {schema}.{event}[]
)
RETURNS SETOF bigint
LANGUAGE plpgsql
AS $BODY$
BEGIN
    SET LOCAL lock_timeout = '{lock_timeout}s';
    LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE;
    IF unchanged_id IS NOT NULL AND unchanged_version <> COALESCE(
        (SELECT max(originator_version) FROM {schema}.{table} WHERE originator_id = unchanged_id), 0
    ) THEN
        RAISE EXCEPTION 'stream % is no longer at version %', unchanged_id, unchanged_version
            USING ERRCODE = '{moved}';
    END IF;
    IF EXISTS (
        SELECT 1 FROM (SELECT originator_id AS id, min(originator_version) AS first FROM unnest(events)
                       GROUP BY originator_id) AS s
        WHERE s.first > 1 AND NOT EXISTS (
            SELECT 1 FROM {schema}.{table} WHERE originator_id = s.id AND originator_version = s.first - 1)
    ) THEN
        RAISE EXCEPTION 'a save would leave a gap in a stream' USING ERRCODE = '{gap}';
    END IF;
    NOTIFY {channel};
    RETURN QUERY
    INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state)
    SELECT originator_id, originator_version, topic, state FROM unnest(events)
    RETURNING notification_id;
    IF cardinality(snapshots) > 0 THEN
        INSERT INTO {schema}.{snapshots_table} (originator_id, originator_version, topic, state)
        SELECT originator_id, originator_version, topic, state FROM unnest(snapshots)
        ON CONFLICT (originator_id, originator_version) DO NOTHING;
    END IF;
END;
$BODY$"""
"""The insert function: the pipelined transaction's statements, in its order, as one call; a stream named unchanged
is checked once the lock is held (the lock is read through the same table: in READ COMMITTED each statement of the
function sees every save committed before it), and so is each stream's first event saved, which must follow one
stored (a save decided on a game kept in memory at a version the store no longer holds would otherwise store past a
gap); the snapshots named go in after the events, in the same transaction
(with none named, the snapshot table is not touched: an application that keeps no snapshots has none)."""


class StreamGapError(IntegrityError):
    """A save refused because its first event of a stream does not follow the stream's last stored event: the
    version it was decided at is no longer stored (the stream's tail was cut underneath)."""

    def __init__(self, stream: UUID | None = None, version: int = 0) -> None:
        super().__init__(f"stream {stream} holds no event {version - 1} for event {version} to follow")
        self.stream = stream
        self.version = version


class StreamMovedError(IntegrityError):
    """A save refused because a stream it named as unchanged has events after the version it named."""

    def __init__(self, stream: UUID, version: int) -> None:
        super().__init__(f"stream {stream} is no longer at version {version}")
        self.stream = stream
        self.version = version


def unchanged_stream(kwargs: dict[str, Any]) -> tuple[UUID, int] | None:
    """The (stream id, version) a save names as unchanged, if it names one."""
    unchanged: tuple[UUID, int] | None = kwargs.get("unchanged")
    return unchanged


def snapshots_to_insert(kwargs: dict[str, Any]) -> Sequence[StoredEvent]:
    """The stored snapshots a save inserts with its events, if it names any."""
    snapshots: Sequence[StoredEvent] = kwargs.get("snapshots") or ()
    return snapshots


def first_versions(stored_events: Sequence[StoredEvent]) -> dict[UUID, int]:
    """Each stream's first version among the events of a save."""
    first: dict[UUID, int] = {}
    for event in stored_events:
        stream = event.originator_id if isinstance(event.originator_id, UUID) else UUID(str(event.originator_id))
        first[stream] = min(first.get(stream, event.originator_version), event.originator_version)
    return first


def first_unfollowed(recorder: Any, stored_events: Sequence[StoredEvent]) -> tuple[UUID | None, int]:
    """The stream, and its first version in the save, whose event before is not stored (the store refused the save
    for it; read again after the refusal, to name it)."""
    for stream, first in first_versions(stored_events).items():
        if first > 1 and not recorder.select_events(stream, gt=first - 2, lte=first - 1, limit=1):
            return stream, first
    return None, 0


def snapshots_table(events_table_name: str) -> str:
    """The table of the application's snapshots, beside its events table, as eventsourcing's factories name both
    (`stored_events` and `stored_snapshots` on SQLite, `<name>_events` and `<name>_snapshots` on PostgreSQL)."""
    return events_table_name.removesuffix("_events") + "_snapshots"


class LockedInsertRecorder(PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL application recorder, saving through one function call that locks the table."""

    checks_unchanged = True
    """A save may name a stream that must be unchanged (`unchanged=(id, version)`)."""

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.pg_function_name_insert_events = f"{events_table_name}_insert_locked".replace(".", "_")
        self.snapshots_table_name = snapshots_table(events_table_name)
        """Where a save's snapshots go (`snapshots=[...]`)."""
        names = {
            "schema": Identifier(self.datastore.schema),
            "function": Identifier(self.pg_function_name_insert_events),
            "table": Identifier(self.events_table_name),
            "snapshots_table": Identifier(self.snapshots_table_name),
            "event": Identifier(self.stored_event_type_name),
            "channel": Identifier(self.channel_name),
        }
        self.sql_create_statements[self.create_insert_function_statement_index] = SQL(INSERT_FUNCTION).format(
            lock_timeout=self.datastore.lock_timeout, moved=SQL(STREAM_MOVED_SQLSTATE), gap=SQL(STREAM_GAP_SQLSTATE),
            **names
        )
        self.sql_invoke_pg_function_insert_events = SQL("SELECT * FROM {schema}.{function}(%s, %s, %s, %s)").format(
            **names
        )

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """Insert the events, and the snapshots named, in one statement; the events' notification ids, in order
        (the library's function path). Refused with StreamMovedError, nothing stored, if the stream named
        `unchanged` has moved on."""
        if not stored_events:
            return []
        rows, snapshots = self._rows(stored_events), self._rows(snapshots_to_insert(kwargs))
        unchanged = unchanged_stream(kwargs)
        stream, version = unchanged or (None, None)
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            try:
                curs.execute(
                    self.sql_invoke_pg_function_insert_events, (rows, stream, version, snapshots), prepare=True
                )
            except psycopg.Error as error:
                if unchanged and error.sqlstate == STREAM_MOVED_SQLSTATE:
                    raise StreamMovedError(*unchanged) from None
                if error.sqlstate == STREAM_GAP_SQLSTATE:
                    raise StreamGapError(*first_unfollowed(self, stored_events)) from None
                raise
            return [row[self.pg_function_name_insert_events] for row in curs.fetchall()]

    def _rows(self, stored_events: Sequence[StoredEvent]) -> list[Any]:
        """Stored events as rows of the table's composite type, as the insert function takes them."""
        return [
            self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
            for e in stored_events
        ]


class CheckedSQLiteRecorder(SQLiteApplicationRecorder):
    """eventsourcing's SQLite application recorder, which also refuses a save whose `unchanged` stream has moved on,
    or whose first event of a stream follows none stored, and inserts the snapshots a save names.

    The checks follow the save's inserts in the same transaction: the first insert takes SQLite's write lock, so no
    other save can commit between the check and the commit, and a refused save rolls back whole (a check folded into
    the first insert, as `INSERT ... SELECT ... WHERE`, costs more: SQLite copies a select that reads the table it
    inserts into before inserting). The snapshots go in last, before the commit."""

    checks_unchanged = True
    """A save may name a stream that must be unchanged (`unchanged=(id, version)`)."""

    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name)
        self.select_last_version = f"SELECT max(originator_version) FROM {events_table_name} WHERE originator_id = ?"
        self.select_one = f"SELECT 1 FROM {events_table_name} WHERE originator_id = ? AND originator_version = ?"
        self.snapshots_table_name = snapshots_table(events_table_name)
        """Where a save's snapshots go (`snapshots=[...]`)."""
        self.insert_snapshots = f"INSERT OR IGNORE INTO {self.snapshots_table_name} VALUES (?,?,?,?)"

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        notification_ids = super()._insert_events(c, stored_events, **kwargs)
        for stream, first in first_versions(stored_events).items():  # after the inserts, as the check below
            if first > 1:
                c.execute(self.select_one, (stream.hex, first - 1))
                if c.fetchone() is None:
                    raise StreamGapError(stream, first)
        unchanged = unchanged_stream(kwargs)
        if unchanged is not None:
            stream, version = unchanged
            c.execute(self.select_last_version, (stream.hex,))
            row = c.fetchone()
            if (row[0] or 0) != version:
                raise StreamMovedError(stream, version)
        if snapshots := snapshots_to_insert(kwargs):
            c.executemany(
                self.insert_snapshots,
                [(s.originator_id.hex, s.originator_version, s.topic, s.state) for s in snapshots],
            )
        return notification_ids
