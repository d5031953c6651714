"""Integration fixtures: Meldbook applications over a real store (SQLite file or PostgreSQL), closed afterwards."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from service.application import Meldbook

OpenMeldbook = Callable[[], Meldbook]


@pytest.fixture
def open_meldbook(store_env: dict[str, str]) -> Iterator[OpenMeldbook]:
    """A factory of Meldbook applications on this test's store; each call is a fresh process's application."""
    opened: list[Meldbook] = []

    def open_one() -> Meldbook:
        app = Meldbook(dict(store_env))
        opened.append(app)
        return app

    yield open_one
    for app in opened:
        app.close()
