"""Robins Rummy's meld kinds, and what each wild on the table stands for."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMoveError
from domain.robins.melds import DESCRIPTION, FLUSH, NAT, SET, STRAIGHT_FLUSH, build, lay_off_choices, problem
from domain.robins.rules import is_wild
from tests.unit.robins.scenario import Table

BOB = "3S 4S 6C 8D 10S QC AD"


def _kind(cards: str, declare: str = "", kind: str | None = None) -> tuple[str, list[str], list[str]]:
    return build(cards.split(), declare.split(), kind)


def test_jokers_and_deuces_are_wild() -> None:
    """Wild cards: the two jokers and the four deuces."""
    assert [is_wild(c) for c in ("JK", "2C", "2D", "2H", "2S", "3H", "AS")] == [True] * 5 + [False] * 2


def test_a_straight_flush_is_three_consecutive_cards_of_one_suit_and_either_player_may_add() -> None:
    """3 card straight flush, which can be added to by either player."""
    table = Table("7H 8H 9H 5C 6D 4D 3D", BOB, "KC")
    table.turn("ann", "QD")
    table.do("meld", "ann", cards=["9H", "7H", "8H"])
    assert table.meld(1) == [("7H", "7H"), ("8H", "8H"), ("9H", "9H")]
    assert table.state.melds[0].kind == STRAIGHT_FLUSH
    table.do("discard", "ann", card="QD")
    table.turn("bob", "10H")
    table.do("lay_off", "bob", card="10H", meld=1)
    assert [c for c, _ in table.meld(1)] == ["7H", "8H", "9H", "10H"]


def test_a_flush_is_five_cards_of_one_suit_and_either_player_may_add() -> None:
    """5 card flush, 5 (or more) cards of the same suit, which can be added to by either player."""
    assert _kind("3H 7H 9H JH KH")[0] == FLUSH
    with pytest.raises(IllegalMoveError):
        _kind("3H 7H 9H JH")
    table = Table("3H 7H 9H JH KH 5C 6D", BOB, "KC")
    table.turn("ann", "QD")
    table.do("meld", "ann", cards=["3H", "7H", "9H", "JH", "KH"])
    table.do("discard", "ann", card="QD")
    table.turn("bob", "5H")
    table.do("lay_off", "bob", card="5H", meld=1)
    assert table.state.melds[0].by.count("bob") == 1


def test_a_nat_is_closed_and_holds_no_wilds() -> None:
    """A Nat: 5 or more consecutive cards not all of one suit; once played nobody adds to it; no wilds."""
    assert _kind("3H 4S 5H 6D 7C")[0] == NAT
    with pytest.raises(IllegalMoveError, match="no wild"):
        _kind("3H 4S JK 6D 7C", kind=NAT)
    with pytest.raises(IllegalMoveError, match="not all of one suit"):
        _kind("3H 4H 5H 6H 7H", kind=NAT)
    table = Table("3H 4D 5H 6D 7C 8C 9D", BOB, "KC")
    table.turn("ann", "QD")
    table.do("meld", "ann", cards=["3H", "4D", "5H", "6D", "7C"])
    table.refused("robins.lay-off.closed", "lay_off", "ann", card="8C", meld=1)


def test_a_set_is_three_or_more_cards_of_one_rank_with_wilds() -> None:
    """A set: 3 or more cards of one rank, wilds allowed."""
    assert _kind("7H 7S 7D")[0] == SET
    assert _kind("7H 2C JK", "7S")[2] == ["7C", "7H", "7S"]


def test_ten_of_a_kind_is_possible() -> None:
    """10 of a kind: four naturals, four deuces and both jokers."""
    kind, cards, stands = _kind("7C 7D 7H 7S 2C 2D 2H 2S JK JK", "7C 7D 7H 7S")
    assert (kind, len(cards)) == (SET, 10)
    assert sorted(stands) == sorted(["7C", "7D", "7H", "7S"] * 2 + ["7C", "7D"])


def test_a_wild_in_a_set_takes_a_suit_the_set_does_not_show() -> None:
    """A wild in a set is declared in a suit the set does not yet show."""
    with pytest.raises(IllegalMoveError, match="fewest"):
        _kind("7H 7S 2C", "7H", SET)
    assert _kind("7H 7S 2C", "7D")[2] == ["7D", "7H", "7S"]


def test_beyond_four_suits_a_wild_in_a_set_takes_a_suit_the_set_shows_fewest_times() -> None:
    """Our ruling: once a set shows every suit, a wild takes a suit shown fewest times (jokers: C, D, H, S first)."""
    assert _kind("7C 7D 7H 7S JK")[2] == ["7C", "7C", "7D", "7H", "7S"]
    with pytest.raises(IllegalMoveError):
        _kind("7C 7D 2C 2D", "7H 7H", SET)


def test_every_meld_holds_a_natural_card() -> None:
    """Every meld holds at least one natural card."""
    with pytest.raises(IllegalMoveError):
        _kind("2C 2D JK", "7H 8H")
    with pytest.raises(IllegalMoveError, match="natural"):
        _kind("2C 2D JK", "7H 7S", SET)


def test_the_ace_is_high_or_low_without_wrap_around() -> None:
    """The ace is high or low, no wrap-around."""
    assert _kind("AH 2C 3H", "2H")[0] == STRAIGHT_FLUSH
    assert _kind("QH KH AH")[1] == ["QH", "KH", "AH"]
    with pytest.raises(IllegalMoveError):
        _kind("KH AH 2C", "2H", STRAIGHT_FLUSH)


def test_a_deuce_stands_for_the_natural_card_declared() -> None:
    """Deuces can represent any natural card: the one its player declares; the state shows it."""
    table = Table("7H 9H 2C 5C 6D 4D 3D", BOB, "KC")
    table.turn("ann", "QD")
    table.do("meld", "ann", cards=["7H", "9H", "2C"], declare=["8H"])
    assert table.meld(1) == [("7H", "7H"), ("2C", "8H"), ("9H", "9H")]


def test_a_deuce_may_stand_for_a_two() -> None:
    """Deuces stand for any natural card, a 2 included."""
    assert _kind("AH 2C 3H", "2H")[2] == ["AH", "2H", "3H"]


def test_an_illegal_wild_declaration_is_refused_and_nothing_stored() -> None:
    """A deuce declared as a joker, left undeclared or declared where it cannot stand is refused."""
    table = Table("7H 9H 2C 5C 6D 4D 3D", BOB, "KC")
    table.turn("ann", "QD")
    error = table.refused("robins.wild.declaration", "meld", "ann", cards=["7H", "9H", "2C"], declare=["JK"])
    assert "declare one natural card for each deuce" in error.message
    table.refused("robins.wild.declaration", "meld", "ann", cards=["7H", "9H", "2C"])
    table.refused("robins.meld.invalid", "meld", "ann", cards=["7H", "9H", "2C"], declare=["8S"])
    table.do("meld", "ann", cards=["7H", "9H", "2C"], declare=["8H"])
    table.do("discard", "ann", card="QD")
    table.turn("bob", "2D")
    error = table.refused("robins.wild.declaration", "lay_off", "bob", card="2D", meld=1, declare=["5H"])
    assert "6H, 10H" in error.message


def test_a_joker_in_a_run_takes_the_highest_gap_below_the_top() -> None:
    """K Q J joker 9: the joker is the 10."""
    assert _kind("KH QH JH JK 9H")[2] == ["9H", "10H", "JH", "QH", "KH"]


def test_a_joker_with_no_gap_goes_below_the_lowest_or_else_above_the_top() -> None:
    """With no gap a joker goes just below the lowest card, or just above the top when nothing lies below."""
    assert _kind("QH KH JK")[2] == ["JH", "QH", "KH"]
    assert _kind("AH 2C JK", "2H", STRAIGHT_FLUSH)[2] == ["AH", "2H", "3H"]


def test_two_jokers_are_placed_one_after_the_other() -> None:
    """Two jokers: K Q joker joker 9 makes 9 10 J Q K."""
    assert _kind("KH QH JK JK 9H")[2] == ["9H", "10H", "JH", "QH", "KH"]


def test_deuces_are_declared_before_jokers_are_placed() -> None:
    """The joker fills what the declared deuce left: K 2(=J) joker 9 puts the joker at 10."""
    assert _kind("KH QH 2C JK 9H", "JH")[2] == ["9H", "10H", "JH", "QH", "KH"]
    assert _kind("KH QH 2C JK 9H", "10H")[2] == ["9H", "10H", "JH", "QH", "KH"]


def test_a_joker_in_a_flush_takes_the_highest_missing_card_below_the_top() -> None:
    """A joker in a flush is the highest missing card of the suit below the highest natural card."""
    assert _kind("3H 7H 9H KH JK", kind=FLUSH)[2] == ["3H", "7H", "9H", "QH", "KH"]


def test_an_ace_among_jokers_reads_low_first_then_high() -> None:
    """Our ruling: a sequence with an ace and jokers reads the ace low if that makes a run, else high."""
    assert _kind("AH JK JK", kind=STRAIGHT_FLUSH)[2] == ["AH", "2H", "3H"]
    assert _kind("AH KH JK")[2] == ["QH", "KH", "AH"]


def test_without_a_kind_the_cards_are_read_as_set_straight_flush_nat_then_flush() -> None:
    """Our ruling: a meld laid without `kind` takes the first kind that fits; `kind` chooses otherwise."""
    assert _kind("5H 6H 7H 8H 9H")[0] == STRAIGHT_FLUSH
    assert _kind("5H 6H 7H 8H 9H", kind=FLUSH)[0] == FLUSH


def test_a_meld_keeps_the_type_it_was_laid_as() -> None:
    """A straight flush never turns into a flush: a card of the suit that does not extend it is refused."""
    table = Table("5H 6H 7H 8H 9H 3C 3D", BOB, "KC")
    table.turn("ann", "JH")
    table.do("meld", "ann", cards=["5H", "6H", "7H", "8H", "9H"])
    table.refused("robins.lay-off.fit", "lay_off", "ann", card="JH", meld=1)
    assert table.state.melds[0].kind == STRAIGHT_FLUSH


def test_wild_positions_stay_fixed_as_the_meld_grows() -> None:
    """Our ruling: what a wild stands for is fixed when it reaches the table; later cards never move it."""
    table = Table("KH QH JH JK 9H 8H 3D", BOB, "KC")
    table.turn("ann", "4C")
    table.do("meld", "ann", cards=["KH", "QH", "JH", "JK", "9H"])
    table.do("lay_off", "ann", card="8H", meld=1)
    assert ("JK", "10H") in table.meld(1)


def test_the_card_a_wild_stands_for_is_not_laid_off_beside_it() -> None:
    """The card a wild stands for reaches the table only by an exchange, never as a lay-off on that meld."""
    table = Table("7C 7D 2C 9H 5C 6D 3D", BOB, "KC")
    table.turn("ann", "7H")
    table.do("meld", "ann", cards=["7C", "7D", "2C"], declare=["7S"])
    table.do("lay_off", "ann", card="7H", meld=1)
    table.do("discard", "ann", card="9H")
    table.turn("bob", "7S")
    table.refused("robins.lay-off.fit", "lay_off", "bob", card="7S", meld=1)
    table.do("exchange", "bob", meld=1, card="7S")
    assert "2C" in table.hand("bob")


def test_in_a_sequence_an_ace_counts_high_when_the_other_naturals_are_nearer_the_top() -> None:
    """Ruling: QC JK AC: the joker is the KC; AC JK 3C: the joker is the 2C."""
    assert _kind("QC JK AC") == (STRAIGHT_FLUSH, ["QC", "JK", "AC"], ["QC", "KC", "AC"])
    assert _kind("AC JK 3C") == (STRAIGHT_FLUSH, ["AC", "JK", "3C"], ["AC", "2C", "3C"])


def test_in_a_flush_an_ace_counts_high_when_jokers_are_placed() -> None:
    """Ruling: 3H 6H 8H JK AH: the joker is the KH, and the ace lies above it."""
    assert _kind("3H 6H 8H JK AH", kind=FLUSH) == (
        FLUSH, ["3H", "6H", "8H", "JK", "AH"], ["3H", "6H", "8H", "KH", "AH"])


def test_with_no_gap_a_joker_goes_just_below_the_lowest_card_down_to_the_ace() -> None:
    """With no gap the joker goes just below the lowest card: below a 2 (a deuce declared as the 2) lies the ace."""
    assert _kind("2C 3H 4H JK", "2H") == (STRAIGHT_FLUSH, ["JK", "2C", "3H", "4H"], ["AH", "2H", "3H", "4H"])


def test_in_a_flush_a_joker_with_no_gap_goes_below_the_lowest_card_or_above_the_top_when_nothing_lies_below() -> None:
    """In a flush the ace counts high, so below the 2 nothing lies: the joker goes above the top."""
    assert _kind("3H 4H 5H 6H 7H JK", kind=FLUSH)[2] == ["2H", "3H", "4H", "5H", "6H", "7H"]
    assert _kind("2C 3H 4H 5H 6H JK", "2H", FLUSH)[2] == ["2H", "3H", "4H", "5H", "6H", "7H"]
    hearts = "2C 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"
    assert _kind(hearts, "2H", FLUSH)[2] == [f"{r}H" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                                                "K", "A")]


def test_a_joker_takes_no_place_in_a_run_of_the_whole_suit() -> None:
    """A joker stands for a card missing from the run: a run of all thirteen cards leaves it none."""
    hearts = "AH 2C 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    with pytest.raises(IllegalMoveError) as caught:
        _kind(f"{hearts} JK", "2H", STRAIGHT_FLUSH)
    assert caught.value.message == f"{hearts} JK is not a straight flush: no place is left for a joker"
    stands = ["AH", *(f"{r}H" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))]
    assert lay_off_choices(STRAIGHT_FLUSH, hearts.split(), stands, "JK") == []


def test_a_set_of_one_natural_and_two_jokers_takes_the_suits_it_does_not_show() -> None:
    """Jokers in a set take the set's rank, in the suits shown fewest times (clubs, diamonds, hearts, spades first)."""
    assert _kind("7H JK JK") == (SET, ["JK", "JK", "7H"], ["7C", "7D", "7H"])


def test_jokers_alone_are_no_meld() -> None:
    """Every meld holds at least one natural card: three jokers are refused as the rule says, whatever the kind."""
    for kind in (None, SET, STRAIGHT_FLUSH, FLUSH):
        with pytest.raises(IllegalMoveError) as caught:
            _kind("JK JK JK", kind=kind)
        assert caught.value.code == "robins.meld.invalid"


def test_a_nat_is_made_of_consecutive_cards() -> None:
    """A Nat: 5 (or more) consecutively numbered cards with non consecutive, random suits."""
    with pytest.raises(IllegalMoveError) as caught:
        _kind("3H 5S 9D JC KH", kind=NAT)
    assert caught.value.message == "3H 5S 9D JC KH is not a nat: a Nat is made of consecutive cards"
    with pytest.raises(IllegalMoveError):
        _kind("3H 5S 9D JC KH")


def test_a_nat_lies_on_the_table_in_rank_order() -> None:
    """A Nat's cards lie low to high whatever their suits, as any run does."""
    assert _kind("7C 3H 6D 4S 5H") == (NAT, ["3H", "4S", "5H", "6D", "7C"], ["3H", "4S", "5H", "6D", "7C"])


REFUSED_MELDS = [
    ("7H 7S", "", SET, "a set needs at least 3 cards"),
    ("5H 6H", "", STRAIGHT_FLUSH, "a straight flush needs at least 3 cards"),
    ("5H 6H 7H 8H", "", FLUSH, "a flush needs at least 5 cards"),
    ("2C 2D JK", "7H 7S", SET, "every meld holds at least one natural card"),
    ("7H 8H 7S", "", SET, "a set is made of cards of one rank"),
    ("7H 7S 2C", "7H", SET, "a wild in a set stands for the set's rank in a suit the set shows fewest times"),
    ("3H 4S JK 6D 7C", "", NAT, "a Nat holds no wild cards"),
    ("3H 4S 2C 6D 7C", "5H", NAT, "a Nat holds no wild cards"),
    ("3H 4H 5H 6H 7H", "", NAT, "a Nat is not all of one suit (that is a straight flush)"),
    ("5H 6H 7S", "", STRAIGHT_FLUSH, "a straight flush is made of cards of one suit"),
    ("5H 6H 2C", "6H", STRAIGHT_FLUSH, "no card may appear twice in a meld of one suit"),
    ("5H 7H 9H", "", STRAIGHT_FLUSH, "a straight flush is made of consecutive cards (ace high or low, no wrap-around)"),
]


@pytest.mark.parametrize(("cards", "declare", "kind", "reason"), REFUSED_MELDS)
def test_a_refused_meld_of_a_declared_kind_names_the_rule_it_breaks(
    cards: str, declare: str, kind: str, reason: str
) -> None:
    """The refusal says which kind was asked for and which rule of that kind the cards break."""
    with pytest.raises(IllegalMoveError) as caught:
        _kind(cards, declare, kind)
    assert caught.value.code == "robins.meld.invalid"
    assert caught.value.message == f"{cards} is not a {kind.replace('_', ' ')}: {reason}"


def test_a_refused_meld_of_no_declared_kind_describes_every_kind() -> None:
    """Without a kind the cards fit none, so the refusal lists what each kind is."""
    with pytest.raises(IllegalMoveError) as caught:
        _kind("5H 7S 9D")
    assert caught.value.message == f"5H 7S 9D is not a meld: {DESCRIPTION}"


def test_a_wild_never_stands_for_a_joker() -> None:
    """A wild stands for a natural card; nothing may declare or place it as a joker."""
    assert problem(SET, ["7H", "7S", "2C"], ["7H", "7S", "JK"]) == "a wild stands for a natural card, never for a joker"
    with pytest.raises(IllegalMoveError) as caught:
        _kind("7H 9H 2C", "JK")
    assert caught.value.message == (
        "declare one natural card for each deuce in the meld (1 here, in the order they are listed), not 1, "
        "and never a joker"
    )
    with pytest.raises(IllegalMoveError) as caught:
        _kind("7H 9H 2C 2D", "8H")
    assert caught.value.message == (
        "declare one natural card for each deuce in the meld (2 here, in the order they are listed), not 1"
    )


def test_wilds_laid_off_on_a_set_take_its_rank_in_a_suit_it_does_not_show() -> None:
    """A wild in a set is one card of the set's rank, in a suit the set does not yet show; a joker takes it by rule."""
    assert lay_off_choices(SET, ["7C", "7D", "7H"], ["7C", "7D", "7H"], "JK") == ["7S"]
    assert lay_off_choices(SET, ["7C", "7D", "7H"], ["7C", "7D", "7H"], "2S") == ["7S"]
    table = Table("7C 7D 7H 2S JK 5C 6D", BOB, "KC")
    table.turn("ann", "QD")
    table.do("meld", "ann", cards=["7C", "7D", "7H"])
    table.do("lay_off", "ann", card="JK", meld=1)
    table.do("lay_off", "ann", card="2S", meld=1, declare=["7C"])
    assert table.meld(1) == [("7C", "7C"), ("2S", "7C"), ("7D", "7D"), ("7H", "7H"), ("JK", "7S")]


def test_a_deuce_laid_off_on_a_run_may_stand_for_the_ace_above_the_king() -> None:
    """Deuces can represent any natural card: on J Q K of hearts, the 10 below or the ace above."""
    assert lay_off_choices(STRAIGHT_FLUSH, ["JH", "QH", "KH"], ["JH", "QH", "KH"], "2C") == ["AH", "10H"]
    table = Table("JH QH KH 2C 5C 6D 3D", BOB, "KC")
    table.turn("ann", "QD")
    table.do("meld", "ann", cards=["JH", "QH", "KH"])
    table.do("lay_off", "ann", card="2C", meld=1, declare=["AH"])
    assert table.meld(1) == [("JH", "JH"), ("QH", "QH"), ("KH", "KH"), ("2C", "AH")]


def test_a_deuce_laid_off_on_a_flush_may_stand_for_any_card_of_the_suit_it_lacks() -> None:
    """On a flush a deuce stands for any heart not yet there, the 2 and the ace included."""
    flush = ["3H", "7H", "9H", "JH", "QH"]
    assert lay_off_choices(FLUSH, flush, flush, "2D") == ["AH", "2H", "4H", "5H", "6H", "8H", "10H", "KH"]
