"""Who is asking (spectator or recorder) and which version a write expects."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import current_app, request

from api.problems import MissingTokenError, PreconditionFailedError, PreconditionRequiredError
from domain.visibility import Viewer
from service.application import Meldbook, TokenError


def meldbook() -> Meldbook:
    """The process's one Meldbook application."""
    app: Meldbook = current_app.extensions["meldbook"]
    return app


def bearer_token() -> str | None:
    """The token of an `Authorization: Bearer <token>` header, if any."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def viewer_for(game_id: UUID) -> Viewer:
    """The recorder when the request carries the game's token; a spectator when it carries none."""
    token = bearer_token()
    if token is None:
        return Viewer.SPECTATOR
    if not meldbook().is_recorder(game_id, token):
        raise TokenError("this token is not the recorder token of this game")
    return Viewer.FULL


def require_token() -> str:
    """The bearer token of a write, which must be present."""
    token = bearer_token()
    if token is None:
        raise MissingTokenError("recording a move needs the game's token: Authorization: Bearer <token>")
    return token


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
