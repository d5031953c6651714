"""Retries under an Idempotency-Key: a move or a new game retried after a lost answer is stored once, on one app,
on a second app sharing the store (a second worker), after a restart, and when the two requests race."""

from __future__ import annotations

import random
import threading
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.app import create_app
from bots import SeededChance
from service.answered import move_record_id
from service.config import ConfigError
from tests.e2e.helpers import Created, all_events, assert_problem, create, legal_actions, listed_bodies, play

GAME = {"variant": "roby", "players": ["ann", "bob", "cy"], "deal_mode": "shuffled"}


@pytest.fixture
def second_app(store_env: dict[str, str]) -> Iterator[Flask]:
    """A second app on the same store, as a second gunicorn worker would be."""
    app = create_app(env=store_env, chance=SeededChance(77))
    yield app
    app.extensions["meldbook"].close()


def stored(app: Flask) -> int:
    """How many events the whole store holds (counted: PostgreSQL's notification ids skip a rolled-back insert)."""
    return len(app.extensions["meldbook"].recorder.select_notifications(1, 1_000_000))


def keyed(game: Created, key: str) -> dict[str, str]:
    """The recorder's headers with an Idempotency-Key."""
    return {**game.auth, "Idempotency-Key": key}


def next_body(client: FlaskClient, game: Created, seed: int = 3) -> dict[str, Any]:
    """A legal move at the game's current version."""
    _, legal, _ = legal_actions(client, game)
    return random.Random(seed).choice(listed_bodies(legal))


def started_game(client: FlaskClient) -> Created:
    """A Roby game some moves in."""
    game = create(client)
    play(client, game, random.Random(5), 6)
    return game


def same_answer(first: TestResponse, again: TestResponse) -> None:
    """A retry's answer is the first one: status, body and ETag."""
    assert again.status_code == first.status_code == 201, again.get_json()
    assert again.get_json() == first.get_json()
    assert again.headers["ETag"] == first.headers["ETag"]


def test_a_move_retried_with_its_key_after_a_dropped_answer_is_stored_once(app: Flask, client: FlaskClient) -> None:
    game = started_game(client)
    body = next_body(client, game)
    key = str(uuid.uuid4())
    first = client.post(f"{game.url}/moves", json=body, headers=keyed(game, key))  # the answer is lost on the way
    assert first.status_code == 201, first.get_json()
    events, count = all_events(client, game.url), stored(app)
    again = client.post(f"{game.url}/moves", json=body, headers=keyed(game, key))
    same_answer(first, again)
    assert (all_events(client, game.url), stored(app)) == (events, count)


def test_a_retry_answers_the_first_result_even_after_later_moves(client: FlaskClient) -> None:
    game = started_game(client)
    body = next_body(client, game)
    first = client.post(f"{game.url}/moves", json=body, headers=keyed(game, "move-7"))
    play(client, game, random.Random(9), 2)
    events = all_events(client, game.url)
    again = client.post(f"{game.url}/moves", json=body, headers=keyed(game, "move-7"))
    same_answer(first, again)
    assert again.get_json()["version"] < events[-1]["version"]
    assert all_events(client, game.url) == events


def test_a_retry_with_if_match_answers_the_first_result_and_not_412(client: FlaskClient) -> None:
    game = started_game(client)
    body = next_body(client, game)
    version = body.pop("expected_version")
    headers = {**keyed(game, "k"), "If-Match": f'"{version}"'}
    first = client.post(f"{game.url}/moves", json=body, headers=headers)
    same_answer(first, client.post(f"{game.url}/moves", json=body, headers=headers))


def test_the_same_key_with_another_body_is_refused_naming_the_header_and_stores_nothing(
    app: Flask, client: FlaskClient
) -> None:
    game = started_game(client)
    body = next_body(client, game)
    assert client.post(f"{game.url}/moves", json=body, headers=keyed(game, "k1")).status_code == 201
    events, count = all_events(client, game.url), stored(app)
    other = next_body(client, game)
    refused = client.post(f"{game.url}/moves", json=other, headers=keyed(game, "k1"))
    problem = assert_problem(refused, 422, "idempotency-key-reused", names="Idempotency-Key")
    assert problem["field"] == "Idempotency-Key"
    assert (all_events(client, game.url), stored(app)) == (events, count)
    assert client.post(f"{game.url}/moves", json=other, headers=keyed(game, "k2")).status_code == 201


def test_a_move_key_is_kept_per_game(client: FlaskClient) -> None:
    one, two = started_game(client), started_game(client)
    for game in (one, two):
        version = legal_actions(client, game)[0]
        answer = client.post(f"{game.url}/moves", json=next_body(client, game), headers=keyed(game, "same"))
        assert answer.status_code == 201 and answer.get_json()["version"] > version


def test_a_retry_needs_the_recorder_token(client: FlaskClient) -> None:
    game = started_game(client)
    other = create(client)
    body = next_body(client, game)
    assert client.post(f"{game.url}/moves", json=body, headers=keyed(game, "k")).status_code == 201
    assert_problem(client.post(f"{game.url}/moves", json=body, headers={"Idempotency-Key": "k"}), 401)
    assert_problem(client.post(f"{game.url}/moves", json=body, headers=keyed(other, "k")), 403)


def test_a_retry_on_a_second_app_sharing_the_store_answers_the_first_result(
    app: Flask, client: FlaskClient, second_app: Flask
) -> None:
    game = started_game(client)
    body = next_body(client, game)
    first = client.post(f"{game.url}/moves", json=body, headers=keyed(game, "w"))
    events, count = all_events(client, game.url), stored(app)
    same_answer(first, second_app.test_client().post(f"{game.url}/moves", json=body, headers=keyed(game, "w")))
    assert (all_events(client, game.url), stored(app)) == (events, count)


def test_a_retry_after_a_restart_answers_the_first_result(store_env: dict[str, str]) -> None:
    app = create_app(env=store_env, chance=SeededChance(1))
    client = app.test_client()
    game = started_game(client)
    body = next_body(client, game)
    created = client.post("/games", json=GAME, headers={"Idempotency-Key": "new"})
    first = client.post(f"{game.url}/moves", json=body, headers=keyed(game, "r"))
    count = stored(app)
    app.extensions["meldbook"].close()
    restarted = create_app(env=store_env, chance=SeededChance(2))
    try:
        client = restarted.test_client()
        same_answer(first, client.post(f"{game.url}/moves", json=body, headers=keyed(game, "r")))
        same_answer(created, client.post("/games", json=GAME, headers={"Idempotency-Key": "new"}))
        assert stored(restarted) == count
    finally:
        restarted.extensions["meldbook"].close()


def race(posts: list[Callable[[], TestResponse]]) -> list[TestResponse]:
    """Run the posts at once (released together by a barrier)."""
    barrier = threading.Barrier(len(posts))
    answers: list[TestResponse | None] = [None] * len(posts)

    def run(i: int) -> None:
        barrier.wait()
        answers[i] = posts[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(posts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return [a for a in answers if a is not None]


def test_two_workers_sent_one_key_at_once_store_the_move_once(
    app: Flask, client: FlaskClient, second_app: Flask
) -> None:
    game = started_game(client)
    clients = [client, second_app.test_client()]
    for round_ in range(6):
        version, count = legal_actions(client, game)[0], stored(app)
        body, key = next_body(client, game, round_), f"race-{round_}"
        headers = keyed(game, key)
        answers = race([lambda c=c, b=body, h=headers: c.post(f"{game.url}/moves", json=b, headers=h) for c in clients])
        won = [a for a in answers if a.status_code == 201]
        assert won and all(a.status_code in (201, 409) for a in answers), [a.get_json() for a in answers]
        assert all(a.get_json() == won[0].get_json() for a in won)
        after = all_events(client, game.url, after=version)
        assert [e["version"] for e in after] == [e["version"] for e in won[0].get_json()["events"]]
        assert stored(app) == count + len(after) + 1  # the move's events and its key's record, once


def test_a_new_game_retried_with_its_key_answers_the_same_game_and_a_token_that_records(
    app: Flask, client: FlaskClient, second_app: Flask
) -> None:
    first = client.post("/games", json=GAME, headers={"Idempotency-Key": "table-4"})
    assert first.status_code == 201
    count = stored(app)
    for retrying in (client, second_app.test_client()):
        again = retrying.post("/games", json=GAME, headers={"Idempotency-Key": "table-4"})
        same_answer(first, again)
        assert again.headers["Location"] == first.headers["Location"]
    assert stored(app) == count
    assert client.get("/games").get_json()["total"] == 1
    shown = first.get_json()
    game = Created(shown["id"], shown["token"], shown["version"])
    play(client, game, random.Random(2), 2)
    other = client.post("/games", json=GAME, headers={"Idempotency-Key": "table-5"}).get_json()
    assert other["id"] != shown["id"] and other["token"] != shown["token"]


def test_a_new_game_key_with_another_body_is_refused_and_stores_nothing(app: Flask, client: FlaskClient) -> None:
    assert client.post("/games", json=GAME, headers={"Idempotency-Key": "g"}).status_code == 201
    count = stored(app)
    refused = client.post("/games", json={**GAME, "title": "another"}, headers={"Idempotency-Key": "g"})
    assert_problem(refused, 422, "idempotency-key-reused", names="Idempotency-Key")
    assert stored(app) == count


def test_two_workers_sent_one_new_game_key_at_once_create_one_game(
    app: Flask, client: FlaskClient, second_app: Flask
) -> None:
    clients = [client, second_app.test_client()]
    answers = race([lambda c=c: c.post("/games", json=GAME, headers={"Idempotency-Key": "once"}) for c in clients])
    assert [a.status_code for a in answers] == [201, 201], [a.get_json() for a in answers]
    assert answers[0].get_json() == answers[1].get_json()
    assert client.get("/games").get_json()["total"] == 1


BAD_KEYS = {
    "empty": "",
    "too long": "k" * 256,
    "a space": "two words",
    "a control character": "key\x7f",
    "a tab": "key\tkey",
    "not ASCII": "cl\u00e9",
}


@pytest.mark.parametrize("key", BAD_KEYS.values(), ids=BAD_KEYS.keys())
def test_a_malformed_key_is_refused_with_400_naming_the_header_and_stores_nothing(
    sqlite_app: Flask, sqlite_client: FlaskClient, key: str
) -> None:
    game = create(sqlite_client)
    body = next_body(sqlite_client, game)
    count = stored(sqlite_app)
    for path, sent, headers in (
        (f"{game.url}/moves", body, keyed(game, key)),
        ("/games", GAME, {"Idempotency-Key": key}),
    ):
        refused = sqlite_client.post(path, json=sent, headers=headers)
        assert assert_problem(refused, 400, "invalid-idempotency-key", names="Idempotency-Key")["field"] == (
            "Idempotency-Key"
        )
    assert stored(sqlite_app) == count


def test_two_key_headers_are_refused(sqlite_app: Flask, sqlite_client: FlaskClient) -> None:
    refused = sqlite_client.post("/games", json=GAME, headers=[("Idempotency-Key", "a"), ("Idempotency-Key", "b")])
    assert_problem(refused, 400, "invalid-idempotency-key", names="Idempotency-Key")
    assert stored(sqlite_app) == 0


def test_a_255_character_key_is_taken(sqlite_client: FlaskClient) -> None:
    key = "".join(chr(33 + i % 94) for i in range(255))
    first = sqlite_client.post("/games", json=GAME, headers={"Idempotency-Key": key})
    same_answer(first, sqlite_client.post("/games", json=GAME, headers={"Idempotency-Key": key}))


def test_idempotency_records_are_not_games(sqlite_client: FlaskClient) -> None:
    game = started_game(sqlite_client)
    sqlite_client.post(f"{game.url}/moves", json=next_body(sqlite_client, game), headers=keyed(game, "hidden"))
    record = move_record_id(uuid.UUID(game.id), "hidden")
    for path in (f"/games/{record}", f"/games/{record}/events", f"/games/{record}/state?at=1"):
        assert_problem(sqlite_client.get(path), 404, "game-not-found")


def test_a_configured_secret_derives_the_same_token_in_every_worker(
    monkeypatch: pytest.MonkeyPatch, store_env: dict[str, str]
) -> None:
    monkeypatch.setenv("MELDBOOK_SECRET", "s" * 40)
    apps = [create_app(env=store_env), create_app(env=store_env)]
    try:
        first = apps[0].test_client().post("/games", json=GAME, headers={"Idempotency-Key": "k"})
        same_answer(first, apps[1].test_client().post("/games", json=GAME, headers={"Idempotency-Key": "k"}))
    finally:
        for app in apps:
            app.extensions["meldbook"].close()


def test_a_short_secret_is_refused_at_start(monkeypatch: pytest.MonkeyPatch, sqlite_env: dict[str, str]) -> None:
    monkeypatch.setenv("MELDBOOK_SECRET", "short")
    with pytest.raises(ConfigError, match="MELDBOOK_SECRET"):
        create_app(env=sqlite_env)


def committed_between_check_and_save(monkeypatch: pytest.MonkeyPatch, app: Flask) -> None:
    """Make the app's first look for a key miss, as when another worker commits the key just after it looked."""
    service = app.extensions["meldbook"]
    looked = service.answered
    misses = [True]

    def late(keyed: Any) -> Any:
        return None if misses and misses.pop() else looked(keyed)

    monkeypatch.setattr(service, "answered", late)


def test_a_move_whose_key_commits_first_elsewhere_answers_that_result_and_stores_nothing(
    monkeypatch: pytest.MonkeyPatch, app: Flask, client: FlaskClient, second_app: Flask
) -> None:
    game = started_game(client)
    body = next_body(client, game)
    service = second_app.extensions["meldbook"]
    loaded_before = service.game(uuid.UUID(game.id))  # the other worker loads the game before the first commits
    first = client.post(f"{game.url}/moves", json=body, headers=keyed(game, "late"))
    count = stored(app)
    committed_between_check_and_save(monkeypatch, second_app)
    monkeypatch.setattr(service, "game", lambda *args, **kwargs: loaded_before)
    same_answer(first, second_app.test_client().post(f"{game.url}/moves", json=body, headers=keyed(game, "late")))
    assert stored(app) == count


def test_a_new_game_whose_key_commits_first_elsewhere_answers_that_game_and_stores_nothing(
    monkeypatch: pytest.MonkeyPatch, app: Flask, client: FlaskClient, second_app: Flask
) -> None:
    first = client.post("/games", json=GAME, headers={"Idempotency-Key": "late"})
    count = stored(app)
    committed_between_check_and_save(monkeypatch, second_app)
    same_answer(first, second_app.test_client().post("/games", json=GAME, headers={"Idempotency-Key": "late"}))
    assert stored(app) == count


def test_a_new_game_retry_never_hands_out_a_token_the_game_no_longer_takes(
    monkeypatch: pytest.MonkeyPatch, sqlite_app: Flask, sqlite_client: FlaskClient
) -> None:
    assert sqlite_client.post("/games", json=GAME, headers={"Idempotency-Key": "g"}).status_code == 201
    keyed_tokens = sqlite_app.extensions["meldbook"].keyed
    monkeypatch.setattr(keyed_tokens, "recorder_token", lambda key: "replaced-token-" + "x" * 17)  # as if rotated
    refused = sqlite_client.post("/games", json=GAME, headers={"Idempotency-Key": "g"})
    problem = assert_problem(refused, 409, "idempotency-answer-gone", names="Idempotency-Key")
    assert "token" not in refused.headers and "replaced-token" not in str(problem)
