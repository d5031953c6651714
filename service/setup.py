"""The setup's use cases: creating a game (once under an Idempotency-Key), amending its setup before its first move,
discarding it, and pairing a phone to a seat with a short code. Its functions take the application as a
`GameWriter` (service/ports.py)."""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.access.game_access import RECORDER, seat_grant
from domain.access.pairing import INVALID, Pairing, PairingCodeError, new_code, normal_code, pairing_id
from domain.errors import MeldbookError
from domain.record.game import Game
from domain.record.setup import amend_setup as amended
from domain.record.setup import discard
from domain.text import name_key
from service.answered import KEY_HEADER, IdempotencyRecord, IdempotentAnswerGoneError, keyed_record
from service.config import ConfigError
from service.idempotency import Retry
from service.moving import check_writable
from service.ports import GameWriter
from service.tokens import new_token, token_hash

NEW_GAME = "POST /games"
"""The operation an Idempotency-Key of a new game is kept for (a move's: service/moving.py MOVE)."""
PAIRING_MINUTES = "10"
"""How long a pairing code opens its seat, by default (MELDBOOK_PAIRING_MINUTES)."""


def pairing_minutes(environ: Mapping[str, str] | None = None) -> int:
    """The minutes a pairing code lasts: MELDBOOK_PAIRING_MINUTES, 1 to 60."""
    text = (os.environ if environ is None else environ).get("MELDBOOK_PAIRING_MINUTES", PAIRING_MINUTES).strip()
    if not text.isdigit() or not 1 <= int(text) <= 60:
        raise ConfigError(f"MELDBOOK_PAIRING_MINUTES must be a whole number of minutes, 1 to 60, not {text!r}")
    return int(text)


def create_game(
    app: GameWriter,
    variant: str,
    players: list[str],
    options: Mapping[str, Any],
    deal_mode: str,
    title: str = "",
    recording: str = "recorder",
    access: str = "public",
    retry: Retry | None = None,
    beside: Callable[[Game], Sequence[Any]] | None = None,
    currency: str | None = None,
) -> tuple[Game, str]:
    """Set up a game and return it with its recorder token (shown once, stored hashed).

    Under an Idempotency-Key the token is derived from the key, and a retry answers the game it created.
    `beside` gives aggregates changed for the new game (the night it joins), saved in the same transaction.
    """
    keyed = (app.keyed.new_game_record_id(retry.key), NEW_GAME, retry) if retry else None
    if retry and (answered := app.answered(keyed)):
        return created_again(app, answered, retry.key)
    token = app.keyed.recorder_token(retry.key) if retry else new_token()
    game = Game.set_up(
        variant, players, options, deal_mode, token_hash(token), app.chance, title, recording, access, currency=currency
    )
    try:
        app.save(game, keyed_record(keyed, game.id, 0, game.version), *(beside(game) if beside else ()))
        app.kept.keep(copy.deepcopy(game))  # the caller goes on with its own
    except IntegrityError:  # the same key committed first, in this worker or another
        if retry and (answered := app.answered(keyed)):
            return created_again(app, answered, retry.key)
        raise
    return game, token


def created_again(app: GameWriter, answered: IdempotencyRecord, key: str) -> tuple[Game, str]:
    """The game a key created, as the first answer gave it, with its token derived again (and checked against
    the game's recorder token now, in case it was rotated since: a dead token is never handed out)."""
    game = app.game(UUID(answered.game_id), version=answered.version_after)
    token = app.keyed.recorder_token(key)
    if not app.is_recorder(game.id, token):
        raise IdempotentAnswerGoneError(
            f"game {game.id} was created under this Idempotency-Key, but its recorder token has been replaced "
            "since: the first answer cannot be given again",
            field=KEY_HEADER,
        )
    return game, token


def amend_setup(app: GameWriter, game_id: UUID, renamed: Mapping[str, str], options: Mapping[str, Any]) -> Game:
    """Rename players and change options before the first move; seat tokens follow their players' new names."""
    game = app.game(game_id)
    before = list(game.players)
    amended(game, renamed, options, RECORDER)
    access = app.access_of(game_id)
    for old, new in zip(before, game.players, strict=True):
        if old != new:
            access.rename_seat(old, new)
    try:
        app.save(game, access)
    except IntegrityError:
        raise MeldbookError(
            "the game changed while its setup was amended: reload it and try again", code="stale-version"
        ) from None
    app.kept.keep(game)
    return game


def discard_game(app: GameWriter, game_id: UUID, reason: str | None) -> Game:
    """Discard a game created by mistake: it leaves the listings and takes no more writes."""
    for attempt in range(3):
        game = app.game(game_id)
        discard(game, reason, RECORDER)
        try:
            app.save(game)
            app.kept.keep(game)
            return game
        except IntegrityError:  # a move came first: discard the game as it is now
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def code_hash(app: GameWriter, pairing_code: str) -> str:
    """The stored form of a pairing code: keyed by the service secret, so a copy of the store cannot try codes."""
    digest: bytes = app.keyed.sign("meldbook pairing code", pairing_code)
    return digest.hex()


def offer_pairing(app: GameWriter, game_id: UUID, player: str, now: datetime | None = None) -> dict[str, Any]:
    """A new single-use code that gives a phone the player's seat token, for a few minutes."""
    game = app.game(game_id)
    seat = seat_of(game, player)
    expires_at = (now or datetime.now(UTC)) + timedelta(minutes=pairing_minutes())
    drawn = new_code()
    app.save(Pairing.offer(code_hash(app, drawn), game_id, seat, expires_at))
    return {"code": drawn, "expires_at": expires_at, "player": game.players[seat]}


def redeem_pairing(app: GameWriter, typed: object, now: datetime | None = None) -> dict[str, Any]:
    """The seat token a code opens (issued as the recorder would issue it, revoking the seat's previous one)."""
    canonical = normal_code(typed)
    if canonical is None:
        raise PairingCodeError(INVALID, field="code")
    for attempt in range(3):
        try:
            pairing: object = app.repository.get(pairing_id(code_hash(app, canonical)))
        except AggregateNotFoundError:
            raise PairingCodeError(INVALID, field="code") from None
        if not isinstance(pairing, Pairing):
            raise PairingCodeError(INVALID, field="code")
        pairing.redeem(now or datetime.now(UTC))
        check_writable(app, pairing.game_id)
        player = app.game(pairing.game_id).players[pairing.seat]
        access = app.access_of(pairing.game_id)
        token = new_token()
        access.issue(seat_grant(player), token_hash(token), "pairing")
        try:
            app.save(pairing, access)
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
