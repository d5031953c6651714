"""The corrections use case: load the game and its record, decide the correction, store it (one shape)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from domain.access.game_access import ARBITER, RECORDER, NotPermittedError
from domain.corrections.kinds import AMEND
from domain.corrections.listing import current_hand_start
from domain.corrections.plan import CorrectionError, Plan, plan_correction
from domain.record.game import Game
from domain.record.grouping import group_moves
from domain.record.hands import hand_spans
from domain.text import check_line
from service.application import GameNotFoundError
from service.moving import StaleVersionError, TokenError, check_version
from service.ports import GameStore
from service.presenting import StoredEvent, describe

CORRECTING = (RECORDER, ARBITER)
"""The roles that correct a record: the recorder, and the arbiter ruling on a dispute."""


def record_correction(
    app: GameStore,
    game_id: UUID,
    body: Mapping[str, Any],
    expected_version: int,
    token: str | None,
    device: str | None = None,
) -> list[StoredEvent]:
    """Correct a game at the version the client last saw, by its recorder or its arbiter; return the events stored.

    The game is rebuilt from its whole record (never from a snapshot), so its moves that count are known even when
    its last snapshot predates corrections."""
    grant = app.caller(game_id, token).grant
    if grant is None:
        raise TokenError("this token is not one of this game's (Authorization: Bearer <token>)")
    if grant not in CORRECTING:
        raise NotPermittedError(f"only the recorder or the arbiter corrects the record, not {grant}")
    events = list(app.repository.event_store.get(game_id))
    if not events or not isinstance(events[0], Game.Created):
        raise GameNotFoundError(f"there is no game {game_id}")
    game = from_record(events)
    check_version(game, expected_version)
    label = None if device is None else check_line(device, "X-Device-Label", max_length=40)
    plan = plan_for(game, events, body, grant)
    game.store_correction(plan, grant, label)
    try:
        recordings = app.save(game)
    except IntegrityError:
        raise StaleVersionError(
            f"another move was recorded first: version {expected_version} is no longer current"
        ) from None
    keep_snapshot(app, game)
    kinds = game.rules.action_kinds
    own = [r.domain_event for r in recordings if r.domain_event.originator_id == game_id]
    return [describe(event, game.moves or 0, kinds) for event in own]


def from_record(events: list[Any]) -> Game:
    """The game its stored events make, folded from its creation."""
    game: Any = None
    for event in events:
        game = event.mutate(game)
    assert isinstance(game, Game)
    return game


def keep_snapshot(app: GameStore, game: Game) -> None:
    """Snapshot the corrected game, unless its interval just did: a load from an older snapshot (which does not know
    the moves that count) would have to read the whole record to fold the correction."""
    if app.snapshots is None:
        return
    last = next(iter(app.snapshots.get(game.id, desc=True, limit=1)), None)
    if last is None or last.originator_version != game.version:
        app.snapshots.put([Game.Snapshot.take(game)])


def plan_for(game: Game, events: list[Any], body: Mapping[str, Any], grant: str) -> Plan:
    """The correction decided for the role that asks. The arbiter sees a hand's cards only once it has ended: he
    amends no card of the current hand, and a refusal naming a move of it does not say why (its sentence could name
    a card still hidden)."""
    in_progress = _moves_of_a_hand_in_progress(game, events)
    if grant == ARBITER and body.get("type") == AMEND and body.get("move") in in_progress:
        raise NotPermittedError(
            "the arbiter amends cards of hands that have ended only: this hand's cards are hidden from him",
            field="move",
        )
    try:
        return plan_correction(game, events, body, grant)
    except CorrectionError as error:
        if grant == ARBITER and error.details.get("move") in in_progress:
            version, code = error.details["version"], error.details["move_code"]
            error.message = f"move {error.details['move']} (version {version}) would no longer fit ({code})"
            error.details = {k: v for k, v in error.details.items() if k != "move_detail"}
        raise


def _moves_of_a_hand_in_progress(game: Game, events: Sequence[Any]) -> set[int]:
    """The moves of the current hand while it is in progress (none once it has ended: its cards are shown then)."""
    spans = hand_spans(game.rules, ((e.originator_version, get_topic(type(e))) for e in events))
    start = current_hand_start(game.counted or [])
    return {
        group.number
        for group in group_moves(game.rules, events)
        if group.number >= start and not spans.hand_ended(group.last_version)
    }
