"""Retries under an Idempotency-Key: the request's fingerprint, and the service secret behind a new game's token.

A game created under a key gets a recorder token derived from the key with the service's secret (HMAC-SHA256),
so that a retry can answer it again while the store keeps only its hash, as for every token. The secret is
MELDBOOK_SECRET when it is set (the same for every worker); otherwise one is drawn once and kept in the store.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import uuid
from dataclasses import dataclass
from typing import Any

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from service.config import ConfigError

SECRET_ID = uuid.UUID("0b5a8c1e-6d3f-4e2a-8f71-5c9d0e2b4a13")
MIN_SECRET_LENGTH = 32


@dataclass(frozen=True, slots=True)
class Retry:
    """What makes a request retryable: its Idempotency-Key and the fingerprint of what it asks."""

    key: str
    fingerprint: str


def fingerprint(method: str, route: str, body: Any) -> str:
    """SHA-256 of the method, the route and the body as canonical JSON (keys sorted, no spaces)."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{method} {route}\n{canonical}".encode("utf8", "surrogatepass")).hexdigest()


class ServiceSecret(Aggregate):
    """The secret the service draws for itself when MELDBOOK_SECRET is not set, kept under one fixed id."""

    TOPIC = "meldbook.ServiceSecret"

    class Created(Aggregate.Created):
        """The service drew its secret."""

        TOPIC = "meldbook.ServiceSecretDrawn"
        secret: str

    def __init__(self, secret: str) -> None:
        self.secret = secret


class KeyedTokens:
    """Ids and tokens derived from an Idempotency-Key with the service secret: the same in every worker."""

    def __init__(self, app: Application, configured: str | None) -> None:
        if configured is not None and len(configured) < MIN_SECRET_LENGTH:
            raise ConfigError(f"MELDBOOK_SECRET must hold at least {MIN_SECRET_LENGTH} characters")
        self._app = app
        self._secret = configured.encode("utf8") if configured else None

    def _key(self) -> bytes:
        if self._secret is None:
            self._secret = self._stored_secret().encode("ascii")
        return self._secret

    def _stored_secret(self) -> str:
        """The secret kept in the store; drawn and saved by the first process that needs it."""
        for _ in range(2):
            try:
                stored: ServiceSecret = self._app.repository.get(SECRET_ID)
                return stored.secret
            except AggregateNotFoundError:
                drawn = ServiceSecret._create(ServiceSecret.Created, id=SECRET_ID, secret=secrets.token_urlsafe(32))
                try:
                    self._app.save(drawn)
                    return drawn.secret
                except IntegrityError:  # another worker drew it first: read theirs
                    continue
        raise RuntimeError("the service secret could not be read or drawn")

    def _mac(self, purpose: str, key: str) -> bytes:
        return hmac.new(self._key(), f"{purpose}\x00{key}".encode(), hashlib.sha256).digest()

    def sign(self, purpose: str, message: str) -> bytes:
        """HMAC-SHA256 of a message under the service secret, for one purpose (a stream ticket, say)."""
        return self._mac(purpose, message)

    def key(self, purpose: str) -> bytes:
        """A key of the service secret's for one purpose alone (the stream tickets' signing key, say): the HMAC of
        the purpose, so the secret itself never leaves this class."""
        return self._mac(purpose, "")

    def new_game_record_id(self, key: str) -> uuid.UUID:
        """The id of the record of a game created under this key (the key cannot be read back from it)."""
        return uuid.UUID(bytes=self._mac("meldbook new game", key)[:16], version=4)

    def recorder_token(self, key: str) -> str:
        """The recorder token of a game created under this key: 32 URL-safe characters, as a drawn token."""
        return base64.urlsafe_b64encode(self._mac("meldbook recorder token", key)[:24]).decode("ascii")
