"""The PostgreSQL fixtures create real databases, empty them for the next test or drop them, and skip or fail as
configured."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from uuid import UUID

import psycopg
import pytest
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from service.application import Meldbook
from service.setup import create_game
from tests import pg

ROOT = Path(__file__).resolve().parents[2]


class Tally(Aggregate):
    """A tiny aggregate to prove a store keeps events."""

    def __init__(self) -> None:
        self.count = 0

    @event("Bumped")
    def bump(self) -> None:
        """Add one."""
        self.count += 1


def test_the_session_database_holds_tables_and_rows(postgres_dbname: str) -> None:
    with pg.connect(postgres_dbname) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS hands (id serial PRIMARY KEY, meld text NOT NULL)")
        conn.execute("INSERT INTO hands (meld) VALUES (%s)", ("7H 8H 9H",))
        assert ("7H 8H 9H",) in conn.execute("SELECT meld FROM hands").fetchall()


def test_each_test_gets_a_database_of_its_own(
    postgres_admin: psycopg.Connection, postgres_dbname: str, fresh_postgres_dbname: str
) -> None:
    assert fresh_postgres_dbname != postgres_dbname
    assert fresh_postgres_dbname.startswith("meldbook_test_")
    assert pg.database_exists(postgres_admin, fresh_postgres_dbname)
    with pg.connect(fresh_postgres_dbname) as conn:
        conn.execute("CREATE TABLE only_here (n int)")
        conn.execute("INSERT INTO only_here VALUES (1), (2)")
        assert conn.execute("SELECT sum(n) FROM only_here").fetchone() == (3,)
    with pg.connect(postgres_dbname) as conn:
        assert conn.execute("SELECT to_regclass('only_here')").fetchone() == (None,)


def recycled(recycler: pg.Recycler, admin: psycopg.Connection, name: str) -> str:
    """Give a database back and take the next fresh one once the recycler has dealt with it."""
    recycler.give_back(name)
    wait_until_dealt_with(recycler)
    return recycler.fresh(admin)


def wait_until_dealt_with(recycler: pg.Recycler) -> None:
    """Wait (at most 30 s) until the recycler has emptied or dropped every database given back."""
    deadline = time.monotonic() + 30
    while recycler.returned.unfinished_tasks and time.monotonic() < deadline:
        time.sleep(0.02)


@contextmanager
def recycling(template: str) -> Iterator[pg.Recycler]:
    """A recycler of its own, closed afterwards with its dropper, which must have dropped everything handed over."""
    dropper = pg.Dropper()
    recycler = pg.Recycler(template, dropper)
    try:
        yield recycler
    finally:
        recycler.close()
        assert dropper.close() == []


def test_a_database_given_back_comes_again_empty_its_numbering_started_again_and_its_sessions_ended(
    postgres_admin: psycopg.Connection, postgres_template: str
) -> None:
    with recycling(postgres_template) as recycler:
        name = recycler.fresh(postgres_admin)
        app = Meldbook(env=pg.eventsourcing_env(name))
        create_game(app, "roby", ["ann", "bob", "cy"], {}, "shuffled")
        assert [n.id for n in app.recorder.select_notifications(1, 10)][:2] == [1, 2]
        held = pg.connect(name)  # a session left open (idle in a transaction) is ended, not waited for
        held.autocommit = False
        held.execute("SELECT count(*) FROM meldbook_events")
        again = recycled(recycler, postgres_admin, name)
        assert again == name, "an emptied database is used again"
        with pg.connect(again) as conn:
            assert conn.execute("SELECT count(*) FROM meldbook_events").fetchone() == (0,)
            assert pg.signature(conn) == recycler.expected
        app.close()
        second = Meldbook(env=pg.eventsourcing_env(again))
        create_game(second, "roby", ["ann", "bob", "cy"], {}, "shuffled")
        assert second.recorder.select_notifications(1, 10)[0].id == 1, "numbering starts again at 1"
        second.close()
        with pytest.raises(psycopg.OperationalError):
            held.execute("SELECT 1")
        recycler.give_back(again)
    assert not pg.database_exists(postgres_admin, name), "close drops the databases kept"


def test_a_database_whose_schema_a_test_changed_is_dropped_not_used_again(
    postgres_admin: psycopg.Connection, postgres_template: str
) -> None:
    with recycling(postgres_template) as recycler:
        name = recycler.fresh(postgres_admin)
        with pg.connect(name) as conn:
            conn.execute("ALTER TABLE meldbook_games ADD COLUMN left_behind int")
        other = recycled(recycler, postgres_admin, name)
        assert other != name, "a new copy of the template instead"
        recycler.give_back(other)
    assert not pg.database_exists(postgres_admin, name)
    assert not pg.database_exists(postgres_admin, other)


def test_a_throwaway_database_is_gone_once_dropped(postgres_admin: psycopg.Connection) -> None:
    name = pg.create_database(postgres_admin)
    with pg.connect(name):  # an open connection must not stop the drop
        assert pg.database_exists(postgres_admin, name)
        pg.drop_database(postgres_admin, name)
    assert not pg.database_exists(postgres_admin, name)


def test_the_dropper_drops_what_it_is_handed_meanwhile_and_its_close_waits_for_every_drop(
    postgres_admin: psycopg.Connection,
) -> None:
    names = [pg.create_database(postgres_admin) for _ in range(3)]
    held = pg.connect(names[0])  # a connection left open does not stop the drop
    dropper = pg.Dropper()
    for name in names:
        dropper.drop(name)
    assert dropper.close() == []
    assert not any(pg.database_exists(postgres_admin, name) for name in names)
    with pytest.raises(psycopg.OperationalError):  # the drop ended the session it held
        held.execute("SELECT 1")


def test_a_drop_that_fails_is_reported_by_close(postgres_admin: psycopg.Connection) -> None:
    dropper = pg.Dropper()
    dropper.drop("meldbook_test_never_made")  # IF EXISTS: nothing to drop is no failure
    dropper.drop("")  # no database can have an empty name: PostgreSQL refuses the statement
    failures = dropper.close()
    assert len(failures) == 1 and failures[0].startswith(": "), failures


def test_a_dropper_that_cannot_connect_says_so_at_close(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MELDBOOK_PG_PORT", "1")  # nothing listens there
    dropper = pg.Dropper()
    dropper.drop("meldbook_test_never_made")
    failures = dropper.close()
    assert len(failures) == 1 and failures[0].startswith("no connection to drop with"), failures


def test_store_env_gives_an_application_a_store_that_keeps_events(store_env: dict[str, str]) -> None:
    app: Application[UUID] = Application(env=store_env)
    try:
        tally = Tally()
        tally.bump()
        tally.bump()
        app.save(tally)
        assert app.repository.get(tally.id).count == 2
        assert app.repository.get(tally.id, version=2).count == 1
    finally:
        app.close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run_session_test_against(port: int, required: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MELDBOOK_PG_HOST": "127.0.0.1", "MELDBOOK_PG_PORT": str(port)}
    env["MELDBOOK_REQUIRE_POSTGRES"] = required
    args = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", __file__]
    args += ["-k", "session_database_holds"]
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_an_unreachable_server_skips_unless_postgres_is_required() -> None:
    port = _closed_port()
    skipped = _run_session_test_against(port, required="")
    assert skipped.returncode == 0, skipped.stdout + skipped.stderr
    assert f"PostgreSQL tests skipped: 1 (no server on 127.0.0.1:{port})" in skipped.stdout

    failed = _run_session_test_against(port, required="1")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert f"PostgreSQL is not reachable on 127.0.0.1:{port}" in failed.stdout
    assert "MELDBOOK_REQUIRE_POSTGRES=1" in failed.stdout
