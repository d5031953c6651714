"""The settlement use cases: a game's ledger, one player's balance explained, the audit and the what-if.

Each reads the game's stored events once and hands them to the domain's one reading of the ledger
(`domain.money.settlement.settlement_of`); nothing here stores anything. Stated results kept by the notation import are
read from the import's claims stream (`service.claims.stated_results`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from domain.access.visibility import Viewer, view_event
from domain.corrections.counting import COUNTED, REPLACEMENT
from domain.errors import IllegalMoveError, MeldbookError, Problem
from domain.money.explanation import compared, explained, settlement_doc
from domain.money.ledger import player_account
from domain.money.settlement import Settlement, settlement_of
from domain.record.audit import Discrepancy, audit_record, payload
from domain.record.game import Game
from domain.record.moves import MoveRecorded, secret_fields
from domain.record.setup import players_now
from domain.variants import variant_named
from service.application import GameNotFoundError
from service.branching import branch
from service.claims import stated_results
from service.ports import GameStore

STANDING = (COUNTED, REPLACEMENT)
"""The statuses of the entries that stand: counted, or posted by a correction in place of a reversed one."""


def record_of(app: GameStore, game_id: UUID) -> list[Any]:
    """The game's stored events, its creation first; a GameNotFoundError when it is not a game."""
    events = list(app.repository.event_store.get(game_id))
    if not events or not isinstance(events[0], Game.Created):
        raise GameNotFoundError(f"there is no game {game_id}")
    return events


def settlement(app: GameStore, game_id: UUID, viewer: Viewer) -> dict[str, Any]:
    """The game's settlement as the viewer may see it."""
    events = record_of(app, game_id)
    return {"id": str(game_id), **settlement_doc(settlement_of(events[0], events, viewer), players_now(events))}


def explanation(app: GameStore, game_id: UUID, player: str, viewer: Viewer) -> dict[str, Any]:
    """One player's balance explained, entry by entry, as the viewer may see it."""
    events = record_of(app, game_id)
    if player not in players_now(events):
        raise IllegalMoveError(f"{player} is not a player in this game", code="unknown-player", field="player")
    return {"id": str(game_id), **explained(settlement_of(events[0], events, viewer), player)}


def audit(app: GameStore, game_id: UUID, viewer: Viewer) -> dict[str, Any]:
    """Every derived event compared with the stored one (`ok` when none differs: the record holds what its rules
    give), and apart from that verdict every stated result of an imported record that disagrees with the record
    (`claims_agree` when none does: a claim is what the imported text said, not a fault of the record)."""
    events = record_of(app, game_id)
    created = events[0]
    found = audit_record(events)
    totals = settlement_of(created, events, viewer)
    claims = [claim for claim in _claims_now(app, game_id, totals) if claim["stated"] != claim["recorded"]]
    return {
        "id": str(game_id),
        "ok": not found,
        "claims_agree": not claims,
        "discrepancies": [_discrepancy_doc(d, created.variant, viewer) for d in found],
        "claims": claims,
        "stated": [entry.doc() for entry in totals.entries if entry.stated and entry.status in STANDING],
    }


def _claims_now(app: GameStore, game_id: UUID, totals: Settlement) -> list[dict[str, Any]]:
    """The stated results an imported record kept as claims (service/claims.py), each with the figure the record
    gives for that player's hand now (`recorded`: the player's net in that unit in that hand, corrections counted)."""
    return [
        {**claim, "recorded": _net_in_hand(totals, claim["player"], claim["what"], claim["hand"])}
        for claim in stated_results(app, game_id)
    ]


def _net_in_hand(totals: Settlement, player: str, unit: str, hand: int) -> int:
    return totals.by_hand.get((player_account(player), unit), {}).get(hand, 0)


def _discrepancy_doc(found: Discrepancy, variant: str, viewer: Viewer) -> dict[str, Any]:
    version = (found.stored or found.recomputed).originator_version
    return {
        "kind": found.kind,
        "version": version,
        "rule": found.rule,
        "detail": f"{found.detail}: {found.reason}" if found.reason and viewer.sees_everything else found.detail,
        "stored": _event_doc(found.stored, variant, viewer),
        "recomputed": _event_doc(found.recomputed, variant, viewer),
    }


def _event_doc(event: Any | None, variant: str, viewer: Viewer) -> dict[str, Any] | None:
    """A stored or derived event as the viewer may see it: its version, type and data (hidden cards masked)."""
    if event is None:
        return None
    data = payload(event)
    kinds = variant_named(variant).action_kinds
    secret = secret_fields(kinds, data) if isinstance(event, MoveRecorded) else getattr(event, "SECRET_FIELDS", ())
    return {"version": event.originator_version, "type": type(event).__name__, "data": view_event(data, secret, viewer)}


class AlternativeActionsNotAllowedError(MeldbookError):
    """A what-if with alternative actions asked by a caller who does not see every card: its refusals would tell."""

    problem = Problem(
        "what-if.actions-need-full-view",
        "Alternative actions need the full view",
        "`actions` of a what-if: they are played against the hidden cards, so only a caller who sees every card may "
        "send them; other house-rule options are open to every reader",
        "alternative actions are played against the hidden cards, so only a caller who sees every card may ask",
    )


def what_if(
    app: GameStore,
    game_id: UUID,
    viewer: Viewer,
    at: int | None,
    actions: Sequence[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The settlement under other actions from a position, or under other house-rule options, compared entry by entry
    with the recorded one; played in a scratch copy through the branching service, storing nothing."""
    if actions and not viewer.sees_everything:
        raise AlternativeActionsNotAllowedError(
            "alternative actions are played against the hidden cards, so only a caller who sees every card may "
            "ask for them; other house-rule options are open to every reader",
            field="actions",
        )
    events = record_of(app, game_id)
    created, last = events[0], events[-1].originator_version
    position = last if at is None else at
    try:
        branched = branch(events, position, actions, options)
    except MeldbookError as error:
        if (error.field or "").startswith("record[") and not viewer.sees_everything:
            # a stored move refused under other options: its sentence may name hidden cards; keep code and field
            error.message = f"the record cannot be played on this way: {error.code} at {error.field or 'options'}"
        raise
    alternative_events = (
        branched.game.pending_events
        if options is not None
        else [e for e in events if e.originator_version <= position] + list(branched.events)
    )
    recorded = settlement_of(created, events, viewer)
    alternative = settlement_of(alternative_events[0], alternative_events, viewer)
    players = list(created.players)
    return {
        "id": str(game_id),
        "at": position,
        "options": {**dict(created.options), **dict(options or {})},
        "settlement": settlement_doc(alternative, players),
        "difference": compared(recorded, alternative, players),
    }
