"""A whole recorded Roby game through HTTP alone, from the cut to the final pot, on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from tests.e2e.helpers import Created, all_events, assert_problem, create, own_events
from tests.e2e.live import running_server

GROUP_AND_RUNS = [["9C", "10C", "JC"], ["4S", "5S", "6S", "7S"], ["JH", "JS", "JD"]]
CY_WINNING_HAND = "9C 10C JC 4S 5S 6S 7S JH JS JD"


class Recorder:
    """The person at the table with the recorder token: posts each action at the version last seen."""

    def __init__(self, client: FlaskClient, game: Created) -> None:
        self.client, self.game = client, game
        self.version = game.version

    def post(self, type_: str, player: str, **fields: Any) -> Any:
        body = {"type": type_, "player": player, "expected_version": self.version, **fields}
        return self.client.post(f"{self.game.url}/moves", json=body, headers=self.game.auth)

    def act(self, type_: str, player: str, **fields: Any) -> list[dict[str, Any]]:
        response = self.post(type_, player, **fields)
        assert response.status_code == 201, response.get_json()
        self.version = response.get_json()["version"]
        return own_events(response.get_json()["events"], {"type": type_})

    def refused(self, code: str, type_: str, player: str, **fields: Any) -> dict[str, Any]:
        problem = assert_problem(self.post(type_, player, **fields), 422, code)
        assert self.client.get(self.game.url).get_json()["version"] == self.version
        return problem

    def deal(self, dealer: str, upcard: str, **hands: str) -> None:
        self.act("deal", dealer, hands={p: h.split() for p, h in hands.items()}, upcard=upcard)

    def pass_turn(self, player: str, card: str) -> None:
        self.act("draw", player, source="stock", card=card)
        self.act("discard", player, card=card)

    def state(self) -> dict[str, Any]:
        return self.client.get(self.game.url, headers=self.game.auth).get_json()


def first_hand(table: Recorder) -> list[dict[str, Any]]:
    """Dee deals. Refusals on the way; cy goes out in her second turn; bob busts at 101."""
    for player, card in zip(["ann", "bob", "cy", "dee"], ["3C", "2C", "5H", "KH"], strict=True):
        table.act("cut", player, card=card)
    table.deal(
        "dee",
        "2H",
        ann="4H 5H 6H 3H 2C 3D 9S 10D 8C 2S",
        bob="7H AC AD AH AS KS KD KC QC QD",
        cy=CY_WINNING_HAND,
        dee="2D 3C 4C 5C 6C 7C 8D 9H 10H QS",
    )
    table.act("draw", "ann", source="stock", card="4D")
    problem = table.refused("roby.first-turn", "meld", "ann", cards=["4H", "5H", "6H"])
    assert "first turn" in problem["detail"]
    table.act("discard", "ann", card="4D")
    for player, card in (("bob", "5D"), ("cy", "6D"), ("dee", "7D")):
        table.pass_turn(player, card)
    table.act("draw", "ann", source="stock", card="9D")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    problem = table.refused("roby.discard.fits-meld", "discard", "ann", card="3H")
    assert problem["detail"] == "3H cannot be discarded: it fits the meld 4H 5H 6H on the table"
    table.act("discard", "ann", card="9D")
    table.act("draw", "bob", source="stock", card="3S")
    table.refused("roby.lay-off.own-meld", "lay_off", "bob", card="7H", meld=1)
    table.act("discard", "bob", card="3S")
    table.act("draw", "cy", source="stock", card="10S")
    return table.act("go_out", "cy", melds=GROUP_AND_RUNS, discard="10S")


def transfers(events: list[dict[str, Any]], rule: str) -> list[tuple[str, str, int]]:
    return [
        (e["data"]["source"], e["data"]["destination"], e["data"]["amount"])
        for e in events
        if e["type"] == "AmountTransferred" and e["data"]["rule"] == rule
    ]


def record_the_whole_game(client: Any) -> tuple[Created, dict[str, Any], list[dict[str, Any]]]:
    """Two hands: refusals, a bust and a re-enlistment with its fee, then three busts and cy wins the pot."""
    game = create(client, ("ann", "bob", "cy", "dee"), deal_mode="recorded")
    table = Recorder(client, game)
    ended = first_hand(table)
    assert [e["type"] for e in ended[:5]] == ["MeldLaid", "MeldLaid", "MeldLaid", "CardDiscarded", "WentOut"]
    scored = {e["data"]["player"]: e["data"]["points"] for e in ended if e["type"] == "PointsScored"}
    assert scored == {"dee": 64, "ann": 37, "bob": 101}
    assert sorted(transfers(ended, "roby.stakes.per-roby")) == [
        ("player:ann", "player:cy", 100),
        ("player:bob", "player:cy", 100),
        ("player:dee", "player:cy", 100),
    ]
    assert [e["data"]["player"] for e in ended if e["type"] == "PlayerBusted"] == ["bob"]

    reenlisted = table.act("reenlist", "bob")
    assert reenlisted[0]["type"] == "PlayerReenlisted" and reenlisted[0]["data"]["score"] == 64
    assert transfers(reenlisted, "roby.stakes.reenlist-fee") == [("player:bob", "pot", 667)]

    table.deal(
        "ann",
        "2H",
        bob="AC AD AH KS KD QC QD 2C 3C 4C",
        cy=CY_WINNING_HAND,
        dee="AS KC KH QS QH 2D 3D 4D 5D 6D",
        ann="8H 9H 10H 8D 9D 10D 9S 10S 8C 7C",
    )
    table.pass_turn("bob", "3S")
    table.act("draw", "cy", source="stock", card="2S")
    ended = table.act("go_out", "cy", melds=GROUP_AND_RUNS, discard="2S")
    assert [e["data"]["player"] for e in ended if e["type"] == "PlayerBusted"] == ["bob", "dee", "ann"]
    assert [e["data"]["player"] for e in ended if e["type"] == "PlayerLeft"] == ["bob", "dee", "ann"]
    assert [e["data"]["player"] for e in ended if e["type"] == "GameWon"] == ["cy"]
    assert transfers(ended, "roby.stakes.pot-to-winner") == [("pot", "player:cy", 2667)]

    final = table.state()
    assert final["over"] and final["state"]["winner"] == "cy" and final["legal_actions"] == []
    balances = final["state"]["ledger"]["balances"]
    assert balances["pot"] == 0 and sum(balances.values()) == 0
    assert balances["player:cy"] == 2667 + 600 - 500

    for version in range(1, final["version"] + 1):
        at = client.get(f"{game.url}/state?at={version}", headers=game.auth)
        assert at.status_code == 200 and at.get_json()["version"] == version
    events = all_events(client, game.url, game.auth)
    assert [e["version"] for e in events] == list(range(1, final["version"] + 1))
    return game, final, events


@pytest.mark.whole_game
def test_a_four_player_recorded_game_is_recorded_from_the_cut_to_the_final_pot(app: Flask, client: FlaskClient) -> None:
    game, final, events = record_the_whole_game(client)
    app.extensions["meldbook"].close()
    restarted = create_app(env=dict(app.extensions["meldbook"].env)).test_client()
    assert restarted.get(game.url, headers=game.auth).get_json() == final
    assert all_events(restarted, game.url, game.auth) == events


@pytest.mark.server
@pytest.mark.whole_game
def test_the_same_game_through_a_running_server_is_still_there_after_the_server_restarts(
    store_env: dict[str, str],
) -> None:
    with running_server(store_env) as server:
        game, final, events = record_the_whole_game(server)
    with running_server(store_env) as restarted:
        assert restarted.get(game.url, headers=game.auth).get_json() == final
        assert all_events(restarted, game.url, game.auth) == events
        assert restarted.get(f"{game.url}/state?at=30", headers=game.auth).get_json()["version"] == 30


def test_a_non_default_option_changes_the_re_enlistment_fee(shared_client: FlaskClient) -> None:
    fees = {}
    for fee in ("pot_share", "buy_in"):
        game = create(shared_client, ("ann", "bob", "cy", "dee"), deal_mode="recorded", options={"reenlist_fee": fee})
        table = Recorder(shared_client, game)
        first_hand(table)
        fees[fee] = transfers(table.act("reenlist", "bob"), "roby.stakes.reenlist-fee")
    assert fees == {"pot_share": [("player:bob", "pot", 667)], "buy_in": [("player:bob", "pot", 500)]}
