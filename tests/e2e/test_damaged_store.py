"""A game's stored events altered underneath the service, on both stores: every read path that meets the damage
answers a 409 `record-damaged` problem naming the version (and /verify says why), none a 500; a worker that read the
game before (its copy cached, or kept for the next move) never serves or decides on a version the store no longer
holds.

Three damages, as an operator's slip or an intruder with the database's password would make them: an event's topic
changed, the last event's content edited, and the last event deleted.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.postgres import PostgresAggregateRecorder
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from bots import SeededChance, pick
from service.application import Meldbook
from service.moving import record_move
from service.setup import create_game
from tests.bot_games import play_robins
from tests.e2e.helpers import assert_problem, create, legal_actions, pick_body, play

READS = ("", "/events", "/state?at={last}", "/audit", "/replay", "/replay?hand=1", "/settlement",
         "/settlement/players/ann", "/notation", "/annotations", "/disputes", "/confirmations", "/setup", "/view",
         "/verify")
"""Every read of a game (the stream of its events is left to its own tests)."""
WHOLE_RECORD = ("/audit", "/replay?hand=1", "/settlement", "/notation")
"""Reads that go through the whole record, from its first event: they meet a damage wherever it is."""


@pytest.fixture
def workers(store_env: dict[str, str]) -> Iterator[tuple[Flask, Flask]]:
    """Two workers on one store: the first reads the game before the damage (it has the game cached), the second
    only after (as a worker started since, or one that never had the game)."""
    apps = [create_app(env=store_env, chance=SeededChance(29)) for _ in range(2)]
    for app in apps:
        app.config["TESTING"] = True
    yield apps[0], apps[1]
    for app in apps:
        app.extensions["meldbook"].close()


def meldbook(app: Flask) -> Meldbook:
    found: Meldbook = app.extensions["meldbook"]
    return found


def finished_game(app: Flask) -> tuple[UUID, int]:
    """A whole Robins Rummy game (two players, ann and bob), stored; its id and last version."""
    game, events = play_robins(7)
    meldbook(app).save(*events)
    return game.id, game.version


def alter(app: Flask, stream: UUID, version: int, how: str) -> None:
    """Change one stored event underneath the service: its topic, its content (a field removed), or delete it."""
    store: Any = meldbook(app).recorder
    mark, key = ("%s", stream) if isinstance(store, PostgresAggregateRecorder) else ("?", stream.hex)
    where = f"WHERE originator_id = {mark} AND originator_version = {mark}"
    with store.datastore.transaction(commit=True) as cursor:
        if how == "topic":
            cursor.execute(f"UPDATE {store.events_table_name} SET topic = 'meldbook.GameDiscarded' {where}",
                           (key, version))
        elif how == "edit":
            cursor.execute(f"SELECT state FROM {store.events_table_name} {where}", (key, version))
            row = cursor.fetchone()
            state = json.loads(bytes(row["state"] if isinstance(row, dict) else row[0]))
            field = next(k for k in state if not k.startswith("_") and k not in ("timestamp", "class_version"))
            state.pop(field)
            cursor.execute(f"UPDATE {store.events_table_name} SET state = {mark} {where}",
                           (json.dumps(state).encode(), key, version))
        else:
            cursor.execute(f"DELETE FROM {store.events_table_name} {where}", (key, version))


def reads(client: FlaskClient, game_id: UUID, last: int) -> dict[str, Any]:
    """Each read's answer: (status, the problem's version) for a problem, (200, None) otherwise."""
    answers = {}
    for path in READS:
        response = client.get(f"/games/{game_id}{path.format(last=last)}")
        assert response.status_code != 500, (path, response.get_json())
        if response.status_code >= 400:
            problem = assert_problem(response, response.status_code)
            answers[path] = (response.status_code, problem["code"], problem.get("version"))
        else:
            answers[path] = (response.status_code, None, None)
    return answers


def test_a_changed_topic_is_answered_as_damage_at_its_version_by_every_read_that_meets_it(
    workers: tuple[Flask, Flask],
) -> None:
    warm, _ = workers
    game_id, last = finished_game(warm)
    warm.test_client().get(f"/games/{game_id}")
    middle = last // 2
    alter(warm, game_id, middle, "topic")
    for app in workers:
        answers = reads(app.test_client(), game_id, last)
        for path in WHOLE_RECORD:
            assert answers[path] == (409, "record-damaged", middle), (path, answers)
        assert all(status in (200, 409) for status, _, _ in answers.values()), answers
        assert {code for _, code, _ in answers.values()} <= {None, "record-damaged"}, answers
        checked = app.test_client().get(f"/games/{game_id}/verify").get_json()
        assert checked["ok"] is False and checked["streams"]["game"]["broken"]["version"] == middle


def test_an_edited_last_event_is_answered_as_damage_by_every_read_of_the_game_cached_or_not(
    workers: tuple[Flask, Flask],
) -> None:
    warm, _ = workers
    game_id, last = finished_game(warm)
    assert warm.test_client().get(f"/games/{game_id}").get_json()["version"] == last
    alter(warm, game_id, last, "edit")
    for app in workers:
        answers = reads(app.test_client(), game_id, last)
        for path in ("", "/events", "/state?at={last}", *WHOLE_RECORD, "/view", "/setup"):
            assert answers[path] == (409, "record-damaged", last), (path, answers)
        verified = app.test_client().get(f"/games/{game_id}/verify").get_json()
        assert verified["ok"] is False
        assert (verified["streams"]["game"]["broken"]["version"], verified["streams"]["game"]["broken"]["kind"]) == (
            last, "edited")


def test_a_deleted_last_event_is_never_served_from_a_cached_copy_nor_decided_on(
    workers: tuple[Flask, Flask],
) -> None:
    warm, fresh = workers
    client = warm.test_client()
    game = create(client, ("ann", "bob"), "robins")
    assert play(client, game, random.Random(29), 12) == 12  # on the warm worker, which keeps it for the next move
    last = client.get(game.url).get_json()["version"]
    game_id = UUID(game.id)
    alter(warm, game_id, last, "delete")

    cached = assert_problem(client.get(f"/games/{game_id}"), 409, "record-damaged")
    assert (cached["version"], cached["damage"]) == (last, "missing"), "the copy read before is not served"
    _, legal, _ = legal_actions(fresh.test_client(), game)
    body = pick_body(legal, random.Random(3))
    refused = client.post(f"{game.url}/moves", json={**body, "expected_version": last}, headers=game.auth)
    assert_problem(refused, 409, "record-damaged")
    assert meldbook(fresh).latest_version(game_id) == last - 1, "no move was stored past the gap"
    assert all(status != 500 for status, _, _ in reads(client, game_id, last).values())

    served = fresh.test_client().get(f"/games/{game_id}").get_json()
    events = fresh.test_client().get(f"/games/{game_id}/events?after={last - 3}").get_json()
    assert served["version"] == events["items"][-1]["version"] == last - 1, "the store's record, as it stands"


def test_a_move_decided_on_a_kept_game_whose_version_the_store_lost_is_refused_as_damage(
    workers: tuple[Flask, Flask],
) -> None:
    warm, _ = workers
    app = meldbook(warm)
    game, token = create_game(app, "robins", ["ann", "bob"], {}, "shuffled")
    rng = random.Random(3)
    for _ in range(6):
        body = pick(app.game(game.id).legal_actions(), rng)
        record_move(app, game.id, {k: v for k, v in body.items() if k != "expected_version"}, body["expected_version"],
                        token)
    version = app.latest_version(game.id)
    body = pick(app.game(game.id).legal_actions(), rng)
    assert app.kept.take(game.id, version) is not None
    app.kept.keep(app.game(game.id))  # kept at `version`, as after its last move
    alter(warm, game.id, version, "delete")
    with pytest.raises(Exception) as refused:
        record_move(app, game.id, {k: v for k, v in body.items() if k != "expected_version"}, version, token)
    assert getattr(refused.value, "code", None) == "record-damaged" and refused.value.details["version"] == version
    assert app.latest_version(game.id) == version - 1
