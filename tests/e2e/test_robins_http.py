"""Robins Rummy over HTTP, on SQLite and PostgreSQL: whole bot games, refusals, and what spectators see."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bots.robins import choose
from tests.e2e.helpers import Created, all_events, assert_problem, create, footprint, legal_actions, own_events, stored

PLAYERS = ("ann", "bob")


def _move(client: FlaskClient, game: Created, body: dict[str, object]) -> dict[str, object]:
    version = client.get(game.url).get_json()["version"]
    response = client.post(f"{game.url}/moves", json={**body, "expected_version": version}, headers=game.auth)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _recorded(client: FlaskClient, ann: str, bob: str, upcard: str) -> Created:
    game = create(client, PLAYERS, "robins", "recorded", options={"first_dealer": "bob"})
    _move(
        client,
        game,
        {"type": "deal", "player": "bob", "hands": {"ann": ann.split(), "bob": bob.split()}, "upcard": upcard},
    )
    return game


@pytest.mark.whole_game
def test_a_whole_robins_game_is_played_through_the_listed_bodies(shared_client: FlaskClient) -> None:
    """A shuffled game runs from the cut to GameWon by posting only listed concrete bodies."""
    game = create(shared_client, PLAYERS, "robins", options={"deuce_in_hand": 20})
    rng = random.Random(5)
    for _ in range(3000):
        version, legal, over = legal_actions(shared_client, game)
        if over:
            break
        body = choose(legal, rng)
        assert body["expected_version"] == version
        response = shared_client.post(f"{game.url}/moves", json=body, headers=game.auth)
        assert response.status_code == 201, (body, response.get_json())
    shown = shared_client.get(game.url, headers=game.auth).get_json()
    assert shown["over"] and shown["state"]["winner"] in PLAYERS
    assert max(shown["state"]["scores"].values()) >= 505
    assert shown["options"] == {"deuce_in_hand": 20, "first_dealer": None, "abandon": "no_winner"}
    events = all_events(shared_client, game.url, game.auth)
    scored = [e for e in events if e["type"].endswith("PointsScored")]
    assert scored and all(e["data"]["rule"].startswith("robins.scoring.") for e in scored)


def test_a_third_player_is_refused_and_nothing_is_stored(shared_app: Flask, shared_client: FlaskClient) -> None:
    """Exactly two players: a third is refused at creation with a problem document."""
    before = stored(shared_app)
    response = shared_client.post(
        "/games", json={"variant": "robins", "players": ["ann", "bob", "cy"], "deal_mode": "shuffled"}
    )
    assert_problem(response, 422, "invalid-setup", "players")
    assert stored(shared_app) == before


def test_an_unused_pickup_is_refused_with_its_reason_and_nothing_is_stored(shared_client: FlaskClient) -> None:
    """A pickup below the top card without a use of the chosen card is refused: 422, version unchanged."""
    game = _recorded(shared_client, "KH QH 9H 5C 6D 3D 4D", "3S 4S 6C 8D 10S QC AD", "KC")
    for player, card in (("ann", "JH"), ("bob", "7C")):
        _move(shared_client, game, {"type": "draw", "player": player, "card": card})
        _move(shared_client, game, {"type": "discard", "player": player, "card": card})
    _move(shared_client, game, {"type": "draw", "player": "ann", "card": "5H"})
    before = footprint(shared_client, game)
    version = before[0]
    response = shared_client.post(
        f"{game.url}/moves",
        headers=game.auth,
        json={"type": "pick_up", "player": "ann", "card": "JH", "expected_version": version},
    )
    assert_problem(response, 422, "robins.pickup.unused", "JH used in this same action")
    assert footprint(shared_client, game) == before
    body = {"type": "pick_up", "player": "ann", "card": "JH", "cards": ["KH", "QH", "JH"]}
    result = _move(shared_client, game, body)
    assert [e["type"] for e in own_events(result["events"], body)] == ["DiscardPileTaken", "MeldLaid"]


def test_a_late_rummy_claim_is_refused_with_its_reason(shared_client: FlaskClient) -> None:
    """A claim after the draw is refused with the code robins.rummy.expired."""
    game = _recorded(shared_client, "KH QH JH 5C 6D 3D 4D", "3S 4S 6C 8D 10S QC AD", "KC")
    _move(shared_client, game, {"type": "draw", "player": "ann", "card": "9S"})
    _move(shared_client, game, {"type": "meld", "player": "ann", "cards": ["KH", "QH", "JH"]})
    _move(shared_client, game, {"type": "discard", "player": "ann", "card": "9S"})
    _move(shared_client, game, {"type": "draw", "player": "bob", "card": "10H"})
    _move(shared_client, game, {"type": "discard", "player": "bob", "card": "10H"})
    _move(shared_client, game, {"type": "draw", "player": "ann", "card": "7C"})
    version = shared_client.get(game.url).get_json()["version"]
    response = shared_client.post(
        f"{game.url}/moves",
        headers=game.auth,
        json={"type": "claim", "player": "ann", "card": "10H", "meld": 1, "expected_version": version},
    )
    assert_problem(response, 422, "robins.rummy.expired", "before the draw")


def test_spectators_see_the_table_and_what_wilds_stand_for_but_not_the_hands(shared_client: FlaskClient) -> None:
    """Hands and the stock show only their counts to spectators; melds show what each wild stands for."""
    game = _recorded(shared_client, "KH QH JK 5C 6D 3D 4D", "3S 4S 6C 8D 10S QC AD", "KC")
    _move(shared_client, game, {"type": "draw", "player": "ann", "card": "9S"})
    _move(shared_client, game, {"type": "meld", "player": "ann", "cards": ["KH", "QH", "JK"]})
    state = shared_client.get(game.url).get_json()["state"]
    assert state["hands"]["ann"] == {"count": 5, "secret": True}
    assert state["melds"][0]["cards"] == ["JK", "QH", "KH"]
    assert state["melds"][0]["stands_for"] == ["JH", "QH", "KH"]
