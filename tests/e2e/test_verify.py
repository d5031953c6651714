"""GET /games/{id}/verify and the digest of GET /games/{id}: a digest kept from the game is accepted while the record
holds, and an event changed underneath the API is named; bad queries are refused naming the field."""

from __future__ import annotations

import random
from uuid import UUID, uuid4

from flask import Flask
from flask.testing import FlaskClient

from domain.cards import RANKS, SUITS
from domain.chain import SALT, link_of
from tests.e2e.helpers import all_events, assert_problem, create, play
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


def test_a_spectator_cannot_learn_a_hidden_draw_by_trying_every_card_against_the_digest(
    sqlite_app: Flask, sqlite_client: FlaskClient
) -> None:
    """Without the salt, which no answer shows, a digest taken before and after a draw would tell the card."""
    client = sqlite_client
    game = create(client, players=("Ann", "Bob", "Cy"))
    play(client, game, random.Random(5), 12)
    shown = all_events(client, game.url)
    assert not any(k.startswith("_") for e in shown + all_events(client, game.url, game.auth) for k in e["data"])
    drawn = next(e for e in shown if e["type"] == "StockCardDrawn")
    assert drawn["data"]["card"] is None
    version = drawn["version"]
    before, after = (client.get(f"{game.url}/state?at={v}").get_json()["digest"] for v in (version - 1, version))
    truth = next(e for e in all_events(client, game.url, game.auth) if e["version"] == version)["data"]["card"]
    cards = {f"{rank}{suit}" for rank in RANKS for suit in SUITS} | {truth}
    tried = [link_of(drawn["topic"], version, {**drawn["data"], "card": card}, before) for card in cards]
    assert after not in tried
    salt = raw_state(sqlite_app.extensions["meldbook"], UUID(game.id), version)[SALT]
    salted = {**drawn["data"], "card": truth, SALT: salt}
    assert link_of(drawn["topic"], version, salted, before) == after, "with the salt the true card would show"
