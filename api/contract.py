"""Pieces of the contract several operations share: who may call them, and the version headers of a game."""

from __future__ import annotations

from typing import Any

TOKEN_SCHEME = "recorderToken"
SECURITY_SCHEMES = {
    TOKEN_SCHEME: {
        "type": "http",
        "scheme": "bearer",
        "description": "the game's recorder token, shown once when the game is created (POST /games)",
    }
}
TOKEN_NEEDED: list[dict[str, list[str]]] = [{TOKEN_SCHEME: []}]
"""Operations that refuse a request without the game's recorder token."""
TOKEN_OPTIONAL: list[dict[str, list[str]]] = [{}, {TOKEN_SCHEME: []}]
"""Reads that answer a spectator without a token and the recorder, with hidden cards, with it."""

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
    "schema": {"type": "string", "maxLength": 100},
    "description": 'the ETag of the game as the client last saw it, e.g. "12" (or send expected_version in the '
    "body): a move without either is refused with 428, a stale If-Match with 412, a stale expected_version "
    "with 409",
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
