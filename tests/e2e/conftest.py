"""End-to-end fixtures: the app built through the factory on each store, and its test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from bots import SeededChance
from tests import pg
from tests.e2e.helpers import AppFactory


@pytest.fixture
def app(store_env: dict[str, str]) -> Iterator[Flask]:
    """The API on an empty store (SQLite file or a fresh PostgreSQL database), with seeded shuffles."""
    app = create_app(env=store_env, chance=SeededChance(20240601))
    app.config["TESTING"] = True
    yield app
    app.extensions["meldbook"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def sqlite_app(tmp_path: Path) -> Iterator[Flask]:
    """The API on an empty SQLite file, for checks that do not depend on the store."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "meldbook.sqlite")}
    app = create_app(env=env, chance=SeededChance(7))
    app.config["TESTING"] = True
    yield app
    app.extensions["meldbook"].close()


@pytest.fixture
def sqlite_client(sqlite_app: Flask) -> FlaskClient:
    """A test client of the SQLite app."""
    return sqlite_app.test_client()


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def shared_app(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app per test module and store, for tests that each make games of their own (saves a database each)."""
    if request.param == "sqlite":
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(tmp_path_factory.mktemp("shared") / "meldbook.sqlite"),
        }
    else:
        admin = request.getfixturevalue("postgres_admin")
        dbname = pg.create_database(admin)
        env = pg.eventsourcing_env(dbname)
    app = create_app(env=env, chance=SeededChance(20240602))
    app.config["TESTING"] = True
    yield app
    app.extensions["meldbook"].close()
    if request.param == "postgres":
        pg.drop_database(admin, dbname)


@pytest.fixture
def shared_client(shared_app: Flask) -> FlaskClient:
    """A test client of the module's shared app."""
    return shared_app.test_client()


@pytest.fixture
def limited_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[AppFactory]:
    """Build apps on one SQLite file with the MELDBOOK_* variables given (rate limits, caps, proxies)."""
    apps: list[Flask] = []

    def build(**variables: str) -> Flask:
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
        app = create_app(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "m.db")})
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["meldbook"].close()
