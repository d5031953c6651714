"""POST /games/{id}/moves: record one action by one player."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response, jsonify
from flask.views import MethodView

from api.access import bearer_token, caller, device_label, expected_version, meldbook, viewer_of
from api.action_schemas import action_schemas
from api.contract import DEVICE_LABEL, ETAG, IDEMPOTENCY_KEY, IF_MATCH, TOKEN_NEEDED
from api.errors import PreconditionFailedError
from api.idempotency import retry_of_request
from api.parsing import Blueprint
from api.schemas import MoveResultSchema, MoveSchema
from domain.variants import VARIANTS
from service.moving import StaleVersionError, record_move
from service.presenting import present_event

blp = Blueprint("moves", __name__, description="Recording moves")
MOVE_BODY = {"$ref": "#/components/schemas/MoveBody"}


def register_schemas(api: Any) -> None:
    """Add each action type's schema, and the move body that is one of them, to the contract's components."""
    for name, schema in action_schemas(VARIANTS.values()).items():
        api.spec.components.schema(name, component=schema)


@blp.route("/games/<uuid:game_id>/moves")
class Moves(MethodView):
    """The moves of one game."""

    @blp.arguments(MoveSchema)
    @blp.response(201, MoveResultSchema, headers=ETAG)
    @blp.problem(401, "no token (WWW-Authenticate names the Bearer scheme)")
    @blp.problem(403, "a token this game does not know, or one whose role may not record this player's action")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.problem(409, "a stale expected_version: another move was recorded first")
    @blp.problem(412, "an If-Match that is not the game's current version (a stale one: another move was recorded "
                 "first)", valid=True)
    @blp.problem(422, "a malformed or illegal move (one the rules refuse: its own code), or an Idempotency-Key used "
                 "for another body; `code` says which", valid=True)
    @blp.problem(428, "neither If-Match nor expected_version: the move carries no version", valid=True)
    @blp.doc(
        requestBody={"required": True, "content": {"application/json": {"schema": MOVE_BODY}}},
        security=TOKEN_NEEDED,
        parameters=[IF_MATCH, IDEMPOTENCY_KEY, DEVICE_LABEL],
    )
    def post(self, body: dict[str, Any], game_id: UUID) -> Response:
        """Record one action (cut, deal, draw, meld, lay off, discard, go out, re-enlist, ...) at a version: the
        recorder's token, or in a game recorded by seats, the acting player's seat token."""
        retry = retry_of_request()
        device = device_label()
        version, from_header = expected_version(body)
        try:
            events = record_move(meldbook(), game_id, body, version, bearer_token(), device, retry, asking=caller())
        except StaleVersionError as error:
            if from_header:
                raise PreconditionFailedError(error.message) from None
            raise
        latest = events[-1].version if events else version
        viewer = viewer_of(caller())
        response = jsonify({"version": latest, "events": [present_event(e, viewer) for e in events]})
        response.status_code = 201
        response.headers["ETag"] = f'"{latest}"'
        return response
