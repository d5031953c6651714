"""A Robins Rummy hand recorded by seats with the hands dealt unnamed, through HTTP on SQLite and PostgreSQL: a seat
enters its own hand, no other view shows it before the hand ends (the game, its events, a past state, the replay, the
stream, the notation), a reveal that contradicts the record is refused naming both places, a card exposed from a hand
nobody entered becomes a finding once the hand is known, and a hand nobody entered is entered or stated at the end."""

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

PLAYERS = ("Ann", "Bob")
ANN = ["KH", "QH", "JH", "10H", "9H", "2C", "5S"]


class RobinsTable(SeatedGame):
    """A Robins Rummy game between Ann and Bob recorded by seats; Bob deals."""

    def __init__(self, client: FlaskClient) -> None:
        super().__init__(client, PLAYERS, variant="robins")


def dealt(client: FlaskClient) -> RobinsTable:
    table = RobinsTable(client)
    table.move("Ann", type="cut", card="3S")
    table.move("Bob", type="cut", card="KS")
    table.move("Bob", type="deal", upcard="KC")
    return table


def ann_goes_out(table: RobinsTable) -> None:
    """Ann takes the jack back for the deuce, melds the 10-9-8 of hearts, lays the deuce off as the ace and goes out
    discarding the ace of spades."""
    table.move("Ann", type="draw", card="8H")
    table.move("Ann", type="exchange", meld=1, card="JH")
    table.move("Ann", type="meld", cards=["10H", "9H", "8H"])
    table.move("Ann", type="lay_off", card="2C", meld=1, declare=["AH"])
    table.move("Ann", type="discard", card="AS")


def test_a_seat_enters_its_own_hand_unseen_by_the_others_and_a_card_exposed_from_an_unknown_hand_is_a_finding(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    table = dealt(shared_client)
    offers_each_seat_its_own_entry(table)
    assert table.shown(None)["state"]["hands"]["Bob"] == {"count": 7, "secret": True}
    enters_own_hand(table, "Ann", ANN)
    table.recorder(type="expose_card", holder="Bob", card="9D")

    table.move("Ann", type="draw", card="AS")
    table.move("Ann", type="meld", cards=["KH", "QH", "2C"], declare=["JH"])
    table.move("Ann", type="discard", card="5S")
    table.move("Bob", type="draw", card="4H")
    conflict = table.refused(
        shared_app, table.seats["Bob"], 422, "card-conflict", type="discard", player="Bob", card="10H"
    )
    assert (conflict["place"], conflict["conflicts_with"], conflict["card"]) == ("hand:Bob", ["hand:Ann"], "10H")
    assert "Bob's hand" in conflict["detail"] and "Ann's hand" in conflict["detail"]
    table.move("Bob", type="discard", card="3S")  # out of Bob's unknown cards

    unrevealed = ["10H", "9H", "AS"]  # the JH is named on the table: the deuce stands for it
    assert all(shows(everything_seen(table, table.seats["Ann"]), c) for c in unrevealed)
    for token in (table.seats["Bob"], table.game.token, None):
        seen = everything_seen(table, token)
        assert not [c for c in unrevealed if shows(seen, c)], "another seat's entered hand leaks"
    assert not shows(everything_seen(table, table.seats["Ann"]), "4H"), "Bob's draw leaks"

    ann_goes_out(table)
    counting = table.shown(table.game.token)
    assert counting["state"]["phase"] == "count" and counting["to_move"] == ["Bob"]
    assert {(e["type"], e["player"]) for e in counting["legal_actions"]} == {
        ("enter_hand", "Bob"), ("state_count", "Bob")
    }
    entered = table.recorder(type="enter_hand", player="Bob", cards=["4S", "6C", "8D", "10S", "QC", "AD"])
    made = next(e for e in entered["events"] if e["type"] == "DeferredChecksMade")  # type: ignore[union-attr]
    assert [f["rule"] for f in made["data"]["findings"]] == ["robins.irregularities.exposed-card"]
    state = table.shown(None)["state"]
    assert [(f["player"], f["rule"], f["hand"]) for f in state["findings"]] == [
        ("Bob", "robins.irregularities.exposed-card", 1)
    ]
    assert state["phase"] == "deal"
    assert state["scores"] == {"Ann": 15 * 3 + 20 + 10 * 3, "Bob": -(5 + 5 + 10 + 10 + 10 + 15 + 20)}


def test_bad_entries_are_refused_and_a_count_stated_by_the_recorder_scores_against_the_hand_marked(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    table = dealt(shared_client)
    ann, bob = table.seats["Ann"], table.seats["Bob"]
    refuses_bad_entries(shared_app, table, "Ann", ANN, conflicting="KC")
    table.move("Ann", type="enter_hand", cards=ANN)
    table.refused(shared_app, ann, 422, "hand.known", type="enter_hand", player="Ann", cards=ANN)
    table.move("Ann", type="draw", card="AS")
    table.move("Ann", type="meld", cards=["KH", "QH", "2C"], declare=["JH"])
    table.move("Ann", type="discard", card="5S")
    table.move("Bob", type="draw", card="4H")
    table.move("Bob", type="discard", card="3S")
    ann_goes_out(table)
    table.refused(shared_app, bob, 422, "hand.stated-count-range", type="state_count", player="Bob", points=34)
    table.refused(shared_app, bob, 422, "wrong-phase", type="draw", player="Bob", card="AH")
    stated = table.recorder(type="state_count", player="Bob", points=40)
    assert stated["events"][0]["data"]["recorded_by"] == "recorder"  # type: ignore[index]
    state = table.shown(None)["state"]
    assert state["stated"] == {"Bob": 40} and state["phase"] == "deal"
    entries = shared_client.get(f"{table.game.url}/settlement/players/Bob", headers=bearer(bob)).get_json()["entries"]
    points = [(e["amount"], e["rule"]["id"]) for e in entries if e["unit"] == "points"]
    assert (-40, "robins.scoring.stated-count") in points and not [p for p in points if p[1].endswith(".hand")]
    assert "Bob state_count 40" in shared_client.get(f"{table.game.url}/notation").get_data(as_text=True)
