"""A Roby game of six hands, three played card by card and three recorded by their result, over HTTP on PostgreSQL
(SQLite in the slow run), in a night: the settlement, a balance explained, the audit and the night's sheet are
checked against figures worked out by hand; a count no hand could give is refused with its field named; a result
hand with a figure mistaken is voided and recorded again; the replay shows a result hand as one frame, and an
annotation attaches to it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, all_events
from tests.e2e.test_nights import open_night
from tests.e2e.test_roby_recorded_game import Recorder

WINNER = "4H 5H 6H 7H KC KD KS QS QH QC"
"""Goes out at once after drawing JD: a run and two groups, JD discarded."""
MELDS = [["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]]
LOW = "2C 2D 2H 2S 3C 3D 3H 3S 4C 4D"
"""Counts 28."""
HIGH = "4S 5C 5D 5S 6C 6D 6S 7C 7D 7S"
"""Counts 58."""
BUY_IN, PER_ROBY = 500, 100


def card_hand(table: Recorder, dealer: str, winner: str, **others: str) -> None:
    """The dealer deals; the first to play (the winner) draws JD and goes out at once."""
    table.deal(dealer, "9S", **{winner: WINNER}, **others)
    table.act("draw", winner, source="stock", card="JD")
    table.act("go_out", winner, melds=MELDS, discard="JD")


@pytest.mark.whole_game
def test_six_hands_three_by_result_settle_audit_explain_and_sum_up_in_a_night_as_worked_by_hand(
    shared_client: FlaskClient,
) -> None:
    client = shared_client
    night, night_token = open_night(client)
    response = client.post("/games", headers=night_token, json={
        "variant": "roby", "players": ["Ann", "Bob", "Cy"], "deal_mode": "recorded", "night": night,
        "options": {"buy_in": BUY_IN, "per_roby": PER_ROBY},
    })
    assert response.status_code == 201, response.get_json()
    shown = response.get_json()
    game = Created(shown["id"], shown["token"], shown["version"])
    table = Recorder(client, game)
    for player, card in (("Ann", "KH"), ("Bob", "2C"), ("Cy", "3C")):
        table.act("cut", player, card=card)

    card_hand(table, "Ann", "Bob", Ann=LOW, Cy=HIGH)  # 1: Ann 28, Cy 58; Bob +200
    table.act("hand_result", "Bob", went_out="Cy", points={"Ann": 30, "Bob": 45})  # 2: Ann 58, Bob 45; Cy +200
    card_hand(table, "Cy", "Ann", Bob=LOW, Cy=HIGH)  # 3: Bob 73, Cy 116: busts; Ann +200
    assert table.state()["state"]["deciding"] == ["Cy"]
    table.act("reenlist", "Cy")  # at 73, paying the pot (1,500) over the two staying: 750
    assert table.act("hand_result", "Ann")[1]["type"] == "HandVoided"  # 4: called off
    problem = table.refused("roby.result.count", "hand_result", "Bob", went_out="Ann", points={"Bob": 105, "Cy": 20})
    assert problem["field"] == "points.Bob" and "2 to 104" in problem["detail"]
    table.refused("roby.result.players", "hand_result", "Bob", went_out="Ann", points={"Bob": 27})
    table.act("hand_result", "Bob", went_out="Ann", points={"Bob": 72, "Cy": 20})  # 5: a figure mistaken, voided
    wrong = table.state()["version"]
    moves = [e for e in all_events(client, game.url, game.auth) if e["type"] == "MoveRecorded"]
    too_far = {"kind": "void", "from_move": moves[-2]["move"], "reason": "the called-off hand too",
               "expected_version": wrong}
    refused = client.post(f"{game.url}/corrections", json=too_far, headers=game.auth)
    assert refused.status_code == 422 and refused.get_json()["code"] == "correction.void-past-hand"  # its own hand
    void = {"kind": "void", "from_move": moves[-1]["move"], "reason": "Bob has 27, not 72",
            "expected_version": wrong}
    voided = client.post(f"{game.url}/corrections", json=void, headers=game.auth)
    assert voided.status_code == 201, voided.get_json()
    table.version = voided.get_json()["version"]
    assert table.state()["state"]["scores"]["Bob"] == 73 and table.state()["state"]["phase"] == "deal"
    table.act("hand_result", "Bob", went_out="Ann", points={"Bob": 27, "Cy": 20})  # 6 (5 again): Bob 100 busts; Cy 93
    table.act("leave", "Bob")
    card_hand(table, "Cy", "Ann", Cy=LOW)  # 7: Cy 121 busts and cannot re-enlist: Ann wins the pot (2,250)
    state = table.state()["state"]
    assert state["winner"] == "Ann" and state["scores"] == {"Ann": 58, "Bob": 100, "Cy": 121}

    money = {"Ann": 2050, "Bob": -600, "Cy": -1450}
    """Ann: -500 buy-in, -100, -100, +200, +200, +100 (Bob left: only Cy pays), +2,250 pot. Bob: -500, +200, -100,
    -100, -100. Cy: -500, -100, +200, -100, -750 fee, -100, -100."""
    settlement = client.get(f"{game.url}/settlement").get_json()
    balances = {b["player"]: b["total"] for b in settlement["balances"] if b["unit"] == "money" and b["player"]}
    assert balances == money
    assert all(check["held"] for check in settlement["conservation"])
    stated = [(e["hand"], e["destination"], e["amount"]) for e in settlement["entries"]
              if e["rule"]["stated"] and e["status"] == "counted"]
    assert stated == [(2, "player:Ann", 30), (2, "player:Bob", 45), (6, "player:Cy", 20), (6, "player:Bob", 27)]
    per_roby = [(e["hand"], e["source"], e["destination"]) for e in settlement["entries"]
                if e["rule"]["id"] == "roby.stakes.per-roby"]
    assert per_roby == [
        (1, "player:Cy", "player:Bob"), (1, "player:Ann", "player:Bob"),  # from the dealer's left
        (2, "player:Ann", "player:Cy"), (2, "player:Bob", "player:Cy"),
        (3, "player:Bob", "player:Ann"), (3, "player:Cy", "player:Ann"),
        (6, "player:Cy", "player:Ann"), (6, "player:Bob", "player:Ann"),  # hand 5 was voided
        (7, "player:Cy", "player:Ann"),
    ]

    explained = client.get(f"{game.url}/settlement/players/Cy").get_json()
    cy_money = [(e["hand"], e["change"], e["rule"]["id"]) for e in explained["entries"] if e["unit"] == "money"]
    assert cy_money == [
        (1, -500, "roby.stakes.buy-in"), (1, -100, "roby.stakes.per-roby"),
        (2, 100, "roby.stakes.per-roby"), (2, 100, "roby.stakes.per-roby"),
        (3, -100, "roby.stakes.per-roby"), (3, -750, "roby.stakes.reenlist-fee"), (6, -100, "roby.stakes.per-roby"),
        (7, -100, "roby.stakes.per-roby"),
    ]
    cy_points = [e["running_total"] for e in explained["entries"] if e["unit"] == "points"]
    assert cy_points == [58, 116, 73, 93, 121]
    stated_line = next(e for e in explained["entries"] if e["rule"]["stated"])
    assert (stated_line["hand"], stated_line["change"]) == (6, 20)
    assert stated_line["action"] == "hand recorded by its result: Ann went out; Bob 27, Cy 20"

    audit = client.get(f"{game.url}/audit", headers=game.auth).get_json()
    assert audit["ok"] is True and audit["discrepancies"] == []
    assert [(e["hand"], e["destination"], e["amount"]) for e in audit["stated"]] == stated
    assert {e["rule"]["id"] for e in audit["stated"]} == {"roby.scoring.result-count"}

    replay = client.get(f"{game.url}/replay?hand=6", headers=game.auth).get_json()
    (frame,) = [f for f in replay["frames"] if f["action"] and f["action"]["type"] == "hand_result"]
    assert frame["words"] == "hand recorded by its result: Ann went out; Bob 27, Cy 20"
    assert frame["state"]["state"]["scores"] == {"Ann": 58, "Bob": 100, "Cy": 93}
    at = frame["versions"]["last"]
    note = {"target": "event", "at": at, "comment": "Bob counted his aces twice?", "glyph": "?"}
    written = client.post(f"{game.url}/annotations", json=note, headers=game.auth)
    assert written.status_code == 201 and written.get_json()["hand"] == 6, written.get_json()

    what_if = client.post(f"{game.url}/what-if", json={"options": {"per_roby": 200}}, headers=game.auth)
    assert what_if.status_code == 200, what_if.get_json()
    other = {b["player"]: b["total"] for b in what_if.get_json()["settlement"]["balances"]
             if b["unit"] == "money" and b["player"]}
    # Each Roby paid twice over: 100 more per payment. Ann +300 (-100, -100, +200, +200, +100), Bob -100 (+200, -100,
    # -100, -100), Cy -200 (-100, +200, -100, -100, -100); the fee (a share of the pot) is as recorded.
    assert other == {"Ann": 2050 + 300, "Bob": -600 - 100, "Cy": -1450 - 200}

    sheet = client.get(f"/nights/{night}").get_json()
    nets = {party["name"]: party["net"] for party in sheet["parties"]}
    assert nets == money and sheet["check"]["holds"] is True
    lines: dict[str, Any] = {party["name"]: party["lines"][0]["entries"] for party in sheet["parties"]}
    assert {name: [e["version"] for e in entries] for name, entries in lines.items()} == {
        name: [e["version"] for e in client.get(f"{game.url}/settlement/players/{name}").get_json()["entries"]
               if e["unit"] == "money"]
        for name in money
    }
