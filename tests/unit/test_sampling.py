"""The run's draws (tests/sampling.py): the same seed draws the same, the parameters not drawn are marked `slow`."""

from __future__ import annotations

import pytest

from tests import sampling


def marked_slow(param: object) -> bool:
    return any(mark.name == "slow" for mark in getattr(param, "marks", ()))


def test_a_draw_keeps_k_values_in_the_default_run_and_marks_the_rest_slow_keeping_their_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sampling.SEED_VARIABLE, "17")
    drawn = sampling.drawn_params(["a", "b", "c", "d"], 2, "salt")
    assert sum(not marked_slow(p) for p in drawn) == 2
    assert [p.values[0] if marked_slow(p) else p for p in drawn] == ["a", "b", "c", "d"]


def test_a_tuple_is_one_parameter_set_whether_drawn_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sampling.SEED_VARIABLE, "17")
    drawn = sampling.drawn_params([("a", 1), ("b", 2), ("c", 3)], 1, "salt")
    assert [p.values if marked_slow(p) else p for p in drawn] == [("a", 1), ("b", 2), ("c", 3)]


def test_the_same_seed_and_salt_draw_the_same_and_other_seeds_draw_each_value_at_times(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def chosen(seed: int, salt: str = "salt") -> list[str]:
        monkeypatch.setenv(sampling.SEED_VARIABLE, str(seed))
        return [p for p in sampling.drawn_params(["a", "b", "c"], 1, salt) if not marked_slow(p)]

    assert chosen(5) == chosen(5)
    assert {value for seed in range(40) for value in chosen(seed)} == {"a", "b", "c"}
    assert any(chosen(seed) != chosen(seed, "other") for seed in range(40))


def test_asking_for_more_than_there_are_draws_them_all() -> None:
    assert sampling.drawn_params(["a", "b"], 5, "salt") == ["a", "b"]
