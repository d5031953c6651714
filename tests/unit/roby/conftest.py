"""Roby's unit tests: each test session judges afresh which card fits which meld."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.roby.rules import _fits


@pytest.fixture(autouse=True, scope="session")
def fresh_fit_answers() -> Iterator[None]:
    """Clear the cached answers of `_fits` when a test session starts.

    Mutation testing runs each mutant's tests in a process forked from one that has already run them all: without
    this, answers cached before the fork would hide a change to domain/melds.py's `fits`.
    """
    _fits.cache_clear()
    yield
