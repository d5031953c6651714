"""Pieces of the contract several operations share: who may call them, and the version headers of a game."""

from __future__ import annotations

from typing import Any

from api.fields import LINE_PATTERN

TOKEN_SCHEME = "recorderToken"
SEAT_SCHEME, VIEWER_SCHEME, ARBITER_SCHEME = "seatToken", "viewerToken", "arbiterToken"
SECURITY_SCHEMES = {
    TOKEN_SCHEME: {
        "type": "http",
        "scheme": "bearer",
        "description": "the game's recorder token, shown once when the game is created (POST /games) or rotated "
        "(POST /games/{id}/tokens/recorder); it may do everything",
    },
    SEAT_SCHEME: {
        "type": "http",
        "scheme": "bearer",
        "description": "one player's seat token (POST /games/{id}/tokens/seats/{player}): the seat view, and in "
        "a game recorded by seats, that player's own moves",
    },
    VIEWER_SCHEME: {
        "type": "http",
        "scheme": "bearer",
        "description": "a viewer token (POST /games/{id}/tokens/viewers): reads a private game as a spectator",
    },
    ARBITER_SCHEME: {
        "type": "http",
        "scheme": "bearer",
        "description": "the arbiter token (POST /games/{id}/tokens/arbiter): the spectator view, and ended hands "
        "in full; rules on the game's disputes",
    },
}
TOKEN_NEEDED: list[dict[str, list[str]]] = [{TOKEN_SCHEME: []}, {SEAT_SCHEME: []}]
"""Moves: the recorder's token, or in a game recorded by seats, the acting player's seat token."""
CORRECTORS: list[dict[str, list[str]]] = [{TOKEN_SCHEME: []}, {ARBITER_SCHEME: []}]
"""Corrections of the record: the recorder's token, or the arbiter's."""
RECORDER_ONLY: list[dict[str, list[str]]] = [{TOKEN_SCHEME: []}]
"""Operations on a game's tokens and seats: the recorder's token alone."""
RULER: list[dict[str, list[str]]] = [{ARBITER_SCHEME: []}, {TOKEN_SCHEME: []}]
"""A ruling on a dispute: the arbiter's token, or, in a game without an arbiter, the recorder's."""
TOKEN_OPTIONAL: list[dict[str, list[str]]] = [
    {},
    {TOKEN_SCHEME: []},
    {SEAT_SCHEME: []},
    {VIEWER_SCHEME: []},
    {ARBITER_SCHEME: []},
]
"""Reads: a public game answers a spectator without a token; a private game needs one of its tokens."""

ETAG: dict[str, Any] = {
    "ETag": {
        "description": 'the game\'s version as a strong entity tag, e.g. "12": send it back as If-Match with a move',
        "schema": {"type": "string"},
    }
}
LOCATION: dict[str, Any] = {"Location": {"description": "the new game's URL", "schema": {"type": "string"}}}
IF_MATCH: dict[str, Any] = {
    "in": "header",
    "name": "If-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": 'the ETag of the game as the client last saw it, e.g. "12" (or send expected_version in the '
    "body): a move without either is refused with 428, an If-Match that is not the current version (a stale one, "
    "or one not an ETag of a version at all) with 412, a stale expected_version with 409",
}
IDEMPOTENCY_KEY: dict[str, Any] = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
    "description": "a key of the client's own for this request (a random UUID): a retry with the same key and the "
    "same body, after a lost answer, answers what the first request answered and stores nothing again; the same "
    "key with another body is refused with 422 (idempotency-key-reused), a malformed key with 400. Keys of moves "
    "are kept per game. A new game's key gives back its recorder token to whoever retries with it: keep it as "
    "secret as the token",
}
RETRY_AFTER: dict[str, Any] = {
    "Retry-After": {"description": "seconds to wait before trying again", "schema": {"type": "string"}}
}
MAX_DEVICE_LABEL = 40
DEVICE_LABEL: dict[str, Any] = {
    "in": "header",
    "name": "X-Device-Label",
    "required": False,
    "schema": {"type": "string", "maxLength": MAX_DEVICE_LABEL, "pattern": LINE_PATTERN},
    "description": "a label for the device the move is recorded on (single-line text), stored in the move's "
    "envelope beside the role that recorded it",
}
NIGHT_TOKEN_MAX = 200
"""The longest X-Night-Token header read: a night's token is 32 characters; a longer header is refused, not read."""
NIGHT_TOKEN_HEADER: dict[str, Any] = {
    "in": "header",
    "name": "X-Night-Token",
    "required": False,
    "schema": {"type": "string", "maxLength": NIGHT_TOKEN_MAX},
    "description": "the night's token, shown once by POST /nights: needed to take a game into a night or out of it "
    "(with the game's recorder token as Authorization: Bearer), and to read the sheet of a night that holds a "
    "private game",
}
