"""Disputes through HTTP: opened by a seat or the recorder, evidence attached, ruled on by the arbiter (or the
recorder where none was issued) and closed; hidden from other seats and spectators while their hand is in
progress; refusals with their problem codes, storing nothing."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, assert_problem, bearer, create, legal_actions, play, stored
from tests.e2e.test_annotations import next_hand_began

PLAYERS = ("Ann", "Bob", "Cy")


def issue(client: FlaskClient, game: Created, path: str, body: Any = None) -> dict[str, str]:
    response = client.post(f"{game.url}/tokens/{path}", json=body, headers=game.auth)
    assert response.status_code == 201, response.get_json()
    return bearer(response.get_json()["token"])


def disputes(client: FlaskClient, game: Created, headers: dict[str, str], **query: Any) -> list[dict[str, Any]]:
    response = client.get(f"{game.url}/disputes", headers=headers, query_string=query)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["total"] == len(body["items"])
    items: list[dict[str, Any]] = body["items"]
    return items


def post(client: FlaskClient, url: str, body: Any, headers: dict[str, str], status: int = 201) -> dict[str, Any]:
    response = client.post(url, json=body, headers=headers)
    assert response.status_code == status, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def test_a_dispute_goes_from_its_claim_through_evidence_to_the_arbiters_ruling_and_never_moves_the_game(
    shared_client: FlaskClient,
) -> None:
    game = create(shared_client, players=PLAYERS)
    ann, arbiter = issue(shared_client, game, "seats/Ann"), issue(shared_client, game, "arbiter")
    play(shared_client, game, random.Random(3), 12)
    version = shared_client.get(game.url).get_json()["version"]
    url = f"{game.url}/disputes"
    opened = post(shared_client, url, {"target": "event", "at": 6, "claim": "that cut was mine", "figure": 7}, ann)
    assert {k: opened[k] for k in ("id", "target", "at", "claim", "figure", "opened_by", "status", "ruling")} == {
        "id": 1, "target": "event", "at": 6, "claim": "that cut was mine", "figure": 7, "opened_by": "seat:Ann",
        "status": "open", "ruling": None,
    }
    assert opened["written_at"] == version and opened["hand"] == 1 and opened["move"] >= 1
    note = post(shared_client, f"{game.url}/annotations", {"target": "event", "at": 6, "comment": "see the cut"}, ann)
    evidence = [{"event": 5, "note": "the cut before"}, {"annotation": note["id"]}, {"replay": {"hand": 1, "at": 2}}]
    for body in evidence:
        post(shared_client, f"{url}/1/evidence", body, ann)
    recorder_rules = shared_client.post(f"{url}/1/ruling", json={"ruling": "upheld"}, headers=game.auth)
    assert_problem(recorder_rules, 403, "not-permitted", "arbiter")  # an arbiter was issued: he rules
    correction = {"type": "correct_cut", "at": 6, "player": "Ann"}
    ruled = post(shared_client, f"{url}/1/ruling", {"ruling": "upheld: Ann cut", "correction": correction}, arbiter)
    assert ruled["status"] == "closed"
    assert ruled["ruling"] == {**ruled["ruling"], "text": "upheld: Ann cut", "correction": correction, "by": "arbiter"}
    assert ruled["ruling"]["correction_applied"] is False
    assert [(e["kind"], e["ref"], e["at"]) for e in ruled["evidence"]] == [
        ("event", {"event": 5}, 5), ("annotation", {"annotation": note["id"]}, 6),
        ("replay", {"replay": {"hand": 1, "at": 2}}, ruled["evidence"][2]["at"]),
    ]
    assert [step["step"] for step in ruled["history"]] == ["opened", "evidence", "evidence", "evidence", "ruled"]
    assert disputes(shared_client, game, game.auth) == disputes(shared_client, game, game.auth, hand=1) == [ruled]
    assert disputes(shared_client, game, game.auth, hand=2) == []
    closed = shared_client.post(f"{url}/1/evidence", json={"event": 4}, headers=ann)
    assert_problem(closed, 409, "dispute-closed")
    again = shared_client.post(f"{url}/1/ruling", json={"ruling": "again"}, headers=arbiter)
    assert_problem(again, 409, "dispute-closed")
    assert shared_client.get(game.url).get_json()["version"] == version
    chains = shared_client.get(f"{game.url}/verify").get_json()
    assert chains["ok"] and chains["streams"]["disputes"]["length"] == 6, chains


def test_without_an_arbiter_the_recorder_rules_and_a_correction_the_record_refuses_stores_nothing(
    sqlite_app: Flask, sqlite_client: FlaskClient
) -> None:
    client = sqlite_client
    game = create(client, players=PLAYERS)
    url = f"{game.url}/disputes"
    post(client, url, {"target": "hand", "claim": "the score of this hand"}, game.auth)
    before = stored(sqlite_app)
    nothing = {"ruling": "corrected", "apply_correction": True}
    refused = client.post(f"{url}/1/ruling", json=nothing, headers=game.auth)
    assert_problem(refused, 422, "validation-error", "correction")
    unknown = {**nothing, "correction": {"kind": "correct_hand", "reason": "miscounted"}}
    assert_problem(client.post(f"{url}/1/ruling", json=unknown, headers=game.auth), 422)
    shuffled = {**nothing, "correction": {"kind": "void", "from_move": 1, "reason": "wrong"}}
    assert_problem(client.post(f"{url}/1/ruling", json=shuffled, headers=game.auth), 422)
    assert stored(sqlite_app) == before
    ruled = post(client, f"{url}/1/ruling", {"ruling": "corrected", "correction": {"type": "correct_hand"}}, game.auth)
    assert ruled["status"] == "closed" and ruled["ruling"]["by"] == "recorder"
    assert ruled["ruling"]["correction_applied"] is False and ruled["ruling"]["corrected_at"] is None


def test_bad_dispute_bodies_are_refused_naming_the_field_and_store_nothing(
    sqlite_app: Flask, sqlite_client: FlaskClient
) -> None:
    client = sqlite_client
    game = create(client, players=PLAYERS)
    url = f"{game.url}/disputes"
    post(client, url, {"target": "event", "claim": "a claim"}, game.auth)
    before = stored(sqlite_app)
    refused = [
        (url, {"target": "move", "claim": "x"}, 422, "target"),
        (url, {"target": "event", "claim": ""}, 422, "claim"),
        (url, {"target": "event", "claim": "bell\x07"}, 422, "claim"),
        (url, {"target": "event", "claim": "x", "at": 999}, 422, "at"),
        (url, {"target": "event", "claim": "x", "figure": 2.5}, 422, "figure"),
        (url, {"target": "event", "claim": "x", "figure": "7"}, 422, "figure"),
        (url, ["not", "an", "object"], 422, None),
        (f"{url}/1/evidence", {"note": "nothing given"}, 422, "event"),
        (f"{url}/1/evidence", {"event": 1, "annotation": 1}, 422, "event"),
        (f"{url}/1/evidence", {"event": 999}, 422, "event"),
        (f"{url}/1/evidence", {"annotation": 3}, 422, "annotation"),
        (f"{url}/1/evidence", {"replay": {"hand": 7, "at": 1}}, 422, "replay"),
        (f"{url}/1/evidence", {"replay": {"hand": 1}}, 422, None),
        (f"{url}/2/evidence", {"event": 1}, 404, "dispute-not-found"),
        (f"{url}/1/ruling", {"ruling": ""}, 422, "ruling"),
        (f"{url}/1/ruling", {"ruling": "x", "correction": "fix it"}, 422, "correction"),
        (f"{url}/1/ruling", {"ruling": "x", "correction": {"n": "9" * 5000}}, 422, "correction"),
        (f"{url}/2/ruling", {"ruling": "x"}, 404, "dispute-not-found"),
    ]
    for path, body, status, names in refused:
        assert_problem(client.post(path, json=body, headers=game.auth), status, names=names)
    assert stored(sqlite_app) == before


def test_a_claim_on_a_hand_in_progress_is_hidden_from_other_seats_and_spectators_until_the_hand_ends(
    shared_client: FlaskClient,
) -> None:
    game = create(shared_client, players=PLAYERS)
    callers = {
        "seat:Ann": issue(shared_client, game, "seats/Ann"),
        "seat:Bob": issue(shared_client, game, "seats/Bob"),
        "viewer": issue(shared_client, game, "viewers", {"label": "club"}),
        "arbiter": issue(shared_client, game, "arbiter"),
        "anonymous": {},
        "recorder": game.auth,
    }
    rng = random.Random(11)
    play(shared_client, game, rng, 8)  # the first hand is dealt and played on
    url = f"{game.url}/disputes"
    claim = post(shared_client, url, {"target": "hand", "claim": "I held the 7H", "figure": 7}, callers["seat:Ann"])
    post(shared_client, f"{url}/1/evidence", {"event": claim["at"], "note": "my hand had the 7H"}, callers["seat:Ann"])
    shown = {name: disputes(shared_client, game, headers) for name, headers in callers.items()}
    for name in ("seat:Bob", "viewer", "anonymous"):
        assert shown[name] == [], name
        assert "7H" not in shared_client.get(url, headers=callers[name]).get_data(as_text=True)
    for name in ("seat:Ann", "recorder", "arbiter"):  # its author, the full view, and the arbiter who judges
        assert [d["claim"] for d in shown[name]] == ["I held the 7H"], name
    hidden = shared_client.post(f"{url}/1/evidence", json={"event": 1}, headers=callers["seat:Bob"])
    assert_problem(hidden, 404, "dispute-not-found")  # not there, to him, until the hand ends
    while True:
        version = legal_actions(shared_client, game)[0]
        assert play(shared_client, game, rng, 1) == 1
        if next_hand_began(shared_client, game, after=version):
            break
    for name, headers in callers.items():
        (seen,) = disputes(shared_client, game, headers)
        assert seen["claim"] == "I held the 7H" and seen["evidence"][0]["note"] == "my hand had the 7H", name


def test_in_a_game_recorded_by_seats_the_recorder_without_an_arbiter_rules_only_once_the_hand_has_ended(
    sqlite_app: Flask, sqlite_client: FlaskClient
) -> None:
    client = sqlite_client
    game = create(client, players=PLAYERS, recording="seats")
    ann = issue(client, game, "seats/Ann")
    post(client, f"{game.url}/disputes", {"target": "hand", "claim": "I hold the 7H"}, ann)
    assert disputes(client, game, game.auth) == []  # the recorder does not see the seats' cards mid-hand
    before = stored(sqlite_app)
    early = client.post(f"{game.url}/disputes/1/ruling", json={"ruling": "dismissed"}, headers=game.auth)
    assert_problem(early, 404, "dispute-not-found")
    assert stored(sqlite_app) == before
