"""GET /games/{id}/verify and the digest of GET /games/{id}: a digest kept from the game is accepted while the record
holds, and an event changed underneath the API is named; bad queries are refused naming the field."""

from __future__ import annotations

import random
from uuid import UUID, uuid4

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.helpers import assert_problem, create, play
from tests.integration.test_hash_chain import raw_state, write_state


def test_a_kept_digest_verifies_until_an_event_is_changed_underneath_the_api(
    app: Flask, client: FlaskClient, store_env: dict[str, str]
) -> None:
    game = create(client, players=("Ann", "Bob", "Cy"))
    play(client, game, random.Random(5), 6)
    kept = client.get(game.url).get_json()
    assert len(kept["digest"]) == 64 and kept["digest"] != client.get(f"{game.url}/state?at=3").get_json()["digest"]
    play(client, game, random.Random(6), 2)
    query = {"digest": kept["digest"], "at": kept["version"]}
    checked = client.get(f"{game.url}/verify", query_string=query).get_json()
    assert checked["ok"] and checked["digest"] == {"at": kept["version"], "ok": True, "broken": None}
    assert checked["streams"]["game"]["head"] == client.get(game.url).get_json()["digest"]
    meldbook, game_id = app.extensions["meldbook"], UUID(game.id)
    write_state(meldbook, store_env, game_id, 4, {**raw_state(meldbook, game_id, 4), "tampered": True})
    tampered = client.get(f"{game.url}/verify", query_string=query).get_json()
    assert not tampered["ok"] and tampered["streams"]["game"]["broken"]["version"] == 4
    assert tampered["streams"]["game"]["broken"]["kind"] == "edited" and not tampered["digest"]["ok"]


def test_bad_verify_queries_are_refused_naming_the_field(sqlite_client: FlaskClient) -> None:
    client = sqlite_client
    game = create(client)
    url = f"{game.url}/verify"
    digest = client.get(game.url).get_json()["digest"]
    for query, field in (
        ({"digest": digest}, "at"),
        ({"at": 1}, "digest"),
        ({"digest": "xyz", "at": 1}, "digest"),
        ({"digest": digest + "0", "at": 1}, "digest"),
        ({"digest": digest, "at": 0}, "at"),
        ({"digest": digest, "at": "one"}, "at"),
    ):
        assert_problem(client.get(url, query_string=query), 422, names=field)
    assert_problem(client.get(f"/games/{uuid4()}/verify"), 404, "game-not-found")
    later = client.get(url, query_string={"digest": digest, "at": 99}).get_json()
    assert not later["ok"] and later["digest"]["broken"]["kind"] == "missing"
