"""Roby through HTTP: a five-player game with two packs, and the eleven-card lay-off Roby."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.e2e.helpers import create
from tests.e2e.test_roby_recorded_game import Recorder, transfers

FIVE = ("ann", "bob", "cy", "dee", "eve")


def test_a_five_player_game_uses_two_packs_so_a_card_may_be_held_twice(shared_client: FlaskClient) -> None:
    game = create(shared_client, FIVE, deal_mode="recorded")
    table = Recorder(shared_client, game)
    assert table.state()["options"]["packs"] == 2
    for player, card in zip(FIVE, ["2C", "3C", "4C", "5C", "KH"], strict=True):
        table.act("cut", player, card=card)
    table.deal(
        "eve",
        "2H",
        ann="9C 9C 9D 4H 5H 6H 7H KS KS KD",
        bob="7H AC AD AH AS 2S 3S 8D 8H 10C",
        cy="2C 3C 4C 5C 6C 7C 8C 10D JD QD",
        dee="2D 3D 4D 5D 6D 7D 9H 10H JH QH",
        eve="2C 3C 4C 5C 6C 7C 8C 10D JD QD",
    )
    table.refused("card-conflict", "draw", "ann", source="stock", card="9C")
    table.pass_turn("ann", "AC")
    for player, card in (("bob", "3H"), ("cy", "4S"), ("dee", "5S"), ("eve", "6S")):
        table.pass_turn(player, card)
    table.act("draw", "ann", source="stock", card="QC")
    ended = table.act(
        "go_out", "ann", melds=[["9C", "9C", "9D"], ["4H", "5H", "6H", "7H"], ["KS", "KS", "KD"]], discard="QC"
    )
    laid = [e["data"]["cards"] for e in ended if e["type"] == "MeldLaid"]
    assert ["9C", "9C", "9D"] in laid and ["KD", "KS", "KS"] in laid
    assert len(transfers(ended, "roby.stakes.per-roby")) == 4
    shown = table.state()["state"]
    in_hands = sum(z["count"] for z in shown["hands"].values())
    on_table = sum(len(m["cards"]) for m in shown["melds"]) + len(shown["discard"])
    assert in_hands + on_table + shown["stock"]["count"] == 104


def test_an_eleven_card_lay_off_roby_through_http(shared_client: FlaskClient) -> None:
    game = create(shared_client, ("ann", "bob", "cy", "dee"), deal_mode="recorded")
    table = Recorder(shared_client, game)
    for player, card in zip(["ann", "bob", "cy", "dee"], ["2C", "3C", "4C", "KH"], strict=True):
        table.act("cut", player, card=card)
    table.deal(
        "dee",
        "AH",
        ann="5S 6S 7S 8S 9S 10S JS KS 10D JD",
        bob="2S 3S 4S KH KD KC 2C 3C 5C 6C",
        cy="7D 8D 9D 2H 3H 4C 5H 6H 8C 9C",
        dee="2D 3D 5D 6D 4H 7H 8H 9H 10H JH",
    )
    for player, card in (("ann", "QS"), ("bob", "AS"), ("cy", "AC"), ("dee", "QH"), ("ann", "QC")):
        table.pass_turn(player, card)
    table.act("draw", "bob", source="stock", card="4D")
    table.act("meld", "bob", cards=["2S", "3S", "4S"])
    table.act("meld", "bob", cards=["KH", "KD", "KC"])
    table.act("discard", "bob", card="4D")
    table.act("draw", "cy", source="stock", card="10C")
    table.act("meld", "cy", cards=["7D", "8D", "9D"])
    table.act("discard", "cy", card="10C")
    table.pass_turn("dee", "JC")
    table.act("draw", "ann", source="stock", card="QD")
    lay_offs = [{"card": c, "meld": 1} for c in ("5S", "6S", "7S", "8S", "9S", "10S", "JS")]
    lay_offs += [
        {"card": "KS", "meld": 2},
        {"card": "10D", "meld": 3},
        {"card": "JD", "meld": 3},
        {"card": "QD", "meld": 3},
    ]
    ended = table.act("go_out", "ann", lay_offs=lay_offs)
    went_out = next(e for e in ended if e["type"] == "WentOut")
    assert went_out["data"] == {"player": "ann", "method": "laid_off_eleven"}
    assert sorted(transfers(ended, "roby.stakes.per-roby")) == [
        ("player:bob", "player:ann", 100),
        ("player:cy", "player:ann", 100),
        ("player:dee", "player:ann", 100),
    ]
