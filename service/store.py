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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

INSERT_FUNCTION = """\
CREATE OR REPLACE FUNCTION {schema}.{function}(events {schema}.{event}[])
RETURNS SETOF bigint
LANGUAGE plpgsql
AS $BODY$
BEGIN
    SET LOCAL lock_timeout = '{lock_timeout}s';
    LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE;
    NOTIFY {channel};
    RETURN QUERY
    INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state)
    SELECT originator_id, originator_version, topic, state FROM unnest(events)
    RETURNING notification_id;
END;
$BODY$"""
"""The insert function: the pipelined transaction's statements, in its order, as one call."""


class LockedInsertRecorder(PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL application recorder, saving through one function call that locks the table."""

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.pg_function_name_insert_events = f"{events_table_name}_insert_locked".replace(".", "_")
        names = {
            "schema": Identifier(self.datastore.schema),
            "function": Identifier(self.pg_function_name_insert_events),
            "table": Identifier(self.events_table_name),
            "event": Identifier(self.stored_event_type_name),
            "channel": Identifier(self.channel_name),
        }
        self.sql_create_statements[self.create_insert_function_statement_index] = SQL(INSERT_FUNCTION).format(
            lock_timeout=self.datastore.lock_timeout, **names
        )
        self.sql_invoke_pg_function_insert_events = SQL("SELECT * FROM {schema}.{function}((%s))").format(**names)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """Insert the events in one statement; their notification ids, in order (the library's function path)."""
        if not stored_events:
            return []
        rows = [
            self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
            for e in stored_events
        ]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self.sql_invoke_pg_function_insert_events, (rows,), prepare=True)
            return [row[self.pg_function_name_insert_events] for row in curs.fetchall()]
