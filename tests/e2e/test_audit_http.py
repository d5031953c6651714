"""GET /games/{id}/audit: the record's moves recorded again into a scratch game, every derived event compared with
the stored one. Wrong payouts written underneath the API (mapper and recorder), on SQLite and PostgreSQL, are each
named: a payment moved to another player, a fee rounded the wrong way, a missing payment and an extra one."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.ledger import AmountTransferred
from service import settlement as settlement_service
from tests.e2e.helpers import assert_problem, bearer
from tests.e2e.settled_games import TOKEN, changed, new_record, renumbered, store
from tests.integration.test_old_games import golden, store_old_game

PER_ROBY, FEE = "roby.stakes.per-roby", "roby.stakes.reenlist-fee"


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
    assert _audit(shared_client, game) == {"id": game, "ok": True, "discrepancies": [], "claims": []}


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


def test_a_stated_result_that_disagrees_with_the_record_is_listed(
    shared_app: Flask, shared_client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = store(shared_app, new_record("robins"))
    totals = {b["player"]: b["total"] for b in shared_client.get(f"/games/{game}/settlement").get_json()["balances"]
              if b["player"]}
    ann, bob = sorted(totals)
    claims = [{"player": ann, "unit": "points", "total": totals[ann]}, {"player": bob, "unit": "points", "total": 1}]
    monkeypatch.setattr(settlement_service, "stated_results", lambda app, game_id: claims)
    body = _audit(shared_client, game)
    assert body["ok"] is False and body["discrepancies"] == [] and body["claims"] == claims[1:]


def test_the_audit_of_no_game_is_a_404(shared_client: FlaskClient) -> None:
    assert_problem(shared_client.get("/games/00000000-0000-4000-8000-000000000000/audit"), 404, "game-not-found")


def test_a_game_stored_before_moves_carried_their_actions_is_settled_but_cannot_be_audited(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game = str(store_old_game(shared_app.extensions["meldbook"], golden("roby")))
    settlement = shared_client.get(f"/games/{game}/settlement").get_json()
    assert settlement["entries"] and all(check["held"] for check in settlement["conservation"])
    assert_problem(shared_client.get(f"/games/{game}/audit"), 409, "audit.no-envelopes")
