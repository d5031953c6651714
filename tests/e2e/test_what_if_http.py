"""POST /games/{id}/what-if: the settlement under other house-rule options or other actions from a position, played
in a scratch copy through the branching service, and its difference from the recorded one; nothing is stored."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.record.moves import MoveRecorded
from tests.e2e.helpers import assert_problem, bearer
from tests.e2e.settled_games import TOKEN, new_record, store


@pytest.fixture(scope="module")
def games(shared_app: Flask) -> dict[str, str]:
    """One finished game of each variant."""
    return {variant: store(shared_app, new_record(variant)) for variant in ("roby", "robins", "royal")}


def _notifications(app: Flask) -> int:
    return int(app.extensions["meldbook"].recorder.max_notification_id() or 0)


def _what_if(client: FlaskClient, game: str, body: dict[str, Any], token: str | None = TOKEN) -> dict[str, Any]:
    response = client.post(f"/games/{game}/what-if", json=body, headers=bearer(token) if token else {})
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def _changes(body: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [
        (d["change"], (d["recorded"] or d["alternative"])["rule"]["id"], d["amount_difference"])
        for d in body["difference"]["entries"]
    ]


def test_roby_under_a_buy_in_reenlistment_fee_differs_by_the_fee_and_the_final_pot_and_stores_nothing(
    shared_app: Flask, shared_client: FlaskClient, games: dict[str, str]
) -> None:
    before = _notifications(shared_app)
    body = _what_if(shared_client, games["roby"], {"options": {"reenlist_fee": "buy_in"}}, token=None)
    assert _notifications(shared_app) == before
    assert body["options"]["reenlist_fee"] == "buy_in"
    assert _changes(body) == [
        ("changed", "roby.stakes.reenlist-fee", 500 - 667),
        ("changed", "roby.stakes.pot-to-winner", 500 - 667),
    ]
    fee = body["difference"]["entries"][0]
    assert (fee["recorded"]["amount"], fee["alternative"]["amount"]) == (667, 500)
    recorded = shared_client.get(f"/games/{games['roby']}/settlement").get_json()
    assert body["settlement"]["entries"] != recorded["entries"]
    assert [c["held"] for c in body["settlement"]["conservation"]] == [True]
    payer, winner = fee["recorded"]["source"], body["difference"]["entries"][1]["recorded"]["destination"]
    shifts = {b["account"]: b["difference"] for b in body["difference"]["balances"]}
    assert shifts == ({} if payer == winner else {payer: 167, winner: -167})


def test_robins_under_deuces_in_hand_at_20_the_hand_with_a_deuce_left_scores_15_less(
    shared_client: FlaskClient, games: dict[str, str]
) -> None:
    body = _what_if(shared_client, games["robins"], {"options": {"deuce_in_hand": 20}})
    assert _changes(body) == [("changed", "robins.scoring.hand", -15)]
    [bob] = [b for b in body["difference"]["balances"] if b["player"]]
    assert (bob["player"], bob["unit"], bob["difference"]) == ("bob", "points", -15)


def test_royal_with_leftovers_split_the_banker_gets_nothing_and_the_players_get_what_he_kept(
    shared_client: FlaskClient, games: dict[str, str]
) -> None:
    body = _what_if(shared_client, games["royal"], {"options": {"leftover": "split"}})
    changes = _changes(body)
    assert changes and {rule for _, rule, _ in changes} <= {"royal.end.to-banker", "royal.end.split"}
    assert {change for change, rule, _ in changes if rule == "royal.end.to-banker"} == {"only-recorded"}
    shifts = {b["account"]: b["difference"] for b in body["difference"]["balances"]}
    assert shifts.pop("bank") == -sum(shifts.values()) < 0
    assert all(account.startswith("player:") and shift > 0 for account, shift in shifts.items())
    assert [c["held"] for c in body["settlement"]["conservation"]] == [True]


def test_other_actions_from_a_position_replace_what_the_record_did_from_there(
    shared_app: Flask, shared_client: FlaskClient, games: dict[str, str]
) -> None:
    meldbook = shared_app.extensions["meldbook"]
    events = list(meldbook.repository.event_store.get(UUID(games["roby"])))
    last_move = [e for e in events if isinstance(e, MoveRecorded)][-1]
    at = last_move.originator_version - 1
    same = _what_if(shared_client, games["roby"], {"at": at, "actions": [dict(last_move.action)]})
    assert same["at"] == at and same["difference"] == {"entries": [], "balances": []}
    legal = meldbook.game(last_move.originator_id, version=at).legal_actions()
    other = next(
        choice
        for entry in legal
        if entry["type"] != last_move.action["type"]
        for choice in entry.get("choices", [])
    )
    body = _what_if(shared_client, games["roby"], {"at": at, "actions": [other]})
    assert ("only-recorded", "roby.stakes.pot-to-winner", -events[-1].amount) in _changes(body)


def test_alternative_actions_need_the_full_view_and_a_refusal_stores_nothing(
    shared_app: Flask, shared_client: FlaskClient, games: dict[str, str]
) -> None:
    before = _notifications(shared_app)
    response = shared_client.post(f"/games/{games['roby']}/what-if", json={"actions": [{"type": "cut"}]})
    assert_problem(response, 403, "what-if.actions-need-full-view", names="actions")
    assert _notifications(shared_app) == before


@pytest.mark.parametrize(
    ("body", "status", "code", "names"),
    [
        ({}, 422, "validation-error", "actions"),
        ([], 422, None, None),
        ({"options": {"no_such_option": 1}}, 422, "invalid-setup", "options.no_such_option"),
        ({"options": {"reenlist_fee": "half"}}, 422, "invalid-setup", "options.reenlist_fee"),
        ({"options": "buy_in"}, 422, "validation-error", "options"),
        ({"at": 0, "options": {}}, 422, "validation-error", "at"),
        ({"at": 10**9, "options": {}}, 422, None, "at"),
        ({"actions": []}, 422, "validation-error", "actions"),
        ({"actions": [{"type": "fly"}]}, 422, "invalid-action", "actions[0].type"),
        ({"options": {}, "extra": 1}, 422, "validation-error", "extra"),
    ],
)
def test_a_bad_what_if_is_refused_naming_the_field_and_stores_nothing(
    shared_app: Flask, shared_client: FlaskClient, games: dict[str, str], body: Any, status: int, code: str | None,
    names: str | None,
) -> None:
    before = _notifications(shared_app)
    response = shared_client.post(f"/games/{games['roby']}/what-if", json=body, headers=bearer(TOKEN))
    assert_problem(response, status, code, names=names)
    assert _notifications(shared_app) == before


def test_a_position_inside_a_move_is_refused_naming_at(
    shared_app: Flask, shared_client: FlaskClient, games: dict[str, str]
) -> None:
    events = list(shared_app.extensions["meldbook"].repository.event_store.get(UUID(games["roby"])))
    inside = [e for e in events if isinstance(e, MoveRecorded)][-1].originator_version  # the last move's envelope
    response = shared_client.post(f"/games/{games['roby']}/what-if", json={"at": inside, "options": {}})
    assert_problem(response, 422, "invalid-action", names="at")


def test_a_what_if_of_no_game_is_a_404(shared_client: FlaskClient) -> None:
    response = shared_client.post("/games/00000000-0000-4000-8000-000000000000/what-if", json={"options": {}})
    assert_problem(response, 404, "game-not-found")
