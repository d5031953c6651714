"""Shared fixtures and the suite's organisation: stages by marker, the run's random seed, and the stores.

Stages (tools/test_stages.py; `make test` runs them all, in this order):
- fast: every test that carries none of the markers below (`make test-fast`);
- browser: `browser` (headless Chromium) and `packaging` (every test under tests/packaging, marked by its folder);
- faults: `faults` (servers killed, the database cut): also put in one xdist group, so that they never run two at
  once in any parallel run; beside them, on the other worker, `server` (a test that starts gunicorn or
  `meldbook serve` of its own);
- slow: `slow`, the long runs (the full bot ranges, the whole walk, the other store for end-to-end tests, the
  bigger fault runs). An end-to-end test (tests/e2e) that runs on both stores runs on one in the default run and
  on the other behind `slow`: a test marked `whole_game` (a whole game played through HTTP) on PostgreSQL, any
  other on the store drawn for it from the run's seed, so that every run meets each store in about half of them.
  The store parity tests (tests/integration) run on both stores in every run and compare them.

Random samples (tests/sampling.py) come from one seed per run, shown in the header (MELDBOOK_TEST_SEED replays it).

Stores: `store_env` gives each test an empty store of each kind (a SQLite file, or a PostgreSQL database copied
from a template that holds the service's tables already, or emptied after an earlier test: tests/pg.py's
Recycler), `sqlite_env` a SQLite file alone; tests/e2e/conftest.py builds apps on them, isolated per test or shared
by a module.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

import domain.variants  # noqa: F401  (each variant registers itself when imported: the tests meet every one, as the service does)
from tests import pg
from tests.e2e.chromium import close_process_browser
from tests.sampling import SEED_VARIABLE, run_seed
from tests.stores import sqlite_settings

# The suite creates games by the hundred from one address: the creation limit is off unless a test sets it
# (tests/e2e/test_rate_limits.py); the servers the tests start have it off too (tests/e2e/served.py).
os.environ.setdefault("MELDBOOK_RATE_LIMIT_CREATE", "off")
# A stream served in the test process sends what is stored and ends (no waiting): the tests that follow a live
# game set a lifetime of their own (tests/e2e/test_streams_live.py, the viewer page's).
os.environ.setdefault("MELDBOOK_STREAM_SECONDS", "0")
# Such a stream asks the store for news every 0.05 s (0.5 s in production): a browser test waits for one phone to
# hear another's move at every step of a table's night.
os.environ.setdefault("MELDBOOK_STREAM_POLL", "0.05")
# The tests' PostgreSQL sessions (libpq reads PGOPTIONS; the servers the tests start inherit it) commit without
# waiting for the write-ahead log to reach the disk: a commit is as atomic and as visible as ever, and is lost only
# if the database server itself crashes, which no test does (the fault tests kill the app's servers and cut its
# connections). Waiting for the disk cost about 5 ms a commit on the 2-core machines.
os.environ.setdefault("PGOPTIONS", "-c synchronous_commit=off")

UNREACHABLE = "PostgreSQL is not reachable on"
POSTGRES_FIXTURES = {"postgres_admin", "postgres_dbname", "fresh_postgres_dbname", "postgres_template"}
TESTS = Path(__file__).resolve().parent
PACKAGING = TESTS / "packaging"
END_TO_END = TESTS / "e2e"
LATER_STAGES = ("browser", "faults", "server")
"""The markers of the stages whose workers collect tests/e2e alone (and tests/packaging): tools/test_stages.py."""
STORE_PARAMETERS = ("store_env", "shared_app")
"""The fixtures whose parameter names a test's store (`sqlite` or `postgres`)."""
STORES = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    """Draw the run's seed before anything is collected (xdist's workers inherit it from the environment)."""
    run_seed()


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say which PostgreSQL server the postgres tests use, and whether it is required; and the run's seed."""
    mode = "required (MELDBOOK_REQUIRE_POSTGRES=1)" if pg.required() else "optional: skipped if absent"
    seed = run_seed()
    return [
        f"postgres: {pg.address()}, {mode}",
        f"random samples: seed {seed} (replay them with {SEED_VARIABLE}={seed})",
    ]


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that uses a PostgreSQL fixture with `postgres` (so `-m "not postgres"` deselects it), every
    test under tests/packaging with `packaging`, and an end-to-end test on the store its default run does not take
    with `slow`; put every `faults` test in the xdist group `faults`."""
    for item in items:
        stage = next((name for name in LATER_STAGES if item.get_closest_marker(name)), None)
        if stage and END_TO_END not in Path(item.path).parents:
            raise pytest.UsageError(f"{item.nodeid} is marked {stage}: such tests live under tests/e2e, where that "
                                    "stage collects them (tools/test_stages.py)")
        if END_TO_END in Path(item.path).parents and on_the_other_store(item):
            item.add_marker(pytest.mark.slow)
        if POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)
        if PACKAGING in Path(item.path).parents:
            item.add_marker(pytest.mark.packaging)
        if item.get_closest_marker("faults") and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group("faults"))
    items.sort(key=longest_first)


LONGEST_FIRST = (
    "tests/fuzz/test_schemathesis.py",
    "tests/e2e/test_table_night.py",
    "tests/e2e/test_seats_at_the_table.py",
    "tests/e2e/test_view_page.py",
    "tests/e2e/test_record_page.py",
    "tests/fuzz/test_notation_mutants.py",
    "tests/integration/test_golden_events.py",
    "tests/integration/test_simulate_dead_ends.py",
    "tests/e2e/test_access_matrix.py",
)
"""The files of the longest tests of their stages (`pytest --durations`: from three minutes down to a dozen
seconds), collected first: xdist hands out the first tests of a run one to each worker, so that these start at once
rather than leave one worker running on alone at the end. The order of every other test is kept."""


def longest_first(item: pytest.Item) -> int:
    """A test's place in the run: its file's among LONGEST_FIRST, the others after them."""
    path = Path(item.path).relative_to(TESTS.parent).as_posix()
    return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)


def store_of(item: pytest.Item) -> str | None:
    """The store a test runs on by its store parameter (`sqlite` or `postgres`), if it has one."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    return next((str(params[name]) for name in STORE_PARAMETERS if name in params), None)


def on_the_other_store(item: pytest.Item) -> bool:
    """Whether an end-to-end test runs on the store its default run leaves to `slow`: a whole game through HTTP
    runs on PostgreSQL, any other test on the store drawn for it from the run's seed (each store about half the
    tests in every run; the store parity tests under tests/integration run on both)."""
    store = store_of(item)
    if store is None:
        return False
    if item.get_closest_marker("whole_game"):
        return store != "postgres"
    ids = getattr(getattr(item, "callspec", None), "id", "")
    others = "-".join(part for part in ids.split("-") if part not in STORES)  # the same on every xdist worker
    key = f"{Path(item.path).relative_to(TESTS).as_posix()}::{getattr(item, 'originalname', item.name)}[{others}]"
    return store != random.Random(f"{run_seed()}:store:{key}").choice(STORES)


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config
) -> None:
    """Print how many tests were skipped for want of a PostgreSQL server, and the run's seed again."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if UNREACHABLE in str(r.longrepr)]
    if skipped:
        terminalreporter.write_line(
            f"PostgreSQL tests skipped: {len(skipped)} (no server on {pg.address()})", yellow=True, bold=True
        )
    if terminalreporter.stats.get("failed") or terminalreporter.stats.get("error"):
        terminalreporter.write_line(f"random samples of this run: {SEED_VARIABLE}={run_seed()} replays them")


@pytest.fixture(autouse=True)
def _no_chromium_left_running(request: pytest.FixtureRequest) -> None:
    """A test not marked `browser` starts with the browser tests' Chromium closed (tests/e2e/chromium.py): while
    Playwright's sync API runs, its event loop counts as this thread's running loop, and asyncio.run refuses to
    start another."""
    if request.node.get_closest_marker("browser") is None:
        close_process_browser()


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
def postgres_template(postgres_admin: psycopg.Connection) -> Iterator[str]:
    """Yield the name of a database holding the service's tables, made once a session (one per xdist worker), that
    every test database is copied from; dropped afterwards."""
    name = pg.create_template(postgres_admin)
    yield name
    pg.drop_database(postgres_admin, name)


@pytest.fixture(scope="session")
def postgres_dbname(postgres_admin: psycopg.Connection, postgres_template: str) -> Iterator[str]:
    """Yield the name of a database created for this session (one per xdist worker), dropped afterwards."""
    name = pg.create_database(postgres_admin, postgres_template)
    yield name
    pg.drop_database(postgres_admin, name)


@pytest.fixture(scope="session")
def database_dropper(postgres_admin: psycopg.Connection) -> Iterator[pg.Dropper]:
    """Drops the tests' databases meanwhile (tests/pg.py); the session ends once they are gone."""
    dropper = pg.Dropper()
    yield dropper
    failures = dropper.close()
    assert not failures, f"test databases left behind: {failures}"


@pytest.fixture(scope="session")
def database_recycler(postgres_template: str, database_dropper: pg.Dropper) -> Iterator[pg.Recycler]:
    """Empties the databases the tests are done with, for the tests after them (tests/pg.py)."""
    recycler = pg.Recycler(postgres_template, database_dropper)
    yield recycler
    recycler.close()


@pytest.fixture
def fresh_postgres_dbname(postgres_admin: psycopg.Connection, database_recycler: pg.Recycler) -> Iterator[str]:
    """Yield the name of a database for this test alone, holding the service's tables and no rows (a copy of the
    template, or one an earlier test used, emptied since), given back after the test (emptied on the recycler's
    thread: the next test need not wait for it)."""
    name = database_recycler.fresh(postgres_admin)
    yield name
    database_recycler.give_back(name)


@pytest.fixture
def sqlite_env(tmp_path: Path) -> dict[str, str]:
    """eventsourcing Application settings for an empty SQLite file of this test's own."""
    return sqlite_settings(tmp_path / "meldbook.sqlite")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """Return eventsourcing Application settings for an empty store: SQLite file, or a fresh PostgreSQL db."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_env")
    return pg.eventsourcing_env(request.getfixturevalue("fresh_postgres_dbname"))


@pytest.fixture(params=["sampled", pytest.param("every", marks=pytest.mark.slow)])
def walk_versions(request: pytest.FixtureRequest) -> str:
    """Which versions a walk reads (tests/walk.py): the default run's sample, and every version behind `slow`; a
    walking test that takes this fixture runs once in each."""
    return str(request.param)
