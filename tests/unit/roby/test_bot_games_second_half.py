"""Fifty more default bot games, in a file of their own so that xdist runs them beside the first fifty."""

from __future__ import annotations

import pytest

from tests.unit.roby.test_bot_games import check_game


@pytest.mark.parametrize("seed", range(50, 100))
def test_fifty_more_bot_games_keep_every_invariant(seed: int) -> None:
    check_game(seed)
