"""The fewest transfers that settle a night: exact (n minus the most zero-sum groups), never more than the greedy
matching, and settling every net; a case where the greedy matching takes more."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.nights.transfers import (
    MAX_PARTIES,
    TooManyPartiesError,
    Transfer,
    fewest_transfers,
    greedy_transfers,
    settles,
    zero_sum_groups,
)


def nets_of(values: list[int]) -> dict[str, int]:
    """Named nets from values, the last one making them add up to zero."""
    nets = {f"p{i}": v for i, v in enumerate(values)}
    nets[f"p{len(values)}"] = -sum(values)
    return nets


def brute_force_minimum(nets: dict[str, int]) -> int:
    """The fewest payments by trying every split into zero-sum groups (small n only): n - the most groups."""
    names = [n for n, v in nets.items() if v]

    def most_groups(left: tuple[str, ...]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = -1
        for size in range(len(rest) + 1):
            for others in combinations(rest, size):
                if nets[first] + sum(nets[o] for o in others) == 0:
                    remaining = tuple(n for n in rest if n not in others)
                    best = max(best, 1 + most_groups(remaining))
        return best

    return len(names) - most_groups(tuple(names))


def test_where_the_greedy_matching_takes_four_payments_the_fewest_take_three() -> None:
    nets = {"Ann": -4, "Bob": 5, "Cy": 7, "Dan": -3, "Eve": -5}
    greedy = greedy_transfers(nets)
    fewest = fewest_transfers(nets)
    assert len(greedy) == 4 and len(fewest) == 3
    assert settles(nets, greedy) and settles(nets, fewest)
    assert Transfer("Eve", "Bob", 5) in fewest  # Eve and Bob square between them: a group of their own
    assert sorted(map(sorted, zero_sum_groups(nets))) == [["Ann", "Cy", "Dan"], ["Bob", "Eve"]]


def test_nobody_owing_needs_no_payment_and_a_pair_needs_one() -> None:
    assert fewest_transfers({"Ann": 0, "Bob": 0}) == []
    assert fewest_transfers({"Ann": -30, "Bob": 30}) == [Transfer("Ann", "Bob", 30)]


def test_nets_that_do_not_add_up_to_zero_are_refused() -> None:
    with pytest.raises(ValueError, match="add up to 1"):
        fewest_transfers({"Ann": 1})
    with pytest.raises(ValueError, match="add up to 1"):
        greedy_transfers({"Ann": 1})


def test_more_parties_than_the_exact_search_takes_are_refused() -> None:
    nets = nets_of([1] * MAX_PARTIES)
    with pytest.raises(TooManyPartiesError):
        fewest_transfers(nets)


values = st.lists(st.integers(min_value=-50, max_value=50), min_size=0, max_size=8)


@settings(max_examples=300, deadline=None)
@given(values)
def test_the_fewest_transfers_settle_every_net_and_never_take_more_than_greedy(given_values: list[int]) -> None:
    nets = nets_of(given_values)
    fewest, greedy = fewest_transfers(nets), greedy_transfers(nets)
    assert settles(nets, fewest) and settles(nets, greedy)
    assert len(fewest) <= len(greedy)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=-6, max_value=6), min_size=0, max_size=6))
def test_the_fewest_transfers_are_the_exact_minimum(given_values: list[int]) -> None:
    nets = nets_of(given_values)
    assert len(fewest_transfers(nets)) == brute_force_minimum(nets)
