"""Pairing a phone to a seat: a short single-use code, offered by the recorder, redeemed for the seat's token.

Each code is an aggregate of its own, beside the game: its id is derived from the code's hash, so a redemption
finds it from the code alone and nothing else points at it; the code itself is never stored. Offering and
redeeming never touch the game's stream, so its version does not move.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

from domain.errors import MeldbookError, Problem, problems_of

NAMESPACE = UUID("0d7c7a51-8a3e-4f0e-9a43-3b1f6c2d9e55")
ALPHABET = "ACDEFHJKMNPQRTWXY3479"
"""21 characters no one mistakes for another when read aloud or typed (no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V)."""
LENGTH = 8
"""Characters of a code: 21^8, about 3.8e10 codes."""
GROUP = 4

INVALID = "this pairing code opens nothing: check it, or ask the recorder for a new one"


class PairingCodeError(MeldbookError):
    """A code that opens nothing: never offered, or mistyped (which character is wrong is not told)."""

    problem = Problem(
        "pairing-code-invalid",
        "Pairing code not valid",
        "the pairing `code`: 8 characters of the code's alphabet that the recorder's page showed; a code never "
        "offered and a mistyped one are refused alike",
        INVALID,
    )


class PairingCodeUsedError(MeldbookError):
    """A code redeemed already: each opens its seat once."""

    problem = Problem(
        "pairing-code-used",
        "Pairing code used already",
        "the pairing `code`: each code opens its seat once",
        "this pairing code was used already: ask the recorder for a new one",
    )


class PairingCodeExpiredError(MeldbookError):
    """A code offered too long ago."""

    problem = Problem(
        "pairing-code-expired",
        "Pairing code expired",
        "the pairing `code`: it opens its seat for minutes after it is shown (MELDBOOK_PAIRING_MINUTES, 10 by default)",
        "this pairing code has expired: ask the recorder for a new one",
    )


def new_code() -> str:
    """A fresh code, drawn from the alphabet."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def grouped(drawn: str) -> str:
    """A code as it is read aloud: in groups of four, e.g. `HX4K-9QTM`."""
    return "-".join(drawn[i : i + GROUP] for i in range(0, len(drawn), GROUP))


def normal_code(typed: object) -> str | None:
    """A typed code in canonical form (upper case, no spaces or dashes); None when it cannot be a code."""
    if not isinstance(typed, str) or len(typed) > 40:
        return None
    canonical = "".join(ch for ch in typed.upper() if ch not in " -\t")
    return canonical if len(canonical) == LENGTH and all(ch in ALPHABET for ch in canonical) else None


def pairing_id(code_hash: str) -> UUID:
    """The id of the pairing whose code hashes to `code_hash`."""
    return uuid5(NAMESPACE, code_hash)


class Pairing(Aggregate):
    """One pairing code: the game and seat it opens, until when, and whether it was used."""

    TOPIC = "meldbook.Pairing"

    class Created(Aggregate.Created):
        """The recorder offered a seat to a phone, under a code (stored only as the id its hash derives)."""

        TOPIC = "meldbook.PairingOffered"
        game_id: UUID
        seat: int
        expires_at: datetime

    class Redeemed(Aggregate.Event):
        """A phone redeemed the code: it holds the seat's token now, and the code opens nothing more."""

        TOPIC = "meldbook.PairingRedeemed"

        def apply(self, aggregate: Any) -> None:
            """The code is used."""
            aggregate.redeemed = True

    def __init__(self, game_id: UUID, seat: int, expires_at: datetime) -> None:
        self.game_id = game_id
        self.seat = seat
        """The seat (from 0), not the name, so that a player renamed since is still found."""
        self.expires_at = expires_at
        self.redeemed = False

    @classmethod
    def offer(cls, code_hash: str, game_id: UUID, seat: int, expires_at: datetime) -> Pairing:
        """A new pairing for a seat, under the hash of its code."""
        return cls._create(cls.Created, id=pairing_id(code_hash), game_id=game_id, seat=seat, expires_at=expires_at)

    def redeem(self, now: datetime) -> None:
        """Use the code; refused when it was used already or has expired."""
        if self.redeemed:
            raise PairingCodeUsedError("this pairing code was used already: ask the recorder for a new one")
        if now >= self.expires_at:
            raise PairingCodeExpiredError("this pairing code has expired: ask the recorder for a new one")
        self.trigger_event(self.Redeemed)


PAIRING_PROBLEMS: tuple[Problem, ...] = problems_of(PairingCodeError, PairingCodeUsedError, PairingCodeExpiredError)
