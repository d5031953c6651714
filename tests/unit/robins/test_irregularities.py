"""Irregularities of a real Robins Rummy table: a misdeal, an exposed card, a card drawn out of turn and an abandoned
game, each recorded by the table as it happened (domain/robins/irregular.py)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import MeldbookError
from domain.rules.variant import Chance
from tests.unit.robins.scenario import RULES, Table

ANN = "3C 4C 5C 9H 10D JS QD"
BOB = "6S 7S 8S 9D 10H JC KD"


def table_do(table: Table, kind: str, **fields: Any) -> list[str]:
    """Record an action of the table; return the names of the events it stored after its envelope."""
    table.game.record({"type": kind, **fields}, Chance())
    envelope, *own = table.game.collect_events()
    table.events.extend([envelope, *own])
    return [type(e).__name__ for e in own]


def table_refused(table: Table, code: str, kind: str, **fields: Any) -> MeldbookError:
    before = (table.game.version, RULES.to_doc(table.state))
    with pytest.raises(MeldbookError) as caught:
        table.game.record({"type": kind, **fields}, Chance())
    assert caught.value.code == code, caught.value.message
    assert (table.game.version, RULES.to_doc(table.state)) == before
    return caught.value


def test_a_misdeal_voids_the_deal_before_the_first_draw_and_the_same_dealer_deals_again() -> None:
    table = Table(ANN, BOB, "4D")
    assert table_do(table, "misdeal", reason="card_exposed", confirm=True) == ["MisdealDeclared"]
    assert table.state.phase == "deal" and table.state.dealer == "bob" and table.state.hands == {}
    table.do("deal", "bob", hands={"ann": BOB.split(), "bob": ANN.split()}, upcard="5D")
    assert table.state.turn == "ann" and table.hand("ann") == sorted(BOB.split())
    table.turn("ann", "AS")
    table_refused(table, "irregularity.misdeal-too-late", "misdeal", reason="other", confirm=True)


def test_an_exposed_card_stays_in_its_holders_hand_and_the_opponent_sees_it() -> None:
    table = Table(ANN, BOB, "4D")
    assert table_do(table, "expose_card", holder="bob", card="KD") == ["CardExposed"]
    assert "KD" in table.hand("bob") and table.state.exposed == [{"player": "bob", "card": "KD"}]
    table_refused(table, "irregularity.not-in-hand", "expose_card", holder="bob", card="3C")


def test_a_card_drawn_out_of_turn_goes_back_into_the_stock_and_the_player_to_act_plays_on() -> None:
    table = Table(ANN, BOB, "4D")
    assert table_do(table, "draw_out_of_turn", drawer="bob", card="AS") == ["CardDrawnOutOfTurn"]
    assert table.state.stock.size == 39 and table.state.turn == "ann" and "AS" not in table.hand("bob")
    table_refused(table, "irregularity.on-turn", "draw_out_of_turn", drawer="ann", card="AH")
    table.turn("ann", "AS", "AS")


def test_an_abandoned_game_ends_with_the_scores_as_they_stand_and_no_winner() -> None:
    table = Table(ANN, BOB, "4D")
    table.turn("ann", "AS", "AS")
    assert table_do(table, "abandon", confirm=True) == ["GameAbandoned"]
    assert table.state.phase == "over" and table.state.winner is None
    assert table.state.scores == {"ann": 0, "bob": 0} and "PointsScored" not in table.names()
    table_refused(table, "wrong-phase", "abandon", confirm=True)


def test_under_leader_wins_the_player_ahead_wins_an_abandoned_game_and_level_scores_have_no_winner() -> None:
    table = Table(ANN, BOB, "4D", abandon="leader_wins")
    table.state.scores["bob"] = 40  # as an earlier hand would have left them
    assert table_do(table, "abandon", confirm=True) == ["GameAbandoned", "GameWon"]
    assert table.state.winner == "bob"
    level = Table(ANN, BOB, "4D", abandon="leader_wins")
    assert table_do(level, "abandon", confirm=True) == ["GameAbandoned"] and level.state.winner is None
