"""GET /games/{id}/verify and the digest of GET /games/{id}: a digest kept from the game is accepted while the record
holds, and an event changed underneath the API is named; bad queries are refused naming the field."""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID, uuid4

from flask import Flask
from flask.testing import FlaskClient

from domain.cards.card import RANKS, SUITS
from domain.record.chain import SALT, link_of
from tests.e2e.helpers import all_events, assert_problem, create, play
from tests.integration.test_hash_chain import raw_state, write_state


def test_a_kept_digest_verifies_until_an_event_is_changed_underneath_the_api(
    app: Flask, client: FlaskClient, store_env: dict[str, str]
) -> None:
    game = create(client, players=("Ann", "Bob", "Cy"))
    play(client, game, random.Random(5), 6)
    kept = client.get(game.url).get_json()
    assert len(kept["digest"]) == 64
    play(client, game, random.Random(6), 2)
    assert client.get(game.url).get_json()["digest"] != kept["digest"]
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
    """Without the salts, which no answer shows, the digests kept before and after a draw would tell the card: the
    events between them are known but for it."""
    client = sqlite_client
    game = create(client, players=("Ann", "Bob", "Cy"))
    rng, digests = random.Random(5), {}
    for _ in range(12):  # a spectator keeps the digest after each move
        play(client, game, rng, 1)
        state = client.get(game.url).get_json()
        digests[state["version"]] = state["digest"]
    shown, full = all_events(client, game.url), all_events(client, game.url, game.auth)
    assert not any(k.startswith("_") for e in shown + full for k in e["data"])
    drawn = next(e for e in shown if e["type"] == "StockCardDrawn" and e["version"] in digests)
    after = drawn["version"]
    before = max(v for v in digests if v < after)
    between = [e for e in shown if before < e["version"] <= after]
    truth = next(e for e in full if e["version"] == after)["data"]["card"]
    assert drawn["data"]["card"] is None and truth

    meldbook = sqlite_app.extensions["meldbook"]
    stored = {e["version"]: raw_state(meldbook, UUID(game.id), e["version"]) for e in between}
    # What the code tells anyone about the stored form beyond the shown data: an event class's version.
    public = {v: {k: state[k] for k in ("class_version",) if k in state} for v, state in stored.items()}

    def chained(events: list[dict[str, Any]], salts: dict[int, str] | None = None, card: str | None = None) -> str:
        link = digests[before]
        for event in events:
            data = {**(with_card(event["data"], card) if card else event["data"]), **public[event["version"]]}
            salted = {**data, SALT: salts[event["version"]]} if salts else data
            link = link_of(event["topic"], event["version"], salted, link)
        return link

    cards = {f"{rank}{suit}" for rank in RANKS for suit in SUITS} | {truth}
    assert digests[after] not in {chained(between, card=card) for card in cards}
    salts = {version: state[SALT] for version, state in stored.items()}
    known = [e for e in full if before < e["version"] <= after]
    assert chained(known, salts) == digests[after], "with the salts the true card would show"


def with_card(doc: Any, card: str) -> Any:
    """A shown event's data with each masked card (a null `card`) filled in."""
    if isinstance(doc, dict):
        return {k: card if k == "card" and v is None else with_card(v, card) for k, v in doc.items()}
    if isinstance(doc, list):
        return [with_card(item, card) for item in doc]
    return doc
