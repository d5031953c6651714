"""The confirmation use cases: a seat confirms a scored hand's result, kept with the record's digest at it; the list
of confirmations, each checked against the record now; the compact summary the state shows.

A confirmation lives in the game's confirmations stream (domain/beside/confirmations.py), so the game's version never
moves. Its digest is the link of the hand's result (service/store/chain.py: the link stored with that event); whether it
still matches is the chain's `check_digest` against the record as stored, and whether the hand's result still
stands where it stood (a correction of that hand moves it).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.access.game_access import RECORDER, NotPermittedError, seat_player
from domain.beside.confirmations import DigestDiffersError, GameConfirmations, confirmations_id, hand_results
from domain.errors import IllegalMoveError, MeldbookError
from domain.record.chain import check_digest
from domain.text import normal_name
from service.access import Caller
from service.annotations import change_stream, stored_or
from service.ports import GameStore
from service.settlement import record_of
from service.store.chain import read_chain
from service.store.projector import project
from service.verify import digest_at


def confirmations_of(app: GameStore, game_id: UUID) -> GameConfirmations:
    """The game's confirmations as stored, or a new stream when none has been given yet."""
    found: GameConfirmations = stored_or(
        app, confirmations_id(game_id), lambda: GameConfirmations.open_stream(game_id)
    )
    return found


def confirming_player(app: GameStore, game_id: UUID, asking: Caller, player: str | None) -> str:
    """Whose confirmation this is: a seat's own player (never another's), or a seat without a device for the
    recorder, who names it."""
    grant = asking.grant or ""
    own = seat_player(grant)
    named = None if player is None else normal_name(player)
    if own is not None:
        if named is not None and named != own:
            raise NotPermittedError(f"the seat of {own} confirms for {own} alone, not for {named}", field="player")
        return own
    if grant != RECORDER:
        raise NotPermittedError(f"a {grant or 'caller without a token'} does not confirm hands")
    if named is None:
        why = "the recorder confirms for a seat without a device: name its player"
        raise MeldbookError(why, code="validation-error", field="player")
    if named not in app.created(game_id).players:
        raise IllegalMoveError(f"{named} is not a player in this game", code="unknown-player", field="player")
    if named not in asking.recording.no_device:
        raise NotPermittedError(
            f"{named}'s seat has a device: it confirms with its own token (PUT /games/{{id}}/seats/{named} marks a "
            "seat without one)",
            field="player",
        )
    return named


def confirm_hand(
    app: GameStore, game_id: UUID, asking: Caller, hand: int, player: str | None = None, digest: str | None = None
) -> dict[str, Any]:
    """Confirm a scored hand's result for a player, keeping the record's digest at it; the confirmation."""
    who = confirming_player(app, game_id, asking, player)
    at = hand_results(record_of(app, game_id)).result_of(hand)
    kept = digest_at(app, game_id, at) or ""
    if digest is not None and digest.lower() != kept:
        raise DigestDiffersError(
            f"this digest is not the record's at hand {hand}'s result (version {at})", field="digest"
        )
    confirmed: dict[str, Any] = change_stream(
        app,
        lambda: confirmations_of(app, game_id),
        lambda confirmations: dict(confirmations.confirm(hand, who, kept, at, asking.grant or "")),
    )
    return confirmed


def listed_confirmations(app: GameStore, game_id: UUID) -> tuple[list[dict[str, Any]], dict[int, int]]:
    """Every confirmation in the order given, each with `matches`: whether its digest still matches the record
    (check_digest against the chain as stored) and the hand's result still stands where it was confirmed; and the
    hands scored so far, each with the version of its result (what a confirmation of it would keep)."""
    events = record_of(app, game_id)
    results = hand_results(events).results
    items = confirmations_of(app, game_id).items
    if not items:
        return [], results
    chain = read_chain(app.recorder, game_id)
    listed = [
        {
            **item,
            "matches": results.get(item["hand"]) == item["at"]
            and check_digest(chain, item["digest"], item["at"]) is None,
        }
        for item in items
    ]
    return listed, results


def confirmation_summary(app: GameStore, game_id: UUID) -> dict[str, dict[str, int]]:
    """Which hands each player confirmed, compactly: hand number (as text) -> player -> the version confirmed (the
    latest, when a corrected hand was confirmed again). One read of the confirmations stream, none of the record."""
    found: GameConfirmations | None = project(None, app.repository.event_store.get(confirmations_id(game_id)))
    summary: dict[str, dict[str, int]] = {}
    for item in [] if found is None else found.items:
        summary.setdefault(str(item["hand"]), {})[item["player"]] = item["at"]
    return summary
