"""Robins Rummy's data in one place: deck, hand size, card points, target score, and the cut."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from domain.cards.card import JOKER, Card, packs
from domain.record.unknown import hand_place
from domain.robins.state import RobinsState

HAND_SIZE = 7
DECK_SIZE = 54
STOCK_SIZE = DECK_SIZE - 2 * HAND_SIZE - 1
TARGET = 505
JOKER_POINTS = 30
RANK_POINTS = {1: 20, 11: 15, 12: 15, 13: 15, 10: 10, 9: 10, 8: 10, 7: 10, 6: 10, 5: 5, 4: 5, 3: 5, 2: 5}


def deck() -> Counter[str]:
    """One 52-card pack and two jokers."""
    return packs(1, jokers_per_pack=2)


def is_wild(code: str) -> bool:
    """Jokers and deuces are wild."""
    return code == JOKER or Card.parse(code).rank == 2


def natural_points(code: str) -> int:
    """The points of a natural card (or of the natural card a deuce stands for)."""
    return RANK_POINTS[Card.parse(code).rank]


def table_points(code: str, stands_for: str) -> int:
    """A card on the table: a joker 30 wherever it is, a deuce the card it stands for, a natural its rank."""
    return JOKER_POINTS if code == JOKER else natural_points(stands_for)


def hand_points(code: str, options: Mapping[str, Any]) -> int:
    """A card left in hand: a joker 30, a deuce the `deuce_in_hand` option, a natural its rank."""
    if code == JOKER:
        return JOKER_POINTS
    if is_wild(code):
        return int(options["deuce_in_hand"])
    return natural_points(code)


def hand_total(cards: Iterable[str], options: Mapping[str, Any]) -> int:
    """The points of the cards left in a hand."""
    return sum(hand_points(c, options) for c in cards)


def hands_shown(state: RobinsState) -> bool:
    """Whether the table has seen both hands: at the end of a hand each player lays down the cards left in his
    hand, which count against him ("Any cards left in your hand at the end of that hand is counted as negative")."""
    return state.hand_over


def card_places(state: RobinsState) -> dict[str, list[str]]:
    """The named cards of every place of the hand, by place id (domain/record/unknown.py): hands, stock, pile, melds."""
    places = {hand_place(p): zone.known for p, zone in state.hands.items()}
    places.update({"stock": state.stock.known, "discard": state.discard})
    places.update({f"meld:{meld.id}": meld.cards for meld in state.melds})
    return places


def cut_rank(code: str) -> int:
    """A cut card's rank for choosing the dealer: the ace highest, a joker lowest (our ruling)."""
    rank = Card.parse(code).rank
    return 14 if rank == 1 else rank
