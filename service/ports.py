"""What the use cases written as functions need of the application, as a typed interface: the store (its repository,
recorder and snapshots, and `save`) and the reads the application offers over it (a game at a version, its setup, its
last version, a page of its stored events, its hands, its access and a caller's grants).

`Meldbook` (service/application.py) provides it; the notation's import and export, the archives, corrections, claims,
annotations and branching take a `GameStore`, not the whole application, so each says what it uses.
"""

from __future__ import annotations

from typing import Any, Protocol
from uuid import UUID

from eventsourcing.application import Repository
from eventsourcing.persistence import ApplicationRecorder, EventStore, Recording

from domain.access.game_access import GameAccess
from domain.access.visibility import Viewer
from domain.record.game import Game
from domain.record.hands import HandSpans
from service.access import Caller
from service.presenting import StoredEvent


class GameStore(Protocol):
    """The application as the use cases see it."""

    @property
    def repository(self) -> Repository[UUID]: ...

    @property
    def recorder(self) -> ApplicationRecorder: ...

    @property
    def snapshots(self) -> EventStore[UUID] | None: ...

    def save(self, *objs: Any, **kwargs: Any) -> list[Recording[UUID]]: ...

    def game(self, game_id: UUID, version: int | None = None) -> Game: ...

    def created(self, game_id: UUID) -> Game: ...

    def latest_version(self, game_id: UUID) -> int: ...

    def stored_events(
        self, game_id: UUID, after: int = 0, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]: ...

    def hand_spans(self, game_id: UUID, viewer: Viewer) -> HandSpans | None: ...

    def access_of(self, game_id: UUID) -> GameAccess: ...

    def caller(self, game_id: UUID, token: str | None, *, kept: bool = False) -> Caller: ...
