"""POST /games/{id}/moves: record one action by one player."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response, jsonify
from flask.views import MethodView

from api.access import expected_version, meldbook, require_token
from api.action_schemas import action_schemas
from api.parsing import Blueprint
from api.problems import PreconditionFailedError
from api.schemas import MoveResultSchema, MoveSchema
from domain.variants import VARIANTS
from domain.visibility import Viewer
from service.application import StaleVersionError, present_event

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
    @blp.doc(requestBody={"required": True, "content": {"application/json": {"schema": MOVE_BODY}}})
    @blp.response(201, MoveResultSchema)
    @blp.alt_response(401, description="no token")
    @blp.alt_response(403, description="not this game's token")
    @blp.alt_response(409, description="stale expected_version")
    @blp.alt_response(412, description="stale If-Match")
    @blp.alt_response(422, description="malformed or illegal move; `code` names the rule")
    @blp.alt_response(428, description="no version given")
    def post(self, body: dict[str, Any], game_id: UUID) -> Response:
        """Record one action (cut, deal, draw, meld, lay off, discard, go out, re-enlist, ...) at a version."""
        token = require_token()
        version, from_header = expected_version(body)
        try:
            events = meldbook().record_move(game_id, body, version, token)
        except StaleVersionError as error:
            if from_header:
                raise PreconditionFailedError(error.message) from None
            raise
        latest = events[-1].version if events else version
        response = jsonify({"version": latest, "events": [present_event(e, Viewer.RECORDER) for e in events]})
        response.status_code = 201
        response.headers["ETag"] = f'"{latest}"'
        return response
