"""Melds of natural cards: groups of one rank and sequences of one suit (ace low or high, no wrap)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from domain.cards.card import Card

GROUP = "group"
SEQUENCE = "sequence"


def sequence_ranks(cards: Iterable[Card]) -> list[int] | None:
    """The ranks of a valid sequence, low to high (ace as 1 or 14), or None when the cards are not one."""
    cards = list(cards)
    if len(cards) < 3 or len({c.suit for c in cards}) != 1 or any(c.is_joker for c in cards):
        return None
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) != len(ranks):
        return None
    if ranks[0] == 1 and 13 in ranks:
        ranks = sorted([*ranks[1:], 14])
    if ranks[-1] - ranks[0] != len(ranks) - 1:
        return None
    return ranks


def is_group(cards: Iterable[Card]) -> bool:
    """Three or more cards of one rank (two packs may repeat a suit)."""
    cards = list(cards)
    return len(cards) >= 3 and not any(c.is_joker for c in cards) and len({c.rank for c in cards}) == 1


def meld_kind(cards: Iterable[Card]) -> str | None:
    """'group' or 'sequence' for a valid meld of natural cards, else None."""
    cards = list(cards)
    if is_group(cards):
        return GROUP
    if sequence_ranks(cards) is not None:
        return SEQUENCE
    return None


def fits(card: Card, kind: str, cards: list[Card]) -> bool:
    """Whether one card, laid off on its own, keeps the meld valid and of its kind."""
    extended = [*cards, card]
    return is_group(extended) if kind == GROUP else sequence_ranks(extended) is not None


def order_meld(kind: str, cards: list[Card]) -> list[Card]:
    """A meld's cards in table order: a group by suit, a sequence low to high."""
    if kind == GROUP:
        return sorted(cards, key=lambda c: c.suit)
    ranks = sequence_ranks(cards) or sorted(c.rank for c in cards)
    high_ace = 14 in ranks
    return sorted(cards, key=lambda c: 14 if (c.rank == 1 and high_ace) else c.rank)


def candidate_melds(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every distinct meld that can be made from the cards in a hand."""
    counts = Counter(hand)
    found: set[tuple[Card, ...]] = set()
    by_rank: dict[int, list[Card]] = {}
    for card, n in counts.items():
        by_rank.setdefault(card.rank, []).extend([card] * n)
    for cards in by_rank.values():
        for size in range(3, len(cards) + 1):
            for combo in combinations(sorted(cards), size):
                found.add(combo)
    for suit in "CDHS":
        present = sorted({c.rank for c in counts if c.suit == suit and not c.is_joker})
        ranks = present + ([14] if 1 in present else [])
        for start in range(len(ranks)):
            run = [ranks[start]]
            for rank in ranks[start + 1 :]:
                if rank != run[-1] + 1:
                    break
                run.append(rank)
                if len(run) >= 3:
                    found.add(tuple(sorted(Card(1 if r == 14 else r, suit) for r in run)))
    return sorted(found)
