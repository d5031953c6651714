"""The optional poker hand: five cards each, one betting round, side pots, splits and the odd chip."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalMoveError
from domain.royal import showdown
from domain.royal.events_play import PokerShown
from domain.royal.pots import PotShare, build_pots
from domain.royal.state import RoyalState
from domain.rules.variant import Decision
from tests.unit.royal.helpers import FixedChance, cards, chips, pick_hands, record, setup, transfers

P1_SF6, P2_SFQ, P3_FLUSH = cards("2-6C"), cards("8-QC"), cards("2-5S", "7S")


def _poker(**options: object) -> object:
    game = setup(**options)
    pick_hands(game, {"p1": P1_SF6, "p2": P2_SFQ, "p3": P3_FLUSH})
    return game


def _short_p1(amount: int) -> object:
    """p1 buys the dummy (every diamond) for `amount`, leaving him 91 - amount chips."""
    game = setup(dummy="none")
    record(game, "keep", "p3")
    record(game, "bid", "p1", amount=amount)
    record(game, "pass", "p2")
    return game


def test_the_poker_hand_can_be_left_out() -> None:
    assert setup(poker=False).state.phase == "rummy"
    assert setup().state.phase == "poker_pick"


def test_each_player_chooses_five_cards_of_his_hand() -> None:
    game = setup()
    version = game.version
    with pytest.raises(IllegalMoveError) as error:
        record(game, "poker_hand", "p1", cards=cards("2-7C"))
    assert error.value.code == "royal.poker.five-cards" and "exactly 5" in error.value.message
    with pytest.raises(IllegalMoveError) as error:
        record(game, "poker_hand", "p1", cards=cards("2-5C", "AS"))
    assert error.value.code == "royal.poker.not-held"
    assert game.version == version and game.state.poker.chosen == {}


def test_poker_cards_stay_in_hand_for_the_rummy_hand() -> None:
    game = _poker()
    for player in ("p1", "p2", "p3"):
        record(game, "check", player)
    assert [game.state.hands[p].size for p in ("p1", "p2", "p3")] == [13, 13, 13]


def test_betting_starts_left_of_the_dealer() -> None:
    game = _poker()
    assert game.rules.to_move(game.state) == ["p1"]


def test_check_is_allowed_until_someone_bets() -> None:
    game = _poker()
    record(game, "check", "p1")
    record(game, "bet", "p2", amount=5)
    with pytest.raises(IllegalMoveError) as error:
        record(game, "check", "p3")
    assert error.value.code == "royal.poker.check-after-bet"


def test_after_a_bet_players_call_raise_or_fold() -> None:
    game = _poker()
    record(game, "bet", "p1", amount=5)
    record(game, "raise", "p2", amount=10)
    record(game, "fold", "p3")
    assert game.rules.to_move(game.state) == ["p1"]
    record(game, "call", "p1")
    assert game.state.phase == "rummy"


def test_the_best_hand_wins_the_pot_and_the_bets() -> None:
    game = _poker()
    record(game, "bet", "p1", amount=5)
    record(game, "raise", "p2", amount=10)
    record(game, "fold", "p3")
    record(game, "call", "p1")
    assert chips(game, "p2") == 91 - 10 + 3 + 20 and chips(game, "p1") == 81 and chips(game, "pot") == 0
    assert transfers(game, "royal.poker.bet") == [
        ("player:p1", "bet:p1", 5, "PokerActed"), ("player:p2", "bet:p2", 10, "PokerActed"),
        ("player:p1", "bet:p1", 5, "PokerActed")]
    assert transfers(game, "royal.poker.pot") == [
        ("bet:p1", "pot", 10, "PokerActed"), ("bet:p2", "pot", 10, "PokerActed")]
    assert transfers(game, "royal.poker.won") == [("pot", "player:p2", 23, "PotAwarded")]


def test_a_raise_is_at_least_the_previous_raise() -> None:
    game = _poker()
    record(game, "bet", "p1", amount=5)
    with pytest.raises(IllegalMoveError) as error:
        record(game, "raise", "p2", amount=8)
    assert error.value.code == "royal.poker.min-raise" and "to 10" in error.value.message


def test_a_raise_beyond_the_players_stack_is_refused() -> None:
    game = _poker()
    record(game, "bet", "p1", amount=5)
    version, before = game.version, chips(game, "p2")
    with pytest.raises(IllegalMoveError) as error:
        record(game, "raise", "p2", amount=92)
    assert error.value.code == "royal.poker.over-stack" and "at most 91" in error.value.message
    assert game.version == version and chips(game, "p2") == before


def test_a_short_all_in_does_not_reopen_betting() -> None:
    game = _short_p1(85)
    pick_hands(game, {"p1": cards("10-AD"), "p2": P2_SFQ, "p3": P3_FLUSH})
    record(game, "check", "p1")
    record(game, "bet", "p2", amount=4)
    record(game, "call", "p3")
    record(game, "all_in", "p1")
    with pytest.raises(IllegalMoveError) as error:
        record(game, "raise", "p2", amount=20)
    assert error.value.code == "royal.poker.not-reopened"
    record(game, "call", "p2")
    record(game, "call", "p3")
    assert chips(game, "p1") == 3 + 18


def test_all_ins_make_side_pots() -> None:
    game = _short_p1(85)
    pick_hands(game, {"p1": cards("10-AD"), "p2": P2_SFQ, "p3": P3_FLUSH})
    record(game, "all_in", "p1")
    record(game, "raise", "p2", amount=20)
    record(game, "call", "p3")
    assert chips(game, "p1") == 3 + 6 * 3
    assert chips(game, "p2") == 91 - 20 + 14 * 2
    assert chips(game, "side-pot:1") == 0


def test_a_player_with_no_chips_may_win_the_main_pot() -> None:
    game = _short_p1(91)
    pick_hands(game, {"p1": cards("10-AD"), "p2": P2_SFQ, "p3": P3_FLUSH})
    assert game.rules.to_move(game.state) == ["p2"]
    record(game, "bet", "p2", amount=5)
    record(game, "call", "p3")
    assert chips(game, "p1") == 3 and chips(game, "p2") == 91 + 5


def test_a_lone_survivor_wins_unshown() -> None:
    game = _poker()
    record(game, "bet", "p1", amount=5)
    record(game, "fold", "p2")
    count = len(game.pending_events)
    record(game, "fold", "p3")
    assert chips(game, "p1") == 91 + 3
    assert not any(isinstance(e, PokerShown) for e in game.pending_events[count:])


def test_ties_split_and_the_odd_chip_stays_on_the_pot() -> None:
    game = setup()
    pick_hands(game, {"p1": P1_SF6, "p2": cards("10-AH"), "p3": cards("10-AS")})
    record(game, "bet", "p1", amount=2)
    record(game, "call", "p2")
    record(game, "call", "p3")
    assert chips(game, "p2") == 89 + 4 and chips(game, "p3") == 89 + 4 and chips(game, "pot") == 1


def test_on_a_split_the_tied_player_nearest_the_dealers_left_leads() -> None:
    game = setup()
    pick_hands(game, {"p1": P1_SF6, "p2": cards("10-AH"), "p3": cards("10-AS")})
    for player in ("p1", "p2", "p3"):
        record(game, "check", player)
    assert game.state.rummy.turn == "p2" and chips(game, "pot") == 1


def test_aces_are_high_in_poker_even_when_low_in_rummy() -> None:
    game = setup(aces="low")
    pick_hands(game, {"p1": cards("2C", "2H", "3C", "4H", "6C"), "p2": cards("AC", "AH", "8C", "9H", "10C"),
                      "p3": P3_FLUSH})
    record(game, "bet", "p1", amount=1)
    record(game, "call", "p2")
    record(game, "fold", "p3")
    assert chips(game, "p2") == 90 + 3 + 2


WHEEL_HANDS = {
    "p1": ["AC", "2H", "3C", "4H", "5C", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
    "p2": ["AH", "AS", "2C", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"],
    "p3": ["4C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "3H", "5H", "QS", "KS"],
}
WHEEL_PICKS = {"p1": ["AC", "2H", "3C", "4H", "5C"], "p2": ["AH", "AS", "7S", "9S", "JS"],
               "p3": ["4C", "6C", "8C", "10C", "QS"]}


def _wheel_showdown(**options: object) -> object:
    """P1 shows A-2-3-4-5 of mixed suits, p2 a pair of aces, p3 queen high; everyone checks."""
    game = setup(WHEEL_HANDS, **options)
    pick_hands(game, WHEEL_PICKS)
    for player in ("p1", "p2", "p3"):
        record(game, "check", player)
    return game


def test_a_2_3_4_5_is_the_lowest_straight_at_the_showdown() -> None:
    """Ruling: A-2-3-4-5 still counts as the lowest straight, as in table poker: it beats a pair of aces."""
    game = _wheel_showdown()
    awarded = [e for e in game.pending_events if type(e).__name__ == "PotAwarded"]
    assert [(e.pot, e.amount, e.winners) for e in awarded] == [("pot", 3, ["p1"])]
    assert transfers(game, "royal.poker.won") == [("pot", "player:p1", 3, "PotAwarded")]
    assert chips(game, "p1") == 91 + 3


def test_with_aces_strictly_high_a_2_3_4_5_is_no_straight_at_the_showdown() -> None:
    """[opt] aces strictly high: no wheel, so the pair of aces wins the pot."""
    game = _wheel_showdown(poker_wheel=False)
    assert transfers(game, "royal.poker.won") == [("pot", "player:p2", 3, "PotAwarded")]


def test_two_players_left_in_show_their_hands() -> None:
    """When the betting ends with two players still in, both hands are shown; the folded hand is not."""
    game = _poker()
    record(game, "bet", "p1", amount=5)
    record(game, "fold", "p2")
    record(game, "call", "p3")
    shown = [e for e in game.pending_events if isinstance(e, PokerShown)]
    assert [e.hands for e in shown] == [{"p1": P1_SF6, "p3": P3_FLUSH}]
    assert transfers(game, "royal.poker.won") == [("pot", "player:p1", 3 + 10, "PotAwarded")]


def _showdown(bets: dict[str, int], folded: list[str], chosen: dict[str, list[str]], pot_space: int) -> tuple[
        str, list[tuple[str, dict[str, Any]]]]:
    """Settle an arranged betting round (p4 deals, so p1 bets first): the main winner, and each event recorded with
    its fields, a transfer's cause given as the type of the event it names."""
    state = RoyalState(players=["p1", "p2", "p3", "p4"], options={"poker_wheel": True}, deal_mode="recorded")
    state.dealer = "p4"
    state.poker.bets, state.poker.folded, state.poker.chosen = dict(bets), list(folded), chosen
    state.ledger.balances = {"pot": pot_space, **{f"bet:{p}": n for p, n in bets.items()}}
    decision = Decision(state, 40, FixedChance())
    winner = showdown.settle(decision, 40)
    names = {41 + i: cls.__name__ for i, (cls, _) in enumerate(decision.events)}
    recorded = [(cls.__name__, {k: names.get(v, v) if k == "cause" else v for k, v in fields.items()})
                for cls, fields in decision.events]
    return winner, recorded


def test_a_side_pot_is_won_by_its_best_hand_and_its_odd_chip_goes_to_the_pot() -> None:
    """P1 is all in for 2, p4 folds after putting in 5, p2 and p3 go to 7 with equal flushes: p1's royal flush wins
    the main pot (every player's first 2 and the Pot space's 4); p2 and p3 split the side pot of 13, 6 each, and its
    odd chip stays on the Pot."""
    chosen = {"p1": cards("10-AD"), "p2": cards("2-5H", "7H"), "p3": cards("2-5S", "7S")}
    winner, events = _showdown({"p1": 2, "p2": 7, "p3": 7, "p4": 5}, ["p4"], chosen, 4)
    assert winner == "p1"

    def moved(rule: str) -> list[tuple[Any, ...]]:
        return [(f["source"], f["destination"], f["amount"], f["cause"]) for name, f in events
                if name == "AmountTransferred" and f["rule"] == rule]

    assert events[0] == ("PokerShown", {"hands": {p: chosen[p] for p in ("p1", "p2", "p3")}})
    assert [f for name, f in events if name == "PotAwarded"] == [
        {"pot": "pot", "amount": 12, "eligible": ["p1", "p2", "p3"], "winners": ["p1"], "share": 12, "odd": 0},
        {"pot": "side-pot:1", "amount": 13, "eligible": ["p2", "p3"], "winners": ["p2", "p3"], "share": 6, "odd": 1},
    ]
    closing = 40  # the version of the action that ended the betting, given to the settlement
    assert moved("royal.poker.pot") == [
        ("bet:p1", "pot", 2, closing), ("bet:p2", "pot", 2, closing), ("bet:p3", "pot", 2, closing),
        ("bet:p4", "pot", 2, closing), ("bet:p2", "side-pot:1", 5, closing), ("bet:p3", "side-pot:1", 5, closing),
        ("bet:p4", "side-pot:1", 3, closing)]
    assert moved("royal.poker.won") == [("pot", "player:p1", 12, "PotAwarded"),
                                        ("side-pot:1", "player:p2", 6, "PotAwarded"),
                                        ("side-pot:1", "player:p3", 6, "PotAwarded")]
    assert moved("royal.poker.odd-chip") == [("side-pot:1", "pot", 1, "PotAwarded")]


def test_bets_gathered_into_the_pot_name_the_action_that_ended_the_betting() -> None:
    """Each bet moved into a pot is traced to the call (or fold) that closed the round, not to the transfer
    recorded before it."""
    game = _poker()
    record(game, "bet", "p1", amount=5)
    record(game, "raise", "p2", amount=10)
    record(game, "fold", "p3")
    record(game, "call", "p1")
    call = [e for e in game.pending_events if type(e).__name__ == "PokerActed"][-1]
    gathered = [e for e in game.pending_events if getattr(e, "rule", "") == "royal.poker.pot"]
    assert [(e.source, e.destination, e.amount) for e in gathered] == [("bet:p1", "pot", 10), ("bet:p2", "pot", 10)]
    assert {e.cause for e in gathered} == {call.originator_version}


def test_chips_above_every_contenders_level_go_into_the_last_pot() -> None:
    """A folded player's chips above the highest contender's (not possible by the betting rules) are not lost."""
    assert build_pots({"p1": 20, "p2": 5}, ["p2"], 3) == [PotShare(28, ("p2",), (("p1", 20), ("p2", 5)))]


def test_a_contender_who_bet_nothing_may_win_only_the_main_pot() -> None:
    """P1 has no chips and bet nothing: he contends for the main pot (the Pot space's 3) and no side pot; each side
    pot holds only what each bettor put in above the level below it."""
    assert build_pots({"p2": 1, "p3": 5}, ["p1", "p2", "p3"], 3) == [
        PotShare(3, ("p1", "p2", "p3"), ()),
        PotShare(2, ("p2", "p3"), (("p2", 1), ("p3", 1))),
        PotShare(4, ("p3",), (("p3", 4),)),
    ]
