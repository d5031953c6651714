"""Idempotency records: a request answered once under an `Idempotency-Key`, kept so that its retry answers the same.

A record is an aggregate of its own, saved in the same transaction as the game events it protects, so the key and
what it stored are committed together or not at all. Its id is derived from the key and what the key belongs to
(the game for a move; for a new game the service derives it with its secret), so two requests with one key
compete for one id and the event store lets exactly one of them commit.
"""

from __future__ import annotations

import uuid

from eventsourcing.domain import Aggregate

from domain.errors import MeldbookError, Problem
from service.idempotency import Retry

MAX_KEY_LENGTH = 255
KEY_HEADER = "Idempotency-Key"
MOVE_KEYS = uuid.UUID("6f1b7a52-3c8e-4d0a-9b7e-1c2d3e4f5a60")
"""The namespace of move records' ids: uuid5 of this namespace, the game id and the key."""
Keyed = tuple[uuid.UUID, str, Retry]
"""A request under an Idempotency-Key: the id of its record, its operation, and its key and fingerprint."""


class IdempotencyKeyError(MeldbookError):
    """An Idempotency-Key header that is empty, too long, or holds characters a header line cannot."""

    problem = Problem(
        "invalid-idempotency-key",
        "Idempotency-Key not usable",
        "the Idempotency-Key header: one header of 1 to 255 printable ASCII characters without spaces (a UUID)",
        "Idempotency-Key must hold 1 to 255 characters, not 300",
    )


class IdempotencyKeyReusedError(MeldbookError):
    """An Idempotency-Key already used for another request (another body, or another operation)."""

    problem = Problem(
        "idempotency-key-reused",
        "Idempotency-Key used for another request",
        "the Idempotency-Key header: a retry sends the same body to the same URL with the same key; another "
        "request needs another key",
        "this Idempotency-Key was already used for another request: a retry sends the same body to the same URL; "
        "a new request needs a new key",
    )


class IdempotentAnswerGoneError(MeldbookError):
    """A retry whose first answer can no longer be given: the new game's recorder token was replaced since."""

    problem = Problem(
        "idempotency-answer-gone",
        "First answer no longer available",
        "the Idempotency-Key header of a retried POST /games: the game it created has had its recorder token "
        "replaced since, so the token cannot be shown again",
        "game 5f0c... was created under this Idempotency-Key, but its recorder token has been replaced since: the "
        "first answer cannot be given again",
    )


def check_key(key: str) -> str:
    """The key as given, if it is 1 to 255 printable ASCII characters; refused otherwise, naming the header."""
    if not 1 <= len(key) <= MAX_KEY_LENGTH:
        raise IdempotencyKeyError(
            f"{KEY_HEADER} must hold 1 to {MAX_KEY_LENGTH} characters, not {len(key)}", field=KEY_HEADER
        )
    bad = next((i for i, char in enumerate(key) if not " " < char < "\x7f"), None)
    if bad is not None:
        raise IdempotencyKeyError(
            f"{KEY_HEADER} must be printable ASCII without spaces (such as a UUID): position {bad} holds "
            f"U+{ord(key[bad]):04X}",
            field=KEY_HEADER,
        )
    return key


def move_record_id(game_id: uuid.UUID, key: str) -> uuid.UUID:
    """The id of the record of a move made under this key in this game."""
    return uuid.uuid5(MOVE_KEYS, f"{game_id}\x00{key}")


class IdempotencyRecord(Aggregate):
    """One request answered under an Idempotency-Key: its fingerprint, and the versions of the game it stored."""

    TOPIC = "meldbook.IdempotencyRecord"

    class Created(Aggregate.Created):
        """A request under an Idempotency-Key was answered: the game it wrote to and the versions before and after."""

        TOPIC = "meldbook.IdempotentRequestAnswered"
        operation: str
        fingerprint: str
        game_id: str
        version_before: int
        version_after: int

    def __init__(self, operation: str, fingerprint: str, game_id: str, version_before: int, version_after: int) -> None:
        self.operation = operation
        self.fingerprint = fingerprint
        self.game_id = game_id
        self.version_before = version_before
        self.version_after = version_after

    @classmethod
    def answered(
        cls, record_id: uuid.UUID, operation: str, fingerprint: str, game_id: uuid.UUID, before: int, after: int
    ) -> IdempotencyRecord:
        """The record of a request just answered, under the id its key gives."""
        return cls._create(
            cls.Created,
            id=record_id,
            operation=operation,
            fingerprint=fingerprint,
            game_id=str(game_id),
            version_before=before,
            version_after=after,
        )

    def check_same(self, operation: str, fingerprint: str) -> None:
        """Refuse a request that reuses this record's key for another operation or another body."""
        if (self.operation, self.fingerprint) != (operation, fingerprint):
            raise IdempotencyKeyReusedError(
                f"this {KEY_HEADER} was already used for another request: a retry sends the same body to the same "
                "URL; a new request needs a new key",
                field=KEY_HEADER,
            )


def keyed_record(keyed: Keyed | None, game_id: uuid.UUID, before: int, after: int) -> IdempotencyRecord | None:
    """The record of a request answered under an Idempotency-Key, to be saved with what it stored; None without."""
    if keyed is None:
        return None
    record_id, operation, retry = keyed
    return IdempotencyRecord.answered(record_id, operation, retry.fingerprint, game_id, before, after)
