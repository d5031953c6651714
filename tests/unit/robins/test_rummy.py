"""Robins Rummy's Rummies: discards that fit a meld, claimed at the start of a turn, and when claims lapse."""

from __future__ import annotations

from collections import Counter

from domain.robins.rules import deck
from tests.unit.robins.scenario import Table

BOB = "3S 4S 6C 8D 10S QC AD"


def _melded() -> Table:
    """Ann has laid K Q J of hearts; bob is to play."""
    table = Table("KH QH JH 5C 6D 3D 4D", BOB, "KC")
    table.turn("ann", "9S")
    table.do("meld", "ann", cards=["KH", "QH", "JH"])
    table.do("discard", "ann", card="9S")
    return table


def test_a_discard_that_fits_a_meld_opens_a_rummy_claim() -> None:
    """A discard that could be laid off on a meld on the table is a Rummy; both discards of a turn can be."""
    table = _melded()
    table.turn("bob", "10H")
    table.do("pick_up", "bob", card="9S")
    table.do("discard", "bob", card="10H")
    table.do("discard", "bob", card="QC")
    assert [e.rummy for e in table.events if type(e).__name__ == "CardDiscarded"] == [False, True, False]
    assert [(c.card, c.holder) for c in table.state.claims] == [("10H", "ann")]


def test_the_opponent_may_claim_a_rummy_at_the_start_of_his_turn_and_lays_it_off_at_once() -> None:
    """The opponent pulls the discard out of the pile and lays it off on the meld, before drawing."""
    table = _melded()
    table.turn("bob", "10H", "10H")
    stored = table.do("claim", "ann", card="10H", meld=1)
    assert table.names(stored) == ["RummyClaimed"]
    assert table.meld(1)[0] == ("10H", "10H")
    assert table.state.melds[0].by[0] == "ann"
    assert table.state.discard == ["KC", "9S"]


def test_the_discarder_may_claim_his_own_rummy_after_the_opponents_turn() -> None:
    """If the opponent does not claim, the discarder may, at the start of his next turn, from under later cards."""
    table = _melded()
    table.turn("bob", "10H", "10H")
    table.turn("ann", "7C", "7C")
    table.do("claim", "bob", card="10H", meld=1)
    assert table.state.discard == ["KC", "9S", "7C"]
    assert table.state.melds[0].by[0] == "bob"


def test_a_claim_owes_no_extra_discard() -> None:
    """The cards above a claimed card stay, and no extra discard is owed."""
    table = _melded()
    table.turn("bob", "10H", "10H")
    table.turn("ann", "7C", "7C")
    table.do("claim", "bob", card="10H", meld=1)
    table.turn("bob", "7D", "7D")
    assert table.state.turn == "ann"


def test_a_late_rummy_claim_is_refused_with_its_reason() -> None:
    """A claim after the draw, or after the claim has lapsed, is refused and nothing is stored."""
    table = _melded()
    table.turn("bob", "10H", "10H")
    table.do("draw", "ann", card="7C")
    error = table.refused("robins.rummy.expired", "claim", "ann", card="10H", meld=1)
    assert "before the draw" in error.message
    table.do("discard", "ann", card="7C")
    table.turn("bob", "7D", "7D")
    error = table.refused("robins.rummy.expired", "claim", "ann", card="10H", meld=1)
    assert "not an open Rummy" in error.message
    assert table.state.claims == []


def test_the_fit_is_checked_again_at_the_claim() -> None:
    """A Rummy that no longer fits when claimed (a joker took its place meanwhile) cannot be claimed."""
    table = _melded()
    table.turn("bob", "10H", "10H")
    table.do("draw", "ann", card="JK")
    table.do("lay_off", "ann", card="JK", meld=1)
    table.do("discard", "ann", card="5C")
    error = table.refused("robins.lay-off.fit", "claim", "bob", card="10H", meld=1)
    assert "does not fit" in error.message


def test_when_the_stock_is_empty_at_the_draw_the_hand_ends_after_any_claim() -> None:
    """Claims come first at the start of a turn; then, with the stock empty when the draw is due, the hand ends."""
    table = _melded()
    player = "bob"
    while table.state.stock.size:
        named = Counter([*(c for z in table.state.hands.values() for c in z.known), *table.state.discard,
                         *(c for m in table.state.melds for c in m.cards)])
        card = "10H" if table.state.stock.size == 1 else sorted((deck() - named - Counter(["10H"])).elements())[0]
        table.turn(player, card, card)
        player = table.state.opponent(player)
    assert table.state.claims[-1].card == "10H"
    table.do("claim", player, card="10H", meld=1)
    stored = table.do("draw", player)
    assert table.names(stored)[0] == "HandEnded"
    assert stored[0].reason == "stock-empty"
