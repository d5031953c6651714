"""Confirmed hands: each seat confirms a scored hand's result, kept with the record's digest there, in a stream of
its own (the game's version never moves); the list says whether each still matches; every refusal stores nothing."""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient

from domain.beside.confirmations import confirmations_id
from tests.e2e.helpers import Created, assert_problem, bearer, create, legal_actions, pick_body, stored
from tests.integration.test_hash_chain import raw_state, write_state
from tests.unit.corrections.test_roby_past_hand import AMEND, second_deal, two_hands

PLAYERS = ("Ann", "Bob", "Cy")
HAND_ENDERS = {"WentOut", "HandEnded", "HandBlocked", "HandVoided"}


def play_until_a_hand_is_scored(client: FlaskClient, game: Created, seed: int = 3) -> int:
    """Post listed moves until the first hand has ended; the version of the last event of that move."""
    rng = random.Random(seed)
    for _ in range(600):
        _, legal, over = legal_actions(client, game)
        assert not over
        response = client.post(f"{game.url}/moves", json=pick_body(legal, rng), headers=game.auth)
        assert response.status_code == 201, response.get_json()
        answered = response.get_json()
        if {event["type"] for event in answered["events"]} & HAND_ENDERS:
            return int(answered["version"])
    raise AssertionError("no hand ended in 600 moves")


def seat(client: FlaskClient, game: Created, player: str) -> dict[str, str]:
    response = client.post(f"{game.url}/tokens/seats/{player}", headers=game.auth)
    assert response.status_code == 201
    return bearer(response.get_json()["token"])


def confirm(client: FlaskClient, game: Created, hand: int, headers: dict[str, str], body: Any = None) -> Any:
    return client.post(f"{game.url}/hands/{hand}/confirmations", json={} if body is None else body, headers=headers)


def test_a_seat_confirms_a_scored_hand_with_the_records_digest_there_and_the_version_does_not_move(
    shared_client: FlaskClient,
) -> None:
    client = shared_client
    game = create(client, players=PLAYERS)
    at = play_until_a_hand_is_scored(client, game)
    ann = seat(client, game, "Ann")
    before = client.get(game.url).get_json()
    digest = client.get(f"{game.url}/verify").get_json()["streams"]["game"]["head"]
    response = confirm(client, game, 1, ann, {"digest": before["digest"]})
    assert response.status_code == 201, response.get_json()
    shown = response.get_json()
    assert {k: shown[k] for k in ("hand", "player", "at", "recorded_by")} == {
        "hand": 1, "player": "Ann", "at": at, "recorded_by": "seat:Ann"
    }
    assert before["version"] == at and shown["digest"] == before["digest"] == digest
    assert shown["confirmed_at"][:4].isdigit()
    after = client.get(game.url).get_json()
    assert after["version"] == before["version"] and after["confirmations"] == {"1": {"Ann": at}}
    listed = client.get(f"{game.url}/confirmations").get_json()
    assert listed["total"] == 1 and listed["items"][0] == {**shown, "matches": True}
    assert listed["scored"] == {"1": at}  # the hand in play after it is not scored yet
    assert before["role"] is None and client.get(game.url, headers=game.auth).get_json()["role"] == "recorder"
    assert client.get(game.url, headers=ann).get_json()["role"] == "seat:Ann"
    verified = client.get(f"{game.url}/verify").get_json()
    assert verified["ok"] and verified["streams"]["confirmations"]["length"] == 2


def test_the_recorder_confirms_for_a_seat_without_a_device_only(shared_client: FlaskClient) -> None:
    client = shared_client
    game = create(client, players=PLAYERS)
    play_until_a_hand_is_scored(client, game)
    assert_problem(confirm(client, game, 1, game.auth, {"player": "Bob"}), 403, "not-permitted", "player")
    assert client.put(f"{game.url}/seats/Bob", json={"device": False}, headers=game.auth).status_code == 200
    response = confirm(client, game, 1, game.auth, {"player": "Bob"})
    assert response.status_code == 201, response.get_json()
    assert (response.get_json()["player"], response.get_json()["recorded_by"]) == ("Bob", "recorder")
    assert_problem(confirm(client, game, 1, game.auth), 422, "validation-error", "player")
    assert_problem(confirm(client, game, 1, game.auth, {"player": "Zed"}), 422, "unknown-player", "player")


def test_every_refusal_is_a_problem_and_stores_nothing(shared_app: Flask, shared_client: FlaskClient) -> None:
    client = shared_client
    game = create(client, players=PLAYERS)
    ann = seat(client, game, "Ann")
    viewer = client.post(f"{game.url}/tokens/viewers", json={"label": "club"}, headers=game.auth).get_json()["token"]
    arbiter = client.post(f"{game.url}/tokens/arbiter", headers=game.auth).get_json()["token"]
    before = stored(shared_app)
    assert_problem(confirm(client, game, 1, ann), 409, "hand-not-scored", "hand")
    play_until_a_hand_is_scored(client, game)
    before = stored(shared_app)
    refusals = [
        (confirm(client, game, 9, ann), 404, "hand-not-found"),
        (confirm(client, game, 0, ann), 404, "hand-not-found"),
        (confirm(client, game, 1, ann, {"player": "Bob"}), 403, "not-permitted"),
        (confirm(client, game, 1, bearer(viewer)), 403, "not-permitted"),
        (confirm(client, game, 1, bearer(arbiter)), 403, "not-permitted"),
        (confirm(client, game, 1, {}), 401, "missing-token"),
        (confirm(client, game, 1, ann, {"digest": "ab" * 32}), 409, "confirmation.digest-differs"),
        (confirm(client, game, 1, ann, {"digest": "not hex"}), 422, "validation-error"),
        (confirm(client, game, 1, ann, {"colour": "red"}), 422, "validation-error"),
        (confirm(client, game, 1, ann, ["a list"]), 422, None),
    ]
    for response, status, code in refusals:
        assert_problem(response, status, code)
    assert stored(shared_app) == before
    assert confirm(client, game, 1, ann).status_code == 201
    before = stored(shared_app)
    assert_problem(confirm(client, game, 1, ann), 409, "hand-already-confirmed", "player")
    assert stored(shared_app) == before


def test_a_private_games_confirmations_answer_only_its_tokens(shared_client: FlaskClient) -> None:
    client = shared_client
    game = create(client, players=PLAYERS, access="private")
    assert_problem(client.get(f"{game.url}/confirmations"), 404, "game-not-found")
    assert client.get(f"{game.url}/confirmations", headers=game.auth).get_json() == {
        "items": [], "total": 0, "scored": {}
    }


def test_a_correction_of_the_hand_makes_its_confirmation_no_longer_match(shared_client: FlaskClient) -> None:
    client = shared_client
    game = create(client, players=PLAYERS)
    at = play_until_a_hand_is_scored(client, game)
    ann = seat(client, game, "Ann")
    assert confirm(client, game, 1, ann).status_code == 201
    shown = client.get(game.url, headers=game.auth).get_json()
    void = next(entry for entry in shown["table_actions"] if entry["type"] == "void")
    going_out = max(void["moves"])
    response = client.post(
        f"{game.url}/corrections",
        json={"kind": "void", "from_move": going_out, "reason": "wrong card", "expected_version": shown["version"]},
        headers=game.auth,
    )
    assert response.status_code == 201, response.get_json()
    listed = client.get(f"{game.url}/confirmations").get_json()["items"]
    assert [(item["at"], item["matches"]) for item in listed] == [(at, False)]
    assert_problem(confirm(client, game, 1, ann), 409, "hand-not-scored")


def test_the_confirmations_are_chained_and_an_edit_underneath_the_api_is_named_and_unmatches(
    app: Flask, client: FlaskClient, store_env: dict[str, str]
) -> None:
    game = create(client, players=PLAYERS)
    at = play_until_a_hand_is_scored(client, game)
    assert confirm(client, game, 1, seat(client, game, "Ann")).status_code == 201
    meldbook, game_id = app.extensions["meldbook"], UUID(game.id)
    stream = confirmations_id(game_id)
    write_state(meldbook, store_env, stream, 2, {**raw_state(meldbook, stream, 2), "player": "Bob"})
    verified = client.get(f"{game.url}/verify").get_json()
    assert not verified["ok"] and verified["streams"]["game"]["ok"]
    assert verified["streams"]["confirmations"]["broken"]["version"] == 2
    write_state(meldbook, store_env, game_id, at, {**raw_state(meldbook, game_id, at), "tampered": True})
    # the confirmed hand's own event edited: the record no longer holds what was confirmed, and says where
    damaged = assert_problem(client.get(f"{game.url}/confirmations"), 409, "record-damaged")
    assert (damaged["version"], damaged["damage"]) == (at, "edited")
    assert client.get(f"{game.url}/verify").get_json()["streams"]["game"]["broken"]["version"] == at


def test_an_amendment_of_a_confirmed_hand_moves_its_result_and_the_player_confirms_it_again(
    shared_client: FlaskClient,
) -> None:
    client, players = shared_client, ("ann", "bob", "cy")
    table = two_hands(*players)
    game = create(client, players, deal_mode="recorded")
    version = game.version
    for envelope in table.events("MoveRecorded"):
        response = client.post(
            f"{game.url}/moves", json={**envelope.action, "expected_version": version}, headers=game.auth
        )
        assert response.status_code == 201, response.get_json()
        version = response.get_json()["version"]
    cy = seat(client, game, "cy")
    first = confirm(client, game, 2, cy).get_json()
    assert first["at"] == version  # the game's last move scored hand 2 and paid the pot
    correction = {**AMEND, "kind": "amend", "move": second_deal(table), "reason": "cy held the 7S"}
    del correction["type"]
    response = client.post(
        f"{game.url}/corrections", json={**correction, "expected_version": version}, headers=game.auth
    )
    assert response.status_code == 201, response.get_json()
    corrected = client.get(game.url).get_json()
    assert [i["matches"] for i in client.get(f"{game.url}/confirmations").get_json()["items"]] == [False]
    again = confirm(client, game, 2, cy, {"digest": corrected["digest"]})
    assert again.status_code == 201, again.get_json()
    assert again.get_json()["at"] == corrected["version"] > first["at"]
    listed = client.get(f"{game.url}/confirmations").get_json()["items"]
    assert [(i["at"], i["matches"]) for i in listed] == [(first["at"], False), (corrected["version"], True)]
    assert client.get(game.url).get_json()["confirmations"] == {"2": {"cy": corrected["version"]}}
