"""Roby's turn (draw, table plays, discard), melds, and the first-turn and lay-off restrictions."""

from __future__ import annotations

from domain.cards.card import Card
from domain.cards.melds import candidate_melds, is_group, sequence_ranks
from domain.roby.rules import new_meld, with_card
from domain.roby.state import TableMeld
from tests.unit.roby.table import Table

ANN = "4H 5H 6H 9C 9D 9S KC KD AS 2S"
BOB = "7C 8C 10S JS QS 3D 3H 5D 6D 8D"


def table_in_play(ann: str = ANN, bob: str = BOB, upcard: str = "QD") -> Table:
    """Dee deals; ann plays first, then bob, cy and dee."""
    table = Table()
    table.cut_for("dee")
    table.deal(upcard=upcard, ann=ann, bob=bob)
    return table


def after_first_round(ann: str = ANN, bob: str = BOB) -> Table:
    table = table_in_play(ann, bob)
    table.pass_round()
    return table


def test_a_turn_is_a_draw_from_the_discard_pile_then_a_discard_and_play_passes_clockwise() -> None:
    table = table_in_play()
    assert table.act("draw", "ann", source="discard") == ["DiscardTaken"]
    assert "QD" in table.hand("ann")
    table.act("discard", "ann", card="2S")
    assert table.state.discard[-1] == "2S" and table.state.turn == "bob"


def test_a_recorded_draw_from_the_stock_names_the_card_drawn() -> None:
    table = table_in_play()
    table.refuse("invalid-action", "draw", "ann", source="stock")
    table.act("draw", "ann", source="stock", card="AH")
    assert "AH" in table.hand("ann") and table.state.stock.size == 52 - 40 - 1 - 1


def test_a_stock_draw_naming_a_card_already_placed_is_refused() -> None:
    table = table_in_play()
    table.refuse("card-conflict", "draw", "ann", source="stock", card="7C")
    table.refuse("card-conflict", "draw", "ann", source="stock", card="QD")


def test_a_player_must_draw_before_discarding_and_draws_once() -> None:
    table = table_in_play()
    table.refuse("roby.draw-first", "discard", "ann", card="2S")
    table.act("draw", "ann", source="stock", card="AH")
    table.refuse("roby.one-draw", "draw", "ann", source="discard")


def test_a_move_out_of_turn_is_refused() -> None:
    table = table_in_play()
    table.refuse("out-of-turn", "draw", "bob", source="stock", card="AH")


def test_a_discard_of_a_card_not_held_is_refused() -> None:
    table = table_in_play()
    table.act("draw", "ann", source="stock", card="AH")
    table.refuse("roby.not-held", "discard", "ann", card="7C")


def test_no_cards_are_laid_on_the_table_in_a_players_first_turn() -> None:
    table = table_in_play()
    table.act("draw", "ann", source="stock", card="AH")
    table.refuse("roby.first-turn", "meld", "ann", cards=["4H", "5H", "6H"])


def test_a_group_of_three_or_more_cards_of_one_rank_may_be_melded() -> None:
    table = after_first_round()
    table.act("draw", "ann", source="stock", card="AH")
    assert table.act("meld", "ann", cards=["9C", "9D", "9S"]) == ["MeldLaid"]
    assert table.state.melds[0].kind == "group" and table.state.melds[0].owner == "ann"


def test_a_sequence_of_three_or_more_consecutive_cards_of_one_suit_may_be_melded() -> None:
    table = after_first_round()
    table.act("draw", "ann", source="stock", card="AH")
    table.act("meld", "ann", cards=["6H", "4H", "5H"])
    assert table.state.melds[0].cards == ["4H", "5H", "6H"] and table.state.melds[0].kind == "sequence"


def test_several_melds_may_be_laid_in_one_turn() -> None:
    table = after_first_round()
    table.act("draw", "ann", source="stock", card="AH")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    table.act("meld", "ann", cards=["9C", "9D", "9S"])
    assert [m.id for m in table.state.own_melds("ann")] == [1, 2]


def test_cards_that_are_not_a_meld_are_refused() -> None:
    table = after_first_round()
    table.act("draw", "ann", source="stock", card="AH")
    error = table.refuse("roby.meld.invalid", "meld", "ann", cards=["4H", "5H", "9C"])
    assert "4H 5H 9C is not a meld" in error.message
    table.refuse("roby.not-held", "meld", "ann", cards=["7H", "8H", "9H"])


def test_the_ace_goes_low_with_the_two_or_high_with_the_king() -> None:
    assert sequence_ranks([Card.parse(c) for c in ("AS", "2S", "3S")]) == [1, 2, 3]
    assert sequence_ranks([Card.parse(c) for c in ("QS", "KS", "AS")]) == [12, 13, 14]


def test_a_sequence_does_not_wrap_around_from_the_king_to_the_two() -> None:
    assert sequence_ranks([Card.parse(c) for c in ("KS", "AS", "2S")]) is None


def test_with_two_packs_a_group_may_repeat_a_suit_but_a_sequence_never_repeats_a_rank() -> None:
    assert is_group([Card.parse(c) for c in ("9C", "9C", "9D")])
    assert sequence_ranks([Card.parse(c) for c in ("4H", "5H", "5H", "6H")]) is None


def test_laying_off_needs_a_meld_of_ones_own_on_the_table() -> None:
    table = after_first_round(bob="7H 8H 9H 10C JC 3D 3C 5D 6D 8D")
    table.act("draw", "ann", source="stock", card="AH")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    table.act("discard", "ann", card="2S")
    table.act("draw", "bob", source="stock", card="AC")
    table.refuse("roby.lay-off.own-meld", "lay_off", "bob", card="7H", meld=1)


def ann_melds_then_bob_lays_off(table: Table, meld: list[str], bob_meld: list[str], card: str) -> None:
    """Ann draws AH, melds and discards 2S; bob draws AC, lays a meld of his own and lays `card` off on ann's."""
    table.act("draw", "ann", source="stock", card="AH")
    table.act("meld", "ann", cards=meld)
    table.act("discard", "ann", card="2S")
    table.act("draw", "bob", source="stock", card="AC")
    table.act("meld", "bob", cards=bob_meld)
    table.act("lay_off", "bob", card=card, meld=1)


def test_a_meld_laid_earlier_in_the_same_turn_counts_for_laying_off_on_an_opponents_meld() -> None:
    table = after_first_round(bob="7H 8H 9H 10C JC 3D 3C 3S 6D 8D")
    ann_melds_then_bob_lays_off(table, ["4H", "5H", "6H"], ["3D", "3C", "3S"], "7H")
    assert table.state.melds[0].cards == ["4H", "5H", "6H", "7H"] and table.state.melds[0].owner == "ann"


def test_a_lay_off_that_does_not_fit_the_meld_is_refused() -> None:
    table = after_first_round()
    table.act("draw", "ann", source="stock", card="AH")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    table.refuse("roby.lay-off.fit", "lay_off", "ann", card="KC", meld=1)
    table.refuse("roby.lay-off.no-meld", "lay_off", "ann", card="KC", meld=9)


def test_a_stock_draw_naming_a_card_that_lies_in_a_meld_is_refused() -> None:
    """Every named card is checked against what the record places, the melds on the table included."""
    table = after_first_round()
    table.act("draw", "ann", source="stock", card="AH")
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    table.act("discard", "ann", card="2S")
    error = table.refuse("card-conflict", "draw", "bob", source="stock", card="5H")
    assert error.message == "5H cannot come from the stock: every copy of it is already accounted for"


def test_a_group_lies_on_the_table_by_suit_however_it_is_laid_or_added_to() -> None:
    """A group's cards lie in suit order, clubs, diamonds, hearts, spades, after every lay-off too."""
    table = after_first_round(ann="4H 5H 6H 9S 9C 9D KC KD AS 2S", bob="9H 8C 10S JS QS 3D 3H 3S 6D 8D")
    ann_melds_then_bob_lays_off(table, ["9S", "9C", "9D"], ["3D", "3H", "3S"], "9H")
    assert table.events("MeldLaid")[0].cards == ["9C", "9D", "9S"]
    assert table.state.melds[0].cards == ["9C", "9D", "9H", "9S"] and table.state.melds[0].kind == "group"


def test_the_ace_lies_above_the_king_in_a_high_run_and_below_the_two_in_a_low_one() -> None:
    """Ace can be melded with two or the king of its suit: Q-K-A lies with the ace on top, A-2-3 with it at the
    bottom, however the cards are laid or added."""
    assert new_meld(1, "ann", ["AS", "KS", "QS"]) == TableMeld(1, "ann", "sequence", ["QS", "KS", "AS"])
    assert new_meld(1, "ann", ["3H", "AH", "2H"]) == TableMeld(1, "ann", "sequence", ["AH", "2H", "3H"])
    assert with_card(new_meld(2, "bob", ["KS", "JS", "QS"]), "AS").cards == ["JS", "QS", "KS", "AS"]
    assert with_card(new_meld(2, "bob", ["3H", "2H", "4H"]), "AH").cards == ["AH", "2H", "3H", "4H"]


def test_every_meld_a_hand_can_make_is_a_candidate_and_no_other() -> None:
    """Groups of three or four of a rank, and runs of three or more of a suit with the ace low or high (no wrap)."""
    codes = ["AH", "2H", "3H", "QH", "KH", "9C", "9D", "9S", "9H", "JS", "QS", "KS", "5C", "QD", "KD", "AD"]
    hand = [Card.parse(c) for c in codes]
    expected = [
        "AD QD KD", "AH 2H 3H", "AH QH KH", "9C 9D 9H", "9C 9D 9H 9S", "9C 9D 9S", "9C 9H 9S", "9D 9H 9S",
        "JS QS KS", "QD QH QS", "KD KH KS",
    ]
    assert [" ".join(map(str, meld)) for meld in candidate_melds(hand)] == expected
