"""Five-card poker ranking through pokerkit, with the one rule of our own: aces strictly high (no wheel)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerkit import StandardHighHand

from domain.cards.card import Card

HandKey = tuple[int, int]
WHEEL_RANKS = frozenset({1, 2, 3, 4, 5})


def pokerkit_code(code: str) -> str:
    """A card in pokerkit's notation: '10H' -> 'Th', 'AS' -> 'As'."""
    card = Card.parse(code)
    rank = "T" if card.rank == 10 else card.rank_text
    return f"{rank}{card.suit.lower()}"


def _index(cards: Sequence[str]) -> int:
    return int(StandardHighHand("".join(pokerkit_code(c) for c in cards)).entry.index)


def hand_key(cards: Sequence[str], wheel: bool = True) -> HandKey:
    """A key that orders five-card hands as poker does (higher is better; equal keys tie).

    With `wheel` False, aces are strictly high: A-2-3-4-5 is no straight but an ace-high hand just below
    A-6-4-3-2 of the same kind (a flush when suited, a high card otherwise).
    """
    parsed = [Card.parse(c) for c in cards]
    if wheel or {c.rank for c in parsed} != WHEEL_RANKS:
        return (_index(cards), 0)
    six = [str(Card(6, c.suit)) if c.rank == 5 else str(c) for c in parsed]
    return (_index(six), -1)


def best_of(hands: dict[str, list[str]], among: Sequence[str], wheel: bool) -> list[str]:
    """The players (in the given order) whose hands rank best among `among`."""
    keys = {p: hand_key(hands[p], wheel) for p in among}
    top = max(keys.values())
    return [p for p in among if keys[p] == top]
