"""Player names are stored normalised, moves and listings find them so, and text the store cannot hold is refused."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, assert_problem, bearer, footprint, own_events, stored


def _create(client: FlaskClient, players: list[str]) -> dict:
    response = client.post("/games", json={"variant": "roby", "players": players, "deal_mode": "recorded"})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_names_are_stored_normalised_and_a_move_or_a_listing_may_name_them_with_stray_spacing(
    shared_client: FlaskClient,
) -> None:
    created = _create(shared_client, ["  Ann\u00a0 Lee ", "Zoe\u0301"])
    url = f"/games/{created['id']}"
    assert shared_client.get(url).get_json()["players"] == ["Ann Lee", "Zo\u00e9"]
    listed = shared_client.get("/games", query_string={"player": " Zo\u00e9 "}).get_json()["items"]
    assert [game["id"] for game in listed] == [created["id"]]
    assert listed[0]["players"] == ["Ann Lee", "Zo\u00e9"]
    cut = {"type": "cut", "player": "Ann   Lee", "card": "KS", "expected_version": created["version"]}
    response = shared_client.post(f"{url}/moves", json=cut, headers=bearer(created["token"]))
    assert response.status_code == 201, response.get_json()
    envelope, (cut_event, *_) = response.get_json()["events"][0], own_events(response.get_json()["events"])
    assert envelope["data"]["action"]["player"] == cut_event["data"]["player"] == "Ann Lee"


@pytest.mark.parametrize("player", ["Ann Lee\u0000", "\ud800", "Ann\x1fLee", "Ann\nLee"])
def test_a_move_whose_player_holds_a_control_character_or_a_surrogate_is_refused_and_stores_nothing(
    shared_app: Flask, shared_client: FlaskClient, player: str
) -> None:
    created = _create(shared_client, ["Ann Lee", "Bob"])
    game = Created(created["id"], created["token"], created["version"])
    before, everything = footprint(shared_client, game), stored(shared_app)
    cut = {"type": "cut", "player": player, "card": "KS", "expected_version": created["version"]}
    response = shared_client.post(f"{game.url}/moves", json=cut, headers=game.auth)
    assert_problem(response, 422, names="player")
    assert footprint(shared_client, game) == before and stored(shared_app) == everything
