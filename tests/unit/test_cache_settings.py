"""MELDBOOK_CACHE_GAMES: how many games each process keeps in memory, and the eventsourcing settings it becomes."""

from __future__ import annotations

import pytest

from service.config import ConfigError, cache_env, cache_size


def test_by_default_each_process_keeps_a_thousand_games_fast_forwarded_and_copied_out() -> None:
    assert cache_size({}) == 1000
    assert cache_env({}) == {
        "AGGREGATE_CACHE_MAXSIZE": "1000",
        "AGGREGATE_CACHE_FASTFORWARD": "y",
        "DEEPCOPY_FROM_AGGREGATE_CACHE": "y",
    }


def test_zero_keeps_no_game_and_sets_no_aggregate_cache() -> None:
    assert cache_size({"MELDBOOK_CACHE_GAMES": "0"}) == 0
    assert cache_env({"MELDBOOK_CACHE_GAMES": "0"}) == {}


@pytest.mark.parametrize("value", ["-1", "many", "1.5", "", "99999999"])
def test_a_cache_size_that_is_not_a_whole_number_of_games_is_refused_naming_the_variable(value: str) -> None:
    with pytest.raises(ConfigError, match="MELDBOOK_CACHE_GAMES"):
        cache_size({"MELDBOOK_CACHE_GAMES": value})
