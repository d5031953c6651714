"""Shared fixtures: throwaway PostgreSQL databases and event store settings for both stores."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests import pg

# The suite creates games by the hundred from one address: the creation limit is off unless a test sets it
# (tests/e2e/test_rate_limits.py), and the servers the tests start inherit this.
os.environ.setdefault("MELDBOOK_RATE_LIMIT_CREATE", "off")
# A stream served in the test process sends what is stored and ends (no waiting): the tests that follow a live
# game set a lifetime of their own (tests/e2e/test_streams_live.py, the viewer page's).
os.environ.setdefault("MELDBOOK_STREAM_SECONDS", "0")

UNREACHABLE = "PostgreSQL is not reachable on"
POSTGRES_FIXTURES = {"postgres_admin", "postgres_dbname", "fresh_postgres_dbname"}


def pytest_report_header(config: pytest.Config) -> str:
    """Say which PostgreSQL server the postgres tests use, and whether it is required."""
    mode = "required (MELDBOOK_REQUIRE_POSTGRES=1)" if pg.required() else "optional: skipped if absent"
    return f"postgres: {pg.address()}, {mode}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that uses a PostgreSQL fixture with `postgres`, so `-m "not postgres"` deselects it."""
    for item in items:
        if POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config
) -> None:
    """Print how many tests were skipped for want of a PostgreSQL server."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if UNREACHABLE in str(r.longrepr)]
    if skipped:
        terminalreporter.write_line(
            f"PostgreSQL tests skipped: {len(skipped)} (no server on {pg.address()})", yellow=True, bold=True
        )


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[psycopg.Connection]:
    """Yield an autocommit admin connection; skip if unreachable, or fail when PostgreSQL is required."""
    try:
        conn = pg.connect()
    except psycopg.OperationalError as exc:
        reason = f"{UNREACHABLE} {pg.address()}: {' '.join(str(exc).split())}"
    else:
        reason = ""
    if reason and pg.required():
        pytest.fail(f"{reason} (MELDBOOK_REQUIRE_POSTGRES=1, so this is a failure)", pytrace=False)
    if reason:
        pytest.skip(reason)
    with conn:
        yield conn


@pytest.fixture(scope="session")
def postgres_dbname(postgres_admin: psycopg.Connection) -> Iterator[str]:
    """Yield the name of a database created for this session (one per xdist worker), dropped afterwards."""
    name = pg.create_database(postgres_admin)
    yield name
    pg.drop_database(postgres_admin, name)


@pytest.fixture
def fresh_postgres_dbname(postgres_admin: psycopg.Connection) -> Iterator[str]:
    """Yield the name of a database created for this test alone, dropped afterwards."""
    name = pg.create_database(postgres_admin)
    yield name
    pg.drop_database(postgres_admin, name)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_env(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    """Return eventsourcing Application settings for an empty store: SQLite file, or a fresh PostgreSQL db."""
    if request.param == "sqlite":
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(tmp_path / "meldbook.sqlite"),
        }
    return pg.eventsourcing_env(request.getfixturevalue("fresh_postgres_dbname"))
