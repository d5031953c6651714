"""/games/{id}/hands/{hand}/confirmations and /games/{id}/confirmations: each seat confirms a scored hand's result.

A confirmation keeps the record's digest at the hand's result, in a stream of its own beside the game's
(domain/beside/confirmations.py), so the game's version never moves; the list says of each whether it still matches the
record now. A player who disagrees opens a dispute instead (api/disputes.py).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.access import caller, meldbook
from api.contract import TOKEN_NEEDED, TOKEN_OPTIONAL
from api.fields import Name
from api.parsing import Blueprint
from api.schemas import BODY_NOT_OBJECT
from service.confirmations import confirm_hand, listed_confirmations

blp = Blueprint("confirmations", __name__, description="Confirmations of scored hands")
DIGEST = validate.Regexp(r"^[0-9a-fA-F]{64}$", error="A digest is 64 hexadecimal digits (SHA-256).")


class ConfirmationBodySchema(Schema):
    """A confirmation: nothing for a seat; the player, for the recorder confirming for a seat without a device."""

    error_messages = BODY_NOT_OBJECT

    digest = fields.String(
        validate=DIGEST,
        metadata={"description": "the digest the confirming player saw at the hand's result; refused (409) unless it "
                  "is the record's there"},
    )
    player = Name(
        validate=validate.Length(min=1, max=200),
        metadata={"description": "the recorder only: the seat without a device he confirms for (a seat confirms for "
                  "its own player, and may name only him)"},
    )


class ConfirmationSchema(Schema):
    """One player's confirmation of one hand's result."""

    hand = fields.Integer(required=True, metadata={"description": "the hand, as the replay numbers them"})
    player = fields.String(required=True)
    digest = fields.String(required=True, metadata={"description": "the record's digest at the hand's result"})
    at = fields.Integer(required=True, metadata={"description": "the version of the hand's result (the last event "
                                                 "that scored it)"})
    confirmed_at = fields.String(required=True, metadata={"description": "when (ISO 8601)"})
    recorded_by = fields.String(required=True, metadata={"description": "seat:<player>, or recorder"})


class ListedConfirmationSchema(ConfirmationSchema):
    """A confirmation checked against the record now."""

    matches = fields.Boolean(
        required=True,
        metadata={"description": "whether the digest still matches the record and the hand's result still stands "
                  "there (a later correction of the hand makes it false)"},
    )


class ConfirmationListSchema(Schema):
    """Every confirmation of a game, in the order given."""

    items = fields.List(fields.Nested(ListedConfirmationSchema), required=True)
    total = fields.Integer(required=True)
    scored = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={
            "description": "the hands scored so far, by hand number: the version of each result, which a "
            "confirmation of that hand keeps (a hand not listed is still being played)"
        },
    )


@blp.route("/games/<uuid:game_id>/hands/<int:hand>/confirmations")
class HandConfirmations(MethodView):
    """A hand's confirmations."""

    @blp.arguments(ConfirmationBodySchema)
    @blp.response(201, ConfirmationSchema)
    @blp.problem(401, "no token")
    @blp.problem(403, "a token this game does not know, one that may not confirm (a viewer's, the arbiter's), "
                 "another seat's player, or the recorder for a seat with a device")
    @blp.problem(404, "no such game or hand")
    @blp.problem(409, "a hand not scored yet, a result the player confirmed already, or a digest not the record's")
    @blp.problem(422, "a malformed field, or a player not seated in this game", valid=True)
    @blp.doc(security=TOKEN_NEEDED)
    def post(self, body: dict[str, Any], game_id: UUID, hand: int) -> dict[str, Any]:
        """Confirm a scored hand's result: the seat's own player, or the recorder for a seat without a device; the
        record's digest at the result is kept with it."""
        return confirm_hand(meldbook(), game_id, caller(), hand, body.get("player"), body.get("digest"))


@blp.route("/games/<uuid:game_id>/confirmations")
class Confirmations(MethodView):
    """A game's confirmations."""

    @blp.response(200, ConfirmationListSchema)
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, game_id: UUID) -> dict[str, Any]:
        """Every confirmation, in the order given, each saying whether it still matches the record."""
        items, scored = listed_confirmations(meldbook(), game_id)
        return {"items": items, "total": len(items), "scored": {str(hand): at for hand, at in sorted(scored.items())}}
