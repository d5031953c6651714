"""Optional ace betting on the four corner aces."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMoveError
from domain.record.game import Game
from tests.unit.royal.helpers import SPADES_TO_P3, cards, chips, cut_to, new_game, record, transfers


def _bet(ace: str, amount: int, answers: dict[str, str], **options: object) -> object:
    game = new_game(3, ace_betting=True, **options)
    cut_to(game, "p3")
    record(game, "ace_bet", "p3", ace=ace, amount=amount)
    for player, answer in answers.items():
        record(game, answer, player)
    return game


def test_ace_betting_is_off_unless_the_game_declares_it() -> None:
    game = new_game(3)
    cut_to(game, "p3")
    assert game.state.phase == "deal"
    with pytest.raises(IllegalMoveError):
        record(game, "ace_bet", "p3", ace="S", amount=1)


def test_only_the_dealer_opens_an_ace_bet() -> None:
    game = new_game(3, ace_betting=True)
    cut_to(game, "p3")
    with pytest.raises(IllegalMoveError):
        record(game, "ace_bet", "p1", ace="S", amount=1)


def test_covering_costs_the_dealers_amount() -> None:
    game = _bet("S", 4, {"p1": "cover", "p2": "decline"})
    assert chips(game, "ace:S") == 8 and chips(game, "p1") == 91 - 4 and chips(game, "p2") == 91
    assert transfers(game, "royal.aces.bet") == [("player:p3", "ace:S", 4, "AceBetOpened")]
    assert transfers(game, "royal.aces.cover") == [("player:p1", "ace:S", 4, "AceBetAnswered")]
    assert game.state.ace_bets["S"].bettors == ["p3", "p1"]


def test_the_four_corner_aces_hold_ace_bets_only() -> None:
    game = _bet("S", 4, {"p1": "decline", "p2": "decline"})
    assert {a: chips(game, f"ace:{a}") for a in "CDHS"} == {"C": 0, "D": 0, "H": 0, "S": 4}


def test_a_bettor_holding_the_ace_wins_every_chip_on_it() -> None:
    game = _bet("S", 3, {"p1": "cover", "p2": "cover"})
    record(game, "deal", "p3", hands=SPADES_TO_P3)
    assert chips(game, "ace:S") == 0 and chips(game, "p3") == 91 - 3 + 9
    assert transfers(game, "royal.aces.won") == [("ace:S", "player:p3", 9, "AceShown")]
    assert "S" not in game.state.ace_bets


def test_chips_stay_on_the_ace_when_its_holder_did_not_bet() -> None:
    game = _bet("C", 3, {"p1": "cover", "p2": "decline"})
    record(game, "deal", "p3", hands=SPADES_TO_P3)
    assert chips(game, "ace:C") == 6 and game.state.ace_bets["C"].bettors == ["p3", "p1"]


def test_an_ace_in_the_dummy_wins_nothing() -> None:
    game = _bet("D", 2, {"p1": "cover", "p2": "cover"})
    record(game, "deal", "p3", hands=SPADES_TO_P3)
    assert chips(game, "ace:D") == 6 and "D" in game.state.ace_bets


def _play_out_the_first_deal(game: Game) -> None:
    """P3 deals and keeps his hand; the first deal is played out to its end, so the next one begins."""
    record(game, "deal", "p3", hands=SPADES_TO_P3)
    record(game, "keep", "p3")
    for player in ("p1", "p2"):
        record(game, "pass", player)
    record(game, "play", "p1", cards=cards("2-7C"))
    record(game, "play", "p2", cards=cards("8-AC"))
    record(game, "pass", "p3")
    record(game, "pass", "p1")
    record(game, "play", "p2", cards=cards("9-AH"))


def test_bettors_must_repeat_the_same_ace_bet_next_deal() -> None:
    game = _bet("C", 3, {"p1": "cover", "p2": "decline"}, poker=False)
    _play_out_the_first_deal(game)
    assert game.state.deal_number == 2 and chips(game, "ace:C") == 12
    with pytest.raises(IllegalMoveError) as error:
        record(game, "ace_bet", "p1", ace="C", amount=1)
    assert error.value.code == "royal.aces.standing"


def test_a_bettor_who_cannot_repeat_is_released() -> None:
    game = _bet("C", 82, {"p1": "cover", "p2": "decline"}, poker=False)
    _play_out_the_first_deal(game)
    assert game.state.deal_number == 2 and "C" not in game.state.ace_bets and chips(game, "ace:C") == 164


def test_a_standing_ace_bet_ends_when_its_last_bettor_is_out() -> None:
    game = new_game(4, ace_betting=True, stack=20, poker=False)
    cut_to(game, "p4")
    record(game, "ace_bet", "p4", ace="S", amount=11)
    for player in ("p1", "p2", "p3"):
        record(game, "decline", player)
    hands = {"p1": cards("2-QC"), "p2": cards("2-QD"), "p3": cards("2-JH"), "p4": cards("2-JS")}
    record(game, "deal", "p4", hands=hands)
    record(game, "keep", "p4")
    for player in ("p1", "p2", "p3"):
        record(game, "pass", player)
    record(game, "play", "p1", cards=cards("2-QC"))
    assert game.state.out == ["p4"] and game.state.deal_number == 2 and "S" not in game.state.ace_bets
    record(game, "ace_bet", "p1", ace="S", amount=1)
    assert chips(game, "ace:S") == 11 + 1 and game.state.ace_bets["S"].bettors == ["p1"]


def test_a_bettor_holding_exactly_the_repeat_bet_pays_it() -> None:
    """With 41 on the clubs ace, p3 and p1 each hold exactly 41 after the next ante: both bet again, neither is
    released."""
    game = _bet("C", 41, {"p1": "cover", "p2": "decline"}, poker=False)
    _play_out_the_first_deal(game)
    assert transfers(game, "royal.aces.repeat") == [
        ("player:p3", "ace:C", 41, "DealStarted"), ("player:p1", "ace:C", 41, "DealStarted")]
    assert not any(type(e).__name__ == "AceBetReleased" for e in game.pending_events)
    assert game.state.ace_bets["C"].bettors == ["p3", "p1"] and chips(game, "ace:C") == 4 * 41
    assert chips(game, "p1") == chips(game, "p3") == 0
