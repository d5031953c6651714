"""Royal Rummy over HTTP: a shuffled session played from the listed bodies, and refusals, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from bots.royal import choose
from tests.e2e.helpers import Created, assert_problem, create, legal_actions
from tests.unit.royal.helpers import SPADES_TO_P3

PLAYERS = ("p1", "p2", "p3")


def _move(client: FlaskClient, game: Created, kind: str, player: str, **fields: Any) -> Any:
    version = client.get(game.url).get_json()["version"]
    body = {"type": kind, "player": player, "expected_version": version, **fields}
    return client.post(f"{game.url}/moves", json=body, headers=game.auth)


def _recorded_auction(client: FlaskClient) -> Created:
    game = create(client, PLAYERS, variant="royal", deal_mode="recorded")
    for player, card in zip(PLAYERS, ("2C", "3C", "AS"), strict=True):
        assert _move(client, game, "cut", player, card=card).status_code == 201
    assert _move(client, game, "deal", "p3", hands=SPADES_TO_P3).status_code == 201
    assert _move(client, game, "keep", "p3").status_code == 201
    return game


def test_a_shuffled_royal_session_plays_from_listed_bodies_and_conserves_chips(shared_client: FlaskClient) -> None:
    options = {"ace_betting": True, "stack": 40}
    game = create(shared_client, ("ann", "bob", "cy", "dee"), variant="royal", options=options)
    rng = random.Random(3)
    for moves in range(400):
        version, legal, over = legal_actions(shared_client, game)
        if over:
            break
        body = choose(legal, rng, may_end=moves > 250)
        assert body["expected_version"] == version
        response = shared_client.post(f"{game.url}/moves", json=body, headers=game.auth)
        assert response.status_code == 201, (body, response.get_json())
    else:
        response = _move(shared_client, game, "end_game", "ann")
        assert response.status_code == 201
    shown = shared_client.get(game.url, headers=game.auth).get_json()
    assert shown["over"] is True
    ledger = shown["state"]["ledger"]["balances"]
    assert sum(ledger.values()) == 0
    assert sum(v for k, v in ledger.items() if k.startswith("player:")) == -ledger["bank"] <= 160
    assert all(v == 0 for k, v in ledger.items() if k != "bank" and not k.startswith("player:"))


def test_a_bid_lower_than_the_last_is_refused_over_http_and_nothing_is_stored(shared_client: FlaskClient) -> None:
    game = _recorded_auction(shared_client)
    assert _move(shared_client, game, "bid", "p1", amount=4).status_code == 201
    before = shared_client.get(game.url).get_json()["version"]
    assert_problem(_move(shared_client, game, "bid", "p2", amount=4), 422, "royal.auction.bid-too-low")
    assert shared_client.get(game.url).get_json()["version"] == before


def test_spectators_see_only_the_count_of_each_hand_and_of_the_dummy(shared_client: FlaskClient) -> None:
    game = _recorded_auction(shared_client)
    state = shared_client.get(game.url).get_json()["state"]
    assert state["hands"]["p1"] == {"count": 13, "secret": True} and state["dummy"] == {"count": 13, "secret": True}
    recorder = shared_client.get(game.url, headers=game.auth).get_json()["state"]
    assert sorted(recorder["hands"]["p3"]["cards"]) == sorted(SPADES_TO_P3["p3"])
