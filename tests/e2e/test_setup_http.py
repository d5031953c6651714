"""Setup mistakes fixed before the first move, games discarded, and phones paired to seats, over HTTP on each store:
what each does to the record, the listings, the tokens and the notation, and every refusal."""

from __future__ import annotations

import logging
import random
from datetime import UTC, datetime
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from service.setup import offer_pairing
from tests.e2e.helpers import Created, assert_problem, bearer, create, play
from tests.notation_games import without_digest


def amend(client: FlaskClient, game: Created, body: object, token: str | None = None) -> object:
    return client.patch(f"{game.url}/setup", json=body, headers=bearer(token or game.token))


def listed(client: FlaskClient, **query: str) -> list[str]:
    return [entry["id"] for entry in client.get("/games", query_string={"limit": 100, **query}).get_json()["items"]]


def test_a_renamed_player_and_a_changed_option_hold_everywhere_until_the_first_move(client: FlaskClient) -> None:
    game = create(client, players=("Ann", "Bobb", "Cy"), variant="royal", options={"stack": 50})
    bobb = client.post(f"{game.url}/tokens/seats/Bobb", headers=game.auth).get_json()["token"]
    answer = amend(client, game, {"rename": {"bobb": "Bob"}, "options": {"stack": 80}})
    assert answer.status_code == 200, answer.get_json()
    state = client.get(game.url).get_json()
    assert state["players"] == ["Ann", "Bob", "Cy"] and state["options"]["stack"] == 80
    ledger = state["state"]["ledger"]["balances"]
    assert ledger["player:Bob"] == 80 and "player:Bobb" not in ledger and sum(ledger.values()) == 0
    assert client.get(game.url, headers=bearer(bobb)).status_code == 200  # the seat token follows the new name
    assert client.post(f"{game.url}/tokens/seats/Bobb", headers=game.auth).status_code == 422
    assert game.id in listed(client, player="Bob") and game.id not in listed(client, player="Bobb")
    settled = client.get(f"{game.url}/settlement").get_json()
    assert {b["player"] for b in settled["balances"]} >= {"Bob"}
    exported = client.get(f"{game.url}/notation", headers=game.auth).get_data(as_text=True)
    assert '[Seat2 "Bob"]' in exported and "[Option.stack 80]" in exported
    again = client.post("/games/import", data=without_digest(exported).encode(),
                        content_type="application/vnd.meldbook.notation")
    assert again.status_code == 201, again.get_json()
    copy = client.get(f"/games/{again.get_json()['id']}").get_json()
    assert (copy["players"], copy["options"], copy["state"]) == (state["players"], state["options"], state["state"])

    play(client, game, random.Random(3), 1)
    closed = assert_problem(amend(client, game, {"rename": {"Bob": "Rob"}}), 409, "setup-closed")
    assert "first move" in closed["detail"]
    audited = client.get(f"{game.url}/audit").get_json()
    assert (audited["ok"], audited["discrepancies"]) == (True, [])
    assert client.post(f"{game.url}/discard", json={}, headers=game.auth).status_code == 200
    assert client.get(f"{game.url}/audit").get_json()["ok"] is True  # the amendment and the discarding derive


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        ({"rename": {"Zed": "Zack"}}, 422, "unknown-player", "rename.Zed"),
        ({"rename": {"Ann": "bob"}}, 422, "invalid-setup", "players"),
        ({"rename": {"Ann": ""}}, 422, "validation-error", None),
        ({"rename": {"Ann": "A\u0000"}}, 422, "validation-error", None),
        ({"options": {"packs": 3}}, 422, "invalid-setup", "options.packs"),
        ({"options": {"colour": "red"}}, 422, "invalid-setup", "options.colour"),
        ({"options": {"buy_in": -1}}, 422, "invalid-setup", "options.buy_in"),
        ({}, 422, "invalid-setup", "rename"),
        ({"rename": {"Ann": "Ann"}}, 422, "invalid-setup", "rename"),
        ({"rename": ["Ann"]}, 422, "validation-error", None),
        ([], 422, "validation-error", None),
    ],
)
def test_a_setup_amendment_that_cannot_hold_is_refused_and_changes_nothing(
    shared_client: FlaskClient, body: object, status: int, code: str, field: str | None
) -> None:
    game = create(shared_client, players=("Ann", "Bob"))
    before = shared_client.get(game.url).get_json()
    problem = assert_problem(amend(shared_client, game, body), status, code)
    if field is not None:
        assert problem.get("field") == field, problem
    assert shared_client.get(game.url).get_json() == before


def test_only_the_recorder_amends_discards_or_offers_a_code(shared_client: FlaskClient) -> None:
    game = create(shared_client, players=("Ann", "Bob"))
    seat = shared_client.post(f"{game.url}/tokens/seats/Ann", headers=game.auth).get_json()["token"]
    for method, path, body in (
        ("patch", "setup", {"rename": {"Ann": "Anne"}}),
        ("post", "discard", {}),
        ("post", "pairings", {"player": "Bob"}),
    ):
        assert_problem(getattr(shared_client, method)(f"{game.url}/{path}", json=body), 401, "missing-token")
        assert_problem(getattr(shared_client, method)(f"{game.url}/{path}", json=body, headers=bearer(seat)), 403)


def test_a_discarded_game_leaves_the_listings_takes_no_write_and_still_reads(client: FlaskClient) -> None:
    game = create(client, players=("Ann", "Bob"))
    kept = create(client, players=("Ann", "Bob"))
    assert_problem(client.post(f"{game.url}/discard", json={"reason": "x" * 201}, headers=game.auth), 422)
    answer = client.post(f"{game.url}/discard", json={"reason": "created twice"}, headers=game.auth)
    assert answer.status_code == 200, answer.get_json()
    assert game.id not in listed(client) and kept.id in listed(client)
    assert game.id not in listed(client, player="Ann")
    shown = client.get(game.url, headers=game.auth).get_json()
    assert shown["discarded"]["reason"] == "created twice" and shown["legal_actions"] == []
    assert client.get(f"{game.url}/events").status_code == 200
    version = shown["version"]
    for method, path, body in (
        ("post", "moves", {"type": "cut", "player": "Ann", "expected_version": version}),
        ("post", "discard", {}),
        ("patch", "setup", {"rename": {"Ann": "Anne"}}),
        ("post", "pairings", {"player": "Ann"}),
        ("post", "tokens/seats/Ann", None),
        ("post", "tokens/recorder", None),
        ("post", "annotations", {"target": "game", "comment": "late"}),
    ):
        refused = getattr(client, method)(f"{game.url}/{path}", json=body, headers=game.auth)
        assert_problem(refused, 409, "game-discarded")
    assert client.get(game.url).get_json()["version"] == version
    assert_problem(client.get(f"{game.url}/notation", headers=game.auth), 409, "notation-discarded")


def test_a_pairing_code_gives_a_phone_the_seat_once_without_moving_the_game(shared_client: FlaskClient) -> None:
    game = create(shared_client, players=("Ann", "Bob"), recording="seats")
    old = shared_client.post(f"{game.url}/tokens/seats/Bob", headers=game.auth).get_json()["token"]
    version = shared_client.get(game.url).get_json()["version"]
    offered = shared_client.post(f"{game.url}/pairings", json={"player": "bob"}, headers=game.auth)
    assert offered.status_code == 201 and offered.headers["Cache-Control"] == "no-store"
    body = offered.get_json()
    assert body["player"] == "Bob" and len(body["code"]) == 9 and body["code"][4] == "-"
    assert body["url"].endswith(f"/pair#{body['code'].replace('-', '')}") and body["qr"].startswith("data:image/svg")
    redeemed = shared_client.post("/pairings/redeem", json={"code": body["code"].lower().replace("-", " ")})
    assert redeemed.status_code == 201, redeemed.get_json()
    seat = redeemed.get_json()
    assert (seat["game"], seat["player"], seat["view"]) == (game.id, "Bob", f"/games/{game.id}/record")
    shown = shared_client.get(game.url, headers=bearer(seat["token"])).get_json()
    assert shown["legal_actions"] is not None
    revoked = shared_client.get(game.url, headers=bearer(old))
    assert_problem(revoked, 403, "invalid-token")  # the previous one is revoked
    assert_problem(shared_client.post("/pairings/redeem", json={"code": body["code"]}), 409, "pairing-code-used")
    assert shared_client.get(game.url).get_json()["version"] == version


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"code": "AAAA-AAAA"}, 422, "pairing-code-invalid"),  # well formed, never offered
        ({"code": "0000-0000"}, 422, "pairing-code-invalid"),  # not of the alphabet
        ({"code": "AAAA"}, 422, "pairing-code-invalid"),
        ({"code": ""}, 422, "validation-error"),
        ({"code": 12345678}, 422, "validation-error"),
        ({}, 422, "validation-error"),
        (["AAAA-AAAA"], 422, "validation-error"),
    ],
)
def test_a_code_that_opens_nothing_is_refused(shared_client: FlaskClient, body: object, status: int, code: str) -> None:
    assert_problem(shared_client.post("/pairings/redeem", json=body), status, code)


def test_an_expired_code_and_a_code_for_nobody_are_refused(shared_app: Flask, shared_client: FlaskClient) -> None:
    game = create(shared_client, players=("Ann", "Bob"))
    nobody = shared_client.post(f"{game.url}/pairings", json={"player": "Zed"}, headers=game.auth)
    assert_problem(nobody, 422, "unknown-player")
    old = offer_pairing(shared_app.extensions["meldbook"], UUID(game.id), "Ann", now=datetime(2020, 1, 1, tzinfo=UTC))
    assert_problem(shared_client.post("/pairings/redeem", json={"code": old["code"]}), 410, "pairing-code-expired")


def test_a_pairing_code_follows_its_seat_through_a_rename_and_dies_with_a_discarded_game(
    shared_client: FlaskClient
) -> None:
    game = create(shared_client, players=("Ann", "Bobb"))
    first = shared_client.post(f"{game.url}/pairings", json={"player": "Bobb"}, headers=game.auth).get_json()["code"]
    second = shared_client.post(f"{game.url}/pairings", json={"player": "Ann"}, headers=game.auth).get_json()["code"]
    assert amend(shared_client, game, {"rename": {"Bobb": "Bob"}}).status_code == 200
    assert shared_client.post("/pairings/redeem", json={"code": first}).get_json()["player"] == "Bob"
    assert shared_client.post(f"{game.url}/discard", json={}, headers=game.auth).status_code == 200
    assert_problem(shared_client.post("/pairings/redeem", json={"code": second}), 409, "game-discarded")


def test_redeeming_is_rate_limited_and_no_code_reaches_the_log(
    monkeypatch: pytest.MonkeyPatch, sqlite_env: dict[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("MELDBOOK_RATE_LIMIT_PAIR", "3/minute")
    app = create_app(env=sqlite_env)
    try:
        client = app.test_client()
        game = create(client, players=("Ann", "Bob"))
        code = client.post(f"{game.url}/pairings", json={"player": "Ann"}, headers=game.auth).get_json()["code"]
        with caplog.at_level(logging.DEBUG):
            for _ in range(2):
                assert_problem(client.post("/pairings/redeem", json={"code": "AAAA-AAAA"}), 422)
            token = client.post("/pairings/redeem", json={"code": code}).get_json()["token"]
            refused = client.post("/pairings/redeem", json={"code": code})
        assert_problem(refused, 429, "rate-limited")
        assert int(refused.headers["Retry-After"]) >= 1
        logged = "\n".join(record.getMessage() for record in caplog.records)
        assert "/pairings/redeem" in logged
        assert code not in logged and code.replace("-", "") not in logged and token not in logged
    finally:
        app.extensions["meldbook"].close()
