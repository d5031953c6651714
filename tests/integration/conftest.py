"""Integration fixtures: Meldbook applications over a real store (SQLite file or PostgreSQL), closed afterwards."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol
from uuid import UUID

import pytest

from domain.record.game import Game
from service import moving
from service.application import Meldbook
from service.config import store_env as configured_store
from service.ports import GameWriter


class AfterLoad(Meldbook):
    """A Meldbook that runs a hook between loading the game a move decides on and using it: a window for another
    writer, whether the game was read from the store or is the copy this process kept when it saved it (the
    `hooked_loads` fixture wraps the move path's load, service/moving.py `game_for_move`, for such applications)."""

    name = Meldbook.name  # the same tables as Meldbook (PostgreSQL names them after the application)
    after_load: Callable[[Game], None] | None = None


@pytest.fixture
def hooked_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The move path's load, followed by an AfterLoad application's hook, if one is set."""
    load = moving.game_for_move

    def game_for_move(app: GameWriter, game_id: UUID, expected_version: int) -> tuple[Game, bool]:
        loaded, kept = load(app, game_id, expected_version)
        if isinstance(app, AfterLoad) and app.after_load is not None:
            app.after_load(loaded)
        return loaded, kept

    monkeypatch.setattr(moving, "game_for_move", game_for_move)


class OpenMeldbook(Protocol):
    """Builds a fresh application on the test's store, as a new process would."""

    def __call__(self, cls: type[Meldbook] = Meldbook) -> Meldbook: ...


def service_settings(store_env: dict[str, str]) -> dict[str, str]:
    """The settings the service itself would use for this test's store (service/config.py), not the bare ones."""
    if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        return configured_store({"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": store_env["SQLITE_DBNAME"]})
    return configured_store(
        {
            "MELDBOOK_STORE": "postgres",
            "MELDBOOK_POSTGRES_DBNAME": store_env["POSTGRES_DBNAME"],
            "MELDBOOK_POSTGRES_HOST": store_env["POSTGRES_HOST"],
            "MELDBOOK_POSTGRES_PORT": store_env["POSTGRES_PORT"],
            "MELDBOOK_POSTGRES_USER": store_env["POSTGRES_USER"],
            "MELDBOOK_POSTGRES_PASSWORD": store_env["POSTGRES_PASSWORD"],
        }
    )


@pytest.fixture
def open_meldbook(store_env: dict[str, str]) -> Iterator[OpenMeldbook]:
    """A factory of Meldbook applications on this test's store, configured as the service configures them."""
    settings = service_settings(store_env)
    opened: list[Meldbook] = []

    def open_one(cls: type[Meldbook] = Meldbook) -> Meldbook:
        app = cls(dict(settings))
        opened.append(app)
        return app

    yield open_one
    for app in opened:
        app.close()
