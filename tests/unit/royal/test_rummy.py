"""The stops hand: leads, the next card, stops, pay cards, the Kitty and blocked hands."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMoveError
from domain.royal.events_play import HandBlocked, Stopped
from tests.unit.royal.helpers import cards, chips, pick_hands, play_out, record, setup, transfers
from tests.unit.royal.scenes import BLOCKING, BLOCKING_PLAYS


def _stopped(game: object) -> list[Stopped]:
    return [e for e in game.pending_events if isinstance(e, Stopped)]


def test_the_rummy_hand_is_always_played() -> None:
    game = setup()
    pick_hands(game, {"p1": cards("2-6C"), "p2": cards("8-QC"), "p3": cards("2-6S")})
    for player in ("p1", "p2", "p3"):
        record(game, "check", player)
    assert game.state.phase == "rummy"


def test_without_poker_the_dealers_left_leads() -> None:
    game = setup(poker=False)
    assert game.state.rummy.turn == "p1" and game.state.rummy.lead == "black"


def test_the_poker_winner_leads_his_lowest_black_card() -> None:
    game = setup()
    pick_hands(game, {"p1": cards("2-6C"), "p2": cards("8-QC"), "p3": cards("2-5S", "7S")})
    for player in ("p1", "p2", "p3"):
        record(game, "check", player)
    assert game.state.rummy.turn == "p2"
    with pytest.raises(IllegalMoveError) as error:
        record(game, "play", "p2", cards=["9C"])
    assert error.value.code == "royal.rummy.lowest" and "8C" in error.value.message
    record(game, "play", "p2", cards=["8C"])


def test_on_equal_ranks_the_leader_chooses_the_suit() -> None:
    hands = {"p1": cards("2-7C", "2-8S"), "p2": cards("8-AC", "9-KS", "2H"), "p3": cards("3-AH", "AS")}
    game = setup(hands, poker=False)
    record(game, "play", "p1", cards=["2S"])
    game = setup(hands, poker=False)
    record(game, "play", "p1", cards=["2C"])


def test_with_aces_high_a_leader_whose_only_black_cards_are_aces_leads_one() -> None:
    """His lowest black card is then an ace (ranked above the king): either ace may lead."""
    hands = {"p1": cards("AC", "AS", "2-QH"), "p2": cards("KH", "2-KC"), "p3": cards("AH", "2-KS")}
    game = setup(hands, poker=False)
    [plays] = [e for e in game.legal_actions() if e["type"] == "play"]
    assert [b["cards"] for b in plays["choices"]] == [["AC"], ["AS"]]
    record(game, "play", "p1", cards=["AS"])
    assert game.state.rummy.played["p1"] == ["AS"]


def test_a_leader_without_black_cards_passes_the_lead_left() -> None:
    hands = {"p1": cards("2-AH"), "p2": cards("2-AC"), "p3": cards("2-AS")}
    game = setup(hands, poker=False)
    assert game.state.rummy.turn == "p2"


def test_the_next_player_plays_the_next_card_or_passes() -> None:
    game = setup(poker=False)
    record(game, "play", "p1", cards=["2C"])
    assert game.state.rummy.turn == "p2" and game.state.rummy.wanted == "3C"
    record(game, "pass", "p2")
    record(game, "pass", "p3")
    with pytest.raises(IllegalMoveError):
        record(game, "pass", "p1")
    record(game, "play", "p1", cards=["3C"])


def test_a_pass_while_holding_the_next_card_is_refused() -> None:
    game = setup(poker=False)
    record(game, "play", "p1", cards=cards("2-7C"))
    version = game.version
    with pytest.raises(IllegalMoveError) as error:
        record(game, "pass", "p2")
    assert error.value.code == "royal.rummy.must-play" and "8C" in error.value.message
    assert game.version == version and game.state.rummy.turn == "p2"


def test_a_player_may_play_consecutive_cards_together() -> None:
    game = setup(poker=False)
    with pytest.raises(IllegalMoveError) as error:
        record(game, "play", "p1", cards=["2C", "4C"])
    assert error.value.code == "royal.rummy.run"
    record(game, "play", "p1", cards=cards("2-7C"))
    assert game.state.rummy.played["p1"] == cards("2-7C")


def test_playing_a_pay_card_collects_its_space() -> None:
    game = setup(poker=False)
    play_out(game, [("p1", cards("2-7C")), ("p2", cards("8-AC")), ("p3", None), ("p1", None)])
    before = chips(game, "p2")
    record(game, "play", "p2", cards=["9H", "10H"])
    assert chips(game, "p2") == before + 3 and chips(game, "space:10H") == 0 and chips(game, "space:JH") == 3
    assert transfers(game, "royal.board.pay-card") == [("space:10H", "player:p2", 3, "CardsPlayed")]


def test_the_marriage_pays_one_player_who_plays_both() -> None:
    game = setup(poker=False)
    play_out(game, [("p1", cards("2-7C")), ("p2", cards("8-AC")), ("p3", None), ("p1", None)])
    record(game, "play", "p2", cards=cards("9-QH"))
    assert chips(game, "space:marriage") == 3
    record(game, "pass", "p3")
    record(game, "pass", "p1")
    record(game, "play", "p2", cards=["KH", "AH"])
    assert game.state.deal_number == 2
    assert transfers(game, "royal.board.marriage") == [("space:marriage", "player:p2", 3, "CardsPlayed")]


def test_the_sequence_pays_one_player_who_plays_8_9_10() -> None:
    game = setup(poker=False)
    record(game, "play", "p1", cards=cards("2-7C"))
    record(game, "play", "p2", cards=["8C", "9C"])
    assert chips(game, "space:sequence") == 3
    record(game, "pass", "p3")
    record(game, "pass", "p1")
    before = chips(game, "p2")
    record(game, "play", "p2", cards=["10C"])
    assert chips(game, "space:sequence") == 0 and chips(game, "p2") == before + 3
    assert transfers(game, "royal.board.sequence") == [("space:sequence", "player:p2", 3, "CardsPlayed")]


def test_a_stop_lets_the_last_player_lead_the_other_colour() -> None:
    game = setup(poker=False)
    play_out(game, [("p1", cards("2-7C")), ("p2", cards("8-AC")), ("p3", None), ("p1", None)])
    assert [(s.player, s.wanted, s.colour, s.leader) for s in _stopped(game)] == [("p2", None, "red", "p2")]
    with pytest.raises(IllegalMoveError):
        record(game, "pass", "p2")


def test_a_stop_when_the_next_card_is_in_the_dead_hand_or_already_played() -> None:
    game = setup(BLOCKING, poker=False)
    play_out(game, BLOCKING_PLAYS[:27])
    assert [(s.player, s.wanted) for s in _stopped(game)][-1] == ("p1", "5H")
    play_out(game, BLOCKING_PLAYS[27:30])
    assert [(s.player, s.wanted) for s in _stopped(game)][-1] == ("p3", "4C")


def test_after_a_stop_the_lead_goes_left_to_a_player_with_the_colour() -> None:
    game = setup(BLOCKING, poker=False)
    play_out(game, BLOCKING_PLAYS[:27])
    assert game.state.rummy.turn == "p3" and game.state.rummy.lead == "black"


def test_a_blocked_hand_costs_one_chip_per_card_into_the_kitty() -> None:
    game = setup(BLOCKING, poker=False)
    play_out(game, BLOCKING_PLAYS[:-1])
    held = {p: game.state.hands[p].size for p in ("p1", "p2", "p3")}
    kitty = chips(game, "kitty")
    record(game, "pass", "p1")
    assert any(isinstance(e, HandBlocked) for e in game.pending_events)
    assert chips(game, "kitty") == kitty + sum(held.values()) + 3
    assert game.state.deal_number == 2


def test_a_blocked_player_pays_what_he_holds() -> None:
    game = setup(BLOCKING, poker=False, stack=12)
    play_out(game, BLOCKING_PLAYS[:-1])
    held = {p: game.state.hands[p].size for p in ("p1", "p2", "p3")}
    stacks = {p: chips(game, p) for p in ("p1", "p2", "p3")}
    record(game, "pass", "p1")
    assert held == {"p1": 4, "p2": 4, "p3": 4} and stacks == {"p1": 3, "p2": 3, "p3": 3}
    assert transfers(game, "royal.rummy.blocked") == [(f"player:{p}", "kitty", 3, "HandBlocked") for p in held]


def test_the_first_player_out_takes_the_kitty() -> None:
    game = setup(poker=False)
    play_out(game, [("p1", cards("2-7C")), ("p2", cards("8-AC")), ("p3", None), ("p1", None), ("p2", cards("9-AH"))])
    assert transfers(game, "royal.rummy.kitty") == [("kitty", "player:p2", 3, "WentOut")]


def test_without_poker_the_first_out_takes_the_pot_too() -> None:
    game = setup(poker=False)
    play_out(game, [("p1", cards("2-7C")), ("p2", cards("8-AC")), ("p3", None), ("p1", None), ("p2", cards("9-AH"))])
    assert transfers(game, "royal.rummy.pot-without-poker") == [("pot", "player:p2", 3, "WentOut")]


def test_losers_pay_the_winner_per_card_when_declared() -> None:
    game = setup(poker=False, losers_pay=True)
    play_out(game, [("p1", cards("2-7C")), ("p2", cards("8-AC")), ("p3", None), ("p1", None), ("p2", cards("9-AH"))])
    assert transfers(game, "royal.rummy.losers-pay") == [
        ("player:p3", "player:p2", 13, "WentOut"), ("player:p1", "player:p2", 7, "WentOut")]


def test_chips_nobody_won_stay_for_the_next_deal() -> None:
    game = setup(BLOCKING, poker=False)
    play_out(game, BLOCKING_PLAYS)
    assert chips(game, "space:marriage") == 6 and chips(game, "pot") == 6


def test_aces_low_make_the_ace_lowest_and_the_king_the_top_of_the_suit() -> None:
    hands = {"p1": cards("AC", "2-7C", "2-7H"), "p2": cards("8-KC", "8-KH", "AH"), "p3": cards("2-AS")}
    game = setup(hands, aces="low", poker=False)
    with pytest.raises(IllegalMoveError):
        record(game, "play", "p1", cards=["2C"])
    record(game, "play", "p1", cards=["AC", *cards("2-7C")])
    record(game, "play", "p2", cards=cards("8-KC"))
    assert game.state.rummy.wanted is None
