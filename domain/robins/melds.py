"""Robins Rummy's melds with wild cards: what each wild stands for, and whether a meld holds together.

Every card on the table stands for one natural card: a natural card for itself, a deuce for the card
its player declared, a joker for the card the placement rule gives it. Validity is judged on what the
cards stand for, so a meld, a lay-off and an exchange are all checked by the same function.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards.card import JOKER, RANKS, SUITS, Card
from domain.errors import IllegalMoveError
from domain.robins.rules import is_wild

SET, STRAIGHT_FLUSH, FLUSH, NAT = "set", "straight_flush", "flush", "nat"
KINDS = (SET, STRAIGHT_FLUSH, NAT, FLUSH)
"""Every meld kind, in the order a meld laid without a declared kind is read."""
CLOSED = frozenset({NAT})
MIN_SIZE = {SET: 3, STRAIGHT_FLUSH: 3, FLUSH: 5, NAT: 5}
DESCRIPTION = (
    "a straight flush is 3+ consecutive cards of one suit, a flush 5+ cards of one suit, a Nat 5+ "
    "consecutive cards not all of one suit and without wilds, a set 3+ cards of one rank; the ace is "
    "high or low (no wrap-around) and every meld holds a natural card"
)


def _rank(code: str) -> int:
    return Card.parse(code).rank


def _suit(code: str) -> str:
    return Card.parse(code).suit


def _code(rank: int, suit: str) -> str:
    return f"{RANKS[(rank - 1) % 13]}{suit}"


def sequence_ranks(stands_for: Sequence[str]) -> list[int] | None:
    """The ranks low to high with the ace low (1) or else high (14), when they run consecutively."""
    low = sorted(_rank(c) for c in stands_for)
    for ranks in (low, sorted(14 if r == 1 else r for r in low)):
        if len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1:
            return ranks
    return None


def problem(kind: str, cards: Sequence[str], stands_for: Sequence[str]) -> str | None:
    """Why these cards, standing for these naturals, are not a meld of this kind; None when they are."""
    naturals = {c for c in cards if not is_wild(c)}
    if len(cards) < MIN_SIZE[kind]:
        return f"a {kind.replace('_', ' ')} needs at least {MIN_SIZE[kind]} cards"
    if not naturals:
        return "every meld holds at least one natural card"
    if JOKER in stands_for:
        return "a wild stands for a natural card, never for a joker"
    suits = {_suit(s) for s in stands_for}
    if kind == SET:
        counts = [sum(1 for s in stands_for if _suit(s) == suit) for suit in SUITS]
        if len({_rank(s) for s in stands_for}) != 1:
            return "a set is made of cards of one rank"
        if max(counts) - min(counts) > 1:
            return "a wild in a set stands for the set's rank in a suit the set shows fewest times"
        return None
    if kind == NAT:
        if naturals != set(cards) or len(naturals) != len(cards):
            return "a Nat holds no wild cards"
        if len(suits) == 1:
            return "a Nat is not all of one suit (that is a straight flush)"
        return None if sequence_ranks(stands_for) else "a Nat is made of consecutive cards"
    if len(suits) != 1:
        return f"a {kind.replace('_', ' ')} is made of cards of one suit"
    if len(set(stands_for)) != len(stands_for):
        return "no card may appear twice in a meld of one suit"
    if kind == STRAIGHT_FLUSH and sequence_ranks(stands_for) is None:
        return "a straight flush is made of consecutive cards (ace high or low, no wrap-around)"
    return None


def place_joker(kind: str, stands_for: Sequence[str], ace_high: bool) -> str | None:
    """The card a joker added to these cards stands for, by the placement rule; None where none is left."""
    if not stands_for or kind == NAT:
        return None
    suit = _suit(stands_for[0])
    if kind == SET:
        fewest = min(SUITS, key=lambda s: (sum(1 for c in stands_for if _suit(c) == s), SUITS.index(s)))
        return _code(_rank(stands_for[0]), fewest)
    ace_high = ace_high or kind == FLUSH
    ranks = {14 if (ace_high and _rank(c) == 1) else _rank(c) for c in stands_for}
    low, high = (2, 14) if ace_high else (1, 13)
    top, bottom = max(ranks), min(ranks)
    missing = [r for r in range(bottom, top) if r not in ranks]
    if missing:
        return _code(max(missing), suit)
    if bottom - 1 >= low:
        return _code(bottom - 1, suit)
    return _code(top + 1, suit) if top + 1 <= high else None


def is_ace_high(kind: str, stands_for: Sequence[str]) -> bool:
    """Whether the meld's ace (if any) is high: always in a flush, in a sequence when it runs from the king."""
    if kind == FLUSH:
        return True
    ranks = sequence_ranks(stands_for)
    return bool(ranks) and ranks[-1] == 14  # type: ignore[index]


def table_order(kind: str, cards: Sequence[str], stands_for: Sequence[str]) -> tuple[list[str], list[int]]:
    """The meld's cards in table order, and the permutation that puts them there."""
    high = is_ace_high(kind, stands_for)

    def key(i: int) -> tuple[int, int]:
        rank, suit = _rank(stands_for[i]), SUITS.index(_suit(stands_for[i]))
        rank = 14 if high and rank == 1 else rank
        return (suit, rank) if kind == SET else (rank, suit)

    order = sorted(range(len(cards)), key=key)
    return [cards[i] for i in order], order


def build(cards: Sequence[str], declared: Sequence[str], kind: str | None) -> tuple[str, list[str], list[str]]:
    """A new meld: its kind, its cards in table order and what each stands for; or why it is none."""
    deuces = [c for c in cards if c != JOKER and is_wild(c)]
    if len(declared) != len(deuces) or JOKER in declared:
        raise IllegalMoveError(
            f"declare one natural card for each deuce in the meld ({len(deuces)} here, in the order they are "
            f"listed), not {len(declared)}" + (", and never a joker" if JOKER in declared else ""),
            code="robins.wild.declaration",
        )
    said = iter(declared)
    fixed = [(c, c if not is_wild(c) else next(said)) for c in cards if c != JOKER]
    jokers = list(cards).count(JOKER)
    reason = None
    for each in [kind] if kind else KINDS:
        for ace_high in (False, True):
            stands = [s for _, s in fixed]
            for _ in range(jokers):
                placed = place_joker(each, stands, ace_high)
                if placed is None:
                    reason = "a Nat holds no wild cards" if each == NAT else "no place is left for a joker"
                    break
                stands.append(placed)
            laid = [c for c, _ in fixed] + [JOKER] * jokers
            if len(stands) == len(laid):
                reason = problem(each, laid, stands)
                if reason is None:
                    ordered, order = table_order(each, laid, stands)
                    return each, ordered, [stands[i] for i in order]
    shown = " ".join(cards)
    detail = f": {reason}" if kind and reason else f": {DESCRIPTION}"
    raise IllegalMoveError(f"{shown} is not a {kind.replace('_', ' ') if kind else 'meld'}{detail}",
                           code="robins.meld.invalid")


def lay_off_choices(kind: str, cards: Sequence[str], stands_for: Sequence[str], code: str) -> list[str]:
    """What the card could stand for when laid off on this meld (empty when it does not fit)."""
    if kind in CLOSED:
        return []
    if code == JOKER:
        placed = place_joker(kind, stands_for, is_ace_high(kind, stands_for))
        candidates = [placed] if placed else []
    elif is_wild(code):
        rank, suit = _rank(stands_for[0]), _suit(stands_for[0])
        candidates = [_code(rank, s) for s in SUITS] if kind == SET else [_code(r, suit) for r in range(1, 14)]
    elif code in [s for c, s in zip(cards, stands_for, strict=True) if is_wild(c)]:
        return []  # the card a wild stands for reaches the table only by an exchange
    else:
        candidates = [code]
    return [s for s in candidates if problem(kind, [*cards, code], [*stands_for, s]) is None]
