"""Two clients writing at the same version: one wins with 201, the other gets 409, and nothing partial is kept."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.app import create_app
from bots import SeededChance
from tests.e2e.helpers import Created, all_events, create, legal_actions, listed_bodies, play


@pytest.fixture
def second_app(store_env: dict[str, str]) -> Iterator[Flask]:
    """A second server process on the same store, as a second gunicorn worker would be."""
    app = create_app(env=store_env, chance=SeededChance(77))
    yield app
    app.extensions["meldbook"].close()


def race(clients: list[FlaskClient], game: Created, bodies: list[dict]) -> list[TestResponse]:
    """Post one body from each client at once (released together by a barrier)."""
    barrier = threading.Barrier(len(clients))
    responses: list[TestResponse | None] = [None] * len(clients)

    def post(i: int) -> None:
        barrier.wait()
        responses[i] = clients[i].post(f"{game.url}/moves", json=bodies[i], headers=game.auth)

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(r is not None for r in responses)
    return [r for r in responses if r is not None]


def test_a_second_move_at_a_version_already_used_is_a_409_and_stores_nothing(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    play(shared_client, game, random.Random(4), 12)
    version, legal, _ = legal_actions(shared_client, game)
    first, second = (listed_bodies(legal) * 2)[:2]
    won = shared_client.post(f"{game.url}/moves", json=first, headers=game.auth)
    assert won.status_code == 201 and won.get_json()["version"] > version
    events = all_events(shared_client, game.url)
    lost = shared_client.post(f"{game.url}/moves", json=second, headers=game.auth)
    assert lost.status_code == 409 and lost.get_json()["code"] == "stale-version"
    assert all_events(shared_client, game.url) == events


def test_two_servers_racing_at_one_version_store_exactly_one_move(
    app: Flask, second_app: Flask, client: FlaskClient
) -> None:
    game = create(client)
    rng = random.Random(8)
    clients = [client, second_app.test_client()]
    outcomes = []
    for _ in range(12):
        version, legal, over = legal_actions(client, game)
        assert not over
        bodies = [rng.choice(listed_bodies(legal)) for _ in clients]
        responses = race(clients, game, bodies)
        statuses = sorted(r.status_code for r in responses)
        assert statuses == [201, 409], [r.get_json() for r in responses]
        outcomes.append(statuses)
        winner = next(r for r in responses if r.status_code == 201).get_json()
        loser = next(r for r in responses if r.status_code == 409)
        assert loser.mimetype == "application/problem+json" and loser.get_json()["code"] == "stale-version"
        stored = all_events(client, game.url, game.auth, after=version)
        assert stored == winner["events"]
        assert [e["version"] for e in stored] == list(range(version + 1, winner["version"] + 1))
        seen_by_other = clients[1].get(game.url).get_json()["version"]
        assert seen_by_other == winner["version"]
    every_event = all_events(client, game.url)
    assert [e["version"] for e in every_event] == list(range(1, len(every_event) + 1))
    assert len(outcomes) == 12
