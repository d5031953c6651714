"""Irregularities over HTTP, on SQLite and PostgreSQL: a misdeal, an exposed card and an abandoned game are listed
among the recorder's table actions, recorded as events and settled as their rulings say; a wrong card named in a
draw is amended through the listed correction; the audit records an abandoned game's moves again and finds it
sound; every bad input is refused with a problem naming it, nothing stored."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, all_events, assert_problem, bearer, create, footprint, own_events

PLAYERS = ("ann", "bob", "cy")
DEALT = {
    "ann": ["4H", "5H", "6H", "7H", "KC", "KD", "KS", "QS", "QH", "QC"],
    "bob": ["7C", "7D", "7S", "8C", "9C", "10C", "JH", "JD", "9S", "10S"],
    "cy": ["5C", "5D", "5S", "6C", "6D", "6S", "8D", "8H", "8S", "9D"],
}


def shown(client: FlaskClient, game: Created, headers: dict[str, str] | None = None) -> dict[str, Any]:
    response = client.get(game.url, headers=game.auth if headers is None else headers)
    assert response.status_code == 200
    body: dict[str, Any] = response.get_json()
    return body


def table_actions(client: FlaskClient, game: Created) -> dict[str, dict[str, Any]]:
    """The recorder's table actions, by type."""
    return {entry["type"]: entry for entry in shown(client, game)["table_actions"]}


def move(client: FlaskClient, game: Created, body: dict[str, Any], token: str | None = None) -> Any:
    """POST a move at the game's current version (unless the body names one)."""
    version = shown(client, game, {})["version"]
    return client.post(
        f"{game.url}/moves", json={"expected_version": version, **body}, headers=bearer(token or game.token)
    )


def recorded_roby(client: FlaskClient, **options: Any) -> Created:
    """A recorded Roby game dealt by cy: ann is to draw."""
    game = create(client, PLAYERS, deal_mode="recorded", options=options)
    for player, card in zip(PLAYERS, ["2C", "3C", "KH"], strict=True):
        assert move(client, game, {"type": "cut", "player": player, "card": card}).status_code == 201
    response = move(client, game, {"type": "deal", "player": "cy", "hands": DEALT, "upcard": "QD"})
    assert response.status_code == 201, response.get_json()
    return game


def test_a_misdeal_is_listed_recorded_and_the_same_dealer_deals_again(shared_client: FlaskClient) -> None:
    client = shared_client
    game = recorded_roby(client)
    misdeal = table_actions(client, game)["misdeal"]
    assert misdeal["confirm"] == ["confirm"] and "same dealer deals again" in misdeal["summary"]
    body = next(c for c in misdeal["choices"] if c["reason"] == "card_exposed")
    response = client.post(f"{game.url}/moves", json=body, headers=game.auth)
    assert response.status_code == 201, response.get_json()
    [declared] = own_events(response.get_json()["events"], body)
    assert declared["type"] == "MisdealDeclared" and declared["data"] == {"dealer": "cy", "reason": "card_exposed"}
    now = shown(client, game)
    assert now["state"]["phase"] == "deal" and now["to_move"] == ["cy"]
    assert [entry["type"] for entry in now["legal_actions"]] == ["deal", "hand_result"]
    assert "misdeal" not in table_actions(client, game)
    settled = client.get(f"{game.url}/settlement").get_json()
    assert {entry["rule"]["id"] for entry in settled["entries"]} == {"roby.stakes.buy-in"}
    again = move(client, game, {"type": "deal", "player": "cy", "hands": DEALT, "upcard": "JC"})
    assert again.status_code == 201 and shown(client, game)["to_move"] == ["ann"]


def test_an_exposed_card_is_recorded_and_a_spectator_sees_it_but_not_the_rest_of_the_hand(
    shared_client: FlaskClient,
) -> None:
    client = shared_client
    game = recorded_roby(client)
    expose = table_actions(client, game)["expose_card"]
    assert expose["template"]["holder"] == "<text>" and expose["examples"]
    response = move(client, game, {"type": "expose_card", "holder": "bob", "card": "JH"})
    assert response.status_code == 201, response.get_json()
    spectator = shown(client, game, {})
    assert spectator["state"]["exposed"] == [{"player": "bob", "card": "JH"}]
    assert spectator["state"]["hands"]["bob"] == {"count": 10, "secret": True}
    event = all_events(client, game.url)[-1]
    assert event["type"] == "CardExposed" and event["data"] == {"player": "bob", "card": "JH"}
    assert "JH" in shown(client, game)["state"]["hands"]["bob"]["cards"]


@pytest.mark.parametrize(
    ("variant", "players", "options", "rules"),
    [
        ("roby", PLAYERS, {"buy_in": 100}, {"roby.abandon.pot-shared"}),
        ("roby", PLAYERS, {"buy_in": 100, "abandon": "buy_ins_returned"}, {"roby.abandon.buy-in-returned"}),
        ("robins", ("ann", "bob"), {}, set()),
        ("royal", PLAYERS, {}, {"royal.end.to-banker"}),
    ],
)
def test_an_abandoned_game_is_settled_as_its_option_says_each_movement_traced_to_the_abandon(
    shared_client: FlaskClient, variant: str, players: tuple[str, ...], options: dict[str, Any], rules: set[str]
) -> None:
    client = shared_client
    game = create(client, players, variant=variant, options=options)
    for _ in range(len(players) + 2):
        legal = shown(client, game)["legal_actions"]
        assert move(client, game, legal[0]["choices"][0]).status_code == 201
    [abandon] = table_actions(client, game)["abandon"]["choices"]
    response = client.post(f"{game.url}/moves", json=abandon, headers=game.auth)
    assert response.status_code == 201, response.get_json()
    envelope, ended, *_ = response.get_json()["events"]
    assert ended["type"] == ("GameEnded" if variant == "royal" else "GameAbandoned")
    assert shown(client, game)["over"]
    settled = client.get(f"{game.url}/settlement").get_json()
    late = [e for e in settled["entries"] if e["version"] > ended["version"]]
    assert {e["rule"]["id"] for e in late} == rules
    assert all(e["move"] == envelope["move"] and "abandoned" in e["action"] for e in late), late
    assert all(check["held"] for check in settled["conservation"]), settled["conservation"]
    pot = [b["total"] for b in settled["balances"] if b["account"] == "pot" and b["unit"] in ("money", "chips")]
    assert pot in ([0], [])
    audited = client.get(f"{game.url}/audit", headers=game.auth).get_json()
    assert audited["ok"] is True, audited


def test_a_wrong_card_named_in_a_draw_is_amended_through_the_listed_table_action(shared_client: FlaskClient) -> None:
    client = shared_client
    game = recorded_roby(client)
    assert move(client, game, {"type": "draw", "player": "ann", "source": "stock", "card": "2D"}).status_code == 201
    amend = table_actions(client, game)["amend"]
    assert amend["route"] == "POST /games/{id}/corrections" and 5 in amend["moves"]
    body = {"kind": "amend", "move": 5, "card": "2D", "replacement": "3D", "reason": "the recorder misread the card",
            "expected_version": amend["template"]["expected_version"]}
    response = client.post(f"{game.url}/corrections", json=body, headers=game.auth)
    assert response.status_code == 201, response.get_json()
    hand = shown(client, game)["state"]["hands"]["ann"]["cards"]
    assert "3D" in hand and "2D" not in hand


@pytest.mark.parametrize(
    ("body", "status", "code", "names"),
    [
        ({"type": "misdeal", "reason": "wrong_count"}, 422, "invalid-action", "confirm"),
        ({"type": "misdeal", "reason": "dropped", "confirm": True}, 422, "invalid-action", "reason"),
        ({"type": "misdeal", "player": "cy", "reason": "other", "confirm": True}, 422, "invalid-action", "player"),
        ({"type": "expose_card", "holder": "bob", "card": "ZZ"}, 422, "unknown-card", "card"),
        ({"type": "expose_card", "holder": "zed", "card": "JH"}, 422, "invalid-action", "holder"),
        ({"type": "expose_card", "holder": "bob", "card": "4H"}, 422, "irregularity.not-in-hand", None),
        ({"type": "draw_out_of_turn", "drawer": "ann", "card": "2D"}, 422, "irregularity.on-turn", None),
        ({"type": "draw_out_of_turn", "drawer": "bob", "card": "4H"}, 422, "irregularity.not-in-stock", None),
        ({"type": "draw_out_of_turn", "drawer": "bob"}, 422, "invalid-action", "card"),
        ({"type": "abandon"}, 422, "invalid-action", "confirm"),
        ({"type": "call_off", "confirm": "yes"}, 422, "invalid-action", "confirm"),
    ],
)
def test_each_bad_irregularity_is_refused_naming_it_and_stores_nothing(
    shared_client: FlaskClient, body: dict[str, Any], status: int, code: str, names: str | None
) -> None:
    client = shared_client
    game = recorded_roby(client)
    before = footprint(client, game)
    assert_problem(move(client, game, body), status, code, names)
    assert footprint(client, game) == before


def test_an_irregularity_out_of_its_phase_or_from_a_role_that_does_not_record_is_refused(
    shared_client: FlaskClient,
) -> None:
    client = shared_client
    game = create(client, PLAYERS, deal_mode="recorded")
    before = footprint(client, game)
    body = {"type": "misdeal", "reason": "wrong_count", "confirm": True}
    assert_problem(move(client, game, body), 422, "irregularity.misdeal-too-late")
    assert_problem(move(client, game, {"type": "call_off", "confirm": True}), 422, "wrong-phase")
    seat = client.post(f"{game.url}/tokens/seats/ann", headers=game.auth).get_json()["token"]
    viewer = client.post(f"{game.url}/tokens/viewers", json={}, headers=game.auth).get_json()["token"]
    for token in (seat, viewer):
        assert_problem(move(client, game, {"type": "abandon", "confirm": True}, token), 403, "not-permitted")
    response = client.post(f"{game.url}/moves", json={"type": "abandon", "confirm": True, "expected_version": 4})
    assert_problem(response, 401, "missing-token")
    assert footprint(client, game) == before
    assert move(client, game, {"type": "abandon", "confirm": True}).status_code == 201
    assert_problem(move(client, game, {"type": "abandon", "confirm": True}), 422, "wrong-phase")
