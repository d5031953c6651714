"""What the use cases need of the application, as typed interfaces: the store (its repository, recorder and snapshots,
and `save`) and the reads the application offers over it (a game at a version, its setup, its last version, a page of
its stored events, its hands, its access and a caller's grants): `GameStore`; and, for the use cases that write a
game (recording a move, setting a game up), the games this process keeps, its chance, its Idempotency-Key records and
the checks on the caller's access stream: `GameWriter`.

`Meldbook` (service/application.py) provides both and is wiring: each use case is a module of functions taking one
of these (the moves in service/moving.py, the setup in service/setup.py, the tokens in service/grants.py, the
notation's import and export, the archives, corrections, claims, annotations, disputes, confirmations, nights,
branching, settlements, streams and verification), so each says what it uses.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.application import Repository
from eventsourcing.persistence import ApplicationRecorder, EventStore, Recording

from domain.access.game_access import GameAccess
from domain.access.visibility import Viewer
from domain.record.game import Game
from domain.record.hands import HandSpans
from domain.rules.variant import Chance
from service.access import Caller
from service.answered import IdempotencyRecord, Keyed
from service.idempotency import KeyedTokens
from service.kept import KeptGames
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

    def fold(self, aggregate: Any, events: Iterable[Any]) -> Any:
        """A game folded from a snapshot (or a copy) and the events after it, as a load folds them."""

    def game(self, game_id: UUID, version: int | None = None) -> Game: ...

    def created(self, game_id: UUID) -> Game: ...

    def latest_version(self, game_id: UUID) -> int: ...

    def stored_events(
        self, game_id: UUID, after: int = 0, upto: int | None = None, limit: int | None = None, lookback: int = ...
    ) -> list[StoredEvent]: ...

    def hand_spans(self, game_id: UUID, viewer: Viewer) -> HandSpans | None: ...

    def access_of(self, game_id: UUID) -> GameAccess: ...

    def caller(self, game_id: UUID, token: str | None, *, kept: bool = False) -> Caller: ...


class GameWriter(GameStore, Protocol):
    """The application as the use cases that write a game see it: the store and its reads, and besides them the
    games this process kept as it saved them, the chance that shuffles, the records of requests answered under an
    Idempotency-Key, and whether a caller's access stream is still as it was found."""

    kept: KeptGames
    chance: Chance
    keyed: KeyedTokens

    def caught_up(self, game: Game) -> Game: ...

    def answered(self, keyed: Keyed | None) -> IdempotencyRecord | None: ...

    def is_recorder(self, game_id: UUID, token: str | None) -> bool: ...

    def still_current(self, game_id: UUID, asking: Caller) -> bool: ...

    def confirmed(self, game_id: UUID, asking: Caller) -> None: ...

    def unchanged_access(self, game_id: UUID, asking: Caller) -> dict[str, Any]: ...
