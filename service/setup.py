"""The setup's use cases: amending a game's setup before its first move, discarding a game, and pairing a phone to a
seat with a short code. A mixin of the Meldbook application (service/application.py)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.access.game_access import RECORDER, seat_grant
from domain.access.pairing import INVALID, Pairing, PairingCodeError, new_code, normal_code, pairing_id
from domain.errors import MeldbookError
from domain.record.game import Game, GameDiscardedError
from domain.record.setup import GameDiscarded, amend_setup, discard
from domain.text import name_key
from service.config import ConfigError
from service.tokens import new_token, token_hash

PAIRING_MINUTES = "10"
"""How long a pairing code opens its seat, by default (MELDBOOK_PAIRING_MINUTES)."""


def pairing_minutes(environ: Mapping[str, str] | None = None) -> int:
    """The minutes a pairing code lasts: MELDBOOK_PAIRING_MINUTES, 1 to 60."""
    text = (os.environ if environ is None else environ).get("MELDBOOK_PAIRING_MINUTES", PAIRING_MINUTES).strip()
    if not text.isdigit() or not 1 <= int(text) <= 60:
        raise ConfigError(f"MELDBOOK_PAIRING_MINUTES must be a whole number of minutes, 1 to 60, not {text!r}")
    return int(text)


class SetupCases:
    """Amendments, discarding and pairing; the application provides the store, the games and their access."""

    repository: Any
    recorder: Any
    keyed: Any
    kept: Any
    if TYPE_CHECKING:  # the application's, declared for the type checker only

        def game(self, game_id: UUID, version: int | None = None) -> Game: ...

        def access_of(self, game_id: UUID) -> Any: ...

        def save(self, *objs: Any) -> Any: ...

    def check_writable(self, game_id: UUID) -> None:
        """Refuse any write to a discarded game: its discarding is its last event, read alone."""
        last = self.recorder.select_events(game_id, desc=True, limit=1)
        if last and last[0].topic == GameDiscarded.TOPIC:
            raise GameDiscardedError(
                f"game {game_id} was discarded by its recorder: it takes no more writes (its record can still be read)"
            )

    def amend_setup(self, game_id: UUID, renamed: Mapping[str, str], options: Mapping[str, Any]) -> Game:
        """Rename players and change options before the first move; seat tokens follow their players' new names."""
        game = self.game(game_id)
        before = list(game.players)
        amend_setup(game, renamed, options, RECORDER)
        access = self.access_of(game_id)
        for old, new in zip(before, game.players, strict=True):
            if old != new:
                access.rename_seat(old, new)
        try:
            self.save(game, access)
        except IntegrityError:
            raise MeldbookError(
                "the game changed while its setup was amended: reload it and try again", code="stale-version"
            ) from None
        self.kept.keep(game)
        return game

    def discard_game(self, game_id: UUID, reason: str | None) -> Game:
        """Discard a game created by mistake: it leaves the listings and takes no more writes."""
        for attempt in range(3):
            game = self.game(game_id)
            discard(game, reason, RECORDER)
            try:
                self.save(game)
                self.kept.keep(game)
                return game
            except IntegrityError:  # a move came first: discard the game as it is now
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _code_hash(self, pairing_code: str) -> str:
        """The stored form of a pairing code: keyed by the service secret, so a copy of the store cannot try codes."""
        digest: bytes = self.keyed.sign("meldbook pairing code", pairing_code)
        return digest.hex()

    def offer_pairing(self, game_id: UUID, player: str, now: datetime | None = None) -> dict[str, Any]:
        """A new single-use code that gives a phone the player's seat token, for a few minutes."""
        game = self.game(game_id)
        seat = seat_of(game, player)
        expires_at = (now or datetime.now(UTC)) + timedelta(minutes=pairing_minutes())
        drawn = new_code()
        self.save(Pairing.offer(self._code_hash(drawn), game_id, seat, expires_at))
        return {"code": drawn, "expires_at": expires_at, "player": game.players[seat]}

    def redeem_pairing(self, typed: object, now: datetime | None = None) -> dict[str, Any]:
        """The seat token a code opens (issued as the recorder would issue it, revoking the seat's previous one)."""
        canonical = normal_code(typed)
        if canonical is None:
            raise PairingCodeError(INVALID, field="code")
        for attempt in range(3):
            try:
                pairing = self.repository.get(pairing_id(self._code_hash(canonical)))
            except AggregateNotFoundError:
                raise PairingCodeError(INVALID, field="code") from None
            if not isinstance(pairing, Pairing):
                raise PairingCodeError(INVALID, field="code")
            pairing.redeem(now or datetime.now(UTC))
            self.check_writable(pairing.game_id)
            player = self.game(pairing.game_id).players[pairing.seat]
            access = self.access_of(pairing.game_id)
            token = new_token()
            access.issue(seat_grant(player), token_hash(token), "pairing")
            try:
                self.save(pairing, access)
            except IntegrityError:  # another phone redeemed it, or a token changed, first: read both again
                if attempt == 2:
                    raise
                continue
            return {"game": str(pairing.game_id), "player": player, "token": token}
        raise AssertionError("unreachable")


def seat_of(game: Game, player: object) -> int:
    """The seat (from 0) of a player named in a request, compared as names are."""
    keys = [name_key(p) for p in game.players]
    key = name_key(player) if isinstance(player, str) else None
    if key not in keys:
        raise MeldbookError(f"{player} is not a player in this game", code="unknown-player", field="player")
    return keys.index(key)
