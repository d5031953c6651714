"""GET /games/{id}/audit: the record's moves recorded again into a scratch game, every derived event compared with
the stored one. Wrong payouts written underneath the API (mapper and recorder), on SQLite and PostgreSQL, are each
named: a payment moved to another player, a fee rounded the wrong way, a missing payment and an extra one."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.money.ledger import AmountTransferred
from domain.record.moves import MoveRecorded
from tests.e2e.helpers import assert_problem, bearer
from tests.e2e.settled_games import TOKEN, changed, new_record, renumbered, store
from tests.integration.test_old_games import golden, store_old_game

PER_ROBY, FEE = "roby.stakes.per-roby", "roby.stakes.reenlist-fee"
CARD_IN = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b").search


def _first(events: list[Any], rule: str) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, AmountTransferred) and e.rule == rule)


def _audit(client: FlaskClient, game_id: str) -> dict[str, Any]:
    response = client.get(f"/games/{game_id}/audit", headers=bearer(TOKEN))
    assert response.status_code == 200, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


@pytest.mark.parametrize("variant", ["roby", "robins", "royal"])
def test_a_record_as_the_rules_stored_it_is_audited_ok(
    shared_app: Flask, shared_client: FlaskClient, variant: str
) -> None:
    game = store(shared_app, new_record(variant))
    assert _audit(shared_client, game) == {
        "id": game, "ok": True, "claims_agree": True, "discrepancies": [], "claims": [], "stated": []
    }


def test_a_payment_moved_from_one_player_to_another_is_named_though_the_totals_still_add_up(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    events = new_record("roby")
    at = _first(events, PER_ROBY)
    right = events[at]
    other = next(f"player:{p}" for p in events[0].players if f"player:{p}" not in (right.source, right.destination))
    events[at] = changed(right, source=other)
    game = store(shared_app, events)
    body = _audit(shared_client, game)
    assert not body["ok"]
    [found] = body["discrepancies"]
    assert (found["kind"], found["version"], found["rule"]) == ("changed", right.originator_version, PER_ROBY)
    assert found["stored"]["data"]["source"] == other and found["recomputed"]["data"]["source"] == right.source
    assert "source" in found["detail"]
    settlement = shared_client.get(f"/games/{game}/settlement").get_json()
    assert all(check["held"] for check in settlement["conservation"]), "moved, not lost: the totals still add up"


def test_a_reenlistment_fee_rounded_down_instead_of_up_is_named_and_breaks_the_pots_conservation(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    events = new_record("roby")
    at = _first(events, FEE)
    right = events[at]
    assert right.amount == 667, "2000 over 3 players staying, rounded up"
    events[at] = changed(right, amount=666)
    game = store(shared_app, events)
    [found] = _audit(shared_client, game)["discrepancies"]
    assert (found["kind"], found["version"], found["rule"]) == ("changed", right.originator_version, FEE)
    assert (found["stored"]["data"]["amount"], found["recomputed"]["data"]["amount"]) == (666, 667)
    [check] = shared_client.get(f"/games/{game}/settlement").get_json()["conservation"]
    assert not check["held"] and check["broken_at"] == events[-1].originator_version and "pot" in check["detail"]


def test_a_missing_payment_is_named_with_the_event_the_moves_derive(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    events = new_record("roby")
    at = _first(events, PER_ROBY)
    dropped = events[at]
    game = store(shared_app, events[:at] + renumbered(events[at + 1 :], dropped.originator_version))
    [found] = _audit(shared_client, game)["discrepancies"]
    assert (found["kind"], found["rule"], found["stored"]) == ("missing", PER_ROBY, None)
    recomputed = found["recomputed"]
    assert recomputed["version"] == dropped.originator_version
    assert {k: recomputed["data"][k] for k in ("source", "destination", "amount")} == {
        "source": dropped.source, "destination": dropped.destination, "amount": dropped.amount
    }


def test_an_extra_payment_is_named_with_the_stored_event_the_moves_do_not_derive(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    events = new_record("roby")
    at = _first(events, PER_ROBY)
    extra = events[at]
    forged = events[: at + 1] + renumbered([extra, *events[at + 1 :]], extra.originator_version + 1)
    game = store(shared_app, forged)
    [found] = _audit(shared_client, game)["discrepancies"]
    assert (found["kind"], found["rule"], found["recomputed"]) == ("extra", PER_ROBY, None)
    assert found["stored"]["data"]["amount"] == extra.amount
    assert found["version"] in (extra.originator_version, extra.originator_version + 1)


def test_a_royal_chip_movement_paid_to_the_wrong_player_is_named(shared_app: Flask, shared_client: FlaskClient) -> None:
    events = new_record("royal")
    at = next(
        i for i, e in enumerate(events) if isinstance(e, AmountTransferred) and e.destination.startswith("player:")
        and e.rule != "royal.setup.stack"
    )
    right = events[at]
    other = next(f"player:{p}" for p in events[0].players if f"player:{p}" != right.destination)
    events[at] = changed(right, destination=other)
    [found] = _audit(shared_client, store(shared_app, events))["discrepancies"]
    assert (found["kind"], found["version"], found["rule"]) == ("changed", right.originator_version, right.rule)


def test_the_audit_of_no_game_is_a_404(shared_client: FlaskClient) -> None:
    assert_problem(shared_client.get("/games/00000000-0000-4000-8000-000000000000/audit"), 404, "game-not-found")


def test_a_game_stored_before_moves_carried_their_actions_is_settled_but_cannot_be_audited(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game = str(store_old_game(shared_app.extensions["meldbook"], golden("roby")))
    settlement = shared_client.get(f"/games/{game}/settlement").get_json()
    assert settlement["entries"] and all(check["held"] for check in settlement["conservation"])
    assert_problem(shared_client.get(f"/games/{game}/audit"), 409, "audit.no-envelopes")


def test_a_discrepancy_in_a_deal_shows_its_hidden_cards_to_the_full_view_only(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    events = new_record("roby", recorded=True)
    at = next(i for i, e in enumerate(events) if type(e).__name__ == "HandDealt")
    dealt = events[at]
    first, second = list(dealt.hands)[:2]
    events[at] = changed(dealt, hands={**dealt.hands, first: dealt.hands[second], second: dealt.hands[first]})
    game = store(shared_app, events)
    [full] = _audit(shared_client, game)["discrepancies"]
    assert (full["kind"], full["version"]) == ("changed", dealt.originator_version)
    assert full["stored"]["data"]["hands"][first] == list(dealt.hands[second])
    [shown] = shared_client.get(f"/games/{game}/audit").get_json()["discrepancies"]
    assert shown["stored"]["data"]["hands"] is None and shown["recomputed"]["data"]["hands"] is None
    assert "hands" in shown["detail"] and not CARD_IN(shown["detail"])


def test_a_stored_move_the_rules_refuse_is_named_with_its_code_and_its_reason_only_for_the_full_view(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    events = new_record("roby", recorded=True)
    at = next(i for i, e in enumerate(events) if isinstance(e, MoveRecorded) and e.action["type"] == "draw")
    envelope = events[at]
    held = next(e for e in events if type(e).__name__ == "HandDealt").hands[envelope.action["player"]][0]
    events[at] = changed(envelope, action={**envelope.action, "source": "stock", "card": held})
    game = store(shared_app, events)
    [full] = _audit(shared_client, game)["discrepancies"]
    assert (full["kind"], full["version"], full["recomputed"]) == ("refused", envelope.originator_version, None)
    assert full["detail"].startswith("the rules refuse this stored move now (") and held in full["detail"]
    [shown] = shared_client.get(f"/games/{game}/audit").get_json()["discrepancies"]
    assert shown["kind"] == "refused" and not CARD_IN(shown["detail"])
    assert shown["stored"]["data"]["action"].get("card") is None
