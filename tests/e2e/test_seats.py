"""A game recorded by seats, through HTTP on each store: each player records his own moves with his seat token, sees
no other seat's hand, and is refused when he acts for another; the recorder rotates its token; issuing tokens never
moves the game's version."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, assert_problem, bearer, create, pick_body, stored

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
MOVES = 40


def seats_game(client: FlaskClient, **extra: Any) -> tuple[Created, dict[str, str]]:
    """A 4-player Roby game recorded by seats, with a seat token for each player."""
    game = create(client, players=PLAYERS, recording="seats", **extra)
    seats = {}
    for player in PLAYERS:
        response = client.post(f"{game.url}/tokens/seats/{player}", headers=game.auth)
        assert response.status_code == 201, response.get_json()
        assert response.get_json()["grant"] == f"seat:{player}"
        seats[player] = response.get_json()["token"]
    return game, seats


def shown_to(client: FlaskClient, game: Created, token: str) -> dict[str, Any]:
    """The game as the bearer of a token sees it."""
    response = client.get(game.url, headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    shown: dict[str, Any] = response.get_json()
    return shown


def hands(shown: dict[str, Any]) -> dict[str, Any]:
    """Each player's hand as shown."""
    found: dict[str, Any] = shown["state"]["hands"]
    return found


def assert_sees_no_other_seats_hand(shown: dict[str, Any], player: str) -> None:
    for other, hand in hands(shown).items():
        if other != player:
            assert set(hand) == {"count", "secret"}, (player, other, hand)


def version_of(client: FlaskClient, game: Created) -> int:
    version: int = client.get(game.url, headers=game.auth).get_json()["version"]
    return version


def test_four_players_each_record_their_own_moves_see_no_other_hand_and_may_not_act_for_another(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game, seats = seats_game(shared_client)
    rng = random.Random(8)
    for _ in range(MOVES):
        to_move = shown_to(shared_client, game, game.token)["to_move"]
        views = {player: shown_to(shared_client, game, seats[player]) for player in PLAYERS}
        for player, shown in views.items():
            assert_sees_no_other_seats_hand(shown, player)
            assert {entry["player"] for entry in shown["legal_actions"]} <= {player}
            assert shown["table_actions"] == []
        player = rng.choice([p for p in to_move if views[p]["legal_actions"]])
        body = pick_body(views[player]["legal_actions"], rng)
        before = stored(shared_app)
        for other in (p for p in PLAYERS if p != player):
            refused = shared_client.post(f"{game.url}/moves", json=body, headers=bearer(seats[other]))
            assert_problem(refused, 403, "not-permitted")
        assert_problem(shared_client.post(f"{game.url}/moves", json=body, headers=game.auth), 403, "not-permitted")
        assert stored(shared_app) == before, "a refused move stores nothing"
        headers = {**bearer(seats[player]), "X-Device-Label": f"{player}'s phone"}
        response = shared_client.post(f"{game.url}/moves", json=body, headers=headers)
        assert response.status_code == 201, (body, response.get_json())
        envelope = response.get_json()["events"][0]
        assert envelope["type"] == "MoveRecorded"
        assert (envelope["data"]["recorded_by"], envelope["data"]["device"]) == (f"seat:{player}", f"{player}'s phone")
    listed = shared_client.get(f"{game.url}/events", query_string={"limit": 500}).get_json()["items"]
    recorded_by = {e["data"]["recorded_by"] for e in listed if e["type"] == "MoveRecorded"}
    assert recorded_by == {f"seat:{p}" for p in PLAYERS}
    replay = shared_client.get(f"{game.url}/replay", headers=game.auth).get_json()
    frames = [f for f in replay["frames"] if f["move"] > 0]
    assert frames, "the replay shows the hand's moves"
    for frame in frames:
        actor = frame["actor"]
        assert (frame["recorded_by"], frame["device"]) == (f"seat:{actor}", f"{actor}'s phone"), frame["move"]


def test_a_seat_sees_his_own_hand(shared_app: Flask, shared_client: FlaskClient) -> None:
    game, seats = seats_game(shared_client)
    rng = random.Random(3)
    while not any(hands(shown_to(shared_client, game, game.token))):
        shown = shown_to(shared_client, game, seats[shown_to(shared_client, game, game.token)["to_move"][0]])
        player = shown["legal_actions"][0]["player"]
        body = pick_body(shown["legal_actions"], rng)
        assert shared_client.post(f"{game.url}/moves", json=body, headers=bearer(seats[player])).status_code == 201
    for player in PLAYERS:
        own = hands(shown_to(shared_client, game, seats[player]))[player]
        assert own["cards"] and len(own["cards"]) + own["unknown"] == own["count"], own


def test_the_recorder_rotates_its_token_and_the_old_one_is_refused(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game, _ = seats_game(shared_client)
    version = version_of(shared_client, game)
    response = shared_client.post(f"{game.url}/tokens/recorder", headers=game.auth)
    assert response.status_code == 201 and response.get_json()["grant"] == "recorder"
    new = response.get_json()["token"]
    assert new != game.token
    before = stored(shared_app)
    assert_problem(shared_client.get(game.url, headers=game.auth), 403, "invalid-token")
    assert_problem(shared_client.post(f"{game.url}/tokens/seats/Ann", headers=game.auth), 403, "invalid-token")
    assert stored(shared_app) == before
    assert shown_to(shared_client, game, new)["version"] == version


def test_in_a_game_recorded_by_its_recorder_a_seat_sees_but_records_nothing(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game = create(shared_client, players=PLAYERS)
    seat = shared_client.post(f"{game.url}/tokens/seats/Ann", headers=game.auth).get_json()["token"]
    shown = shown_to(shared_client, game, seat)
    assert shown["recording"] == "recorder" and "legal_actions" not in shown
    recorder = shown_to(shared_client, game, game.token)
    body = next(e for e in recorder["legal_actions"] if e["player"] == "Ann")["choices"][0]
    before = stored(shared_app)
    assert_problem(shared_client.post(f"{game.url}/moves", json=body, headers=bearer(seat)), 403, "not-permitted")
    assert stored(shared_app) == before
    assert shared_client.post(f"{game.url}/moves", json=body, headers=game.auth).status_code == 201


def test_the_recorder_records_for_a_seat_marked_as_having_no_device(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game, _ = seats_game(shared_client)
    assert shown_to(shared_client, game, game.token)["legal_actions"] == []
    response = shared_client.put(f"{game.url}/seats/Bob", json={"device": False}, headers=game.auth)
    assert response.status_code == 200 and response.get_json() == {"player": "Bob", "device": False}
    legal = shown_to(shared_client, game, game.token)["legal_actions"]
    assert {entry["player"] for entry in legal} == {"Bob"}
    response = shared_client.post(f"{game.url}/moves", json=legal[0]["choices"][0], headers=game.auth)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["events"][0]["data"]["recorded_by"] == "recorder"


def test_issuing_and_revoking_tokens_never_changes_the_games_version(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game = create(shared_client, players=PLAYERS)
    version = version_of(shared_client, game)
    for path in ("tokens/seats/Ann", "tokens/seats/Ann", "tokens/arbiter", "tokens/recorder"):
        response = shared_client.post(f"{game.url}/{path}", headers=game.auth)
        assert response.status_code == 201, response.get_json()
        if path == "tokens/recorder":
            game = Created(game.id, response.get_json()["token"], game.version)
    viewer = shared_client.post(f"{game.url}/tokens/viewers", json={"label": "club"}, headers=game.auth)
    assert viewer.get_json()["grant"] == "viewer:club"
    assert shared_client.delete(f"{game.url}/tokens/viewers/club", headers=game.auth).status_code == 204
    assert shared_client.delete(f"{game.url}/tokens/seats/Ann", headers=game.auth).status_code == 204
    assert_problem(shared_client.delete(f"{game.url}/tokens/seats/Ann", headers=game.auth), 404, "token-not-found")
    assert shared_client.put(f"{game.url}/seats/Cy", json={"device": False}, headers=game.auth).status_code == 200
    assert version_of(shared_client, game) == version
    body = shown_to(shared_client, game, game.token)["legal_actions"][0]["choices"][0]
    assert body["expected_version"] == version
    assert shared_client.post(f"{game.url}/moves", json=body, headers=game.auth).status_code == 201


def test_a_seat_token_issued_again_revokes_the_previous_one(shared_app: Flask, shared_client: FlaskClient) -> None:
    game, seats = seats_game(shared_client)
    again = shared_client.post(f"{game.url}/tokens/seats/Ann", headers=game.auth).get_json()["token"]
    assert_problem(shared_client.get(game.url, headers=bearer(seats["Ann"])), 403, "invalid-token")
    assert shown_to(shared_client, game, again)["id"] == game.id
    assert_problem(shared_client.post(f"{game.url}/tokens/seats/Zed", headers=game.auth), 422, "unknown-player")


def test_a_token_is_never_accepted_in_the_query_string(shared_app: Flask, shared_client: FlaskClient) -> None:
    game = create(shared_client, players=PLAYERS)
    response = shared_client.get(game.url, query_string={"token": game.token})
    problem = assert_problem(response, 400, "token-in-query")
    assert game.token not in response.get_data(as_text=True) and game.token not in problem["detail"]


def test_a_refused_token_is_never_echoed_in_the_answer(shared_app: Flask, shared_client: FlaskClient) -> None:
    game, seats = seats_game(shared_client)
    wrong = "not-a-token-of-this-game-0123456789"
    revoked = seats["Bob"]
    assert shared_client.delete(f"{game.url}/tokens/seats/Bob", headers=game.auth).status_code in (200, 204)
    body = {"type": "cut", "player": "Ann", "expected_version": game.version}
    for token in (wrong, revoked, seats["Ann"]):
        for response in (
            shared_client.get(game.url, headers=bearer(token)),
            shared_client.post(f"{game.url}/moves", json={**body, "player": "Cy"}, headers=bearer(token)),
            shared_client.post(f"{game.url}/tokens/recorder", headers=bearer(token)),
        ):
            assert response.status_code in (200, 403), response.get_data(as_text=True)
            assert token not in response.get_data(as_text=True)


def test_a_device_label_that_is_not_single_line_text_is_refused_and_nothing_is_stored(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game, seats = seats_game(shared_client)
    body = shown_to(shared_client, game, seats["Ann"])["legal_actions"][0]["choices"][0]
    before = stored(shared_app)
    headers = {**bearer(seats["Ann"]), "X-Device-Label": "x" * 41}
    assert_problem(shared_client.post(f"{game.url}/moves", json=body, headers=headers), 422, names="X-Device-Label")
    assert stored(shared_app) == before


def test_the_arbiter_and_a_viewer_read_as_spectators_and_record_nothing(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game, seats = seats_game(shared_client)
    arbiter = shared_client.post(f"{game.url}/tokens/arbiter", headers=game.auth).get_json()["token"]
    viewer = shared_client.post(f"{game.url}/tokens/viewers", json={}, headers=game.auth).get_json()["token"]
    body = shown_to(shared_client, game, seats["Ann"])["legal_actions"][0]["choices"][0]
    anonymous = shared_client.get(game.url).get_json()
    for token, role in ((arbiter, "arbiter"), (viewer, "viewer:")):
        shown = shown_to(shared_client, game, token)
        assert shown.pop("role").startswith(role) and anonymous["role"] is None  # the token's own role, and no more
        assert shown.pop("may_rule") is (role == "arbiter") and anonymous["may_rule"] is False  # the arbiter rules
        assert shown == {key: value for key, value in anonymous.items() if key not in ("role", "may_rule")}
        assert_problem(shared_client.post(f"{game.url}/moves", json=body, headers=bearer(token)), 403, "not-permitted")
