"""The Meldbook application: the store and the reads every use case shares; each use case loads a game, calls one
command, and saves it (service/ports.py names what they use)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import JSONTranscoder

from domain.access.game_access import RECORDER
from domain.access.visibility import Viewer
from domain.errors import MeldbookError, Problem
from domain.record.game import Game
from domain.record.grouping import group_moves, move_numbers, numbered_by_envelopes
from domain.record.hands import HandSpans, hand_spans
from domain.record.moves import MoveRecorded
from domain.record.setup import GameDiscarded, SetupAmended
from domain.rules.variant import Chance
from domain.variants import VARIANTS, variant_named
from service.access import AccessReads
from service.answered import IdempotencyRecord, Keyed
from service.config import cache_env, cache_size, recorder_env
from service.idempotency import KeyedTokens
from service.index import GameEntry, GameFilter, GameIndex, IndexChange, schema_lock
from service.kept import KeptGames
from service.pages import Page
from service.presenting import StoredEvent, describe
from service.store.application import StoreApplication
from service.store.projector import project, projector_reading
from service.tickets import PURPOSE as TICKETS_PURPOSE
from service.tickets import StreamTickets
from service.transcodings import register_state_types

LOG = logging.getLogger(__name__)
INDEXED_TOPICS = frozenset({Game.Created.TOPIC, SetupAmended.TOPIC, GameDiscarded.TOPIC})
"""The events the games index reads: a game's creation, its players renamed, and its discarding."""
LOOKBACK = 64
"""Events read before a page of events, to find the envelope of the move its first event belongs to (a move stores
far fewer events than this; with none found, the record is read from its start)."""


class GameNotFoundError(MeldbookError):
    """No game has this id."""

    problem = Problem(
        "game-not-found",
        "No such game",
        "the game id in the path, or the event asked for with ?at=",
        "there is no game 00000000-0000-4000-8000-000000000000",
    )


class Meldbook(AccessReads, StoreApplication):
    """Games as event-sourced aggregates, in a SQLite file or PostgreSQL; every stream is hash-chained.

    The application is wiring: the store, the games this process keeps, the chance, the Idempotency-Key records and
    the reads every use case shares (a game, its events, its hands, its access and a caller). The use cases are
    modules of functions that take it as the interface service/ports.py types (`GameStore`, `GameWriter`): recording
    a move (service/moving.py), a game's setup (service/setup.py), its tokens (service/grants.py), and the others."""

    name = "Meldbook"
    snapshotting_intervals: ClassVar[dict[type, int]] = {Game: 20}
    """A snapshot every 20 events: the state at any event is its nearest snapshot plus at most 19 events."""
    snapshotting_projectors: ClassVar[dict[type, Any]] = {Game: project}
    """Replaced in each application by `fold`, which may read the store."""

    def __init__(
        self, env: Mapping[str, str] | None = None, chance: Chance | None = None, secret: str | None = None
    ) -> None:
        with schema_lock(env or {}):
            super().__init__({**cache_env(), **recorder_env(env or {}), **(env or {})})
            self.index = GameIndex.beside(self.recorder)
        self.fold = projector_reading(self._record_upto, self._forget)
        """How a game is folded from a snapshot and its events (service/store/projector.py)."""
        self.snapshotting_projectors = {Game: self.fold}
        self.chance = chance or Chance()
        self.kept = KeptGames(cache_size())
        """Each game as this process saved it last, for the next move at that version (service/kept.py)."""
        self.keyed = KeyedTokens(self, secret)
        """Record ids and recorder tokens derived from Idempotency-Keys (service/idempotency.py)."""
        self.tickets = StreamTickets(lambda: self.keyed.key(TICKETS_PURPOSE))
        """Stream tickets, signed with the same secret (service/tickets.py)."""

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        """The library's transcodings plus one for each variant's state dataclasses."""
        super().register_transcodings(transcoder)
        register_state_types(transcoder, {t for variant in VARIANTS.values() for t in variant.state_types})

    def answered(self, keyed: Keyed | None) -> IdempotencyRecord | None:
        """The record of a request already answered under its key, if any; refused if the key asked something else."""
        if keyed is None:
            return None
        record_id, operation, retry = keyed
        try:
            record = self.repository.get(record_id, projector_func=self.fold)
        except AggregateNotFoundError:
            return None
        if not isinstance(record, IdempotencyRecord):
            return None
        record.check_same(operation, retry.fingerprint)
        return record

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game as it is now, or as it was after event `version`."""
        try:
            game: Game = self.repository.get(game_id, version=version, projector_func=self.fold)
        except AggregateNotFoundError:
            raise GameNotFoundError(f"there is no game {game_id}") from None
        if not isinstance(game, Game):  # an idempotency record or the service secret: not a game to show
            raise GameNotFoundError(f"there is no game {game_id}")
        if version is not None and game.version != version:
            raise GameNotFoundError(f"game {game_id} has no event {version}: its last is {game.version}")
        return game

    def caught_up(self, game: Game) -> Game:
        """A game this request holds alone, brought up to date with the events stored after its version (folded as a
        load folds them, so a correction stored since is folded from the record)."""
        latest = self.fold(game, self.repository.event_store.get(game.id, gt=game.version))
        if not isinstance(latest, Game):
            raise GameNotFoundError(f"there is no game {game.id}")
        return latest

    def _record_upto(self, game_id: UUID, version: int) -> Iterable[Any]:
        """A game's stored events from its creation up to a version."""
        return self.repository.event_store.get(game_id, lte=version)

    def _forget(self, game_id: UUID) -> None:
        """Drop a game from eventsourcing's aggregate cache, if it is there."""
        if self.repository.cache is not None:
            with contextlib.suppress(KeyError):
                self.repository.cache.get(game_id, evict=True)

    def is_recorder(self, game_id: UUID, token: str | None) -> bool:
        """Whether the presented token is the game's recorder token now (its first, or the one it rotated to)."""
        return self.caller(game_id, token).grant == RECORDER

    def stored_events(
        self, game_id: UUID, after: int = 0, upto: int | None = None, limit: int | None = None, lookback: int = LOOKBACK
    ) -> list[StoredEvent]:
        """The game's events after a version (up to another, and at most `limit` of them, if given), in order, each
        with its move's number.

        One query reads them with the few events before them, among which is the envelope of the move the first of them
        belongs to: the envelopes number every move from there on. Without an envelope there (a game's setup, or a
        record stored before moves carried one), the record is read from its first event, which numbers the moves
        (domain/record/grouping.py). A reader that knows the envelope is close (a stream, reading whole moves as they
        are stored) gives a shorter `lookback`.
        """
        start = max(after - lookback, 0)
        read = self.event_pages.page(
            game_id, gt=start or None, lte=upto, limit=None if limit is None else limit + after - start
        )
        page = [e for e in read if e.originator_version > after]
        if not page:
            if after == 0 or not self.recorder.select_events(game_id, limit=1):
                raise GameNotFoundError(f"there is no game {game_id}")
            return []
        opened = next((i for i in range(len(read) - len(page), -1, -1) if isinstance(read[i], MoveRecorded)), None)
        if after > 0 and opened is not None:
            kinds = self.created(game_id).rules.action_kinds
            numbered = numbered_by_envelopes(read[opened:])
            voided = self.game(game_id).voided_moves
            return [
                describe(event, move, kinds, voided) for event, move in numbered if event.originator_version > after
            ]
        events = page if after == 0 else list(self.repository.event_store.get(game_id, lte=page[-1].originator_version))
        if not isinstance(events[0], Game.Created):
            raise GameNotFoundError(f"there is no game {game_id}")
        rules = variant_named(events[0].variant)
        numbers = move_numbers(group_moves(rules, events))
        voided = self.game(game_id).voided_moves  # the whole record's, however far the page reads
        return [
            describe(event, numbers[event.originator_version], rules.action_kinds, voided)
            for event in events
            if event.originator_version > after
        ]

    def hand_spans(self, game_id: UUID, viewer: Viewer) -> HandSpans | None:
        """Where the game's hands start and end, for a viewer who sees hands that have ended in full; else None.

        Only the stored events' topics are read, up to the game's last event.
        """
        if viewer.sees_everything or not viewer.ended_hands_in_full:
            return None
        rules = self.created(game_id).rules
        return hand_spans(rules, ((e.originator_version, e.topic) for e in self.recorder.select_events(game_id)))

    def latest_version(self, game_id: UUID) -> int:
        """The version of the game's last event."""
        last = self.recorder.select_events(game_id, desc=True, limit=1)
        if not last:
            raise GameNotFoundError(f"there is no game {game_id}")
        return last[0].originator_version

    def events_page(self, game_id: UUID, after: int, limit: int) -> Page[StoredEvent]:
        """At most `limit` of the game's events after a version, and how many events the game has."""
        listed = self.stored_events(game_id, after=after, limit=limit + 1)
        last = self.recorder.select_events(game_id, desc=True, limit=1)
        return Page(listed[:limit], last[0].originator_version if last else 0, len(listed) > limit)

    def list_games(self, wanted: GameFilter) -> Page[GameEntry]:
        """A page of the games matching the filter, newest first; the index catches up with the event log first."""
        self._catch_up_index()
        return self.index.search(wanted)

    def _catch_up_index(self) -> None:
        with self.index.catching_up:
            start = self.index.position() + 1
            while batch := self.recorder.select_notifications(start, 500):
                self.index.add([e for e in map(self._listed, batch) if e is not None], batch[-1].id)
                start = batch[-1].id + 1

    def _listed(self, notification: Any) -> GameEntry | IndexChange | None:
        """What an event changes in the index: a GameCreated a new entry, a SetupAmended its players, a GameDiscarded
        its removal; None for any other (and, with a log line, for one that cannot be read)."""
        if notification.topic not in INDEXED_TOPICS:
            return None
        try:
            created = self.mapper.to_domain_event(notification)
            if not isinstance(created, Game.Created):
                return IndexChange(str(created.originator_id), getattr(created, "players", None))
            return GameEntry(
                str(created.originator_id),
                created.variant,
                created.title,
                list(created.players),
                created.timestamp.isoformat(),
                created.access == "private",
            )
        except Exception:  # a stored event the index cannot read must not stop the listing of every other game
            LOG.exception("games index: skipped notification %s, which cannot be read", notification.id)
            return None
