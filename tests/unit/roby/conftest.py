"""Roby's unit tests: each test session judges afresh which card fits which meld, and in what order it lies there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.roby.rules import _extended, _fits


@pytest.fixture(autouse=True, scope="session")
def fresh_fit_answers() -> Iterator[None]:
    """Clear the cached answers of `_fits` and `_extended` when a test session starts.

    Mutation testing runs each mutant's tests in a process forked from one that has already run them all: without
    this, answers cached before the fork would hide a change to domain/cards/melds.py's `fits` or `order_meld`.
    """
    _fits.cache_clear()
    _extended.cache_clear()
    yield
