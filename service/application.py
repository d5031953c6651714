"""The Meldbook application: every use case loads a game, calls one command, and saves it."""

from __future__ import annotations

import contextlib
import copy
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, ProcessingEvent
from eventsourcing.persistence import IntegrityError, JSONTranscoder, Recording

from domain.access import RECORDER, NotPermittedError
from domain.errors import MeldbookError
from domain.game import Game
from domain.grouping import group_moves, move_numbers, numbered_by_envelopes
from domain.hands import HandSpans, hand_spans
from domain.idempotency import KEY_HEADER, IdempotencyRecord, IdempotentAnswerGoneError, move_record_id
from domain.moves import MoveRecorded
from domain.setup import GameDiscarded, SetupAmended, check_not_discarded
from domain.text import check_line
from domain.variant import Chance
from domain.variants import VARIANTS, variant_named
from domain.visibility import Viewer
from service.access import SAVE_ATTEMPTS, AccessCases, Caller
from service.chain import ChainedApplication
from service.config import cache_env, cache_size, recorder_env
from service.idempotency import KeyedTokens, Retry
from service.index import GameEntry, GameFilter, GameIndex, IndexChange, schema_lock
from service.kept import KeptGames
from service.pages import Page
from service.presenting import StoredEvent, describe
from service.projector import project, projector_reading
from service.saving import CollectedSave
from service.setup import SetupCases
from service.store import StreamMovedError
from service.tickets import StreamTickets
from service.tokens import new_token, token_hash
from service.transcodings import register_state_types

LOG = logging.getLogger(__name__)
NEW_GAME, MOVE = "POST /games", "POST /games/{id}/moves"
"""The operations an Idempotency-Key is kept for; a key used for one is refused for the other."""
Keyed = tuple[UUID, str, Retry]
"""A request under an Idempotency-Key: the id of its record, its operation, and its key and fingerprint."""
INDEXED_TOPICS = frozenset({Game.Created.TOPIC, SetupAmended.TOPIC, GameDiscarded.TOPIC})
"""The events the games index reads: a game's creation, its players renamed, and its discarding."""
LOOKBACK = 64
"""Events read before a page of events, to find the envelope of the move its first event belongs to (a move stores
far fewer events than this; with none found, the record is read from its start)."""


class GameNotFoundError(MeldbookError):
    """No game has this id."""

    code = "game-not-found"


class StaleVersionError(MeldbookError):
    """The client's expected version is not the game's current version."""

    code = "stale-version"


class TokenError(MeldbookError):
    """A token this game does not know (a wrong one, a revoked one, another game's)."""

    code = "invalid-token"


class Meldbook(SetupCases, AccessCases, ChainedApplication):
    """Games as event-sourced aggregates, in a SQLite file or PostgreSQL; every stream is hash-chained."""

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
        """How a game is folded from a snapshot and its events (service/projector.py)."""
        self.snapshotting_projectors = {Game: self.fold}
        self.chance = chance or Chance()
        self.kept = KeptGames(cache_size())
        """Each game as this process saved it last, for the next move at that version (service/kept.py)."""
        self.keyed = KeyedTokens(self, secret)
        """Record ids and recorder tokens derived from Idempotency-Keys (service/idempotency.py)."""
        self.tickets = StreamTickets(self.keyed.sign)
        """Stream tickets, signed with the same secret (service/tickets.py)."""

    def save(self, *objs: Any, **kwargs: Any) -> list[Recording[UUID]]:
        """Save as eventsourcing's `Application.save` does (record, snapshot, notify), the events collected by
        `CollectedSave` (service/saving.py), without the library's Protocol checks per object."""
        processing_event = CollectedSave()
        processing_event.collect_events(*objs, **kwargs)
        recordings = self._record(processing_event)
        self._take_snapshots(processing_event)
        self._notify(recordings)
        self.notify(processing_event.events)  # the library's older hook, which Application.save still calls
        return recordings

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """Snapshot each game whose saved events reached a multiple of its interval: from the game in hand, at its
        last event, when they were fewer than the interval (a move); as eventsourcing does, re-read at each multiple,
        when they were more (an import, a whole game). Either way the state at any event is a snapshot plus fewer
        than twice the interval's events."""
        if self.snapshots is None:
            return
        for aggregate in processing_event.aggregates.values():
            interval = self.snapshotting_intervals.get(type(aggregate))
            versions = [e.originator_version for e in processing_event.events if e.originator_id == aggregate.id]
            if interval is None or not versions:
                continue
            multiples = range(interval * ((versions[0] - 1) // interval + 1), versions[-1] + 1, interval)
            if multiples and len(versions) < interval:
                self.snapshots.put([getattr(type(aggregate), "Snapshot", self.snapshot_class).take(aggregate)])
            else:
                for version in multiples:
                    self.take_snapshot(aggregate.id, version, self.fold)

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        """The library's transcodings plus one for each variant's state dataclasses."""
        super().register_transcodings(transcoder)
        register_state_types(transcoder, {t for variant in VARIANTS.values() for t in variant.state_types})

    def create_game(
        self,
        variant: str,
        players: list[str],
        options: Mapping[str, Any],
        deal_mode: str,
        title: str = "",
        recording: str = "recorder",
        access: str = "public",
        retry: Retry | None = None,
        beside: Callable[[Game], Sequence[Any]] | None = None,
    ) -> tuple[Game, str]:
        """Set up a game and return it with its recorder token (shown once, stored hashed).

        Under an Idempotency-Key the token is derived from the key, and a retry answers the game it created.
        `beside` gives aggregates changed for the new game (the night it joins), saved in the same transaction.
        """
        keyed = (self.keyed.new_game_record_id(retry.key), NEW_GAME, retry) if retry else None
        if retry and (answered := self.answered(keyed)):
            return self._created_again(answered, retry.key)
        token = self.keyed.recorder_token(retry.key) if retry else new_token()
        game = Game.set_up(
            variant, players, options, deal_mode, token_hash(token), self.chance, title, recording, access
        )
        try:
            self.save(game, keyed_record(keyed, game.id, 0, game.version), *(beside(game) if beside else ()))
            self.kept.keep(copy.deepcopy(game))  # the caller goes on with its own
        except IntegrityError:  # the same key committed first, in this worker or another
            if retry and (answered := self.answered(keyed)):
                return self._created_again(answered, retry.key)
            raise
        return game, token

    def _created_again(self, answered: IdempotencyRecord, key: str) -> tuple[Game, str]:
        """The game a key created, as the first answer gave it, with its token derived again (and checked against
        the game's recorder token now, in case it was rotated since: a dead token is never handed out)."""
        game = self.game(UUID(answered.game_id), version=answered.version_after)
        token = self.keyed.recorder_token(key)
        if not self.is_recorder(game.id, token):
            raise IdempotentAnswerGoneError(
                f"game {game.id} was created under this Idempotency-Key, but its recorder token has been replaced "
                "since: the first answer cannot be given again",
                field=KEY_HEADER,
            )
        return game, token

    def record_move(
        self,
        game_id: UUID,
        body: Mapping[str, Any],
        expected_version: int,
        token: str | None,
        device: str | None = None,
        retry: Retry | None = None,
        asking: Caller | None = None,
    ) -> list[StoredEvent]:
        """Record one action at the version the client last saw, by the recorder or a seat as the game's recording
        allows, from a device if its label is given; return the events it stored (from what the save returned).

        `asking` is who the token was found to be in this request (Meldbook.caller), so it is not looked up again.
        Under an Idempotency-Key already answered, with the same body, the events that first answer stored.

        The save goes through only while the access stream the token was found in is unchanged; if it has moved on
        (a token revoked, a seat's device marked), or a refusal was decided on the stream as this process kept it
        and that has moved on, the move is checked and decided again on the stream as it is now.
        """
        asking = asking or self.caller(game_id, token, kept=True)
        for attempt in range(1, SAVE_ATTEMPTS + 1):
            try:
                return self._record_move_as(asking, game_id, body, expected_version, device, retry)
            except MeldbookError:
                if self.still_current(game_id, asking):  # a refusal is given on the access stream as it is now
                    raise
            except StreamMovedError:
                if attempt == SAVE_ATTEMPTS:
                    raise StaleVersionError("the game's tokens changed as this move was saved: send it again") from None
            asking = self.caller(game_id, token)
        raise AssertionError("unreachable")

    def _record_move_as(
        self,
        asking: Caller,
        game_id: UUID,
        body: Mapping[str, Any],
        expected_version: int,
        device: str | None,
        retry: Retry | None,
    ) -> list[StoredEvent]:
        """record_move for a caller already found: refused with StreamMovedError if its access stream moved on."""
        if asking.grant is None:
            raise TokenError("this token is not one of this game's (Authorization: Bearer <token>)")
        grant = asking.grant
        game, kept = self.game_for_move(game_id, expected_version)
        check_not_discarded(game)  # the game in hand says so: a discarding stored since is met by the save
        keyed = (move_record_id(game_id, retry.key), MOVE, retry) if retry else None
        if answered := self.answered(keyed):
            self.confirmed(game_id, asking)
            return self.stored_events(game_id, after=answered.version_before, upto=answered.version_after)
        actor = game.actor(body)
        if not asking.may_record(actor) and not (asking.may_record("") and game.recorder_too(body)):
            raise NotPermittedError(refusal(grant, actor, game.recording))
        check_version(game, expected_version)
        if game.moves is None:  # stored before moves carried an envelope: its record is read to number this one
            game.count_moves(list(self.repository.event_store.get(game_id, lte=game.version)))
        before = game.version
        try:
            label = None if device is None else check_line(device, "X-Device-Label", max_length=40)
            game.record(body, self.chance, grant, label)
        except MeldbookError:
            if kept:  # decided on the kept game: a game moved on since answers as a fresh read would
                check_current(self.game(game_id), expected_version)
                self.kept.keep(game)  # a refused move changes nothing: the game is kept for the next one
            raise
        try:  # the key and the move commit together, or neither does
            recordings = self.save(
                game, keyed_record(keyed, game_id, before, game.version), **self.unchanged_access(game_id, asking)
            )
        except StreamMovedError:
            raise
        except IntegrityError:
            if answered := self.answered(keyed):  # the same key committed first, in this worker or another
                self.confirmed(game_id, asking)
                return self.stored_events(game_id, after=answered.version_before, upto=answered.version_after)
            self.check_writable(game_id)  # what came first may have been the game's discarding (its last event)
            raise StaleVersionError(
                f"another move was recorded first: version {expected_version} is no longer current"
            ) from None
        # Only this move's own events, as stored: another move may already have been stored after it.
        kinds = game.rules.action_kinds
        own = [r.domain_event for r in recordings if r.domain_event.originator_id == game_id]
        described = [describe(event, game.moves or 0, kinds) for event in own]
        self.kept.keep(game)  # last: from here on the next move may take it
        return described

    def game_for_move(self, game_id: UUID, expected_version: int) -> tuple[Game, bool]:
        """The game a move made at `expected_version` decides on, and whether it is the copy this process kept when it
        saved that version (then the store is not read: the save finds out whether the version is still current)."""
        kept = self.kept.take(game_id, expected_version)
        return (kept, True) if kept else (self.game(game_id), False)

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
        self, game_id: UUID, after: int = 0, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        """The game's events after a version (up to another, and at most `limit` of them, if given), in order, each
        with its move's number.

        One query reads them with the few events before them, among which is the envelope of the move the first of
        them belongs to: the envelopes number every move from there on. Without an envelope there (a game's setup,
        or a record stored before moves carried one), the record is read from its first event, which numbers the
        moves (domain/grouping.py).
        """
        start = max(after - LOOKBACK, 0)
        read = list(
            self.repository.event_store.get(
                game_id, gt=start or None, lte=upto, limit=None if limit is None else limit + after - start
            )
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


def keyed_record(keyed: Keyed | None, game_id: UUID, before: int, after: int) -> IdempotencyRecord | None:
    """The record of a request answered under an Idempotency-Key, to be saved with what it stored; None without."""
    if keyed is None:
        return None
    record_id, operation, retry = keyed
    return IdempotencyRecord.answered(record_id, operation, retry.fingerprint, game_id, before, after)


def refusal(grant: str, actor: str, recording: str) -> str:
    """Why the holder of a grant may not record this action, in a sentence."""
    acting = f"an action of {actor}" if actor else "an action of the table"
    if grant == RECORDER:
        return (
            f"in a game recorded by seats, {actor} records his own actions: the recorder records the table's, "
            "and those of a seat marked as having no device"
        )
    if recording != "seats":
        return f"only the recorder records moves in this game, which is not recorded by seats: not {grant}"
    return f"{grant} records its own player's actions only, not {acting}"


def check_current(game: Game, expected_version: int) -> None:
    """Refuse a write to a game discarded or moved on since the version it was decided at, as a fresh read would."""
    check_not_discarded(game)
    check_version(game, expected_version)


def check_version(game: Game, expected_version: int) -> None:
    """Refuse a write made against a version that is no longer current."""
    if expected_version != game.version:
        raise StaleVersionError(
            f"the game is at version {game.version}, not {expected_version}: reload it and try again"
        )
