"""Equipment, the banker, the board, options, the cut and the deal."""

from __future__ import annotations

import pytest

from domain.access.visibility import Viewer, view_doc
from domain.cards.zones import seeded_order
from domain.errors import CardConflictError, IllegalMoveError, SetupError
from domain.royal.board import TRIPOLEY
from domain.royal.rules import DECK
from tests.unit.royal.helpers import SPADES_TO_P3, cards, chips, cut_to, new_game, record, setup, transfers


def test_three_to_eight_players_may_play() -> None:
    for count in (3, 8):
        assert new_game(count).state.players == [f"p{i + 1}" for i in range(count)]
    for count in (2, 9):
        with pytest.raises(SetupError):
            new_game(count)


def test_the_banker_hands_every_player_the_same_stack() -> None:
    game = new_game(4, stack=50)
    assert [chips(game, p) for p in ("p1", "p2", "p3", "p4")] == [50, 50, 50, 50]
    assert chips(game, "bank") == -200


def test_the_default_stack_is_100() -> None:
    assert chips(new_game(3), "p1") == 100


def test_chips_are_whole_units_and_colours_are_cosmetic() -> None:
    with pytest.raises(SetupError):
        new_game(3, stack=10.5)
    with pytest.raises(SetupError):
        new_game(3, colour="red")


def test_every_option_is_stored_in_the_game_record() -> None:
    game = new_game(3, ace_betting=True)
    assert set(game.options) == {"stack", "ante", "aces", "ace_betting", "poker", "poker_wheel", "losers_pay",
                                 "leftover", "board"}
    assert game.options["ace_betting"] is True and game.options["board"] == TRIPOLEY


def test_a_stack_too_small_for_one_ante_is_refused() -> None:
    with pytest.raises(SetupError):
        new_game(3, stack=8)


def test_every_player_antes_on_every_space_including_the_pot() -> None:
    game = new_game(3, ante=2)
    cut_to(game, "p3")
    for space in ("space:AH", "space:KH", "space:QH", "space:JH", "space:10H", "space:marriage", "space:sequence",
                  "kitty", "pot"):
        assert chips(game, space) == 6
    assert chips(game, "p1") == 100 - 18
    assert chips(game, "ace:S") == 0
    spaces = ["space:AH", "space:KH", "space:QH", "space:JH", "space:10H", "space:marriage", "space:sequence",
              "kitty", "pot"]
    assert transfers(game, "royal.ante") == [
        (f"player:{p}", space, 2, "DealStarted") for p in ("p1", "p2", "p3") for space in spaces]


def test_a_game_may_declare_another_board() -> None:
    board = [{"id": "AS", "pays": "card", "cards": ["AS"]}, {"id": "kitty", "pays": "kitty"},
             {"id": "pot", "pays": "pot"}]
    game = new_game(3, board=board)
    cut_to(game, "p3")
    assert chips(game, "space:AS") == 3 and chips(game, "p1") == 97 and chips(game, "space:AH") == 0


def test_a_malformed_board_is_refused() -> None:
    pot = {"id": "p", "pays": "pot"}
    for board in ([{"id": "x", "pays": "card", "cards": ["ZZ"]}, {"id": "k", "pays": "kitty"}, pot],
                  [{"id": "k", "pays": "kitty"}, {"id": "k2", "pays": "kitty"}, pot],
                  "tripoley"):
        with pytest.raises(SetupError):
            new_game(3, board=board)


def test_aces_high_or_low_is_an_option_of_the_rummy_hand() -> None:
    assert new_game(3).options["aces"] == "high"
    assert new_game(3, aces="low").options["aces"] == "low"
    with pytest.raises(SetupError):
        new_game(3, aces="middle")


def test_the_highest_cut_deals_and_ties_cut_again() -> None:
    game = new_game(3)
    record(game, "cut", "p1", card="KC")
    record(game, "cut", "p2", card="KD")
    record(game, "cut", "p3", card="2C")
    assert game.state.cutters == ["p1", "p2"] and game.state.dealer is None
    record(game, "cut", "p1", card="3C")
    record(game, "cut", "p2", card="AD")
    assert game.state.dealer == "p2" and game.state.deal_number == 1


def test_the_whole_pack_is_dealt_into_n_plus_one_hands() -> None:
    game = new_game(4, mode="shuffled")
    for player in ("p1", "p2", "p3", "p4"):
        record(game, "cut", player)
    dealer = game.state.dealer
    assert dealer is not None
    record(game, "deal", dealer)
    order = game.state.left_of(dealer)
    assert [game.state.hands[p].size for p in order] + [game.state.dummy.size] == [11, 11, 10, 10, 10]
    dealt = game.pending_events[-1]
    pack = seeded_order(DECK.elements(), dealt.seed)
    assert [dealt.hands[p] for p in order] + [dealt.dummy] == [pack[i::5] for i in range(5)]
    eight = new_game(8, mode="shuffled")
    for player in eight.state.players:
        record(eight, "cut", player)
    record(eight, "deal", eight.state.dealer)
    sizes = [eight.state.hands[p].size for p in eight.state.left_of(eight.state.dealer)]
    assert [*sizes, eight.state.dummy.size] == [6, 6, 6, 6, 6, 6, 6, 5, 5]


def test_recorded_deals_name_every_live_hand_and_leave_the_dummy_unknown() -> None:
    game = new_game(3)
    cut_to(game, "p3")
    record(game, "deal", "p3", hands=SPADES_TO_P3)
    assert game.state.dummy.known == [] and game.state.dummy.hidden == 13
    short = {**SPADES_TO_P3, "p1": SPADES_TO_P3["p1"][:-1]}
    game = new_game(3)
    cut_to(game, "p3")
    with pytest.raises(IllegalMoveError) as error:
        record(game, "deal", "p3", hands=short)
    assert error.value.code == "royal.deal.hand-size"
    twice = {**SPADES_TO_P3, "p1": [*SPADES_TO_P3["p1"][:-1], "2S"]}
    with pytest.raises(CardConflictError):
        record(game, "deal", "p3", hands=twice)
    assert game.state.hands == {}


def test_hands_and_the_dummy_are_secret_to_spectators() -> None:
    game = setup(dummy="none")
    doc = view_doc(game.rules.to_doc(game.state), Viewer.SPECTATOR)
    assert doc["hands"]["p1"] == {"count": 13, "secret": True}
    assert doc["dummy"] == {"count": 13, "secret": True}


def test_the_deal_passes_to_the_left() -> None:
    game = setup(poker=False)
    assert game.state.dealer == "p3"
    record(game, "play", "p1", cards=cards("2-7C"))
    record(game, "play", "p2", cards=cards("8-AC"))
    record(game, "pass", "p3")
    record(game, "pass", "p1")
    record(game, "play", "p2", cards=cards("9-AH"))
    assert game.state.dealer == "p1" and game.state.deal_number == 2
