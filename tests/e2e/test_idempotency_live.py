"""Two `meldbook serve` processes on one PostgreSQL database, as two workers: a move whose answer is dropped with
the connection, retried on the other process and again after a restart, is stored once."""

from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit

import pytest

from tests import pg
from tests.e2e.helpers import all_events
from tests.e2e.live import LiveClient, LiveResponse, running_server

GAME = {"variant": "roby", "players": ["ann", "bob", "cy"], "deal_mode": "shuffled"}


def post_and_drop(client: LiveClient, path: str, body: dict, headers: dict[str, str]) -> None:
    """Send a POST and close the connection without reading the answer, as a phone losing its Wi-Fi would."""
    where = urlsplit(client.base_url)
    data = json.dumps(body).encode()
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    request = (
        f"POST {path} HTTP/1.1\r\nHost: {where.netloc}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n{head}Connection: close\r\n\r\n"
    ).encode() + data
    with socket.create_connection((where.hostname, where.port), timeout=10) as connection:
        connection.sendall(request)


def retried(client: LiveClient, path: str, body: dict, headers: dict[str, str]) -> LiveResponse:
    """The answer to a retry, repeated while the first attempt may still be committing (409 in the meantime)."""
    deadline = time.monotonic() + 20
    while True:
        answer = client.post(path, json=body, headers=headers)
        if answer.status_code != 409 or time.monotonic() > deadline:
            return answer
        time.sleep(0.1)


@pytest.mark.server
def test_a_move_retried_after_a_dropped_answer_on_another_worker_and_after_a_restart_is_stored_once(
    fresh_postgres_dbname: str,
) -> None:
    store = pg.eventsourcing_env(fresh_postgres_dbname)
    with running_server(store) as one, running_server(store) as two:
        created = one.post("/games", json=GAME, headers={"Idempotency-Key": "table-1"})
        assert created.status_code == 201
        again = two.post("/games", json=GAME, headers={"Idempotency-Key": "table-1"})
        assert (again.status_code, again.get_json()) == (201, created.get_json())
        game = created.get_json()
        url, auth = f"/games/{game['id']}", {"Authorization": f"Bearer {game['token']}"}
        shown = one.get(url, headers=auth).get_json()
        body = shown["legal_actions"][0]["choices"][0]
        headers = {**auth, "Idempotency-Key": "move-1"}
        post_and_drop(one, f"{url}/moves", body, headers)
        first = retried(two, f"{url}/moves", body, headers)
        assert first.status_code == 201, first.get_json()
        events = all_events(one, url)
        assert [e["version"] for e in events] == list(range(1, first.get_json()["version"] + 1))
        assert [e["move"] for e in events if e["type"] == "MoveRecorded"] == [1]
        assert one.post(f"{url}/moves", json=body, headers=headers).get_json() == first.get_json()
    with running_server(store) as restarted:
        answer = restarted.post(f"{url}/moves", json=body, headers=headers)
        assert (answer.status_code, answer.get_json()) == (201, first.get_json())
        assert all_events(restarted, url) == events
        created_again = restarted.post("/games", json=GAME, headers={"Idempotency-Key": "table-1"})
        assert created_again.get_json() == game
        assert restarted.get("/games").get_json()["total"] == 1
