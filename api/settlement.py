"""The settlement routes: the ledger, one player's balance explained, the audit and the what-if, each in the
caller's view."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask.views import MethodView
from marshmallow import ValidationError, validates_schema

from api.access import meldbook, viewer_for
from api.contract import TOKEN_OPTIONAL
from api.parsing import Blueprint
from api.settlement_schemas import AuditSchema, ExplanationSchema, SettlementSchema, WhatIfBodySchema, WhatIfSchema
from service import settlement as use

blp = Blueprint("settlement", __name__, description="Settlements, their audit and what-if")


@blp.route("/games/<uuid:game_id>/settlement")
class Settlement(MethodView):
    """A game's ledger."""

    @blp.response(200, SettlementSchema)
    @blp.problem(403, "not one of this game's tokens")
    @blp.problem(404, "no such game")
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, game_id: UUID) -> dict[str, Any]:
        """Every movement of money, chips or points: the stored event, move and hand behind it, the action in words,
        the accounts, amount and unit, the rule; balances per account per hand and in total; conservation checks."""
        return use.settlement(meldbook(), game_id, viewer_for(game_id))


@blp.route("/games/<uuid:game_id>/settlement/players/<player>")
class PlayerBalance(MethodView):
    """Why a player's balance is what it is."""

    @blp.response(200, ExplanationSchema)
    @blp.problem(403, "not one of this game's tokens")
    @blp.problem(404, "no such game")
    @blp.problem(422, "not a player of this game", valid=True)
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, game_id: UUID, player: str) -> dict[str, Any]:
        """One player's balance explained: every entry that moved it, in order, with the move and the rule behind it
        and a running total that ends at the balance."""
        return use.explanation(meldbook(), game_id, player, viewer_for(game_id))


@blp.route("/games/<uuid:game_id>/audit")
class Audit(MethodView):
    """The record checked against its own moves."""

    @blp.response(200, AuditSchema)
    @blp.problem(403, "not one of this game's tokens")
    @blp.problem(404, "no such game")
    @blp.problem(409, "a game stored before moves carried their actions (audit.no-envelopes)")
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, game_id: UUID) -> dict[str, Any]:
        """Everything the rules computed, derived again by recording the stored actions into a scratch game and
        compared with the stored events: `ok`, or each discrepancy with the stored and recomputed event."""
        return use.audit(meldbook(), game_id, viewer_for(game_id))


class CheckedWhatIfBodySchema(WhatIfBodySchema):
    """A what-if body that asks for something: actions, options, or both."""

    @validates_schema
    def _asks_something(self, data: dict[str, Any], **_: Any) -> None:
        if "actions" not in data and "options" not in data:
            raise ValidationError("give alternative actions, other options, or both", "actions")


@blp.route("/games/<uuid:game_id>/what-if")
class WhatIf(MethodView):
    """The settlement under another line of play or other house rules."""

    @blp.arguments(CheckedWhatIfBodySchema)
    @blp.response(200, WhatIfSchema)
    @blp.problem(403, "not one of this game's tokens, or alternative actions without the full view")
    @blp.problem(404, "no such game")
    @blp.problem(422, "a malformed body, an option the variant does not have, a version inside a move, or a move "
                 "refused (its own code)", valid=True)
    @blp.doc(security=TOKEN_OPTIONAL)
    def post(self, body: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """Play on from a position with other actions, or replay the record under other house-rule options, in a
        scratch copy; answer the settlement then and its difference from the recorded one, entry by entry. Nothing
        is stored."""
        actions = [{k: v for k, v in move.items() if k != "expected_version"} for move in body.get("actions", [])]
        return use.what_if(meldbook(), game_id, viewer_for(game_id), body.get("at"), actions, body.get("options"))
