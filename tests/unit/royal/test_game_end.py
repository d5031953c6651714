"""Outs, the end of the game, and the board's chips left at the end."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMoveError, InvalidActionError
from tests.unit.royal.helpers import FixedChance, cards, chips, cut_to, end_game, new_game, record, setup


def _first_deal_won_by_p2(**options: object) -> object:
    game = setup(poker=False, **options)
    for player, played in [("p1", cards("2-7C")), ("p2", cards("8-AC")), ("p3", None), ("p1", None),
                           ("p2", cards("9-AH"))]:
        record(game, "pass", player) if played is None else record(game, "play", player, cards=played)
    return game


def test_a_player_who_cannot_ante_is_out() -> None:
    game = _first_deal_won_by_p2(stack=12, ace_betting=True)
    assert game.state.out == ["p1", "p3"]
    assert chips(game, "p1") < 9


def test_the_game_ends_when_fewer_than_three_can_ante() -> None:
    game = _first_deal_won_by_p2(stack=12)
    assert game.state.phase == "over" and game.state.ended == "fewer than three players can ante"


def test_the_game_ends_when_one_player_holds_every_chip() -> None:
    game = _first_deal_won_by_p2(stack=9)
    assert chips(game, "p2") == 27 and game.state.ended == "p2 holds every chip"


def test_the_recorder_may_end_the_game() -> None:
    game = new_game(3)
    cut_to(game, "p3")
    end_game(game)
    assert game.state.phase == "over" and game.state.ended.startswith("ended by the recorder")
    with pytest.raises(IllegalMoveError):
        end_game(game)


def test_ending_the_game_is_the_tables_action_and_needs_its_confirmation() -> None:
    game = new_game(3)
    assert [entry["type"] for entry in game.table_actions()] == ["end_game"]
    assert "end_game" not in {entry["type"] for entry in game.legal_actions()}
    refusals = (({}, "confirm"), ({"confirm": False}, "confirm"), ({"confirm": True, "player": "p1"}, "player"))
    for body, field in refusals:
        with pytest.raises(InvalidActionError) as refused:
            game.record({"type": "end_game", **body}, FixedChance())
        assert refused.value.field == field
    assert game.state.phase == "cut"
    end_game(game)
    assert game.state.phase == "over" and game.table_actions() == []


def test_leftover_chips_stay_with_the_banker() -> None:
    game = new_game(3)
    cut_to(game, "p3")
    end_game(game)
    assert chips(game, "bank") == -300 + 27 and chips(game, "pot") == 0 and chips(game, "p1") == 91


def test_leftover_chips_split_with_odd_units_from_the_dealers_left() -> None:
    game = new_game(3, leftover="split", ace_betting=True)
    cut_to(game, "p3")
    record(game, "ace_bet", "p3", ace="S", amount=1)
    record(game, "decline", "p1")
    record(game, "decline", "p2")
    end_game(game)
    assert [chips(game, p) for p in ("p1", "p2", "p3")] == [91 + 10, 91 + 9, 90 + 9]
    assert chips(game, "bank") == -300


def test_bets_go_back_when_the_recorder_ends_a_poker_round() -> None:
    game = setup()
    for player, five in {"p1": cards("2-6C"), "p2": cards("8-QC"), "p3": cards("2-6S")}.items():
        record(game, "poker_hand", player, cards=five)
    record(game, "bet", "p1", amount=5)
    end_game(game)
    assert chips(game, "p1") == 91 and chips(game, "bet:p1") == 0
