"""Irregularities of a real Royal Rummy table: a misdeal, an exposed card and an abandoned game, each recorded by
the table as it happened (domain/royal/irregular.py)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import MeldbookError
from domain.record.game import Game
from tests.unit.royal.helpers import SPADES_TO_P3, FixedChance, chips, cut_to, new_game, record, setup, transfers


def table(game: Game, kind: str, **fields: Any) -> list[str]:
    """Record an action of the table; return the names of the events it stored after its envelope."""
    count = game.record({"type": kind, **fields}, FixedChance())
    return [type(e).__name__ for e in game.pending_events[-count:]][1:]


def refused(game: Game, code: str, kind: str, **fields: Any) -> None:
    version, doc = game.version, game.rules.to_doc(game.state)
    with pytest.raises(MeldbookError) as caught:
        game.record({"type": kind, **fields}, FixedChance())
    assert caught.value.code == code, caught.value.message
    assert (game.version, game.rules.to_doc(game.state)) == (version, doc)


def dealt(**options: Any) -> Game:
    game = new_game(3, **options)
    cut_to(game, "p3")
    record(game, "deal", "p3", hands=SPADES_TO_P3)
    return game


def test_a_misdeal_is_dealt_again_by_the_same_dealer_and_the_antes_stay_on_the_board() -> None:
    game = dealt()
    board = {space: chips(game, space) for space in ("space:AH", "kitty", "pot")}
    assert table(game, "misdeal", reason="wrong_count", confirm=True) == ["MisdealDeclared"]
    assert game.state.phase == "deal" and game.state.dealer == "p3" and game.state.hands == {}
    record(game, "deal", "p3", hands=SPADES_TO_P3)
    assert {space: chips(game, space) for space in board} == board and len(transfers(game, "royal.ante")) == 27
    assert game.state.phase == "dummy" and game.state.deal_number == 1


def test_a_misdeal_is_refused_once_the_dealer_has_chosen_his_hand() -> None:
    game = dealt()
    record(game, "swap", "p3")
    refused(game, "irregularity.misdeal-too-late", "misdeal", reason="other", confirm=True)


def test_a_deal_that_paid_an_ace_bet_stands() -> None:
    game = new_game(3, ace_betting=True)
    cut_to(game, "p3")
    record(game, "ace_bet", "p3", ace="S", amount=3)
    record(game, "cover", "p1")
    record(game, "cover", "p2")
    record(game, "deal", "p3", hands=SPADES_TO_P3)
    assert transfers(game, "royal.aces.won")
    refused(game, "royal.misdeal.ace-paid", "misdeal", reason="card_exposed", confirm=True)
    assert not any(entry["type"] == "misdeal" for entry in game.table_actions())


def test_an_exposed_card_stays_in_its_holders_hand() -> None:
    game = dealt()
    assert table(game, "expose_card", holder="p1", card="5H") == ["CardExposed"]
    assert "5H" in game.state.hands["p1"].known and game.state.exposed == [{"player": "p1", "card": "5H"}]
    refused(game, "irregularity.not-in-hand", "expose_card", holder="p1", card="AS")


@pytest.mark.parametrize(("leftover", "rule"), [("banker", "royal.end.to-banker"), ("split", "royal.end.split")])
def test_an_abandoned_game_ends_as_the_table_ends_it_by_the_leftover_option(leftover: str, rule: str) -> None:
    game = setup(poker=False, leftover=leftover)
    assert table(game, "abandon", confirm=True)[0] == "GameEnded"
    assert game.state.ended == "abandoned by the players" and game.state.phase == "over"
    moved = transfers(game, rule)
    assert moved and {cause for *_, cause in moved} == {"GameEnded"}
    assert sum(chips(game, f"space:{s}") for s in ("AH", "KH", "QH", "JH", "10H")) == 0
