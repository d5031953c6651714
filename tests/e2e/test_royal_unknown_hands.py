"""A 3-player Royal Rummy deal recorded by seats with the hands dealt unnamed, through HTTP on SQLite and
PostgreSQL: each seat enters its own hand, no other view shows it (the game, its events, a past state, the replay,
the stream, the notation), a reveal that contradicts the record is refused naming both places, a pass on a lead
from a hand nobody entered becomes a finding once it is entered, and at the end of the rummy hand the recorder may
state the count of a hand nobody entered."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.seated import SeatedGame, enters_own_hand, everything_seen, offers_each_seat_its_own_entry, shows

PLAYERS = ("Ann", "Bob", "Cy")
ANN = ["2C", "3C", "4C", "5C", "6C", "7C", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
BOB = ["8C", "9C", "10C", "JC", "QC", "KC", "AC", "9H", "10H", "JH", "QH", "KH", "AH"]
CY = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
"""The dummy, dead, is every diamond."""
PAY_CARDS = ("10H", "JH", "QH", "KH", "AH")
"""The board's pay spaces are named after these cards: every view names them."""


class Table(SeatedGame):
    """The Royal Rummy game (no poker hand), recorded by its seats."""

    def __init__(self, client: FlaskClient) -> None:
        super().__init__(client, PLAYERS, variant="royal", options={"poker": False})


def dealt(client: FlaskClient) -> Table:
    """Cy cuts highest and deals naming no hand."""
    table = Table(client)
    for player, card in zip(PLAYERS, ("2C", "3C", "AS"), strict=True):
        table.move(player, type="cut", card=card)
    table.move("Cy", type="deal")
    return table


def test_seats_enter_their_own_royal_hands_unseen_by_the_others_and_the_recorder_states_a_count(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    table = dealt(shared_client)
    offers_each_seat_its_own_entry(table)
    assert table.shown(None)["state"]["hands"]["Bob"] == {"count": 13, "secret": True}
    enters_own_hand(table, "Bob", BOB)
    for token in (table.seats["Ann"], table.seats["Cy"], table.game.token, None):
        seen = everything_seen(table, token)  # type: ignore[arg-type]
        assert not [c for c in BOB if c not in PAY_CARDS and shows(seen, c)], "another seat's entered hand leaks"
    assert all(shows(everything_seen(table, table.seats["Bob"]), c) for c in BOB)  # type: ignore[arg-type]

    table.move("Cy", type="keep")
    table.move("Ann", type="pass")
    table.move("Bob", type="pass")  # nobody bids: the dummy is dead
    conflict = table.refused(
        shared_app, table.seats["Ann"], 422, "card-conflict", type="play", player="Ann", cards=["8C"]
    )
    assert (conflict["place"], conflict["conflicts_with"]) == ("hand:Ann", ["hand:Bob"])
    table.move("Ann", type="pass")  # on the black lead, holding clubs: taken at her word
    assert table.shown(None)["state"]["rummy"]["turn"] == "Bob"
    table.refused(shared_app, table.seats["Bob"], 422, "royal.rummy.not-held", type="play", player="Bob",
                  cards=["2D"])
    table.move("Bob", type="play", cards=BOB[:7])
    table.move("Cy", type="pass")
    table.move("Ann", type="pass")
    table.move("Bob", type="play", cards=BOB[7:])  # his last cards: he goes out

    counting = table.shown(table.game.token)
    assert counting["state"]["phase"] == "count" and counting["to_move"] == ["Ann", "Cy"]
    assert {(e["type"], e["player"]) for e in counting["legal_actions"]} == {
        (k, p) for k in ("enter_hand", "state_count") for p in ("Ann", "Cy")
    }
    entered = table.move("Ann", type="enter_hand", cards=ANN)
    made = next(e for e in entered if e["type"] == "DeferredChecksMade")
    assert [f["rule"] for f in made["data"]["findings"]] == ["royal.rummy.must-lead"]
    findings = table.shown(None)["state"]["findings"]
    assert [(f["player"], f["rule"], f["hand"]) for f in findings] == [("Ann", "royal.rummy.must-lead", 1)]
    for token in (None, table.seats["Bob"], table.seats["Cy"]):  # the finding names 2C, her cut card too
        seen = everything_seen(table, token)  # type: ignore[arg-type]
        assert not [c for c in ANN if c not in ("2C", "3C") and shows(seen, c)], "an entered hand leaks"
    for token in (None, table.seats["Ann"], table.seats["Bob"]):
        seen = everything_seen(table, token)  # type: ignore[arg-type]
        assert not [c for c in CY[:-1] if shows(seen, c)], "a hand nobody entered leaks"  # AS was Cy's cut
    table.refused(shared_app, table.game.token, 422, "royal.count.cards-left", type="state_count", player="Cy",
                  points=12)
    stated = table.move("Cy", token=table.game.token, type="state_count", points=13)
    assert stated[0]["data"]["recorded_by"] == "recorder"
    state = table.shown(None)["state"]
    assert state["deal_number"] == 2 and state["stated"] == {}
    assert "Cy state_count 13" in shared_client.get(f"{table.game.url}/notation").get_data(as_text=True)


def test_bad_royal_entries_are_refused_naming_the_rule_and_store_nothing(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    table = dealt(shared_client)
    ann, bob = table.seats["Ann"], table.seats["Bob"]
    table.refused(shared_app, ann, 422, "hand.entry-count", type="enter_hand", player="Ann", cards=ANN[:12])
    table.refused(shared_app, bob, 403, "not-permitted", type="enter_hand", player="Ann", cards=ANN)
    table.refused(shared_app, table.game.token, 403, "not-permitted", type="enter_hand", player="Ann", cards=ANN)
    table.refused(shared_app, ann, 422, "wrong-phase", type="state_count", player="Ann", points=13)
    table.move("Ann", type="enter_hand", cards=ANN)
    table.refused(shared_app, ann, 422, "hand.known", type="enter_hand", player="Ann", cards=ANN)
    twice = table.refused(shared_app, bob, 422, "card-conflict", type="enter_hand", player="Bob",
                          cards=["2C", *BOB[1:]])
    assert twice["conflicts_with"] == ["hand:Ann"]
