"""End-to-end fixtures: the app built through the factory on each store, and its test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from tests.bots import SeededChance


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
