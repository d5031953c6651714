"""Poker ranking: pokerkit's order, the wheel, and the aces-strictly-high option, on thousands of random hands."""

from __future__ import annotations

import random

from domain.royal.pots import build_pots
from domain.royal.ranking import hand_key, pokerkit_code
from domain.royal.rules import DECK
from tests.unit.royal.helpers import pokerkit_hand, strict_key

PACK = sorted(DECK)


def _wheel(rng: random.Random) -> list[str]:
    suits = [rng.choice("CDHS") for _ in range(5)]
    return [f"{r}{s}" for r, s in zip(("A", "2", "3", "4", "5"), suits, strict=True)]


def test_tens_are_written_t_for_pokerkit() -> None:
    assert pokerkit_code("10H") == "Th" and pokerkit_code("AS") == "As"


def test_hand_keys_order_hands_as_pokerkit_does() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        a, b = rng.sample(PACK, 5), rng.sample(PACK, 5)
        ka, kb = hand_key(a), hand_key(b)
        pa, pb = pokerkit_hand(a), pokerkit_hand(b)
        assert (ka > kb) == (pa > pb) and (ka == kb) == (pa == pb), (a, b)


def test_the_independent_evaluator_agrees_with_pokerkit_without_wheels() -> None:
    rng = random.Random(8)
    for _ in range(3000):
        a, b = rng.sample(PACK, 5), rng.sample(PACK, 5)
        if {c[:-1] for c in a} == {"A", "2", "3", "4", "5"} or {c[:-1] for c in b} == {"A", "2", "3", "4", "5"}:
            continue
        assert (strict_key(a) > strict_key(b)) == (pokerkit_hand(a) > pokerkit_hand(b)), (a, b)


def test_aces_strictly_high_option_has_no_wheel() -> None:
    rng = random.Random(9)
    for _ in range(2000):
        a = _wheel(rng) if rng.random() < 0.5 else rng.sample(PACK, 5)
        b = rng.sample(PACK, 5)
        assert (hand_key(a, wheel=False) > hand_key(b, wheel=False)) == (strict_key(a) > strict_key(b)), (a, b)
        assert (hand_key(a, wheel=False) == hand_key(b, wheel=False)) == (strict_key(a) == strict_key(b)), (a, b)
    assert hand_key(["AC", "2D", "3H", "4S", "5C"], wheel=False) < hand_key(["AC", "6D", "3H", "4S", "2C"], False)


def test_the_wheel_is_the_lowest_straight() -> None:
    wheel = hand_key(["AC", "2D", "3H", "4S", "5C"])
    assert hand_key(["KC", "KD", "KH", "4S", "5C"]) < wheel < hand_key(["2C", "3D", "4H", "5S", "6C"])


def test_pots_slice_bets_at_each_all_in_level() -> None:
    pots = build_pots({"a": 6, "b": 20, "c": 20, "d": 3}, ["a", "b", "c"], 3)
    assert [(p.amount, p.eligible) for p in pots] == [(3 + 18 + 3, ("a", "b", "c")), (28, ("b", "c"))]
