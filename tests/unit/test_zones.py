"""What the record knows of a pile or a hand: named cards, unknown ones, and which cards a zone may be named to hold."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.cards.card import packs
from domain.cards.zones import Zone, check_can_name, check_counts, dealt_stock
from domain.errors import CardConflictError

ONE_PACK = packs(1)


def refusal(code: str, named: Counter[str], zone: Zone, deck: Counter[str] = ONE_PACK) -> str:
    with pytest.raises(CardConflictError) as caught:
        check_can_name(code, deck, named, zone, "stock")
    return caught.value.message


def test_a_card_drawn_from_a_shuffled_stock_is_its_top_card() -> None:
    """The service knows a shuffled stock's order: only its top card can be drawn."""
    stock = Zone(["7H", "2C", "9S"], ordered=True)
    check_can_name("7H", ONE_PACK, Counter(["7H", "2C", "9S"]), stock, "stock")
    assert refusal("2C", Counter(["7H", "2C", "9S"]), stock) == "2C is not the top card of the stock"
    assert refusal("7H", Counter(), Zone(ordered=True)) == "7H is not the top card of the stock"


def test_a_recorded_stock_yields_only_cards_that_are_not_yet_accounted_for() -> None:
    """A card the record already places, or one the deck does not hold, cannot come from the stock; nor can any
    card once the stock holds no unnamed card."""
    unknown = Zone(hidden=5)
    check_can_name("7H", ONE_PACK, Counter(["2C"]), unknown, "stock")
    placed = "2C cannot come from the stock: every copy of it is already accounted for"
    assert refusal("2C", Counter(["2C"]), unknown) == placed
    assert refusal("JK", Counter(), unknown) == "JK is not in this game's deck"
    assert refusal("7H", Counter(), Zone(hidden=0)).startswith("7H cannot come from the stock")
    check_can_name("2C", ONE_PACK, Counter(["2C"]), Zone(["2C"]), "stock")


def test_a_deal_naming_a_card_more_often_than_the_deck_holds_is_refused() -> None:
    """Each card is named at most as often as the packs hold it, once with one pack, twice with two."""
    check_counts(ONE_PACK, Counter({"7H": 1}))
    with pytest.raises(CardConflictError) as caught:
        check_counts(ONE_PACK, Counter({"7H": 2}))
    assert caught.value.message == "7H is named 2 times, but the deck holds it once"
    with pytest.raises(CardConflictError) as caught:
        check_counts(packs(2), Counter({"7H": 3}))
    assert caught.value.message == "7H is named 3 times, but the deck holds it 2 times"


def test_the_stock_after_a_deal_is_secret_in_both_deal_modes() -> None:
    """Spectators see only how many cards the stock holds, whether its order is known or not."""
    recorded, shuffled = dealt_stock(None, 31), dealt_stock(["7H", "2C"], 2)
    assert (recorded.hidden, recorded.secret, recorded.ordered) == (31, True, False)
    assert (shuffled.known, shuffled.secret, shuffled.ordered) == (["7H", "2C"], True, True)


def test_a_zone_counts_its_named_copies_and_gives_up_its_top_card() -> None:
    """A zone counts the named copies of a card; an ordered zone's top card is its first."""
    zone = Zone(["7H", "2C", "7H"], ordered=True)
    assert (zone.count("7H"), zone.count("9S")) == (2, 0)
    assert zone.take_top() == "7H" and zone.known == ["2C", "7H"]
