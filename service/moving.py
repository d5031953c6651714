"""Recording a move: the use case every table's moves go through, checked against who asks and the version the
client last saw, decided on the game in hand, and saved only while the caller's access stream is unchanged. Its
functions take the application as a `GameWriter` (service/ports.py).

The move path reads as its steps (`record_move_as`): load (`game_for_move`: the kept game, or the store's), the
Idempotency-Key's first answer if it has one (`answered_before`), who may record it (`permitted`), decide (`decide`,
on the game in hand), save (`save_move`, with the key's record, while the caller's access stream is unchanged), and
keep the game for the next move. `check_writable` refuses any write to a discarded game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from domain.access.game_access import RECORDER, NotPermittedError
from domain.errors import MeldbookError, Problem
from domain.record.game import Game, GameDiscardedError, check_not_discarded
from domain.record.setup import GameDiscarded
from domain.rules.actions import Action
from domain.text import check_line
from service.access import SAVE_ATTEMPTS, Caller
from service.answered import Keyed, keyed_record, move_record_id
from service.idempotency import Retry
from service.ports import GameStore, GameWriter
from service.presenting import StoredEvent, describe
from service.store.recorders import StreamMovedError

MOVE = "POST /games/{id}/moves"
"""The operation an Idempotency-Key of a move is kept for; a key used for a new game is refused for it."""


class StaleVersionError(MeldbookError):
    """The client's expected version is not the game's current version."""

    problem = Problem(
        "stale-version",
        "Version no longer current",
        "the body's `expected_version`: the version the client last saw must still be the game's version",
        "the game is at version 12, not 11: reload it and try again",
    )


class TokenError(MeldbookError):
    """A token this game does not know (a wrong one, a revoked one, another game's)."""

    problem = Problem(
        "invalid-token",
        "Not one of this game's tokens",
        "the Authorization header's bearer token: a wrong one, a revoked one, or another game's (a private game "
        "answers 404 instead)",
        "this token is not one of this game's: it may be wrong, revoked, or another game's",
    )


def record_move(
    app: GameWriter,
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

    `asking` is who the token was found to be in this request (`app.caller`), so it is not looked up again.
    Under an Idempotency-Key already answered, with the same body, the events that first answer stored.

    The save goes through only while the access stream the token was found in is unchanged; if it has moved on
    (a token revoked, a seat's device marked), or a refusal was decided on the stream as this process kept it
    and that has moved on, the move is checked and decided again on the stream as it is now.
    """
    asking = asking or app.caller(game_id, token, kept=True)
    for attempt in range(1, SAVE_ATTEMPTS + 1):
        try:
            return record_move_as(app, asking, game_id, body, expected_version, device, retry)
        except MeldbookError:
            if app.still_current(game_id, asking):  # a refusal is given on the access stream as it is now
                raise
        except StreamMovedError:
            if attempt == SAVE_ATTEMPTS:
                raise StaleVersionError("the game's tokens changed as this move was saved: send it again") from None
        asking = app.caller(game_id, token)
    raise AssertionError("unreachable")


def record_move_as(
    app: GameWriter,
    asking: Caller,
    game_id: UUID,
    body: Mapping[str, Any],
    expected_version: int,
    device: str | None,
    retry: Retry | None,
) -> list[StoredEvent]:
    """record_move for a caller already found: load, decide, save, with the idempotency key and the kept game
    around them. Refused with StreamMovedError if the caller's access stream moved on."""
    if asking.grant is None:
        raise TokenError("this token is not one of this game's (Authorization: Bearer <token>)")
    grant = asking.grant
    game, kept = game_for_move(app, game_id, expected_version)  # load
    check_not_discarded(game)  # the game in hand says so: a discarding stored since is met by the save
    keyed = (move_record_id(game_id, retry.key), MOVE, retry) if retry else None
    if (answer := answered_before(app, game_id, asking, keyed)) is not None:  # the key's first answer
        return answer
    action = permitted(app, game, body, asking, grant, expected_version)
    before = game.version
    decide(app, game, action, grant, device, kept, expected_version)  # decide
    recordings = save_move(app, game, keyed, asking, before, expected_version)  # save
    if recordings is None:  # the same key committed first, in this worker or another: its answer
        return answered_before(app, game_id, asking, keyed) or []
    # Only this move's own events, as stored: another move may already have been stored after it.
    kinds = game.rules.action_kinds
    own = [r.domain_event for r in recordings if r.domain_event.originator_id == game_id]
    described = [describe(event, game.moves or 0, kinds) for event in own]
    app.kept.keep(game)  # last: from here on the next move may take it
    return described


def answered_before(app: GameWriter, game_id: UUID, asking: Caller, keyed: Keyed | None) -> list[StoredEvent] | None:
    """The events a request under this Idempotency-Key stored when it was first answered; None if it never was."""
    answered = app.answered(keyed)
    if answered is None:
        return None
    app.confirmed(game_id, asking)
    return app.stored_events(game_id, after=answered.version_before, upto=answered.version_after)


def permitted(
    app: GameStore, game: Game, body: Mapping[str, Any], asking: Caller, grant: str, expected_version: int
) -> Action:
    """The action the body names, once the caller may record it and the client saw the game's current version."""
    action = game.parse(body)
    if not asking.may_record(action.player) and not (asking.may_record("") and game.recorder_too(body)):
        raise NotPermittedError(refusal(grant, action.player, game.recording))
    check_version(game, expected_version)
    if game.moves is None:  # stored before moves carried an envelope: its record is read to number this one
        game.count_moves(list(app.repository.event_store.get(game.id, lte=game.version)))
    return action


def decide(
    app: GameWriter, game: Game, action: Action, grant: str, device: str | None, kept: bool, expected: int
) -> None:
    """The rules decide the action on the game's own state, which this request alone holds (a kept game, or the
    cache's copy). A refusal leaves that game spoiled (part evolved), to be dropped; if it was the kept game, the
    game as stored is kept instead, once a fresh read finds the version still current."""
    label = None if device is None else check_line(device, "X-Device-Label", max_length=40)
    try:
        game.record(action, app.chance, grant, label, in_place=True)
    except MeldbookError:
        if kept:
            fresh = app.game(game.id)
            check_current(fresh, expected)
            app.kept.keep(fresh)  # a refused move stored nothing: the game as stored is kept for the next one
        raise


def save_move(
    app: GameWriter, game: Game, keyed: Keyed | None, asking: Caller, before: int, expected_version: int
) -> list[Any] | None:
    """Save the decided move with its Idempotency-Key's record (they commit together, or neither does), only
    while the caller's access stream is unchanged (else StreamMovedError); the save's recordings. A save that
    finds its version taken: None if the same key committed first, else refused as a stale version (or as a game
    discarded since)."""
    try:
        recordings: list[Any] = app.save(
            game, keyed_record(keyed, game.id, before, game.version), **app.unchanged_access(game.id, asking)
        )
    except StreamMovedError:
        raise
    except IntegrityError:
        if app.answered(keyed) is not None:
            return None
        check_writable(app, game.id)  # what came first may have been the game's discarding (its last event)
        raise StaleVersionError(
            f"another move was recorded first: version {expected_version} is no longer current"
        ) from None
    return recordings


def game_for_move(app: GameWriter, game_id: UUID, expected_version: int) -> tuple[Game, bool]:
    """The game a move made at `expected_version` decides on, and whether it is the copy this process kept when it
    saved that version (then the store is not read: the save finds out whether the version is still current).

    A game this process kept at an earlier version (another process has recorded moves since) is brought up to
    date with the events stored since, as the aggregate cache brings its own copy up to date, but without the
    copy the cache hands out: a kept game is this request's alone."""
    kept = app.kept.take(game_id, expected_version, behind=True)
    if kept is None:
        return app.game(game_id), False
    if kept.version == expected_version:
        return kept, True
    return app.caught_up(kept), False


def check_writable(app: GameStore, game_id: UUID) -> None:
    """Refuse any write to a discarded game: its discarding is its last event, read alone."""
    last = app.recorder.select_events(game_id, desc=True, limit=1)
    if last and last[0].topic == GameDiscarded.TOPIC:
        raise GameDiscardedError(
            f"game {game_id} was discarded by its recorder: it takes no more writes (its record can still be read)"
        )


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
