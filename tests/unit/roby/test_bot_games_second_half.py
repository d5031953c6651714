"""A hundred and fifty more default bot games, in a file of their own so that xdist runs them beside the first fifty."""

from __future__ import annotations

import pytest

from tests.unit.roby.test_bot_games import check_game


@pytest.mark.parametrize("seed", range(150, 300))
def test_a_hundred_and_fifty_more_bot_games_keep_every_invariant(seed: int) -> None:
    check_game(seed)
