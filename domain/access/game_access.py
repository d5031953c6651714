"""The access of one game: which tokens it knows (as hashes only), which seats have no device, and who may record.

Its events are a stream of their own, beside the game's: issuing, rotating or revoking a token never changes the
game's version. Its id is derived from the game's, so it needs no index.
"""

from __future__ import annotations

import functools
import hmac
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

from domain.errors import MeldbookError, Problem

NAMESPACE = UUID("6f0d8f3e-2a53-5a4c-9d0b-8f6c1e0b7a21")
RECORDER, ARBITER, SEAT, VIEWER = "recorder", "arbiter", "seat", "viewer"
RECORDINGS = ("recorder", "seats")
"""Who records a game's moves: its recorder alone, or each seat its own player's (the recorder the table's)."""
ACCESSES = ("public", "private")
"""Who reads a game: anyone (and it is listed), or only holders of one of its tokens."""


class TokenNotFoundError(MeldbookError):
    """A revocation of a token the game has not issued, or has revoked already."""

    problem = Problem(
        "token-not-found",
        "No such token",
        "the token to revoke: the game has issued none for this seat, label or arbiter, or it is revoked already",
        "this game has no seat Ann token to revoke",
    )


class NotPermittedError(MeldbookError):
    """A token this game knows, whose role may not do what it asked (act for another seat, issue tokens, ...)."""

    problem = Problem(
        "not-permitted",
        "Not for this token's role",
        "the role of the bearer token (recorder, seat, viewer, arbiter; api/roles.py) and, for a move, the player it "
        "acts for: a seat records only its own player's actions, and only in a game recorded by seats",
        "seat:Ann records its own player's actions only, not an action of Bob",
    )


@functools.lru_cache(maxsize=4096)
def access_id(game_id: UUID) -> UUID:
    """The id of a game's access stream (a name-based UUID, a SHA-1 each: kept for the games asked about most)."""
    return uuid5(NAMESPACE, str(game_id))


def seat_grant(player: str) -> str:
    """The grant of a player's seat token, which is also how the envelope names a move it recorded."""
    return f"{SEAT}:{player}"


def viewer_grant(label: str) -> str:
    """The grant of one viewer token, named by the label it was issued under."""
    return f"{VIEWER}:{label}"


def role_of(grant: str) -> str:
    """The role a grant gives: recorder, seat, viewer or arbiter."""
    return grant.partition(":")[0]


def seat_player(grant: str) -> str | None:
    """The player of a seat grant; None for any other."""
    role, _, player = grant.partition(":")
    return player if role == SEAT else None


@dataclass(frozen=True, slots=True)
class Recording:
    """How a game is recorded, as far as who may act for whom: its recording and its seats without a device."""

    recording: str
    no_device: frozenset[str] = frozenset()

    def may_record(self, grant: str, player: str) -> bool:
        """Whether the holder of `grant` may record an action of `player` ("" for an action of the table)."""
        if grant == RECORDER:
            return self.recording == "recorder" or not player or player in self.no_device
        return self.recording == "seats" and bool(player) and seat_player(grant) == player

    def may_record_any(self, grant: str) -> bool:
        """Whether the holder of `grant` records anything in this game."""
        return grant == RECORDER or (self.recording == "seats" and seat_player(grant) is not None)

    def players_listed_to(self, grant: str, players: list[str]) -> list[str]:
        """The players whose legal actions the holder of `grant` is shown: those it may record for."""
        return [p for p in players if self.may_record(grant, p)]


class GameAccess(Aggregate):
    """The tokens of one game, by grant (recorder, seat:<player>, viewer:<label>, arbiter), as hashes."""

    TOPIC = "meldbook.GameAccess"

    class Created(Aggregate.Created):
        """A game's access stream was opened, when its first token after the recorder's was issued."""

        TOPIC = "meldbook.AccessOpened"
        game_id: UUID

    class TokenIssued(Aggregate.Event):
        """A token was issued for a grant, replacing the grant's previous one (a rotation, for the recorder)."""

        TOPIC = "meldbook.TokenIssued"
        grant: str
        token_hash: str
        by: str

        def apply(self, aggregate: Any) -> None:
            """The grant now answers to this hash alone."""
            aggregate.hashes[self.grant] = self.token_hash

    class TokenRevoked(Aggregate.Event):
        """A grant's token was revoked: it no longer opens anything."""

        TOPIC = "meldbook.TokenRevoked"
        grant: str
        by: str

        def apply(self, aggregate: Any) -> None:
            """The grant answers to no token."""
            aggregate.hashes.pop(self.grant, None)

    class DeviceMarked(Aggregate.Event):
        """A seat was marked as having a device of its own or not (then the recorder records for it)."""

        TOPIC = "meldbook.SeatDeviceMarked"
        player: str
        device: bool

        def apply(self, aggregate: Any) -> None:
            """Keep the list of seats without a device."""
            without = [p for p in aggregate.no_device if p != self.player]
            aggregate.no_device = without if self.device else [*without, self.player]

    class SeatRenamed(Aggregate.Event):
        """A player was renamed before the game's first move: his seat's token and device mark follow the new name."""

        TOPIC = "meldbook.SeatRenamed"
        old: str
        new: str

        def apply(self, aggregate: Any) -> None:
            """The seat's grant answers under the new name."""
            token = aggregate.hashes.pop(seat_grant(self.old), None)
            if token is not None:
                aggregate.hashes[seat_grant(self.new)] = token
            aggregate.no_device = [self.new if p == self.old else p for p in aggregate.no_device]

    def __init__(self, game_id: UUID) -> None:
        self.game_id = game_id
        self.hashes: dict[str, str] = {}
        self.no_device: list[str] = []

    @classmethod
    def open(cls, game_id: UUID) -> GameAccess:
        """A game's access stream, before anything is recorded in it."""
        return cls._create(cls.Created, id=access_id(game_id), game_id=game_id)

    def grant_of(self, hashed: str, recorder_hash: str) -> str | None:
        """The grant a token's hash opens (the recorder's first hash is the game's own until it is rotated)."""
        found = None
        stored = {RECORDER: recorder_hash, **self.hashes}
        for grant, candidate in stored.items():  # every hash is compared, in constant time, whichever matches
            if hmac.compare_digest(hashed, candidate):
                found = grant
        return found

    def issue(self, grant: str, token_hash: str, by: str) -> None:
        """Record a new token for a grant; the grant's previous token stops working."""
        self.trigger_event(self.TokenIssued, grant=grant, token_hash=token_hash, by=by)

    def revoke(self, grant: str, by: str) -> None:
        """Revoke a grant's token; refused when it has none."""
        if grant == RECORDER:
            raise ValueError("the recorder token is rotated, not revoked")
        if grant not in self.hashes:
            raise TokenNotFoundError(f"this game has no {grant.replace(':', ' ')} token to revoke")
        self.trigger_event(self.TokenRevoked, grant=grant, by=by)

    def mark_device(self, player: str, device: bool) -> bool:
        """Mark whether a seat records from a device of its own; whether anything changed."""
        if (player not in self.no_device) == device:
            return False
        self.trigger_event(self.DeviceMarked, player=player, device=device)
        return True

    def rename_seat(self, old: str, new: str) -> None:
        """Move a renamed player's seat token and device mark to his new name."""
        self.trigger_event(self.SeatRenamed, old=old, new=new)

    def recording(self, recording: str) -> Recording:
        """Who may record for whom in a game recorded this way."""
        return Recording(recording, frozenset(self.no_device))
