"""A scripted Roby dispute about a past hand, over HTTP on SQLite and PostgreSQL: cy's seat claims that he held the
7S, not the KH entered in the second deal; the arbiter rules, applying the amendment; the settlement afterwards
differs from the original by exactly the corrected payout and what followed from it (cy's points, and the final pot
ann was paid when cy was wrongly busted), each shown as a reversal beside its original, with the replacement."""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask.testing import FlaskClient

from tests.e2e.helpers import bearer, create
from tests.unit.corrections.test_roby_past_hand import AMEND, second_deal, two_hands

PLAYERS = ("ann", "bob", "cy")


def post(client: FlaskClient, url: str, body: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    response = client.post(url, json=body, headers=headers)
    assert response.status_code == 201, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def balances(settlement: dict[str, Any]) -> Counter[tuple[str, str]]:
    """Each account's total per unit, as the settlement states it."""
    return Counter({(b["account"], b["unit"]): b["total"] for b in settlement["balances"]})


def test_a_ruling_that_applies_a_past_hand_correction_changes_the_settlement_by_exactly_what_followed_from_it(
    shared_client: FlaskClient,
) -> None:
    table = two_hands(*PLAYERS)
    game = create(shared_client, PLAYERS, deal_mode="recorded")
    version = game.version
    for envelope in table.events("MoveRecorded"):
        version = post(shared_client, f"{game.url}/moves", {**envelope.action, "expected_version": version}, game.auth)[
            "version"
        ]
    cy = bearer(post(shared_client, f"{game.url}/tokens/seats/cy", {}, game.auth)["token"])
    arbiter = bearer(post(shared_client, f"{game.url}/tokens/arbiter", {}, game.auth)["token"])
    before = shared_client.get(f"{game.url}/settlement", headers=game.auth).get_json()
    assert shared_client.get(f"{game.url}/audit", headers=game.auth).get_json()["ok"] is True

    claim = {"target": "hand", "at": version, "claim": "I held the 7S, not the KH: 99, not 102", "figure": 99}
    opened = post(shared_client, f"{game.url}/disputes", claim, cy)
    post(shared_client, f"{game.url}/disputes/{opened['id']}/evidence", {"event": version, "note": "my last hand"}, cy)
    correction = {**AMEND, "kind": "amend", "move": second_deal(table)}
    del correction["type"]
    ruling = {"ruling": "upheld: cy held the 7S", "correction": correction, "apply_correction": True}
    ruled = post(shared_client, f"{game.url}/disputes/{opened['id']}/ruling", ruling, arbiter)
    assert ruled["status"] == "closed" and ruled["ruling"]["correction_applied"] is True
    assert ruled["ruling"]["corrected_at"] == shared_client.get(game.url).get_json()["version"] > version

    after = shared_client.get(f"{game.url}/settlement", headers=game.auth).get_json()
    difference = balances(after)
    difference.subtract(balances(before))
    assert {key: change for key, change in difference.items() if change} == {
        ("player:ann", "money"): -1500,
        ("pot", "money"): 1500,
        ("player:cy", "points"): -3,
        ("score-sheet", "points"): 3,
    }
    original = {(e["version"], e["rule"]["id"], e["amount"]) for e in before["entries"]}
    kept = {(e["version"], e["rule"]["id"], e["amount"]) for e in after["entries"] if e["status"] != "reversal"}
    assert original <= kept, "every original line is still listed"
    changed = [
        (e["status"], e["rule"]["id"], e["unit"], e["amount"]) for e in after["entries"] if e["status"] != "counted"
    ]
    assert sorted(changed) == sorted([
        ("reversed", "roby.scoring.cards-left", "points", 36),
        ("reversed", "roby.stakes.pot-to-winner", "money", 1500),
        ("reversal", "correction.reversal", "points", -36),
        ("reversal", "correction.reversal", "money", 1500),
        ("replacement", "correction.replacement", "points", 33),
    ])
    assert shared_client.get(f"{game.url}/audit", headers=game.auth).get_json()["ok"] is True
    assert shared_client.get(f"{game.url}/verify").get_json()["ok"] is True
