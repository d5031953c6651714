"""The dummy hand: the dealer's swap, the auction, and the dead hand."""

from __future__ import annotations

import pytest

from domain.access.visibility import Viewer, view_doc
from domain.errors import IllegalMoveError
from tests.unit.royal.helpers import SPADES_TO_P3, cards, chips, record, setup, transfers


def test_the_dealer_may_swap_his_hand_for_the_dummy() -> None:
    game = setup(dummy="swap")
    assert sorted(game.state.hands["p3"].known) == sorted(cards("2-AD"))
    assert game.state.dead.size == 13 and game.state.dead.known == []


def test_the_taker_plays_the_dummy_and_his_own_hand_is_dead() -> None:
    game = setup(dummy="none", poker=False)
    record(game, "keep", "p3")
    record(game, "bid", "p1", amount=3)
    record(game, "pass", "p2")
    assert sorted(game.state.hands["p1"].known) == sorted(cards("2-AD"))
    assert game.state.dead.hidden == 13
    with pytest.raises(IllegalMoveError):
        record(game, "play", "p1", cards=["2C"])


def test_the_highest_bidder_pays_the_dealer_and_takes_the_dummy() -> None:
    game = setup(dummy="none")
    record(game, "keep", "p3")
    record(game, "bid", "p1", amount=2)
    record(game, "bid", "p2", amount=5)
    record(game, "pass", "p1")
    assert chips(game, "p2") == 91 - 5 and chips(game, "p3") == 91 + 5
    assert transfers(game, "royal.dummy.auction") == [("player:p2", "player:p3", 5, "DummyTaken")]
    assert sorted(game.state.hands["p2"].known) == sorted(cards("2-AD"))


def test_a_bid_lower_than_the_last_is_refused() -> None:
    game = setup(dummy="none")
    record(game, "keep", "p3")
    record(game, "bid", "p1", amount=4)
    version = game.version
    with pytest.raises(IllegalMoveError) as error:
        record(game, "bid", "p2", amount=4)
    assert error.value.code == "royal.auction.bid-too-low" and "at least 5" in error.value.message
    assert game.version == version and game.state.high_bid == 4


def test_a_bid_beyond_the_stack_is_refused() -> None:
    game = setup(dummy="none")
    record(game, "keep", "p3")
    with pytest.raises(IllegalMoveError) as error:
        record(game, "bid", "p1", amount=92)
    assert error.value.code == "royal.auction.bid-over-stack"


def test_a_pass_in_the_auction_is_final() -> None:
    game = setup(dummy="none")
    record(game, "keep", "p3")
    record(game, "pass", "p1")
    record(game, "bid", "p2", amount=1)
    assert game.state.phase != "auction" and "p1" not in game.state.bidders
    assert sorted(game.state.hands["p2"].known) == sorted(cards("2-AD"))


def test_an_unsold_dummy_is_dead_and_unseen() -> None:
    game = setup(dummy="dead")
    assert game.state.dead.hidden == 13 and game.state.dead.known == []
    assert game.state.dummy.size == 0
    doc = view_doc(game.rules.to_doc(game.state), Viewer.SPECTATOR)
    assert doc["dead"] == {"count": 13, "secret": True}


def test_exactly_one_hand_is_dead_each_deal() -> None:
    for how in ("dead", "swap"):
        game = setup(dummy=how)
        live = sum(z.size for z in game.state.hands.values())
        assert game.state.dead.size == 13 and live == 39 and game.state.dummy.size == 0


def test_only_the_dealer_decides_about_the_dummy() -> None:
    game = setup(dummy="none")
    with pytest.raises(IllegalMoveError):
        record(game, "swap", "p1")
    assert set(game.state.hands) == set(SPADES_TO_P3)
