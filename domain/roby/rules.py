"""Roby's pure rules: card values, what fits the table, legal discards (the 99-rule search is lookahead.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from domain.cards.card import Card, packs
from domain.cards.melds import fits, meld_kind, order_meld
from domain.cards.zones import named_counts
from domain.record.unknown import hand_place
from domain.roby.state import RobyState, TableMeld

HAND_SIZE = 10
PASS_LIMIT = 99


def card_value(code: str) -> int:
    """Pips for 2-10, 10 for J Q K, 11 for the ace."""
    rank = Card.parse(code).rank
    return 11 if rank == 1 else min(rank, 10)


def hand_value(cards: Sequence[str]) -> int:
    """The value of a hand: the sum of its cards."""
    return sum(card_value(c) for c in cards)


def deck_of(options: dict[str, object]) -> Counter[str]:
    """The deck a game is played with: one or two 52-card packs, no jokers."""
    return packs(int(options["packs"]))  # type: ignore[call-overload]


def cut_rank(code: str) -> int:
    """A cut card's rank for choosing the dealer: the ace highest."""
    rank = Card.parse(code).rank
    return 14 if rank == 1 else rank


def fitting_meld(code: str, melds: Sequence[TableMeld]) -> TableMeld | None:
    """The first meld on the table that the card, on its own, fits."""
    return next((m for m in melds if _fits(code, m.kind, tuple(m.cards))), None)


@lru_cache(maxsize=65536)
def _fits(code: str, kind: str, cards: tuple[str, ...]) -> bool:
    """Whether a card fits a meld; cached, since the same question comes up at every legal-actions listing."""
    return fits(Card.parse(code), kind, [Card.parse(c) for c in cards])


def legal_discards(hand: Sequence[str], melds: Sequence[TableMeld], taken: str | None) -> list[str]:
    """The distinct cards a player may discard.

    A card that fits a meld on the table may not be discarded, unless every card does. The card
    taken from the discard pile this turn may not be discarded unless no other discard is legal, or
    the player holds another copy of it (two packs).
    """
    distinct = sorted(set(hand))
    allowed = [c for c in distinct if fitting_meld(c, melds) is None] or distinct
    if taken is not None and taken in allowed and hand.count(taken) < 2:
        others = [c for c in allowed if c != taken]
        return others or allowed
    return allowed


def next_meld_id(melds: Sequence[TableMeld]) -> int:
    """The id the next meld laid this hand gets: melds are numbered 1, 2, 3 ... in each hand."""
    return len(melds) + 1


def new_meld(meld_id: int, owner: str, cards: Sequence[str]) -> TableMeld | None:
    """A meld of these cards in table order, or None when they form no meld."""
    parsed = [Card.parse(c) for c in cards]
    kind = meld_kind(parsed)
    if kind is None:
        return None
    return TableMeld(meld_id, owner, kind, [str(c) for c in order_meld(kind, parsed)])


def with_card(meld: TableMeld, card: str) -> TableMeld:
    """The meld with one more card, in table order."""
    return TableMeld(meld.id, meld.owner, meld.kind, list(_extended(meld.kind, tuple(meld.cards), card)))


@lru_cache(maxsize=65536)
def _extended(kind: str, cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A meld's cards with one more, in table order; cached, since the look-ahead (lookahead.py) lays the same card
    on the same meld along many paths."""
    return tuple(str(c) for c in order_meld(kind, [Card.parse(c) for c in (*cards, card)]))


def without(hand: Sequence[str], cards: Sequence[str]) -> list[str] | None:
    """The hand less the cards, or None when the hand does not hold them all."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return None
        rest.remove(card)
    return rest


def turn_order(state: RobyState) -> list[str]:
    """Players still in the game, in seat order."""
    return state.still_in()


def next_in_game(state: RobyState, player: str) -> str:
    """The next player clockwise from `player` who is still in the game."""
    seats = state.players
    start = seats.index(player)
    for step in range(1, len(seats) + 1):
        candidate = seats[(start + step) % len(seats)]
        if candidate in state.still_in():
            return candidate
    return player


def from_left_of(state: RobyState, dealer: str, players: Sequence[str]) -> list[str]:
    """The given players in seat order starting from the dealer's left."""
    seats = state.players
    start = seats.index(dealer)
    ordered = [seats[(start + step) % len(seats)] for step in range(1, len(seats) + 1)]
    return [p for p in ordered if p in players]


def hands_shown(state: RobyState) -> bool:
    """Whether the table has seen every hand: once a player has gone out, the others lay down the cards they score
    ("The opponents will score the points of the cards remaining in their hands"); a void hand shows nothing."""
    return state.hand_winner is not None


def card_places(state: RobyState) -> dict[str, list[str]]:
    """The named cards of every place of the hand, by place id (domain/record/unknown.py): hands, stock, pile, melds."""
    places = {hand_place(p): zone.known for p, zone in state.hands.items()}
    places.update({"stock": state.stock.known, "discard": state.discard})
    places.update({f"meld:{meld.id}": meld.cards for meld in state.melds})
    return places


def named_cards(state: RobyState) -> Counter[str]:
    """How many copies of each card the record names anywhere: hands, stock, discard pile, melds."""
    named = named_counts([*state.hands.values(), state.stock])
    named.update(state.discard)
    for meld in state.melds:
        named.update(meld.cards)
    return named
