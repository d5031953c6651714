"""A 4-player Roby hand recorded by seats with the hands dealt unnamed, through HTTP on SQLite and PostgreSQL: each
seat enters its own hand, no other view shows it before the hand ends (the game, its events, a past state, the
replay, the stream, the notation), a reveal that contradicts the record is refused naming both places, a check that
waited for a hand becomes a finding a dispute can cite, and a hand nobody entered is scored at a stated count."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.helpers import bearer
from tests.e2e.seated import (
    SeatedGame,
    enters_own_hand,
    everything_seen,
    offers_each_seat_its_own_entry,
    refuses_bad_entries,
    shows,
)

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
ANN = ["4H", "5H", "6H", "9C", "9D", "9S", "KC", "KD", "KS", "2S"]
BOB = ["7C", "8C", "10S", "JS", "QS", "3D", "3H", "5D", "6D", "8D"]
CY = ["2C", "3C", "4C", "5C", "6C", "7D", "8H", "10C", "JD", "QH"]


class Table(SeatedGame):
    """The Roby game, recorded by its four seats."""

    def __init__(self, client: FlaskClient) -> None:
        super().__init__(client, PLAYERS)


def dealt(client: FlaskClient) -> Table:
    table = Table(client)
    for player, card in zip(PLAYERS, ("2H", "3S", "4S", "KH"), strict=True):
        table.move(player, type="cut", card=card)
    table.move("Dee", type="deal", upcard="QD")
    return table


def test_seats_enter_their_own_hands_unseen_by_the_others_and_a_stated_count_closes_the_hand(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    table = dealt(shared_client)
    offers_each_seat_its_own_entry(table)
    assert table.shown(table.game.token)["legal_actions"] == []  # nothing for the recorder: the seats enter
    assert table.shown(None)["state"]["hands"]["Bob"] == {"count": 10, "secret": True}
    enters_own_hand(table, "Bob", BOB)

    table.move("Ann", type="draw", source="discard")
    table.move("Ann", type="discard", card="QD")
    entered = table.move("Ann", type="enter_hand", cards=ANN)
    made = next(e for e in entered if e["type"] == "DeferredChecksMade")
    assert [f["rule"] for f in made["data"]["findings"]] == ["roby.discard.just-taken"]
    findings = table.shown(None)["state"]["findings"]
    assert [(f["player"], f["rule"], f["hand"]) for f in findings] == [("Ann", "roby.discard.just-taken", 1)]
    dispute = shared_client.post(
        f"{table.game.url}/disputes",
        json={"target": "event", "at": made["version"], "claim": "Ann kept a legal discard"},
        headers=bearer(table.seats["Bob"]),
    )
    assert dispute.status_code == 201, dispute.get_json()

    table.move("Bob", type="draw", source="stock", card="AS")
    table.move("Bob", type="discard", card="AS")
    table.move("Cy", type="draw", source="stock", card="8S")
    table.move("Cy", type="discard", card="QH")  # out of Cy's unknown cards
    conflict = table.refused(
        shared_app, table.seats["Dee"], 422, "card-conflict", type="enter_hand", player="Dee",
        cards=["2D", "4D", "9H", "10H", "JH", "AC", "AD", "AH", "10D", "QH"],
    )
    assert (conflict["place"], conflict["conflicts_with"], conflict["card"]) == ("hand:Dee", ["discard"], "QH")
    assert "Dee's hand" in conflict["detail"] and "the discard pile" in conflict["detail"]
    table.move("Dee", type="draw", source="stock", card="2H")
    table.move("Dee", type="discard", card="7S")

    unrevealed = [c for c in BOB if c not in ("AS",)]
    assert all(shows(everything_seen(table, table.seats["Bob"]), c) for c in unrevealed)
    for token in (table.seats["Ann"], table.seats["Cy"], table.seats["Dee"], table.game.token, None):
        seen = everything_seen(table, token)
        assert not [c for c in unrevealed if shows(seen, c)], "another seat's entered hand leaks"
        assert not shows(seen, "7D"), "a card nobody revealed leaks"  # Cy's, never entered during the hand

    table.move("Ann", type="draw", source="stock", card="7H")
    table.move("Ann", type="go_out", melds=[["4H", "5H", "6H", "7H"], ["9C", "9D", "9S"], ["KC", "KD", "KS"]],
               discard="2S")
    counting = table.shown(table.game.token)
    assert counting["state"]["phase"] == "count" and counting["to_move"] == ["Cy", "Dee"]
    assert {(e["type"], e["player"]) for e in counting["legal_actions"]} == {
        (k, p) for k in ("enter_hand", "state_count") for p in ("Cy", "Dee")
    }
    table.move("Cy", type="enter_hand", cards=[c for c in CY if c != "QH"])
    stated = shared_client.post(
        f"{table.game.url}/moves",
        json={"type": "state_count", "player": "Dee", "points": 70, "expected_version": table.version()},
        headers=table.game.auth,
    )
    assert stated.status_code == 201, stated.get_json()
    assert stated.get_json()["events"][0]["data"]["recorded_by"] == "recorder"
    state = table.shown(None)["state"]
    assert state["stated"] == {"Dee": 70} and state["phase"] == "deal"
    entries = shared_client.get(f"{table.game.url}/settlement/players/Dee").get_json()["entries"]
    points = [(e["amount"], e["rule"]["id"]) for e in entries if e["unit"] == "points"]
    assert points == [(70, "roby.scoring.stated-count")]
    assert "Dee state_count 70" in shared_client.get(f"{table.game.url}/notation").get_data(as_text=True)


def test_bad_entries_and_stated_counts_are_refused_naming_the_rule_and_store_nothing(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    table = dealt(shared_client)
    ann, bob = table.seats["Ann"], table.seats["Bob"]
    refuses_bad_entries(shared_app, table, "Ann", ANN, conflicting="QD")
    table.refused(shared_app, ann, 422, "invalid-action", type="state_count", player="Ann", points="ten")
    table.refused(shared_app, ann, 422, "invalid-action", type="enter_hand", player="Ann")
    table.move("Ann", type="enter_hand", cards=ANN)
    table.refused(shared_app, ann, 422, "hand.known", type="enter_hand", player="Ann", cards=ANN)
    table.move("Ann", type="draw", source="stock", card="7H")
    table.move("Ann", type="go_out", melds=[["4H", "5H", "6H", "7H"], ["9C", "9D", "9S"], ["KC", "KD", "KS"]],
               discard="2S")
    table.refused(shared_app, bob, 422, "hand.stated-count-range", type="state_count", player="Bob", points=111)
    table.refused(shared_app, ann, 422, "wrong-phase", type="draw", player="Ann", source="stock", card="AS")


