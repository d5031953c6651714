"""A store that does not answer is a 503 problem with Retry-After, never a 500; /health asks no store, /ready does.

These run in-process, with the store's failure raised where the application meets the store; the gunicorn fault
tests (test_faults.py) cause the real ones: a database cut off, a SQLite file held locked.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import psycopg
import psycopg_pool
import pytest
from eventsourcing.persistence import ConnectionUnavailableError, InterfaceError, OperationalError
from flask import Flask
from flask.testing import FlaskClient

from api.health import GATE
from api.version import __version__
from tests.e2e.helpers import assert_problem, create, legal_actions, listed_bodies

FAILURES = {
    "sqlite-locked": OperationalError("database is locked"),
    "sqlite3-locked": sqlite3.OperationalError("database is locked"),
    "writer-taken": ConnectionUnavailableError("Timed out waiting for return of writer"),
    "pool-timeout": psycopg_pool.PoolTimeout("couldn't get a connection after 5.00 sec"),
    "postgres-gone": psycopg.OperationalError("server closed the connection unexpectedly"),
    "postgres-wrapped": OperationalError("connection failed: Connection refused"),
    "interface": InterfaceError("the connection is closed"),
}


class Unreachable:
    """A recorder whose every use fails as an unreachable store does."""

    def __getattr__(self, name: str) -> Any:
        raise OperationalError("connection failed: Connection refused")


def unavailable(response: Any) -> None:
    """The answer to a request that needed a store which did not answer."""
    assert_problem(response, 503, "store-unavailable")
    assert int(response.headers["Retry-After"]) > 0
    assert "Traceback" not in response.get_data(as_text=True)


def test_health_is_liveness_and_asks_no_store_while_ready_asks_it(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    assert client.get("/ready").get_json() == {"status": "ready", "store": "sqlite"}
    sqlite_app.extensions["meldbook"].recorder = Unreachable()
    health = client.get("/health")
    assert (health.status_code, health.get_json()) == (200, {"status": "ok", "store": "sqlite", "version": __version__})
    unavailable(client.get("/ready"))


def test_ready_answers_when_the_store_answers(client: FlaskClient, store_env: dict[str, str]) -> None:
    answer = client.get("/ready")
    assert answer.status_code == 200
    assert answer.get_json()["store"] == store_env["PERSISTENCE_MODULE"].rsplit(".", 1)[-1]


def a_legal_move(client: FlaskClient, game: Any) -> dict[str, Any]:
    """The first body the game's legal actions offer, at its version: a move the rules accept."""
    version, legal, _ = legal_actions(client, game)
    return {**listed_bodies(legal)[0], "expected_version": version}


@pytest.mark.parametrize("failure", FAILURES.values(), ids=FAILURES.keys())
def test_a_store_that_does_not_answer_a_read_or_a_write_is_a_503_with_retry_after(
    sqlite_app: Flask, failure: Exception, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = sqlite_app.test_client()
    game = create(client)
    store = sqlite_app.extensions["meldbook"]

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise failure

    move = a_legal_move(client, game)
    monkeypatch.setattr(store, "save", fail)  # the move's write
    unavailable(client.post(f"{game.url}/moves", json=move, headers=game.auth))
    monkeypatch.setattr(store, "game", fail)
    unavailable(client.get(game.url))
    monkeypatch.setattr(store, "list_games", fail)
    unavailable(client.get("/games"))


def test_after_a_failure_requests_that_need_the_store_are_refused_at_once_for_a_moment(
    sqlite_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = sqlite_app.test_client()
    game = create(client)
    store = sqlite_app.extensions["meldbook"]
    asked = []

    def fail(*args: Any, **kwargs: Any) -> Any:
        asked.append(args)
        raise OperationalError("database is locked")

    monkeypatch.setattr(store, "game", fail)
    monkeypatch.setitem(store.env, "PERSISTENCE_MODULE", "eventsourcing.postgres")  # the cool-down is for a server
    unavailable(client.get(game.url))
    monkeypatch.undo()
    unavailable(client.get(game.url))
    unavailable(client.get("/games"))
    assert len(asked) == 1, "during the cool-down the store is not asked"
    assert client.get("/health").status_code == 200 and client.get("/variants").status_code == 200
    sqlite_app.extensions[GATE]._closed_until = 0.0  # the cool-down is over
    assert client.get(game.url).status_code == 200


def test_a_locked_sqlite_file_refuses_only_the_request_that_met_the_lock(
    sqlite_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = sqlite_app.test_client()
    game = create(client)
    store = sqlite_app.extensions["meldbook"]

    def locked(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("database is locked")

    move = a_legal_move(client, game)
    monkeypatch.setattr(store, "save", locked)  # the move's write
    unavailable(client.post(f"{game.url}/moves", json=move, headers=game.auth))
    assert client.get(game.url).status_code == 200
