"""Integration fixtures: Meldbook applications over a real store (SQLite file or PostgreSQL), closed afterwards."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol
from uuid import UUID

import pytest

from domain.game import Game
from service.application import Meldbook


class AfterLoad(Meldbook):
    """A Meldbook that runs a hook between loading a game and using it: a window for another writer."""

    name = Meldbook.name  # the same tables as Meldbook (PostgreSQL names them after the application)
    after_load: Callable[[Game], None] | None = None

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game, loaded as usual; then the hook, if one is set."""
        loaded = super().game(game_id, version)
        if self.after_load is not None:
            self.after_load(loaded)
        return loaded


class OpenMeldbook(Protocol):
    """Builds a fresh application on the test's store, as a new process would."""

    def __call__(self, cls: type[Meldbook] = Meldbook) -> Meldbook: ...


@pytest.fixture
def open_meldbook(store_env: dict[str, str]) -> Iterator[OpenMeldbook]:
    """A factory of Meldbook applications on this test's store, all closed at teardown."""
    opened: list[Meldbook] = []

    def open_one(cls: type[Meldbook] = Meldbook) -> Meldbook:
        app = cls(dict(store_env))
        opened.append(app)
        return app

    yield open_one
    for app in opened:
        app.close()
