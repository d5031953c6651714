"""Robins Rummy's turn: the stock draw, the discard-pile pickup, the discards, going out, and dead ends."""

from __future__ import annotations

from tests.unit.robins.scenario import Table

BOB = "3S 4S 6C 8D 10S QC AD"


def test_the_stock_draw_comes_first_and_is_mandatory() -> None:
    """One card must be taken from the top of the deck at the start of each turn, and only one."""
    table = Table("KH QH JH 9H 5C 6D 3D", BOB, "KC")
    table.refused("robins.draw-first", "discard", "ann", card="5C")
    table.refused("robins.draw-first", "meld", "ann", cards=["KH", "QH", "JH"])
    table.refused("robins.pickup.order", "pick_up", "ann", card="KC")
    table.do("draw", "ann", card="4C")
    table.refused("robins.one-draw", "draw", "ann", card="4D")


def test_a_turn_ends_with_a_discard() -> None:
    """At the end of each turn one card is placed face up on the discard pile."""
    table = Table("KH QH JH 9H 5C 6D 3D", BOB, "KC")
    table.turn("ann", "4C", "4C")
    assert table.state.discard == ["KC", "4C"]
    assert table.state.turn == "bob"


def test_the_top_discard_alone_need_not_be_used() -> None:
    """If only the top card of the discard pile is picked up, it does not have to be used that turn."""
    table = Table("KH QH JH 9H 5C 6D 3D", BOB, "KC")
    table.turn("ann", "4C")
    table.do("pick_up", "ann", card="KC")
    assert "KC" in table.hand("ann")


def test_a_pickup_means_one_extra_discard() -> None:
    """If one or more cards are picked up from the discard pile, one additional card must be discarded."""
    table = Table("KH QH JH 9H 5C 6D 3D", BOB, "KC")
    table.turn("ann", "4C")
    table.do("pick_up", "ann", card="KC")
    table.do("discard", "ann", card="4C")
    assert table.state.turn == "ann"
    table.do("discard", "ann", card="5C")
    assert table.state.turn == "bob"


def test_a_multi_card_pickup_must_use_the_chosen_card() -> None:
    """The furthest card picked up to is used in a meld in the same action as the pickup."""
    table = Table("KH QH 9H 5C 6D 3D 4D", BOB, "KC")
    table.turn("ann", "JH", "JH")
    table.turn("bob", "7C", "7C")
    table.do("draw", "ann", card="5H")
    stored = table.do("pick_up", "ann", card="JH", cards=["KH", "QH", "JH"])
    assert table.names(stored) == ["DiscardPileTaken", "MeldLaid"]
    assert table.state.discard == ["KC"]
    assert "7C" in table.hand("ann")


def test_a_pickup_may_lay_the_chosen_card_off_instead() -> None:
    """The chosen card may be used in a lay-off on any meld that is not closed."""
    table = Table("KH QH JH 5C 6D 3D 4D", BOB, "KC")
    table.turn("ann", "9S")
    table.do("meld", "ann", cards=["KH", "QH", "JH"])
    table.do("discard", "ann", card="9S")
    table.turn("bob", "10H", "10H")
    table.turn("ann", "7C", "7C")
    table.turn("bob", "7D")
    table.do("pick_up", "bob", card="10H", meld=1)
    assert table.meld(1)[0] == ("10H", "10H")


def test_an_unused_picked_up_card_is_refused_and_nothing_stored() -> None:
    """A pickup below the top whose chosen card is not used, or cannot be, is refused before anything is stored."""
    table = Table("KH QH 9H 5C 6D 3D 4D", BOB, "KC")
    table.turn("ann", "JH", "JH")
    table.turn("bob", "7C", "7C")
    table.do("draw", "ann", card="5H")
    error = table.refused("robins.pickup.unused", "pick_up", "ann", card="JH")
    assert "JH used in this same action" in error.message
    table.refused("robins.meld.invalid", "pick_up", "ann", card="KC", cards=["KC", "5C", "6D"])
    table.refused("robins.pickup.unused", "pick_up", "ann", card="JH", cards=["5C", "5H", "7C"])


def test_the_discard_pile_is_taken_from_once_right_after_the_draw() -> None:
    """The ruled order: draw, then at most one pickup, then table plays, then discards."""
    table = Table("KH QH JH 9H 5C 6D 3D", BOB, "KC")
    table.turn("ann", "4C")
    table.do("meld", "ann", cards=["KH", "QH", "JH"])
    table.refused("robins.pickup.order", "pick_up", "ann", card="KC")
    table.do("discard", "ann", card="4C")
    table.turn("bob", "7C")
    table.do("pick_up", "bob", card="4C")
    table.refused("robins.pickup.order", "pick_up", "bob", card="KC")


def test_table_plays_end_with_the_first_discard() -> None:
    """Our ruling: once a player has made the first of two discards, only the second is left."""
    table = Table("KH QH JH 9H 5C 6D 3D", BOB, "KC")
    table.turn("ann", "4C")
    table.do("pick_up", "ann", card="KC")
    table.do("discard", "ann", card="4C")
    table.refused("robins.turn-order", "meld", "ann", cards=["KH", "QH", "JH"])


def test_a_player_who_took_the_wild_first_upcard_may_not_go_out_that_turn() -> None:
    """If the first card in the discard pile is wild and the player picks it up, he may not go out that turn."""
    table = Table("KH QH JH 10H 9H 8H 5C", BOB, "2H")
    table.turn("ann", "4C")
    table.do("pick_up", "ann", card="2H")
    assert table.state.barred
    table.refused("robins.upcard-wild.no-going-out", "meld", "ann",
                  cards=["KH", "QH", "JH", "10H", "9H", "8H", "2H"], declare=["7H"])
    table.do("meld", "ann", cards=["KH", "QH", "JH", "10H", "9H", "8H"])
    table.do("discard", "ann", card="4C")
    table.do("discard", "ann", card="5C")
    assert table.hand("ann") == ["2H"]


def test_an_action_that_leaves_no_legal_way_to_end_the_turn_is_refused() -> None:
    """The principle: a barred player keeps a card after his discards, so plays that leave none are refused."""
    table = Table("KH QH JH 10H 9H 8H 5C", BOB, "2H")
    table.turn("ann", "4C")
    table.do("pick_up", "ann", card="2H")
    error = table.refused("robins.upcard-wild.no-going-out", "meld", "ann",
                          cards=["KH", "QH", "JH", "10H", "9H", "8H", "2H"], declare=["7H"])
    assert "leave him 2 card(s) for 2 discard(s)" in error.message


def test_a_later_pickup_down_to_a_wild_first_upcard_also_bars_going_out() -> None:
    """A pickup that reaches the bottom of the pile, where the wild first upcard lies, bars going out too."""
    table = Table("KH QH 9H 5C 6D 3D 4D", BOB, "JK")
    table.turn("ann", "7C", "7C")
    table.turn("bob", "7D", "7D")
    table.do("draw", "ann", card="8S")
    table.do("pick_up", "ann", card="JK", cards=["KH", "QH", "JK"])
    assert table.state.barred
    assert table.meld(1) == [("JK", "JH"), ("QH", "QH"), ("KH", "KH")]


def test_a_player_who_empties_his_hand_ends_it_with_or_without_a_final_discard() -> None:
    """When one player has laid all his cards down by melding and discarding, the hand is over."""
    table = Table("KH QH JH 10H 9H 8H 7H", BOB, "KC")
    table.do("draw", "ann", card="6H")
    stored = table.do("meld", "ann", cards=["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"])
    assert table.names(stored)[:2] == ["MeldLaid", "HandEnded"]
    table = Table("KH QH JH 10H 9H 8H 7H", BOB, "KC")
    table.do("draw", "ann", card="5C")
    table.do("meld", "ann", cards=["KH", "QH", "JH", "10H", "9H", "8H", "7H"])
    stored = table.do("discard", "ann", card="5C")
    assert table.names(stored)[:2] == ["CardDiscarded", "HandEnded"]


def test_a_player_who_empties_his_hand_with_a_discard_still_owed_goes_out() -> None:
    """Our ruling: after a pickup, a hand emptied by its first discard is over; the second discard lapses."""
    table = Table("KH QH JH 10H 9H 8H 7H", BOB, "5C")
    table.do("draw", "ann", card="6H")
    table.do("pick_up", "ann", card="5C")
    table.do("meld", "ann", cards=["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"])
    stored = table.do("discard", "ann", card="5C")
    assert "HandEnded" in table.names(stored)


def test_a_wild_on_the_table_is_exchanged_for_the_card_it_stands_for() -> None:
    """A wild in a meld is picked up when replaced by the natural card it represented."""
    table = Table("KH QH JK 5C 6D 3D 4D", BOB, "KC")
    table.turn("ann", "9S")
    table.do("meld", "ann", cards=["KH", "QH", "JK"])
    table.do("discard", "ann", card="9S")
    table.turn("bob", "JH")
    table.refused("robins.exchange.no-wild", "exchange", "bob", meld=1, card="10S")
    table.do("exchange", "bob", meld=1, card="JH")
    assert table.meld(1)[0] == ("JH", "JH")
    assert "JK" in table.hand("bob")
    assert table.state.melds[0].kind == "straight_flush"


def test_a_wild_is_exchanged_only_for_a_natural_card() -> None:
    """Our ruling: the exchange needs a natural card, so a wild standing for a 2 stays (every 2 is wild)."""
    table = Table("AH 3H 2C 5C 6D 4D 9D", BOB, "KC")
    table.turn("ann", "9S")
    table.do("meld", "ann", cards=["AH", "3H", "2C"], declare=["2H"])
    table.do("discard", "ann", card="9S")
    table.turn("bob", "2H")
    table.refused("robins.exchange.natural", "exchange", "bob", meld=1, card="2H")


def test_naming_a_joker_in_a_pile_with_both_takes_down_to_the_upper_one() -> None:
    """Our ruling: a pickup down to a card the pile holds twice (the jokers) stops at the upper copy."""
    table = Table("KH QH 9H 5C 6D 3D 4D", "3S 4S 6C 8D 10S QC JK", "JK")
    table.turn("ann", "7C", "7C")
    table.turn("bob", "7D", "JK")
    table.do("draw", "ann", card="8S")
    table.do("pick_up", "ann", card="JK", cards=["KH", "QH", "JK"])
    assert table.state.discard == ["JK", "7C"]
    assert not table.state.barred
