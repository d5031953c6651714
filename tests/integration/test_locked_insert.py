"""A save to PostgreSQL is one statement that still takes the table lock and notifies (service/store/recorders.py): a
save waits while another transaction holds a lock that only the table lock conflicts with, and a listener hears each
save."""

from __future__ import annotations

import threading
import time

import psycopg

from bench.runs import BareApplication, Tally
from bots import concrete_bodies, without_version
from service.application import Meldbook
from service.moving import record_move
from service.store.recorders import LockedInsertRecorder
from tests import pg
from tests.integration.conftest import service_settings
from tests.integration.service_play import play_through_service

DEADLINE = 120.0
"""How long the test waits for the database to reach a state (a bound on a wait, not a measurement)."""


def _waiting_for_the_table_lock(dbname: str) -> bool:
    """Whether a session of the database waits for the EXCLUSIVE lock on the events table."""
    with pg.connect(dbname) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_locks WHERE NOT granted AND mode = 'ExclusiveLock'"
            " AND relation = 'meldbook_events'::regclass"
        ).fetchone()
    return bool(row and row[0])


def test_a_save_is_one_statement_that_waits_for_the_table_lock_and_returns_its_notification_ids(
    fresh_postgres_dbname: str,
) -> None:
    app = Meldbook(service_settings(pg.eventsourcing_env(fresh_postgres_dbname)))
    try:
        assert isinstance(app.recorder, LockedInsertRecorder)
        played = play_through_service(app, 45, max_moves=3)
        version = app.game(played.game_id).version
        legal = app.game(played.game_id).legal_actions()
        body = next(without_version(b) for entry in legal for b in concrete_bodies(entry))
        holder = pg.connect(fresh_postgres_dbname)
        holder.autocommit = False
        # ROW SHARE conflicts with EXCLUSIVE but not with the ROW EXCLUSIVE a bare INSERT takes: only the lock waits.
        holder.execute("LOCK TABLE meldbook_events IN ROW SHARE MODE")
        saved: list[object] = []
        executed = []
        execute = psycopg.Cursor.execute

        def counting(cursor: psycopg.Cursor, *args: object, **kwargs: object) -> object:
            executed.append(args[0] if args else kwargs.get("query"))
            return execute(cursor, *args, **kwargs)  # type: ignore[arg-type]

        psycopg.Cursor.execute = counting  # type: ignore[method-assign]
        try:
            saving = threading.Thread(
                target=lambda: saved.append(record_move(app, played.game_id, body, version, played.token))
            )
            saving.start()
            deadline = time.monotonic() + DEADLINE
            while not _waiting_for_the_table_lock(fresh_postgres_dbname):
                assert time.monotonic() < deadline, "the save never asked for the table lock"
                time.sleep(0.05)
            assert not saved, "the save went through while the table lock could not be taken"
            holder.rollback()
            saving.join(DEADLINE)
        finally:
            psycopg.Cursor.execute = execute  # type: ignore[method-assign]
            holder.close()
        assert saved, "the save did not finish once the lock was free"
        inserts = [q for q in executed if "insert_locked" in str(q)]
        words = ("INSERT", "LOCK TABLE", "NOTIFY", "SET LOCAL")
        others = [q for q in executed if any(word in str(q) for word in words)]
        assert len(inserts) == 1 and not others, executed  # the move's save: one statement, nothing beside it
        stored = app.recorder.select_notifications(1, 10_000)
        assert [(n.originator_id, n.originator_version) for n in stored][-len(saved[0]) :] == [  # type: ignore[arg-type]
            (played.game_id, e.version) for e in saved[0]  # type: ignore[attr-defined]
        ]
    finally:
        app.close()


def test_every_save_notifies_a_listener(fresh_postgres_dbname: str) -> None:
    app = Meldbook(service_settings(pg.eventsourcing_env(fresh_postgres_dbname)))
    try:
        with pg.connect(fresh_postgres_dbname) as listener:
            listener.execute("LISTEN meldbook_events")
            played = play_through_service(app, 45, max_moves=2)
            saves = 1 + len(played.moves)  # the game's creation, then one save a move
            heard = list(listener.notifies(timeout=DEADLINE, stop_after=saves))
        assert [n.channel for n in heard] == ["meldbook_events"] * saves
    finally:
        app.close()



def test_an_application_without_snapshots_saves_through_the_locked_insert(fresh_postgres_dbname: str) -> None:
    """The insert function names the snapshot table, but touches it only when a save names snapshots: a store with no
    snapshot table (the benchmarks' bare application, on Meldbook's recorder) saves."""
    app = BareApplication(env=service_settings(pg.eventsourcing_env(fresh_postgres_dbname)))
    try:
        assert isinstance(app.recorder, LockedInsertRecorder) and app.snapshots is None
        tally = Tally()
        tally.bump()
        app.save(tally)
        assert app.repository.get(tally.id).count == 1
    finally:
        app.close()
