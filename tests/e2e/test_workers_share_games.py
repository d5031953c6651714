"""Two workers on one store, each with its own cache of games: a move recorded through one is seen at once
through the other, a move at a version the other moved past is refused and stores nothing, and both list the
same events and past states."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from bots import SeededChance
from tests.e2e.helpers import all_events, assert_problem, create, footprint, legal_actions, listed_bodies, play


@pytest.fixture
def other_worker(store_env: dict[str, str]) -> Iterator[Flask]:
    """A second app on the same store, as a second gunicorn worker would be."""
    app = create_app(env=store_env, chance=SeededChance(99))
    app.config["TESTING"] = True
    yield app
    app.extensions["meldbook"].close()


def test_a_move_through_one_worker_is_seen_and_followed_through_the_other(
    client: FlaskClient, other_worker: Flask
) -> None:
    other = other_worker.test_client()
    game = create(client)
    play(client, game, random.Random(3), 5)
    assert other.get(game.url).get_json()["version"] == client.get(game.url).get_json()["version"]  # both cached
    play(other, game, random.Random(4), 3)
    version = other.get(game.url).get_json()["version"]
    assert client.get(game.url, headers=game.auth).get_json() == other.get(game.url, headers=game.auth).get_json()
    play(client, game, random.Random(5), 2)  # the first worker follows from the version the other left
    assert client.get(game.url).get_json()["version"] > version
    assert all_events(client, game.url) == all_events(other, game.url)
    at = f"{game.url}/state?at={version}"
    assert client.get(at, headers=game.auth).get_json() == other.get(at, headers=game.auth).get_json()


def test_a_move_at_a_version_the_other_worker_moved_past_is_refused_and_stores_nothing(
    client: FlaskClient, other_worker: Flask
) -> None:
    other = other_worker.test_client()
    game = create(client)
    play(client, game, random.Random(3), 6)
    version, legal, _ = legal_actions(client, game)
    bodies = listed_bodies(legal)
    moved = other.post(f"{game.url}/moves", json=bodies[-1], headers=game.auth)
    assert moved.status_code == 201
    before = footprint(client, game)
    stale_body = {k: v for k, v in bodies[0].items() if k != "expected_version"}
    by_header = client.post(f"{game.url}/moves", json=stale_body, headers={**game.auth, "If-Match": f'"{version}"'})
    assert_problem(by_header, 412)
    assert_problem(client.post(f"{game.url}/moves", json=bodies[0], headers=game.auth), 409, "stale-version")
    assert footprint(client, game) == before == footprint(other, game)


def test_a_token_rotated_through_one_worker_stops_working_at_once_through_the_other(
    client: FlaskClient, other_worker: Flask
) -> None:
    other = other_worker.test_client()
    game = create(client)
    play(other, game, random.Random(3), 2)  # the other worker has read the game's setup and recorded with the token
    version, legal, _ = legal_actions(other, game)
    rotated = client.post(f"{game.url}/tokens/recorder", headers=game.auth)
    assert rotated.status_code == 201
    before = footprint(client, game)
    moved = other.post(f"{game.url}/moves", json=listed_bodies(legal)[0], headers=game.auth)  # its stream is kept
    assert_problem(moved, 403, "invalid-token")
    assert_problem(other.get(game.url, headers=game.auth), 403, "invalid-token")
    assert footprint(other, game) == before
    new = {"Authorization": f"Bearer {rotated.get_json()['token']}"}
    assert other.post(f"{game.url}/moves", json=listed_bodies(legal)[0], headers=new).status_code == 201
    assert client.get(game.url).get_json()["version"] > version


def test_a_viewer_token_revoked_through_one_worker_is_refused_as_unknown_through_the_other(
    client: FlaskClient, other_worker: Flask
) -> None:
    other = other_worker.test_client()
    game = create(client)
    play(client, game, random.Random(3), 2)
    viewer = client.post(f"{game.url}/tokens/viewers", json={"label": "club"}, headers=game.auth)
    viewing = {"Authorization": f"Bearer {viewer.get_json()['token']}"}
    assert other.get(game.url, headers=viewing).status_code == 200  # the other worker keeps the access stream
    _, legal, _ = legal_actions(other, game)
    assert_problem(other.post(f"{game.url}/moves", json=listed_bodies(legal)[0], headers=viewing), 403, "not-permitted")
    before = footprint(other, game)  # (the game's own record: a token's revocation is not in it)
    assert client.delete(f"{game.url}/tokens/viewers/club", headers=game.auth).status_code == 204
    # its kept stream still knows the viewer, whose role may not record: the stream as stored says the token is dead
    moved = other.post(f"{game.url}/moves", json=listed_bodies(legal)[0], headers=viewing)
    assert_problem(moved, 403, "invalid-token")
    assert footprint(other, game) == before
