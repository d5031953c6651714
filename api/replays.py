"""GET /games/{id}/replay: the frames of a hand, in a view no wider than the caller's token allows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

from flask import Response, current_app
from flask.views import MethodView

from api.access import meldbook, viewer_for
from api.contract import TOKEN_OPTIONAL
from api.errors import ViewNotAllowedError
from api.parsing import Blueprint
from api.replay_schemas import FrameSchema, ReplayArgsSchema, ReplaySchema
from domain.access.visibility import Viewer
from domain.errors import IllegalMoveError, MeldbookError
from replays.frames import replay_hand

blp = Blueprint("replays", __name__, description="Hand replays")


def narrowed(allowed: Viewer, view: str | None, player: str | None, players: list[str]) -> Viewer:
    """The view asked for, when it is no wider than the allowed one: full, then a seat, then the spectator's."""
    if player is not None and view != "seat":
        raise MeldbookError("player names a seat: give it with view=seat", code="validation-error", field="player")
    if view is None:
        return allowed
    if view == "spectator":
        return Viewer.SPECTATOR
    if view == "full":
        if not allowed.sees_everything:
            raise ViewNotAllowedError(f"this request may see the {allowed.view} view, not full", field="view")
        return allowed
    if allowed.sees_everything:
        if player is None:
            raise MeldbookError("view=seat needs player=<the seat's name>", code="validation-error", field="player")
        if player not in players:
            raise IllegalMoveError(f"{player} is not a player in this game", code="unknown-player", field="player")
        return Viewer.seat(player)
    if allowed.view != "seat" or (player is not None and player not in allowed.players):
        raise ViewNotAllowedError(f"this request may see the {allowed.view} view, not seat {player}", field="view")
    return allowed


@blp.route("/games/<uuid:game_id>/replay")
class Replay(MethodView):
    """A game's hands, frame by frame."""

    @blp.arguments(ReplayArgsSchema, location="query")
    @blp.response(200, ReplaySchema)
    @blp.problem(403, "not this game's recorder token, or a view wider than the token allows")
    @blp.problem(404, "no such game, hand or move")
    @blp.problem(422, "a malformed hand, at, view or player, a player without view=seat, or a player this game "
                 "does not seat", valid=True)
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, args: dict[str, Any], game_id: UUID) -> Response:
        """The frames of a hand: the table after each move, what changed since the move before, and the action in
        words, each through the visibility filter; `hands` lists every hand with its first and last move."""
        allowed = viewer_for(game_id)
        players = meldbook().created(game_id).players if args.get("view") == "seat" else []
        viewer = narrowed(allowed, args.get("view"), args.get("player"), players)
        replay = replay_hand(meldbook(), game_id, viewer, args.get("hand"), args.get("at"))
        first = replay.frames[0]["state"] if replay.frames else {}
        head = {
            "id": str(game_id),
            "variant": first.get("variant"),
            "view": viewer.view,
            "hand": replay.hand,
            "hands": [span.doc() for span in replay.hands],
        }
        return written_frame_by_frame(head, replay.frames)


def written_frame_by_frame(head: dict[str, Any], frames: list[dict[str, Any]]) -> Response:
    """The replay's answer (ReplaySchema) written a frame at a time, each frame dumped by its own schema: the whole
    body is never held at once, however many frames the hand has."""
    dumps = current_app.json.dumps

    def body() -> Iterator[str]:
        opened = dumps(ReplaySchema(exclude=("frames",)).dump(head))
        yield opened[:-1] + ', "frames": ['
        frame_schema = FrameSchema()
        for number, frame in enumerate(frames):
            yield ("," if number else "") + dumps(frame_schema.dump(frame))
        yield "]}"

    return Response(body(), status=200, mimetype="application/json")
