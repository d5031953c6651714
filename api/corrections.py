"""POST /games/{id}/corrections: void the last moves of the hand, or amend a card entered wrongly."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response, jsonify
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.access import bearer_token, caller, device_label, expected_version, meldbook, viewer_of
from api.contract import CORRECTORS, DEVICE_LABEL, ETAG, IF_MATCH
from api.errors import PreconditionFailedError
from api.fields import JsonWholeNumber, Line, Name
from api.parsing import Blueprint
from api.schemas import BODY_NOT_OBJECT, MAX_VERSION, MoveResultSchema
from domain.corrections.kinds import CORRECTION_KINDS, REFUSE, VOID_REST
from domain.text import MAX_NAME_LENGTH
from service.corrections import record_correction
from service.moving import StaleVersionError
from service.presenting import present_event

blp = Blueprint("corrections", __name__, description="Correcting the record")
MOVE_NUMBER = validate.Range(min=1, max=MAX_VERSION)


class CorrectionSchema(Schema):
    """One correction: its kind and the fields that kind takes (GET /games/{id} lists them in table_actions)."""

    error_messages = BODY_NOT_OBJECT

    kind = fields.String(required=True, validate=validate.OneOf(sorted(CORRECTION_KINDS)))
    reason = Line(required=True, validate=validate.Length(min=1, max=100), metadata={"description": "why, in words"})
    from_move = JsonWholeNumber(validate=MOVE_NUMBER, metadata={"description": "void: the first move voided"})
    move = JsonWholeNumber(validate=MOVE_NUMBER, metadata={"description": "amend: the deal or draw amended"})
    card = fields.String(validate=validate.Length(min=1, max=4), metadata={"description": "amend: the card entered"})
    replacement = fields.String(
        validate=validate.Length(min=1, max=4), metadata={"description": "amend: the card it should have been"}
    )
    holder = Name(
        validate=validate.Length(min=1, max=MAX_NAME_LENGTH),
        metadata={"description": "amend: whose dealt hand holds the card, when two hands do"},
    )
    then = fields.String(
        validate=validate.OneOf([REFUSE, VOID_REST]),
        metadata={"description": "amend: when a later move no longer fits, refuse (default) or void from it on"},
    )
    expected_version = JsonWholeNumber(
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "the version the client last saw (or send If-Match)"},
    )


@blp.route("/games/<uuid:game_id>/corrections")
class Corrections(MethodView):
    """The corrections of one game's record."""

    @blp.arguments(CorrectionSchema)
    @blp.response(201, MoveResultSchema, headers=ETAG)
    @blp.problem(401, "no token (WWW-Authenticate names the Bearer scheme)")
    @blp.problem(403, "a token this game does not know, or a role other than the recorder or the arbiter")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.problem(409, "a stale expected_version: another move was recorded first")
    @blp.problem(412, "an If-Match that is not the game's current version (a stale one: another move was recorded "
                 "first)", valid=True)
    @blp.problem(422, "a correction the record does not allow, or a later move that would no longer fit", valid=True)
    @blp.problem(428, "neither If-Match nor expected_version: the correction carries no version", valid=True)
    @blp.doc(security=CORRECTORS, parameters=[IF_MATCH, DEVICE_LABEL])
    def post(self, body: dict[str, Any], game_id: UUID) -> Response:
        """Correct the record with new events, never by editing: void the current hand's last moves, or amend a
        card of a recorded deal or draw (later payouts are derived again, as reversal and replacement entries)."""
        device = device_label()
        version, from_header = expected_version(body)
        action = {"type": body.pop("kind"), **body}
        try:
            events = record_correction(meldbook(), game_id, action, version, bearer_token(), device)
        except StaleVersionError as error:
            if from_header:
                raise PreconditionFailedError(error.message) from None
            raise
        latest = events[-1].version if events else version
        response = jsonify({"version": latest, "events": [present_event(e, viewer_of(caller())) for e in events]})
        response.status_code = 201
        response.headers["ETag"] = f'"{latest}"'
        return response
