"""End-to-end fixtures: the app built through the factory, and its test client.

Four apps, by store and by lifetime:

|                     | each test its own empty store | one store per test module        |
|---------------------|-------------------------------|----------------------------------|
| SQLite, PostgreSQL  | `app`, `client`               | `shared_app`, `shared_client`    |
| SQLite only         | `sqlite_app`, `sqlite_client` | `shared_sqlite_app`, `..._client`|

Take a module's app unless the test needs an empty store (it counts the games listed, reads the notification log
from its start, changes the app's settings, closes the app): a test that makes its own games and reads only them
shares one. A PostgreSQL store, shared or not, is a copy of the session's template database or one emptied after
an earlier test (tests/conftest.py, tests/pg.py).

Shuffles are seeded: an app of its own deals from its seed; a module's app deals, for each test, from a seed made of
the test's name, so a test gets the same cards whichever tests ran before it on its xdist worker.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from domain.rules.decision import Chance
from tests import pg
from tests.e2e.chromium import close_process_browser
from tests.e2e.helpers import AppFactory
from tests.stores import sqlite_settings

CHANCE = "tests.chance"
"""Where an app built here keeps its TestChance (app.extensions)."""
SHARED = ("shared_app", "shared_sqlite_app")


class TestChance(Chance):
    """Seeds drawn from a seeded generator (as bots.SeededChance's) that can start again from another seed."""

    __test__ = False  # not a test class

    def __init__(self, seed: int | str) -> None:
        self.start(seed)

    def start(self, seed: int | str) -> None:
        """Draw from now on the seeds of this seed."""
        self._random = random.Random(seed)

    def seed(self) -> int:
        """The next seed of the generator."""
        return self._random.getrandbits(63)


@contextmanager
def built(env: dict[str, str], seed: int) -> Iterator[Flask]:
    """The API on the store of these settings, with shuffles seeded by `seed`; its store closed afterwards."""
    chance = TestChance(seed)
    app = create_app(env=env, chance=chance)
    app.config["TESTING"] = True
    app.extensions[CHANCE] = chance
    try:
        yield app
    finally:
        app.extensions["meldbook"].close()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Close the Chromium this process's browser tests shared (tests/e2e/chromium.py), if one was launched."""
    close_process_browser()


@pytest.fixture(autouse=True)
def _shared_shuffles_start_again(request: pytest.FixtureRequest) -> None:
    """A module's app deals to each test from a seed of the test's own (its module and name)."""
    for name in SHARED:
        if name in request.fixturenames:
            app: Flask = request.getfixturevalue(name)
            app.extensions[CHANCE].start(f"{request.node.path.name}::{request.node.name}")


@pytest.fixture
def app(store_env: dict[str, str]) -> Iterator[Flask]:
    """The API on an empty store (SQLite file or a fresh PostgreSQL database), with seeded shuffles."""
    with built(store_env, 20240601) as app:
        yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def sqlite_app(sqlite_env: dict[str, str]) -> Iterator[Flask]:
    """The API on an empty SQLite file, for checks that do not depend on the store."""
    with built(sqlite_env, 7) as app:
        yield app


@pytest.fixture
def sqlite_client(sqlite_app: Flask) -> FlaskClient:
    """A test client of the SQLite app."""
    return sqlite_app.test_client()


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def shared_app(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app per test module and store, for tests that each make games of their own (saves a database each)."""
    if request.param == "sqlite":
        with built(sqlite_settings(tmp_path_factory.mktemp("shared") / "meldbook.sqlite"), 20240602) as app:
            yield app
        return
    recycler: pg.Recycler = request.getfixturevalue("database_recycler")
    dbname = recycler.fresh(request.getfixturevalue("postgres_admin"))
    try:
        with built(pg.eventsourcing_env(dbname), 20240602) as app:
            yield app
    finally:
        recycler.give_back(dbname)


@pytest.fixture
def shared_client(shared_app: Flask) -> FlaskClient:
    """A test client of the module's shared app."""
    return shared_app.test_client()


@pytest.fixture(scope="module")
def shared_sqlite_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app on a SQLite file per test module, for checks that do not depend on the store and need no empty one."""
    with built(sqlite_settings(tmp_path_factory.mktemp("shared") / "meldbook.sqlite"), 7) as app:
        yield app


@pytest.fixture
def shared_sqlite_client(shared_sqlite_app: Flask) -> FlaskClient:
    """A test client of the module's SQLite app."""
    return shared_sqlite_app.test_client()


@pytest.fixture
def limited_app(monkeypatch: pytest.MonkeyPatch, sqlite_env: dict[str, str]) -> Iterator[AppFactory]:
    """Build apps on one SQLite file with the MELDBOOK_* variables given (rate limits, caps, proxies)."""
    apps: list[Flask] = []

    def build(**variables: str) -> Flask:
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
        app = create_app(env=sqlite_env)
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["meldbook"].close()
