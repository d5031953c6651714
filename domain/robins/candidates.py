"""Sample melds a hand can make, wilds included: examples for the legal-actions list, not a full search."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from domain.cards.card import JOKER, RANKS, SUITS, Card
from domain.errors import MeldbookError
from domain.robins.melds import FLUSH, NAT, SET, STRAIGHT_FLUSH, build
from domain.robins.rules import is_wild

Body = dict[str, Any]


def _code(rank: int, suit: str) -> str:
    return f"{RANKS[(rank - 1) % 13]}{suit}"


def _with_wilds(naturals: list[str], missing: list[str], pool: list[str], kind: str) -> Iterator[Body]:
    """The naturals plus one wild per missing card: deuces declared for the lowest, jokers placed by rule."""
    if len(missing) > len(pool):
        return
    # In order and without repeats (not a set of tuples, whose order changes with the process's hash seed: the
    # examples listed, and so the bots' games, must be the same in every process).
    for wilds in dict.fromkeys((tuple(pool[: len(missing)]), tuple(pool[::-1][: len(missing)]))):
        deuces = [w for w in wilds if w != JOKER]
        declare = sorted(missing, key=lambda c: Card.parse(c).rank)[: len(deuces)]
        yield {"cards": [*naturals, *wilds], "declare": declare, "kind": kind}


def _sets(by_rank: dict[int, list[str]], pool: list[str]) -> Iterator[Body]:
    for rank, naturals in by_rank.items():
        shown = [Card.parse(c).suit for c in naturals]
        free = [_code(rank, s) for s in SUITS if s not in shown]
        for extra in range(max(0, 3 - len(naturals)), min(len(pool), len(free)) + 1):
            yield from _with_wilds(naturals, free[:extra], pool, SET)


def _runs(by_suit: dict[str, set[int]], pool: list[str]) -> Iterator[Body]:
    for suit, ranks in by_suit.items():
        high = ranks | ({14} if 1 in ranks else set())
        for low in range(1, 13):
            for top in range(low + 2, min(low + 13, 15)):
                window = range(low, top + 1)
                present = [r for r in window if r in high]
                missing = [_code(r, suit) for r in window if r not in high]
                if len(present) >= 2 and len(missing) <= len(pool):
                    yield from _with_wilds([_code(r, suit) for r in present], missing, pool, STRAIGHT_FLUSH)
        if len(ranks) + len(pool) >= 5:
            naturals = [_code(r, suit) for r in sorted(ranks)]
            missing = [_code(r, suit) for r in range(13, 2, -1) if r not in ranks][: max(0, 5 - len(ranks))]
            yield from _with_wilds(naturals, missing, pool, FLUSH)


def _nats(by_rank: dict[int, list[str]]) -> Iterator[Body]:
    ranks = {14 if r == 1 else r for r in by_rank} | ({1} if 1 in by_rank else set())
    for low in range(1, 11):
        for top in range(low + 4, 15):
            window = [by_rank.get(1 if r == 14 else r, []) for r in range(low, top + 1)]
            if not all(r in ranks for r in range(low, top + 1)):
                break
            cards = [options[0] for options in window]
            if len({Card.parse(c).suit for c in cards}) == 1:
                swap = next((i for i, options in enumerate(window) if len(options) > 1), None)
                if swap is None:
                    continue
                cards[swap] = window[swap][1]
            yield {"cards": cards, "kind": NAT}


def meld_examples(hand: Sequence[str], must: str | None = None, limit: int = 12) -> list[Body]:
    """Distinct valid melds from the hand (each using `must`, when given), largest first, at most `limit`."""
    naturals = sorted({c for c in hand if not is_wild(c)}, key=lambda c: Card.parse(c))
    pool = sorted(c for c in hand if is_wild(c))
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, set[int]] = {}
    for code in naturals:
        card = Card.parse(code)
        by_rank.setdefault(card.rank, []).append(code)
        by_suit.setdefault(card.suit, set()).add(card.rank)
    found: dict[tuple[str, ...], Body] = {}
    for body in [*_sets(by_rank, pool), *_runs(by_suit, pool), *_nats(by_rank)]:
        key = (body["kind"], *sorted(body["cards"]))
        if key in found or (must is not None and must not in body["cards"]):
            continue
        try:
            build(body["cards"], body.get("declare", []), body["kind"])
        except MeldbookError:
            continue
        found[key] = {k: v for k, v in body.items() if v}
    return sorted(found.values(), key=lambda b: -len(b["cards"]))[:limit]
