"""The access log: one JSON line per request with a request id (the client's when valid, echoed), and no token."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from api.logs import ACCESS
from tests.e2e.helpers import bearer, create, legal_actions, pick_body


class Lines(logging.Handler):
    """Every record logged while it is attached, formatted as a handler would write it."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def texts(self) -> list[str]:
        """Each record's message, with its traceback if it has one."""
        formatter = logging.Formatter("%(name)s %(message)s")
        return [formatter.format(record) for record in self.records]

    def access(self) -> list[dict]:
        """The access-log lines, parsed."""
        return [json.loads(r.getMessage()) for r in self.records if r.name == ACCESS]


@pytest.fixture
def lines() -> Iterator[Lines]:
    """Every record of every logger (the access logger may not propagate: it is attached to directly too)."""
    handler = Lines()
    root, access = logging.getLogger(), logging.getLogger(ACCESS)
    levels = root.level, access.level
    root.setLevel(logging.DEBUG)
    access.setLevel(logging.DEBUG)
    root.addHandler(handler)
    if not access.propagate:
        access.addHandler(handler)
    yield handler
    root.removeHandler(handler)
    access.removeHandler(handler)
    root.setLevel(levels[0])
    access.setLevel(levels[1])


def test_each_request_logs_one_json_line_with_its_id_method_route_status_and_duration(
    shared_sqlite_client: FlaskClient, lines: Lines
) -> None:
    game = create(shared_sqlite_client)
    shared_sqlite_client.get(f"{game.url}/events", headers={"X-Request-ID": "table-7.move-12"})
    shared_sqlite_client.get("/no/such/path")
    logged = lines.access()
    assert [(line["method"], line["route"], line["status"]) for line in logged] == [
        ("POST", "/games", 201),
        ("GET", "/games/<uuid:game_id>/events", 200),
        ("GET", None, 404),
    ]
    assert logged[1]["request_id"] == "table-7.move-12" and logged[1]["path"] == f"{game.url}/events"
    assert all(line["duration_ms"] >= 0 for line in logged)
    assert all(set(line) == {"request_id", "method", "route", "path", "status", "duration_ms"} for line in logged)


@pytest.mark.parametrize(
    "given",
    ["", " ", "two words", "line\tbreak", "x" * 129, "caf\u00e9"],
    ids=["empty", "space", "words", "tab", "long", "latin1"],
)
def test_a_request_id_that_is_not_one_short_visible_line_is_replaced(
    shared_sqlite_client: FlaskClient, lines: Lines, given: str
) -> None:
    answer = shared_sqlite_client.get("/health", headers={"X-Request-ID": given})
    made = answer.headers["X-Request-ID"]
    assert made != given and len(made) == 32 and int(made, 16) >= 0
    assert lines.access()[-1]["request_id"] == made


def test_a_valid_request_id_is_echoed_and_one_is_made_when_none_is_sent(shared_sqlite_client: FlaskClient) -> None:
    echoed = shared_sqlite_client.get("/variants", headers={"X-Request-ID": "a" * 128})
    assert echoed.headers["X-Request-ID"] == "a" * 128
    first, second = (shared_sqlite_client.get("/variants").headers["X-Request-ID"] for _ in range(2))
    assert first != second


def test_no_token_reaches_any_log_line(shared_sqlite_client: FlaskClient, lines: Lines) -> None:
    rng = random.Random(3)
    games = [create(shared_sqlite_client) for _ in range(3)]
    for game in games:
        for _ in range(4):
            _, legal, _ = legal_actions(shared_sqlite_client, game)
            body = pick_body(legal, rng)
            assert shared_sqlite_client.post(f"{game.url}/moves", json=body, headers=game.auth).status_code == 201
        assert shared_sqlite_client.get(f"{game.url}/events", headers=game.auth).status_code == 200
        stale = shared_sqlite_client.post(f"{game.url}/moves", json={**body, "expected_version": 1}, headers=game.auth)
        assert stale.status_code == 409
    other = games[0]
    assert shared_sqlite_client.get(games[1].url, headers=bearer(other.token)).status_code == 403
    wrong = {"Authorization": f"Bearer {other.token}x"}
    assert shared_sqlite_client.get(games[1].url, headers=wrong).status_code == 403
    texts = lines.texts()
    assert len(lines.access()) >= 3 * 7 + 2
    for token in (g.token for g in games):
        assert not [text for text in texts if token in text]
