"""Who is asking, what the role table lets them do, what they see, and which version a write expects.

Every request passes `check_access` before its view: the route's action comes from the role table
(api/roles.py); for a game's routes the bearer token is resolved to a role in that game, once, and kept in
`flask.g.caller`. Refusals are consistent: a request that needs a token and carries none is a 401; a token
this game does not know (wrong, revoked, another game's) a 403 `invalid-token`; a token whose role may not do
this a 403 `not-permitted`; a write to a game its recorder discarded a 409 `game-discarded`; and a private game
answers anything but one of its own tokens with a 404, so its existence is not revealed.
"""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from flask import current_app, g, request

from api.contract import MAX_DEVICE_LABEL
from api.errors import MissingTokenError, PreconditionFailedError, PreconditionRequiredError
from api.problems import problem
from api.roles import ANONYMOUS, OPEN, READ, RECORD, TICKETED, UnlistedRouteError, action_of, may
from domain.access.game_access import ARBITER, RECORDER, SEAT, NotPermittedError, role_of, seat_player
from domain.access.visibility import Viewer
from domain.errors import MeldbookError
from domain.text import check_line
from service.access import Caller
from service.application import GameNotFoundError, Meldbook
from service.moving import TokenError, check_writable

LOG = logging.getLogger(__name__)
QUERY_TOKENS = frozenset({"token", "access_token", "bearer"})


def meldbook() -> Meldbook:
    """The process's one Meldbook application."""
    app: Meldbook = current_app.extensions["meldbook"]
    return app


def bearer_token() -> str | None:
    """The token of an `Authorization: Bearer <token>` header, if any (never from the query string)."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def check_access() -> Any:
    """Refuse a request the role table does not allow; for a game's routes, keep who is asking in `g.caller`."""
    if request.environ.get("QUERY_STRING") and QUERY_TOKENS & set(request.args):
        raise MeldbookError(
            "a token is never accepted in the URL: send it as Authorization: Bearer <token>", code="token-in-query"
        )
    rule = request.url_rule
    if rule is None:  # no such route or method: routing answers 404 or 405
        return None
    try:
        action = action_of(rule.rule, request.method)
    except UnlistedRouteError as error:
        LOG.error("%s", error)
        return problem(500, "internal-server-error", "this route has no entry in the access table")
    game_id = (request.view_args or {}).get("game_id")
    if action == OPEN or game_id is None:
        return None
    if rule.rule in TICKETED and "ticket" in request.args:  # signed for this game and a view: no token to resolve
        g.ticket_viewer = meldbook().tickets.viewer(game_id, request.args["ticket"])
        return None
    check_game_access(game_id, action)
    return None


def check_game_access(game_id: UUID, action: str) -> Caller:
    """Resolve the bearer token to a role in the game, keep it in `g.caller`, and refuse it unless the role may do
    the action (a private game answers anything but one of its tokens as a game that does not exist).

    A move's token is looked up in the access stream as this process kept it (its save confirms that stream is
    unchanged: moving.record_move); a refusal found there is given only once the stream as it is now agrees."""
    token = bearer_token()
    if action == RECORD:
        kept = meldbook().caller(game_id, token, kept=True)
        try:
            return refused_unless_allowed(game_id, action, kept)
        except MeldbookError:
            if meldbook().still_current(game_id, kept):
                raise
    return refused_unless_allowed(game_id, action, meldbook().caller(game_id, token))


def refused_unless_allowed(game_id: UUID, action: str, caller: Caller) -> Caller:
    """Keep the caller in `g.caller` and refuse it unless its role may do the action in this game."""
    g.caller = caller
    role = role_of(caller.grant) if caller.grant else ANONYMOUS
    if caller.grant is None and caller.access == "private":
        raise GameNotFoundError(f"there is no game {game_id}")
    if caller.grant is None and caller.token_given:
        raise TokenError("this token is not one of this game's: it may be wrong, revoked, or another game's")
    if not may(role, action):
        if role == ANONYMOUS:
            raise MissingTokenError(f"this needs one of the game's tokens: Authorization: Bearer <token> ({action})")
        raise NotPermittedError(f"a {role} token may not {action} in this game")
    if action not in (READ, RECORD):  # a discarded game takes no write of any kind: tokens, annotations, ...
        check_writable(meldbook(), game_id)  # (a move is refused by the game it is decided on: no read of its own)
    return caller


def caller() -> Caller:
    """Who is asking about the game of this request (resolved by `check_access`)."""
    found: Caller = g.caller
    return found


def viewer_of(asking: Caller) -> Viewer:
    """What a caller sees: the one mapping from roles to views."""
    grant = asking.grant
    if grant is None:
        return Viewer.SPECTATOR
    role = role_of(grant)
    if role == RECORDER and asking.recording.recording == "seats":
        return Viewer("seat", asking.recording.no_device, ended_hands_in_full=True)
    if role == RECORDER:
        return Viewer.FULL
    if role == SEAT:
        return Viewer.seat(seat_player(grant) or "")
    if role == ARBITER:
        return Viewer("spectator", ended_hands_in_full=True)
    return Viewer.SPECTATOR


def viewer_for(game_id: UUID) -> Viewer:
    """What the caller of this request sees of its game."""
    return viewer_of(caller())


def device_label() -> str | None:
    """The label of the device a move comes from (the `X-Device-Label` header), if it names one: single-line text of
    at most 40 characters, else refused before anything else of the move is looked at."""
    label = request.headers.get("X-Device-Label")
    return None if label is None else check_line(label, "X-Device-Label", max_length=MAX_DEVICE_LABEL)


def expected_version(body: dict[str, Any]) -> tuple[int, bool]:
    """The version a write expects, from If-Match or `expected_version`, and whether If-Match gave it."""
    header = request.headers.get("If-Match")
    in_body = body.pop("expected_version", None)
    if header is not None:
        tag = header.strip().removeprefix("W/").strip('"')
        if not tag.isdigit() or len(tag) > 10:
            raise PreconditionFailedError(
                f'If-Match must carry the game\'s version as an ETag such as "12", not {header}'
            )
        return int(tag), True
    if in_body is None:
        raise PreconditionRequiredError(
            "a move must carry the version the client last saw: an If-Match header or expected_version"
        )
    return int(in_body), False
