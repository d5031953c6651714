"""POST /games/{id}/corrections over HTTP, on SQLite and PostgreSQL: a void in every variant (the state is the
other moves', the voided moves stay in /events and the replay with their marker), an amendment refused naming the
move that breaks or applied with it voided, the arbiter's correction, and every bad input refused with nothing
stored."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, all_events, assert_problem, bearer, create, footprint, play

PLAYERS = ("ann", "bob", "cy")
VARIANT_PLAYERS = {"roby": PLAYERS, "robins": ("ann", "bob"), "royal": PLAYERS}
DEALT = {
    "ann": ["4H", "5H", "6H", "7H", "KC", "KD", "KS", "QS", "QH", "QC"],
    "bob": ["7C", "7D", "7S", "8C", "9C", "10C", "JH", "JD", "9S", "10S"],
    "cy": ["5C", "5D", "5S", "6C", "6D", "6S", "8D", "8H", "8S", "9D"],
}


def table_actions(client: FlaskClient, game: Created) -> dict[str, dict[str, Any]]:
    """The recorder's table actions, by type."""
    return {entry["type"]: entry for entry in client.get(game.url, headers=game.auth).get_json()["table_actions"]}


def post(client: FlaskClient, game: Created, body: dict[str, Any], token: str | None = None) -> Any:
    """POST a correction with the recorder's token (or another)."""
    return client.post(f"{game.url}/corrections", json=body, headers=bearer(token or game.token))


def recorded_roby(client: FlaskClient) -> tuple[Created, int]:
    """A recorded Roby game: cy deals, ann draws 2D and discards it; the draw's move number."""
    game = create(client, PLAYERS, deal_mode="recorded")
    bodies: list[dict[str, Any]] = [
        {"type": "cut", "player": p, "card": c} for p, c in zip(PLAYERS, ["2C", "3C", "KH"], strict=True)
    ]
    bodies += [
        {"type": "deal", "player": "cy", "hands": DEALT, "upcard": "QD"},
        {"type": "draw", "player": "ann", "source": "stock", "card": "2D"},
        {"type": "discard", "player": "ann", "card": "2D"},
    ]
    version = game.version
    for body in bodies:
        response = client.post(f"{game.url}/moves", json={**body, "expected_version": version}, headers=game.auth)
        assert response.status_code == 201, response.get_json()
        version = response.get_json()["version"]
    return game, 5


@pytest.mark.parametrize("variant", sorted(VARIANT_PLAYERS))
def test_a_void_in_every_variant_leaves_the_other_moves_state_and_marks_the_voided_moves(
    shared_client: FlaskClient, variant: str
) -> None:
    client = shared_client
    game = create(client, VARIANT_PLAYERS[variant], variant=variant)
    play(client, game, random.Random(3), 14)
    void = table_actions(client, game)["void"]
    first = void["moves"][0]
    body = {"kind": "void", "from_move": first, "reason": "entered at the wrong table",
            "expected_version": void["template"]["expected_version"]}
    events = all_events(client, game.url, game.auth)
    before = next(e["version"] for e in events if e["move"] == first) - 1
    response = post(client, game, body)
    assert response.status_code == 201, response.get_json()
    stored = response.get_json()["events"]
    assert stored[0]["data"]["action"]["type"] == "void" and stored[-1]["type"] == "RecordCorrected"
    assert stored[-1]["data"]["voided"] == void["moves"] and stored[-1]["data"]["requested_by"] == "recorder"
    marker = stored[-1]["version"]
    now = client.get(game.url, headers=game.auth).get_json()
    then = client.get(f"{game.url}/state", query_string={"at": before}, headers=game.auth).get_json()
    assert (now["state"], now["to_move"]) == (then["state"], then["to_move"])
    listed = all_events(client, game.url, game.auth)
    assert len(listed) == len(events) + len(stored), "the voided moves stay in /events"
    assert {e["move"] for e in listed if e["voided"] == marker} == set(void["moves"])
    assert all(e["voided"] is None for e in listed if e["move"] not in void["moves"])
    frames = client.get(f"{game.url}/replay", query_string={"at": first}, headers=game.auth).get_json()["frames"]
    assert frames[0]["voided"] == marker
    assert now["legal_actions"], "the table goes on from the corrected state"
    response = client.post(f"{game.url}/moves", json=now["legal_actions"][0].get("choices", [None])[0]
                           or now["legal_actions"][0]["examples"][0], headers=game.auth)
    assert response.status_code == 201, response.get_json()


def test_an_amendment_that_breaks_a_later_move_is_refused_naming_it_or_voids_from_it(
    shared_client: FlaskClient,
) -> None:
    client = shared_client
    game, draw = recorded_roby(client)
    amend = table_actions(client, game)["amend"]
    assert draw in amend["moves"] and 4 in amend["moves"] and 6 not in amend["moves"]
    version = amend["template"]["expected_version"]
    body = {"kind": "amend", "move": draw, "card": "2D", "replacement": "3D", "reason": "misread",
            "expected_version": version}
    problem = assert_problem(post(client, game, body), 422, "correction.later-move-breaks", "then")
    assert (problem["move"], problem["version"], problem["move_code"]) == (6, version - 1, "roby.not-held")
    assert "move 6" in problem["detail"] and footprint(client, game)[0] == version
    response = post(client, game, {**body, "then": "void-rest"})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["events"][-1]["data"]["voided"] == [6]
    shown = client.get(game.url, headers=game.auth).get_json()
    assert "3D" in shown["state"]["hands"]["ann"]["cards"] and shown["to_move"] == ["ann"]


def test_the_arbiter_corrects_and_the_envelope_names_him(shared_client: FlaskClient) -> None:
    client = shared_client
    game, _ = recorded_roby(client)
    arbiter = client.post(f"{game.url}/tokens/arbiter", headers=game.auth).get_json()["token"]
    void = table_actions(client, game)["void"]
    response = post(client, game, void["examples"][0], arbiter)
    assert response.status_code == 201, response.get_json()
    first, *_, last = response.get_json()["events"]
    assert first["data"]["recorded_by"] == "arbiter" and last["data"]["requested_by"] == "arbiter"


@pytest.mark.parametrize(
    ("body", "status", "code", "names"),
    [
        ({"kind": "undo", "reason": "x"}, 422, "validation-error", "kind"),
        ({"kind": "void", "from_move": 6}, 422, "validation-error", "reason"),
        ({"kind": "void", "reason": "x"}, 422, "invalid-action", "from_move"),
        ({"kind": "void", "from_move": "6", "reason": "x"}, 422, "validation-error", "from_move"),
        ({"kind": "void", "from_move": 2, "reason": "x"}, 422, "correction.void-past-hand", "from_move"),
        ({"kind": "void", "from_move": 99, "reason": "x"}, 422, "correction.move-not-counted", "from_move"),
        ({"kind": "void", "from_move": 6, "reason": "x", "extra": 1}, 422, "validation-error", "extra"),
        ({"kind": "amend", "move": 6, "card": "2D", "replacement": "3D", "reason": "x"}, 422,
         "correction.not-amendable", "move"),
        ({"kind": "amend", "move": 5, "card": "ZZ", "replacement": "3D", "reason": "x"}, 422, "unknown-card", "card"),
        ({"kind": "amend", "move": 5, "card": "AS", "replacement": "3D", "reason": "x"}, 422,
         "correction.card-not-in-move", "card"),
        ({"kind": "amend", "move": 5, "card": "2D", "replacement": "2D", "reason": "x"}, 422,
         "correction.same-card", "replacement"),
        ({"kind": "amend", "move": 5, "card": "2D", "replacement": "3D", "reason": "x", "then": "undo"}, 422,
         "validation-error", "then"),
        ({"kind": "void", "from_move": 6, "reason": "x", "expected_version": 3}, 409, "stale-version", None),
        ([], 422, "validation-error", None),
    ],
)
def test_a_bad_correction_is_refused_naming_the_field_or_rule_and_stores_nothing(
    shared_client: FlaskClient, body: Any, status: int, code: str, names: str | None
) -> None:
    client = shared_client
    game, _ = recorded_roby(client)
    before = footprint(client, game)
    if isinstance(body, dict) and "expected_version" not in body:
        body = {**body, "expected_version": before[0]}
    assert_problem(post(client, game, body), status, code, names)
    assert footprint(client, game) == before


def test_a_correction_without_a_version_or_a_token_or_in_a_shuffled_game_is_refused(
    shared_client: FlaskClient,
) -> None:
    client = shared_client
    game = create(client, PLAYERS)
    play(client, game, random.Random(1), 8)
    before = footprint(client, game)
    body = {"kind": "void", "from_move": 5, "reason": "x"}
    assert_problem(post(client, game, body), 428)
    assert_problem(client.post(f"{game.url}/corrections", json=body), 401)
    stale = client.post(f"{game.url}/corrections", json=body, headers={**game.auth, "If-Match": '"3"'})
    assert_problem(stale, 412)
    amend = {"kind": "amend", "move": 4, "card": "2D", "replacement": "3D", "reason": "x"}
    amend["expected_version"] = before[0]
    assert_problem(post(client, game, amend), 422, "correction.not-amendable", "move")
    assert "amend" not in table_actions(client, game)
    assert footprint(client, game) == before


def test_a_spectator_sees_neither_the_amended_card_nor_its_replacement_while_the_recorder_does(
    shared_client: FlaskClient,
) -> None:
    client = shared_client
    game, draw = recorded_roby(client)
    amend = table_actions(client, game)["amend"]
    body = {"kind": "amend", "move": draw, "card": "2D", "replacement": "3D", "reason": "misread", "then": "void-rest",
            "expected_version": amend["template"]["expected_version"]}
    assert post(client, game, body).status_code == 201
    correction = [e for e in all_events(client, game.url) if e["move"] == 7]
    seen = [e for e in all_events(client, game.url, game.auth) if e["move"] == 7]
    assert [e["type"] for e in correction] == ["MoveRecorded", "RecordCorrected"]
    assert "3D" in str(seen) and "2D" in str(seen)
    assert "3D" not in str(correction) and "2D" not in str(correction), correction
    assert correction[-1]["data"]["voided"] == [6] and correction[0]["data"]["action"]["reason"] == "misread"
