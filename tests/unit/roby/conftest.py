"""Roby's unit tests judge afresh which card fits which meld."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.roby.rules import _fits


@pytest.fixture(autouse=True)
def fresh_fit_answers() -> Iterator[None]:
    """Clear the cached answers of `_fits`, so no test leans on an answer another test computed.

    Mutation testing runs the tests in processes forked from one that has already run them all: without this, a
    cached answer would hide a change to domain/melds.py's `fits`.
    """
    _fits.cache_clear()
    yield
