"""The Meldbook application: every use case loads a game, calls one command, and saves it."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, JSONTranscoder
from eventsourcing.utils import get_topic

from domain.docs import to_doc
from domain.errors import MeldbookError
from domain.game import Game
from domain.variant import Chance
from domain.variants import VARIANTS
from domain.visibility import Viewer, view_doc, view_event
from service.index import GameEntry, GameFilter, GameIndex, schema_lock
from service.pages import Page
from service.tokens import new_token, token_hash, token_matches
from service.transcodings import register_state_types

LOG = logging.getLogger(__name__)
_METADATA = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})


class GameNotFoundError(MeldbookError):
    """No game has this id."""

    code = "game-not-found"


class StaleVersionError(MeldbookError):
    """The client's expected version is not the game's current version."""

    code = "stale-version"


class TokenError(MeldbookError):
    """A write without the game's recorder token."""

    code = "invalid-token"


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One stored event as the API shows it."""

    version: int
    type: str
    topic: str
    timestamp: datetime
    data: dict[str, Any]


class Meldbook(Application):
    """Games as event-sourced aggregates, in a SQLite file or PostgreSQL."""

    name = "Meldbook"
    snapshotting_intervals: ClassVar[dict[type, int]] = {Game: 50}

    def __init__(self, env: Mapping[str, str] | None = None, chance: Chance | None = None) -> None:
        with schema_lock(env or {}):
            super().__init__(env)
            self.index = GameIndex.beside(self.recorder)
        self.chance = chance or Chance()

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        """The library's transcodings plus one for each variant's state dataclasses."""
        super().register_transcodings(transcoder)
        register_state_types(transcoder, {t for variant in VARIANTS.values() for t in variant.state_types})

    def create_game(
        self, variant: str, players: list[str], options: Mapping[str, Any], deal_mode: str, title: str = ""
    ) -> tuple[Game, str]:
        """Set up a game and return it with its recorder token (shown once, stored hashed)."""
        token = new_token()
        game = Game.set_up(variant, players, options, deal_mode, token_hash(token), self.chance, title)
        self.save(game)
        return game, token

    def record_move(
        self, game_id: UUID, body: Mapping[str, Any], expected_version: int, token: str | None
    ) -> list[StoredEvent]:
        """Record one action at the version the client last saw; return the events it stored."""
        game = self.game(game_id)
        if not token_matches(token, game.token_hash):
            raise TokenError(
                "this game's recorder token is needed to record moves (Authorization: Bearer <token>)"
            )
        check_version(game, expected_version)
        game.record(body, self.chance)
        try:
            self.save(game)
        except IntegrityError:
            raise StaleVersionError(
                f"another move was recorded first: version {expected_version} is no longer current"
            ) from None
        # Bounded by this move's last version: another move may already have been stored after it.
        return self.stored_events(game_id, after=expected_version, upto=game.version)

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game as it is now, or as it was after event `version`."""
        try:
            game: Game = self.repository.get(game_id, version=version)
        except AggregateNotFoundError:
            raise GameNotFoundError(f"there is no game {game_id}") from None
        if version is not None and game.version != version:
            raise GameNotFoundError(f"game {game_id} has no event {version}: its last is {game.version}")
        return game

    def is_recorder(self, game_id: UUID, token: str | None) -> bool:
        """Whether the presented token is the game's recorder token."""
        return token_matches(token, self.game(game_id).token_hash)

    def stored_events(
        self, game_id: UUID, after: int = 0, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        """The game's events after a version (up to another, and at most `limit` of them, if given), in order."""
        events = self.repository.event_store.get(game_id, gt=after or None, lte=upto, limit=limit)
        listed = [describe(event) for event in events]
        if not listed and (after == 0 or not self.recorder.select_events(game_id, limit=1)):
            raise GameNotFoundError(f"there is no game {game_id}")
        return listed

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
                created = [n for n in batch if n.topic == Game.Created.TOPIC]
                self.index.add([e for e in map(self._listed, created) if e is not None], batch[-1].id)
                start = batch[-1].id + 1

    def _listed(self, notification: Any) -> GameEntry | None:
        """A GameCreated event as the index lists it; None (and a log line) for one that cannot be read."""
        try:
            created = self.mapper.to_domain_event(notification)
            return GameEntry(
                str(created.originator_id),
                created.variant,
                created.title,
                list(created.players),
                created.timestamp.isoformat(),
            )
        except Exception:  # a stored event the index cannot read must not stop the listing of every other game
            LOG.exception("games index: skipped notification %s, which cannot be read", notification.id)
            return None


def check_version(game: Game, expected_version: int) -> None:
    """Refuse a write made against a version that is no longer current."""
    if expected_version != game.version:
        raise StaleVersionError(
            f"the game is at version {game.version}, not {expected_version}: reload it and try again"
        )


def describe(event: Any) -> StoredEvent:
    """A stored event's version, type, topic, time and own data."""
    data = {k: to_doc(v) for k, v in vars(event).items() if k not in _METADATA}
    topic = get_topic(type(event))
    return StoredEvent(event.originator_version, topic.rsplit(".", 1)[-1], topic, event.timestamp, data)


def present_event(event: StoredEvent, viewer: Viewer) -> dict[str, Any]:
    """An event as the viewer may see it."""
    secret = getattr(_event_class(event.topic), "SECRET_FIELDS", ())
    return {
        "version": event.version,
        "type": event.type,
        "topic": event.topic,
        "timestamp": event.timestamp.isoformat(),
        "data": view_event(event.data, secret, viewer),
    }


def present_state(game: Game, viewer: Viewer) -> dict[str, Any]:
    """A game's state as the viewer may see it; the recorder also gets the legal actions."""
    rules = game.rules
    shown: dict[str, Any] = {
        "id": str(game.id),
        "variant": game.variant,
        "title": game.title,
        "players": game.players,
        "options": game.options,
        "deal_mode": game.deal_mode,
        "version": game.version,
        "created_at": game.created_on.isoformat(),
        "to_move": rules.to_move(game.state),
        "over": rules.is_over(game.state),
        "state": view_doc(rules.to_doc(game.state), viewer),
    }
    if viewer is Viewer.RECORDER:
        shown["legal_actions"] = game.legal_actions()
    return shown


def _event_class(topic: str) -> Any:
    from eventsourcing.utils import resolve_topic

    return resolve_topic(topic)
