"""Recorder tokens: shown once when a game is created, stored only as a hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh recorder token."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf8")).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Whether a presented token is the game's recorder token."""
    return token is not None and hmac.compare_digest(token_hash(token), stored_hash)
