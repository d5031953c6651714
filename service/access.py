"""Who a token is in a game: the reads of its access stream (`AccessReads`, a base of the Meldbook application) and
the caller they find (`Caller`). Issuing, rotating and revoking tokens are use cases of their own (service/grants.py).

A token check reads the access stream, except a move's: that may be checked against the stream as this process last
read it, because the move's save names that version as unchanged and the store refuses it if the stream has moved on
since (service/store/recorders.py); the move is then checked again on the stream as it is (service/moving.py,
`record_move`). A check that would refuse on the kept stream reads it first, so a token issued in another process is
never refused.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.application import Application, LRUCache

from domain.access.game_access import (
    GameAccess,
    Recording,
    access_id,
)
from domain.record.game import Game
from service.config import cache_size
from service.store.projector import project
from service.store.recorders import StreamMovedError
from service.tokens import token_hash

SAVE_ATTEMPTS = 3
"""How many times a change to a stream is tried when another change came first (a move, a token, a stream beside
a game)."""
SET_UPS_KEPT = 1000
READINGS_KEPT = 10_000
"""Games whose access stream each process keeps as it last read it, for the token checks of moves."""


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks about one game: the grant its token opens (None without a token, or with one the game does not
    know), whether a token was presented, and how the game is read and recorded."""

    grant: str | None
    token_given: bool
    access: str
    recording: Recording
    access_version: int = 0
    """The version of the access stream the grant was found in (0: nothing issued yet)."""
    kept: bool = False
    """Whether that was the stream as this process kept it, not read for this request: only a write that names
    `access_version` as unchanged in its save may rely on it."""

    def may_record(self, player: str) -> bool:
        """Whether the caller may record an action of this player ("" for the table's)."""
        return self.grant is not None and self.recording.may_record(self.grant, player)

    @property
    def records(self) -> bool:
        """Whether the caller records anything in this game (and so is shown legal actions)."""
        return self.grant is not None and self.recording.may_record_any(self.grant)


class AccessReads(Application):
    """Who a token is in a game: the reads of a game's access stream, which the application offers the use cases
    (service/ports.py); the use cases that issue, rotate and revoke tokens are service/grants.py's."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        super().__init__(env)
        self._set_ups: LRUCache[UUID, Game] = LRUCache(maxsize=max(SET_UPS_KEPT, cache_size()))
        """Games' setups (their first event, which never changes): as many as it keeps games, 1,000 at least."""
        self._readings: LRUCache[UUID, GameAccess] = LRUCache(maxsize=READINGS_KEPT)
        self._unissued = GameAccess.open(UUID(int=0))
        """An access stream with nothing issued, read (never changed, never saved) for every game that has none."""

    def access_of(self, game_id: UUID) -> GameAccess:
        """The game's access stream as stored, or a new one when nothing has been issued yet.

        Read in one query, whether or not it exists: an access stream is short (a few tokens issued) and never
        snapshotted, so neither the aggregate cache nor the snapshot lookup would save one.
        """
        access: GameAccess | None = project(None, self.repository.event_store.get(access_id(game_id)))
        return GameAccess.open(game_id) if access is None else access

    def _access_to_read(self, game_id: UUID) -> GameAccess:
        """The game's access stream as stored, to read only: with nothing issued yet, one empty stream shared by every
        such game, rather than a new aggregate (and its creation event) made for each request."""
        access: GameAccess | None = project(None, self.repository.event_store.get(access_id(game_id)))
        reading = self._unissued if access is None else access
        self._readings.put(game_id, reading)
        return reading

    @property
    def saves_check_streams(self) -> bool:
        """Whether this store's saves can name a stream that must be unchanged (service/store/recorders.py)."""
        return bool(getattr(self.recorder, "checks_unchanged", False))

    def unchanged_access(self, game_id: UUID, asking: Caller) -> dict[str, Any]:
        """What a save names as unchanged so that it goes through only while the caller's grant still stands."""
        return {"unchanged": (access_id(game_id), asking.access_version)} if self.saves_check_streams else {}

    def still_current(self, game_id: UUID, asking: Caller) -> bool:
        """Whether the access stream a caller was found in is still as it was: read again if it was a kept one."""
        return not asking.kept or self._version_of(self._access_to_read(game_id)) == asking.access_version

    def confirmed(self, game_id: UUID, asking: Caller) -> None:
        """Refuse with StreamMovedError a caller found in a kept access stream that has moved on since."""
        if not self.still_current(game_id, asking):
            raise StreamMovedError(access_id(game_id), asking.access_version)

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game as it is now, or as it was after event `version` (the application defines it)."""
        raise NotImplementedError

    def created(self, game_id: UUID) -> Game:
        """The game as set up (its first event): players, recording, access and first recorder token hash.

        A game's first event never changes, so each process keeps the setups it has read (never to be changed by
        the caller): a token check then reads only the access stream.
        """
        try:
            set_up: Game = self._set_ups.get(game_id)
        except KeyError:
            set_up = self.game(game_id, version=1)
            self._set_ups.put(game_id, set_up)
        return set_up

    def grant_of(self, game: Game, access: GameAccess, token: str | None) -> str | None:
        """The grant a token opens in this game, if any."""
        return None if token is None else access.grant_of(token_hash(token), game.token_hash)

    def caller(self, game_id: UUID, token: str | None, *, kept: bool = False) -> Caller:
        """Who the bearer of a token (or of none) is in a game. With `kept`, for a write whose save names the access
        stream's version as unchanged: found in the stream as this process kept it, if that grants the token
        anything (no read), else in the stream as read now."""
        game = self.created(game_id)
        if kept and token is not None and self.saves_check_streams:
            with contextlib.suppress(KeyError):
                access = self._readings.get(game_id)
                if (grant := self.grant_of(game, access, token)) is not None:
                    return self._caller_in(game, access, grant, True, kept=True)
        access = self._access_to_read(game_id)
        return self._caller_in(game, access, self.grant_of(game, access, token), token is not None)

    def _caller_in(
        self, game: Game, access: GameAccess, grant: str | None, token_given: bool, *, kept: bool = False
    ) -> Caller:
        version = self._version_of(access)
        return Caller(grant, token_given, game.access, access.recording(game.recording), version, kept)

    def _version_of(self, access: GameAccess) -> int:
        """The version of an access stream as read (0: nothing issued yet)."""
        return 0 if access is self._unissued else access.version
