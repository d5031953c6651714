"""The legal-actions contract over HTTP: listed bodies are always accepted, bodies outside the list refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.cards.card import packs
from tests.e2e.helpers import Created, all_events, create, listed_bodies, pick_body, play, stored

DECK = sorted(packs(1, 0))
BOGUS = ["KZ", "1S", "", "10", "JK"]
KINDS = ("cut", "deal", "draw", "meld", "lay_off", "discard", "go_out", "reenlist", "leave")
PLAYERS = ("ann", "bob", "cy")


def test_a_client_posting_only_listed_bodies_is_never_refused(shared_client: FlaskClient) -> None:
    game = create(shared_client, players=PLAYERS)
    assert play(shared_client, game, random.Random(150), 150) == 150
    events = all_events(shared_client, game.url)
    assert {"HandDealt", "StockCardDrawn", "CardDiscarded"} <= {e["type"] for e in events}


@pytest.mark.slow
def test_a_client_plays_a_whole_three_player_roby_game_through_http_by_posting_listed_bodies(
    shared_client: FlaskClient,
) -> None:
    game = create(shared_client, players=PLAYERS)
    played = play(shared_client, game, random.Random(3), 20_000)
    assert played < 20_000
    shown = shared_client.get(game.url).get_json()
    assert shown["over"] is True and shown["to_move"] == []
    assert shown["state"]["winner"] in PLAYERS
    assert sum(shown["state"]["ledger"]["balances"].values()) == 0
    assert shared_client.get(game.url, headers=game.auth).get_json()["legal_actions"] == []
    assert "GameWon" in {e["type"] for e in all_events(shared_client, game.url)}


def canonical(body: dict[str, Any], stock_top: str | None) -> str:
    """A body in a form where card order inside melds does not matter, nor naming the top of an ordered stock."""
    shown = dict(body)
    if (
        shown.get("type") == "draw"
        and shown.get("source") == "stock"
        and "card" in shown
        and shown["card"] == stock_top
    ):
        del shown["card"]
    for key in ("cards", "melds"):
        if isinstance(shown.get(key), list):
            shown[key] = sorted(sorted(m) if isinstance(m, list) else m for m in shown[key])
    return json.dumps(shown, sort_keys=True, default=str)


def random_body(rng: random.Random, kind: str, hand: list[str], meld_ids: list[int], mover: str) -> dict[str, Any]:
    """A random body of one kind: mostly the mover's own cards and melds on the table, sometimes nonsense."""
    nonsense = rng.random() < 0.15

    def card() -> str:
        if nonsense and rng.random() < 0.5:
            return rng.choice(BOGUS)
        return rng.choice(hand if hand and rng.random() < 0.7 else DECK)

    def cards(low: int, high: int) -> list[str]:
        return [card() for _ in range(rng.randint(low, high))]

    fields: dict[str, Any] = {}
    if kind in ("cut", "draw") and rng.random() < 0.5:
        fields["card"] = card()
    if kind == "draw":
        fields["source"] = rng.choice(["stock", "discard", "pile"] if nonsense else ["stock", "discard"])
    elif kind == "deal" and rng.random() < 0.5:
        fields = {"hands": {p: cards(9, 11) for p in PLAYERS}, "upcard": card()}
    elif kind == "meld":
        fields["cards"] = cards(2, 5)
    elif kind in ("lay_off", "discard"):
        fields["card"] = card()
        if kind == "lay_off":
            fields["meld"] = rng.choice([1.5, "1", -1]) if nonsense else rng.choice([*meld_ids, 0, 99])
    elif kind == "go_out":
        fields = {"melds": [cards(3, 4) for _ in range(rng.randint(0, 2))]}
        fields["lay_offs"] = [{"card": card(), "meld": rng.choice([*meld_ids, 7])} for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.7:
            fields["discard"] = card()
    player = mover if mover and rng.random() < 0.75 else rng.choice([*PLAYERS, "mallory"])
    return {"type": kind, "player": player, **fields}


def probe(app: Flask, client: FlaskClient, game: Created, rng: random.Random, tries: int) -> set[str]:
    """Post random bodies the list does not hold; each must be a 4xx that stores nothing. Return the kinds tried."""
    shown = client.get(game.url, headers=game.auth).get_json()
    state, version = shown["state"], shown["version"]
    stock_top = (state["stock"]["cards"] or [None])[0]
    listed = {canonical(b, stock_top) for b in listed_bodies(shown["legal_actions"])}
    mover = (shown["to_move"] or [""])[0]
    hand = state["hands"][mover]["cards"] if mover in state["hands"] else []
    meld_ids = [m["id"] for m in state["melds"]]
    open_kinds = sorted({entry["type"] for entry in shown["legal_actions"]})
    before, tried = stored(app), set()
    for i in range(tries):
        kind = rng.choice(open_kinds) if rng.random() < 0.6 else KINDS[(version + i) % len(KINDS)]
        body = {**random_body(rng, kind, hand, meld_ids, mover), "expected_version": version}
        if canonical(body, stock_top) in listed:
            continue
        response = client.post(f"{game.url}/moves", json=body, headers=game.auth)
        assert 400 <= response.status_code < 500, (body, response.status_code, response.get_json())
        assert response.mimetype == "application/problem+json" and response.get_json()["code"]
        tried.add(body["type"])
    assert stored(app) == before
    assert client.get(game.url).get_json()["version"] == version
    return tried


def test_random_bodies_the_list_does_not_hold_are_refused_and_store_nothing(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game = create(shared_client, players=PLAYERS)
    rng, tried = random.Random(99), set()
    for _ in range(90):
        tried |= probe(shared_app, shared_client, game, rng, 6)
        shown = shared_client.get(game.url, headers=game.auth).get_json()
        if shown["over"]:
            break
        body = pick_body(shown["legal_actions"], rng)
        assert shared_client.post(f"{game.url}/moves", json=body, headers=game.auth).status_code == 201
    assert tried == set(KINDS)
