"""Roby's scores, busts, re-enlistment and stakes: buy-ins, per-Roby payments, fees and the pot."""

from __future__ import annotations

import pytest

from bots import SeededChance
from domain.errors import IllegalMoveError
from domain.roby import settle
from domain.roby.rules import hand_value
from domain.roby.state import RobyState
from domain.roby.variant import Roby
from domain.rules.actions import parse_action
from domain.rules.variant import Decision
from tests.unit.roby.table import Table

WINNING_HAND = "4H 5H 6H 7H KC KD KS QS QH QC"
WINNING_MELDS = [["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]]


def roby_by_ann(table: Table, **hands: str) -> None:
    """Dee deals; ann draws 2D and goes out at once."""
    table.cut_for("dee")
    table.deal(keep="2D", ann=WINNING_HAND, **hands)
    table.act("draw", "ann", source="stock", card="2D")
    table.act("go_out", "ann", melds=WINNING_MELDS, discard="2D")


def test_before_the_game_every_player_pays_the_buy_in_into_the_pot() -> None:
    table = Table(buy_in=250)
    assert table.transfers("roby.stakes.buy-in") == [
        (f"player:{p}", "pot", 250, "Created") for p in ("ann", "bob", "cy", "dee")
    ]
    assert table.state.ledger.balance("pot") == 1000


def test_every_other_player_adds_the_value_of_all_cards_left_in_his_hand_even_melds() -> None:
    table = Table()
    roby_by_ann(table, bob="7C 7D 7S 8C 9C 10C JH JD 2S 3S")
    scored = {e.player: e.points for e in table.events("PointsScored")}
    assert scored["bob"] == hand_value(["7C", "7D", "7S", "8C", "9C", "10C", "JH", "JD", "2S", "3S"]) == 73
    assert set(scored) == {"bob", "cy", "dee"} and table.state.scores["ann"] == 0
    assert {e.rule for e in table.events("PointsScored")} == {"roby.scoring.cards-left"}
    assert all(e.cause == table.events("WentOut")[0].originator_version for e in table.events("PointsScored"))


def test_each_roby_every_opponent_still_in_the_game_pays_the_winner_the_agreed_amount() -> None:
    table = Table(per_roby=75)
    roby_by_ann(table)
    assert table.transfers("roby.stakes.per-roby") == [
        (f"player:{p}", "player:ann", 75, "WentOut") for p in ("bob", "cy", "dee")
    ]


def test_a_player_with_100_or_more_points_is_eliminated_unless_he_re_enlists_and_still_pays_that_roby() -> None:
    table = Table()
    table.state.scores["bob"] = 95  # arrange: bob is at 95 from earlier hands
    roby_by_ann(table)
    assert [(e.player, e.score) for e in table.events("PlayerBusted")] == [("bob", table.state.scores["bob"])]
    assert table.state.scores["bob"] >= 100
    assert ("player:bob", "player:ann", 100, "WentOut") in table.transfers("roby.stakes.per-roby")
    assert table.state.phase == "decide" and table.state.deciding == ["bob"]
    table.refuse("wrong-phase", "deal", "dee")


def test_a_re_enlisting_player_takes_the_highest_score_still_in_and_pays_the_pot_share_rounded_up() -> None:
    table = Table()
    table.state.scores.update(bob=95, cy=20)  # arrange
    roby_by_ann(table)
    assert table.state.still_in() == ["ann", "cy", "dee"]
    highest = max(table.state.scores[p] for p in ("ann", "cy", "dee"))
    assert highest > 20
    table.act("reenlist", "bob")
    assert table.state.scores["bob"] == highest and table.state.standing["bob"] == "in"
    assert table.transfers("roby.stakes.reenlist-fee") == [("player:bob", "pot", -(-2000 // 3), "PlayerReenlisted")]
    assert table.state.phase == "deal"


def test_with_the_option_the_re_enlistment_fee_is_the_buy_in() -> None:
    table = Table(reenlist_fee="buy_in", buy_in=300)
    table.state.scores["bob"] = 95  # arrange
    roby_by_ann(table)
    table.act("reenlist", "bob")
    assert table.transfers("roby.stakes.reenlist-fee") == [("player:bob", "pot", 300, "PlayerReenlisted")]


def test_busted_players_decide_in_turn_from_the_dealers_left_and_each_fee_counts_the_earlier_ones() -> None:
    table = Table()
    table.state.scores.update(bob=95, cy=95)  # arrange
    roby_by_ann(table)
    assert table.state.deciding == ["bob", "cy"]
    error = table.refuse("roby.reenlist.not-due", "reenlist", "cy")
    assert error.message == "bob decides next whether to re-enlist, not cy"
    table.act("reenlist", "bob")
    table.act("reenlist", "cy")
    assert table.transfers("roby.stakes.reenlist-fee") == [
        ("player:bob", "pot", 1000, "PlayerReenlisted"),
        ("player:cy", "pot", 1000, "PlayerReenlisted"),
    ]


@pytest.mark.parametrize("rules", [1, 2])
def test_re_enlisting_needs_two_other_players_still_in_and_the_last_player_in_wins_the_pot(rules: int) -> None:
    table = Table(("ann", "bob", "cy"), rules=rules)
    table.state.scores.update(bob=95, cy=95)  # arrange
    table.cut_for("cy")
    table.deal(keep="2D", ann=WINNING_HAND)
    table.act("draw", "ann", source="stock", card="2D")
    stored = table.act("go_out", "ann", melds=WINNING_MELDS, discard="2D")
    assert [e.player for e in table.events("PlayerLeft")] == ["bob", "cy"]
    busts = stored[stored.index("PlayerBusted"):stored.index("GameWon")]
    if rules == 1:  # the record opened decisions nobody had, then made both leave
        assert busts == ["PlayerBusted", "PlayerBusted", "DecisionsOpened", "PlayerLeft", "PlayerLeft"]
    else:  # neither may re-enlist: they leave, and no decision is opened for them
        assert busts == ["PlayerBusted", "PlayerBusted", "PlayerLeft", "PlayerLeft"]
        assert table.events("DecisionsOpened") == []
    assert table.events("GameWon")[0].player == "ann" and table.state.phase == "over"
    assert table.transfers("roby.stakes.pot-to-winner") == [("pot", "player:ann", 1500, "GameWon")]
    assert sum(table.state.ledger.balances.values()) == 0


def test_while_two_others_remain_a_busted_player_still_decides() -> None:
    table = Table()
    assert table.state.rules_version == 2
    table.state.scores["bob"] = 95  # arrange
    roby_by_ann(table)
    assert table.events("DecisionsOpened")[0].players == ["bob"] and table.events("PlayerLeft") == []


def test_a_player_may_re_enlist_any_number_of_times() -> None:
    table = Table()
    table.state.scores["bob"] = 95  # arrange
    roby_by_ann(table)
    table.act("reenlist", "bob")
    table.state.scores["bob"] = 99  # arrange: bob is at the limit again
    table.deal(keep="2D", cy=WINNING_HAND)
    table.draw_and_discard("bob")
    table.act("draw", "cy", source="stock", card="2D")
    table.act("go_out", "cy", melds=WINNING_MELDS, discard="2D")
    assert table.state.deciding[0] == "bob"
    table.act("reenlist", "bob")
    assert table.state.reenlistments["bob"] == 2 and len(table.transfers("roby.stakes.reenlist-fee")) == 2


def test_a_player_who_left_is_not_dealt_in_plays_no_turn_and_pays_nothing() -> None:
    table = Table()
    table.state.scores["bob"] = 95  # arrange
    roby_by_ann(table)
    table.act("leave", "bob")
    assert table.state.still_in() == ["ann", "cy", "dee"] and table.state.dealer == "ann"
    table.deal(keep="2D", cy=WINNING_HAND)
    assert set(table.state.hands) == {"ann", "cy", "dee"} and table.state.turn == "cy"
    table.act("draw", "cy", source="stock", card="2D")
    table.act("go_out", "cy", melds=WINNING_MELDS, discard="2D")
    payers = {source for source, _, _, _ in table.transfers("roby.stakes.per-roby")[3:]}
    assert payers == {"player:ann", "player:dee"}


def test_re_enlisting_is_refused_without_two_other_players_still_in() -> None:
    """The rule itself, apart from the flow that makes such a player leave before his turn to decide comes."""
    state = RobyState(players=["ann", "bob", "cy"], options={}, deal_mode="recorded")
    state.standing = {"ann": "in", "bob": "busted", "cy": "left"}
    state.deciding = ["bob"]
    with pytest.raises(IllegalMoveError) as caught:
        settle.reenlist(Decision(state, 40, SeededChance(1)), parse_action(Roby.action_kinds, {
            "type": "reenlist", "player": "bob"}))
    assert (caught.value.code, caught.value.message) == (
        "roby.reenlist.two-remain", "re-enlisting needs at least two other players still in the game")
