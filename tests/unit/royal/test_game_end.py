"""Outs, the end of the game, and the board's chips left at the end."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalMoveError, InvalidActionError
from tests.unit.royal.helpers import (
    FixedChance,
    cards,
    chips,
    cut_to,
    end_game,
    new_game,
    play_out,
    record,
    setup,
    transfers,
)
from tests.unit.royal.scenes import BLOCKING, BLOCKING_PLAYS


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
    outs = [(e.player, e.stack) for e in game.pending_events if type(e).__name__ == "PlayerOut"]
    assert outs == [("p1", chips(game, "p1")), ("p3", chips(game, "p3"))] and chips(game, "p1") > 0


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
    with pytest.raises(IllegalMoveError) as refused:
        end_game(game)
    assert refused.value.code == "wrong-phase"
    assert refused.value.message == "an end_game action is not open now: the game is over"


def test_ending_the_game_is_the_tables_action_and_needs_its_confirmation() -> None:
    game = new_game(3)
    assert [entry["type"] for entry in game.table_actions()] == ["end_game", "abandon", "bring_forward"]
    assert "end_game" not in {entry["type"] for entry in game.legal_actions()}
    refusals = (({}, "confirm"), ({"confirm": False}, "confirm"), ({"confirm": True, "player": "p1"}, "player"))
    for body, field in refusals:
        with pytest.raises(InvalidActionError) as refused:
            game.record({"type": "end_game", **body}, FixedChance())
        assert refused.value.field == field
    assert game.state.phase == "cut"
    end_game(game)
    assert game.state.phase == "over" and [entry["type"] for entry in game.table_actions()] == ["void"]


SPACES = ["space:AH", "space:KH", "space:QH", "space:JH", "space:10H", "space:marriage", "space:sequence", "kitty",
          "pot"]
"""The Tripoley board's accounts, in board order."""


def test_under_rules_version_1_the_antes_of_a_deal_never_dealt_stay_with_the_banker() -> None:
    game = new_game(3, rules=1)
    cut_to(game, "p3")
    end_game(game)
    assert chips(game, "bank") == -300 + 27 and chips(game, "pot") == 0 and chips(game, "p1") == 91
    assert transfers(game, "royal.end.to-banker") == [(space, "bank", 3, "GameEnded") for space in SPACES]
    assert transfers(game, "royal.end.ante-returned") == []


def test_the_antes_of_a_deal_never_dealt_go_back_to_those_who_paid_them_before_the_board_is_cleared() -> None:
    game = new_game(3)
    assert game.state.rules_version == 2
    cut_to(game, "p3")
    end_game(game)
    assert [chips(game, p) for p in ("p1", "p2", "p3")] == [100, 100, 100] and chips(game, "bank") == -300
    assert transfers(game, "royal.end.ante-returned") == [
        (space, f"player:{player}", 1, "GameEnded") for player in ("p1", "p2", "p3") for space in SPACES
    ]
    assert transfers(game, "royal.end.to-banker") == []


FIRST_DEAL_TO_P2 = {"p1": cards("2-9C", "2-6H"), "p2": [*cards("10-AC", "2-8S"), "10H"],
                    "p3": cards("9-AS", "7-9H", "2-5D")}
"""Three hands (the dummy holds the jack, queen, king and ace of hearts and the six to ace of diamonds): p2 goes out
winning the 10H space, the Kitty and the pot (9 chips), and the board keeps the other 18."""


@pytest.mark.parametrize(("rules", "stacks", "banker"), [(1, [82, 91, 82], 45), (2, [91, 100, 91], 18)])
def test_a_game_ended_between_deals_by_hand(rules: int, stacks: list[int], banker: int) -> None:
    """Worked by hand: each player antes 9 for the first deal (27 on the board); p2 wins 9 of them, so the stacks are
    91/100/91 with 18 left. Ending the hand collects the next deal's antes (82/91/82, 45 on the board); the recorder
    then ends the game. Under version 1 those antes went to the banker with the rest (+45); the rules give each his
    9 back first, and the banker takes the 18 the first deal left (+18)."""
    game = setup(FIRST_DEAL_TO_P2, poker=False, rules=rules)
    play_out(game, [("p1", cards("2-9C")), ("p2", cards("10-AC")), ("p3", None), ("p1", None), ("p2", ["10H"]),
                    ("p3", None), ("p1", None), ("p2", cards("2-8S"))])
    assert [chips(game, p) for p in ("p1", "p2", "p3")] == [82, 91, 82] and game.state.phase == "deal"
    end_game(game)
    assert [chips(game, p) for p in ("p1", "p2", "p3")] == stacks and chips(game, "bank") == -300 + banker
    assert sum(moved[2] for moved in transfers(game, "royal.end.ante-returned")) == (27 if rules == 2 else 0)


def test_an_ace_bet_paid_for_a_deal_never_dealt_goes_back_with_the_antes_and_the_earlier_board_stays() -> None:
    """p1 deals and bets 2 on the spades ace; p2 covers; the game ends before p3 answers. Each takes back what he
    paid for the deal (antes and stakes); under version 1 the banker took all of it."""
    for rules, stacks, banker in ((2, [100, 100, 100], 0), (1, [89, 89, 91], 31)):
        game = new_game(3, ace_betting=True, rules=rules)
        cut_to(game, "p1")
        record(game, "ace_bet", "p1", ace="S", amount=2)
        record(game, "cover", "p2")
        assert game.state.phase == "ace_cover"
        end_game(game)
        assert [chips(game, p) for p in ("p1", "p2", "p3")] == stacks and chips(game, "bank") == -300 + banker
        returned = transfers(game, "royal.end.ace-bet-returned")
        assert returned == ([("ace:S", "player:p1", 2, "GameEnded"), ("ace:S", "player:p2", 2, "GameEnded")]
                            if rules == 2 else [])


def _ended_after_an_ace_bet(dealer: str, amount: int, rules: int | None = 1) -> Any:
    """Leftovers split: the dealer bets on the spades ace, nobody covers, and the recorder ends the game."""
    game = new_game(3, leftover="split", ace_betting=True, rules=rules)
    cut_to(game, dealer)
    record(game, "ace_bet", dealer, ace="S", amount=amount)
    for player in game.state.left_of(dealer)[:-1]:
        record(game, "decline", player)
    end_game(game)
    return game


def test_leftover_chips_split_with_odd_units_from_the_dealers_left() -> None:
    game = _ended_after_an_ace_bet("p3", 1)
    assert [chips(game, p) for p in ("p1", "p2", "p3")] == [91 + 10, 91 + 9, 90 + 9]
    assert chips(game, "bank") == -300


def test_bets_go_back_when_the_recorder_ends_a_poker_round() -> None:
    game = setup()
    for player, five in {"p1": cards("2-6C"), "p2": cards("8-QC"), "p3": cards("2-6S")}.items():
        record(game, "poker_hand", player, cards=five)
    record(game, "bet", "p1", amount=5)
    record(game, "call", "p2")
    end_game(game)
    assert chips(game, "p1") == 91 and chips(game, "bet:p1") == 0 and chips(game, "p2") == 91
    assert transfers(game, "royal.end.bets-returned") == [
        ("bet:p1", "player:p1", 5, "GameEnded"), ("bet:p2", "player:p2", 5, "GameEnded")]


def test_split_leftovers_go_odd_units_first_to_the_players_nearest_the_dealers_left() -> None:
    """Dealer p1: 27 antes and p1's ace bet of 2 make 29, so p2 and p3 (first from p1's left) get 10, p1 gets 9.

    The board's accounts are emptied in board order, each player in turn from the dealer's left taking what he is
    owed, so no account pays out more than it holds."""
    game = _ended_after_an_ace_bet("p1", 2)
    assert [chips(game, p) for p in ("p1", "p2", "p3")] == [91 - 2 + 9, 91 + 10, 91 + 10]
    assert transfers(game, "royal.end.split") == [
        ("space:AH", "player:p2", 3, "GameEnded"), ("space:KH", "player:p2", 3, "GameEnded"),
        ("space:QH", "player:p2", 3, "GameEnded"), ("space:JH", "player:p2", 1, "GameEnded"),
        ("space:JH", "player:p3", 2, "GameEnded"), ("space:10H", "player:p3", 3, "GameEnded"),
        ("space:marriage", "player:p3", 3, "GameEnded"), ("space:sequence", "player:p3", 2, "GameEnded"),
        ("space:sequence", "player:p1", 1, "GameEnded"), ("kitty", "player:p1", 3, "GameEnded"),
        ("pot", "player:p1", 3, "GameEnded"), ("ace:S", "player:p1", 2, "GameEnded"),
    ]
    balances = game.state.ledger.balances
    board = {a: v for a, v in balances.items() if a != "bank" and not a.startswith("player:")}
    assert len(board) == 10 and set(board.values()) == {0} and balances["bank"] == -300


def test_with_the_split_option_leftovers_go_to_the_banker_when_nobody_is_left_in() -> None:
    """A blocked first deal leaves all three players without an ante: all are out, so nobody shares the board's
    36 chips (the antes and the 9 paid into the Kitty) and they stay with the banker."""
    game = setup(BLOCKING, poker=False, stack=12, leftover="split")
    play_out(game, BLOCKING_PLAYS)
    outs = [(e.player, e.stack) for e in game.pending_events if type(e).__name__ == "PlayerOut"]
    assert outs == [("p1", 0), ("p2", 0), ("p3", 0)] and game.state.phase == "over"
    spaces = ["space:AH", "space:KH", "space:QH", "space:JH", "space:10H", "space:marriage", "space:sequence"]
    assert transfers(game, "royal.end.to-banker") == [
        *((space, "bank", 3, "GameEnded") for space in spaces), ("kitty", "bank", 12, "GameEnded"),
        ("pot", "bank", 3, "GameEnded")]
    assert transfers(game, "royal.end.split") == [] and chips(game, "bank") == 0


def test_ended_before_the_first_deal_there_is_nothing_to_split() -> None:
    """Ended by the recorder during the cut (no dealer yet, nothing on the board), no chip moves."""
    game = new_game(3, leftover="split")
    count = len(game.pending_events)
    end_game(game)
    assert [type(e).__name__ for e in game.pending_events[count:]] == ["MoveRecorded", "GameEnded"]
    assert [chips(game, p) for p in ("p1", "p2", "p3")] == [100, 100, 100]
