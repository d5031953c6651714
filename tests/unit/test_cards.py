"""Card codes: every accepted spelling parses to its card; ranks that are not ranks are refused, with a full hint."""

from __future__ import annotations

import re

import pytest

from domain.cards.card import CARD_PATTERN, JOKER, RANKS, SUITS, Card, InvalidCardError, canonical, packs, standard_pack

SPELLED = {
    "10H": "10H",
    "th": "10H",
    "Th": "10H",
    "qs": "QS",
    "aC": "AC",
    "A♠": "AS",
    "10♦": "10D",
    "k♥️": "KH",
    "j♣": "JC",
    " 7d ": "7D",
    "JK": "JK",
    "joker": "JK",
    "*": "JK",
}
HINTED = ("A 2 3 4 5 6 7 8 9 10 J Q K", "T also means 10", "C D H S", "♣ ♦ ♥ ♠", "upper or lower case", "JK")
NOT_CARDS = ["1C", "1♣", "01H", "0S", "11H", "14D", "B2", "KZ", "10", "H", "", "A♥♥", "10HH", "TT"]


@pytest.mark.parametrize("text", list(SPELLED))
def test_every_accepted_spelling_names_its_card(text: str) -> None:
    assert canonical(text) == SPELLED[text]


def test_every_card_of_the_pack_round_trips_through_its_code_and_its_repr() -> None:
    for suit in SUITS:
        for rank in RANKS:
            card = Card.parse(f"{rank}{suit}")
            assert str(card) == f"{rank}{suit}" and eval(repr(card)) == card
            assert Card.parse(f"{rank}{suit}".lower()) == card


@pytest.mark.parametrize("text", NOT_CARDS)
def test_a_rank_or_suit_that_is_not_one_is_refused_with_every_accepted_spelling_in_the_hint(text: str) -> None:
    with pytest.raises(InvalidCardError) as caught:
        Card.parse(text)
    hint = caught.value.message
    assert caught.value.code == "unknown-card"
    for spelling in HINTED:
        assert spelling in hint, (spelling, hint)


def test_the_contracts_card_pattern_admits_exactly_what_the_parser_reads_without_spaces() -> None:
    pattern = re.compile(CARD_PATTERN)
    spellings = [*SPELLED, *(f"{r}{s}" for r in (*RANKS, "T", "t", "q") for s in (*SUITS, "h", "♠", "♥\ufe0f"))]
    for text in spellings:
        assert pattern.fullmatch(text.strip()), text
        Card.parse(text)
    for text in [*NOT_CARDS, " 7d", "JK♠", "**", "10♥♥"]:
        assert not pattern.fullmatch(text), text
        if text.strip() == text:
            with pytest.raises(InvalidCardError):
                Card.parse(text)


@pytest.mark.parametrize(("count", "jokers"), [(1, 0), (2, 0), (1, 2), (2, 1)])
def test_packs_hold_each_card_once_a_pack_and_their_jokers(count: int, jokers: int) -> None:
    deck = packs(count, jokers)
    assert sum(deck.values()) == count * (52 + jokers)
    assert all(deck[f"{rank}{suit}"] == count for suit in SUITS for rank in RANKS)
    assert deck[JOKER] == count * jokers
    assert packs(0) == {} and standard_pack(jokers) == packs(1, jokers)


def test_a_deck_handed_out_is_the_callers_to_change() -> None:
    """The packs are built once per kind of deck: what a caller takes out of one does not leave the next."""
    deck = packs(2)
    deck.subtract({"AS": 2, "KH": 1})
    deck[JOKER] = 3
    assert packs(2)["AS"] == 2 and packs(2)["KH"] == 2 and JOKER not in packs(2)
