"""/games/{id}/tokens and /games/{id}/seats: the recorder issues, rotates and revokes the game's tokens.

Every change is an event of the game's access stream, never of the game's own: the game's version does not
move. A token is shown once, in the answer that issues it, and stored only hashed.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response, jsonify
from flask.views import MethodView

from api.access import meldbook
from api.contract import RECORDER_ONLY
from api.parsing import Blueprint
from api.token_schemas import IssuedTokenSchema, SeatDeviceSchema, SeatSchema, ViewerTokenSchema
from domain.access.game_access import ARBITER, seat_grant, viewer_grant
from domain.text import check_line, normal_name
from service.grants import (
    issue_arbiter_token,
    issue_seat_token,
    issue_viewer_token,
    mark_device,
    revoke_token,
    rotate_recorder_token,
)

blp = Blueprint("tokens", __name__, description="The game's tokens and seats (the recorder's)")
REFUSALS = (
    (401, "no token (WWW-Authenticate names the Bearer scheme)"),
    (403, "a token this game does not know, or not the recorder's"),
    (404, "no such game, player or token (or a private game without one of its tokens)"),
)


def recorder_only(view: Any) -> Any:
    """Document an operation that only the recorder's token may call."""
    for status, description in REFUSALS:
        view = blp.problem(status, description)(view)
    return blp.doc(security=RECORDER_ONLY)(view)


def issued(token: str, grant: str) -> Response:
    """The answer that shows a new token, once."""
    response = jsonify({"token": token, "grant": grant})
    response.status_code = 201
    return response


def no_content() -> Response:
    """The answer to a revocation."""
    return Response(status=204)


@blp.route("/games/<uuid:game_id>/tokens/recorder")
class RecorderToken(MethodView):
    """The recorder's own token."""

    @blp.response(201, IssuedTokenSchema)
    @recorder_only
    def post(self, game_id: UUID) -> Response:
        """Rotate the recorder token: the new one is shown once, and the old one stops working at once."""
        return issued(rotate_recorder_token(meldbook(), game_id), "recorder")


@blp.route("/games/<uuid:game_id>/tokens/seats/<player>")
class SeatToken(MethodView):
    """One player's seat token."""

    @blp.response(201, IssuedTokenSchema)
    @blp.problem(422, "not a player in this game", valid=True)
    @recorder_only
    def post(self, game_id: UUID, player: str) -> Response:
        """Issue the player's seat token (shown once); issuing again revokes the previous one."""
        return issued(*issue_seat_token(meldbook(), game_id, player))

    @blp.response(204)
    @blp.problem(422, "not a player in this game", valid=True)
    @recorder_only
    def delete(self, game_id: UUID, player: str) -> Response:
        """Revoke the player's seat token."""
        revoke_token(meldbook(), game_id, seat_grant(normal_name(player)))
        return no_content()


@blp.route("/games/<uuid:game_id>/tokens/viewers")
class ViewerTokens(MethodView):
    """The viewer tokens of a game."""

    @blp.arguments(ViewerTokenSchema)
    @blp.response(201, IssuedTokenSchema)
    @recorder_only
    def post(self, body: dict[str, Any], game_id: UUID) -> Response:
        """Issue a viewer token (the spectator view, for a private game) under a label; the same label replaces
        the previous token."""
        return issued(*issue_viewer_token(meldbook(), game_id, body.get("label")))


@blp.route("/games/<uuid:game_id>/tokens/viewers/<label>")
class ViewerToken(MethodView):
    """One viewer token, by its label."""

    @blp.response(204)
    @blp.problem(422, "a label that is not single-line text of at most 40 characters")
    @recorder_only
    def delete(self, game_id: UUID, label: str) -> Response:
        """Revoke the viewer token of this label."""
        revoke_token(meldbook(), game_id, viewer_grant(check_line(label, "label", max_length=40)))
        return no_content()


@blp.route("/games/<uuid:game_id>/tokens/arbiter")
class ArbiterToken(MethodView):
    """The arbiter's token."""

    @blp.response(201, IssuedTokenSchema)
    @recorder_only
    def post(self, game_id: UUID) -> Response:
        """Issue the arbiter token (shown once); issuing again revokes the previous one."""
        return issued(*issue_arbiter_token(meldbook(), game_id))

    @blp.response(204)
    @recorder_only
    def delete(self, game_id: UUID) -> Response:
        """Revoke the arbiter token."""
        revoke_token(meldbook(), game_id, ARBITER)
        return no_content()


@blp.route("/games/<uuid:game_id>/seats/<player>")
class Seat(MethodView):
    """One seat of a game."""

    @blp.arguments(SeatDeviceSchema)
    @blp.response(200, SeatSchema)
    @blp.problem(422, "a malformed body, or not a player in this game", valid=True)
    @recorder_only
    def put(self, body: dict[str, Any], game_id: UUID, player: str) -> dict[str, Any]:
        """Mark whether the player records from a device of his own; without one, in a game recorded by seats, the
        recorder records his actions and sees his cards."""
        mark_device(meldbook(), game_id, player, body["device"])
        return {"player": normal_name(player), "device": body["device"]}
