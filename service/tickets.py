"""Stream tickets: what a browser's EventSource, which cannot send `Authorization`, presents in the stream's URL.

A caller exchanges its token for a ticket bound to one game and one view. The ticket is the view itself, signed
with itsdangerous (installed with Flask): its URL-safe timed serializer under a key the service secret keeps for
this purpose alone (service/idempotency.py), the payload compact JSON (the game, the view, its seats, whether it
sees ended hands in full, and a random nonce, so that no two tickets are alike), then the time it was issued and
the signature. Nothing is stored, so every worker checks a ticket another issued, and a restart forgets none. It
opens connections for TICKET_SECONDS after it is issued, reconnects included; a stream already open runs to its
own end. It is a credential in a URL, the one the API allows there: it is never logged.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from itsdangerous import BadSignature, SignatureExpired, TimestampSigner, URLSafeTimedSerializer

from domain.access.visibility import Viewer
from domain.errors import MeldbookError, Problem

TICKET_SECONDS = 60
PURPOSE = "meldbook stream ticket"


class TicketError(MeldbookError):
    """A ticket that is not one the service signed for this game (forged, altered, or another game's)."""

    problem = Problem(
        "invalid-ticket",
        "Not a stream ticket of this game",
        "the stream's `ticket`: one that POST /games/{id}/stream-tickets issued for this game, unaltered",
        "this stream ticket is not one this service issued for this game",
    )


class TicketExpiredError(TicketError):
    """A ticket past its time for opening connections."""

    problem = Problem(
        "ticket-expired",
        "Stream ticket expired",
        "the stream's `ticket`: it opens connections for 60 seconds after it is issued; ask for a new one",
        "this stream ticket has expired (it opens connections for 60 s): ask POST /games/{id}/stream-tickets for a "
        "new one",
    )


@dataclass(frozen=True, slots=True)
class Issued:
    """A new ticket and when it stops opening connections (seconds since the epoch)."""

    ticket: str
    expires_at: int


class _ClockedSigner(TimestampSigner):
    """itsdangerous' timestamp signer reading the time from the tickets' clock (a test moves it)."""

    def __init__(self, *args: Any, clock: Callable[[], float], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clock = clock

    def get_timestamp(self) -> int:
        return int(self._clock())


class StreamTickets:
    """Issues and checks tickets with the key the service secret keeps for them (read when first needed) and a
    clock."""

    def __init__(self, key: Callable[[], bytes], clock: Callable[[], float] = time.time) -> None:
        self._key = key
        self._clock = clock

    def _serializer(self) -> URLSafeTimedSerializer:
        return URLSafeTimedSerializer(
            self._key(), salt=PURPOSE, signer=_ClockedSigner, signer_kwargs={"clock": self._clock}
        )

    def issue(self, game_id: UUID, viewer: Viewer) -> Issued:
        """A ticket for this game in this view, valid for TICKET_SECONDS from now."""
        payload = {
            "g": str(game_id),
            "v": viewer.view,
            "p": sorted(viewer.players),
            "f": viewer.ended_hands_in_full,
            "n": secrets.token_urlsafe(12),
        }
        return Issued(self._serializer().dumps(payload), int(self._clock()) + TICKET_SECONDS)

    def viewer(self, game_id: UUID, ticket: str) -> Viewer:
        """The view a ticket grants on this game; refused when it is not signed for it, or has expired."""
        serializer = self._serializer()
        expired = False
        try:
            # Opening connections for TICKET_SECONDS whole seconds: an age of TICKET_SECONDS is one too many.
            payload = serializer.loads(ticket, max_age=TICKET_SECONDS - 1)
        except SignatureExpired as late:  # signed by this service, so its payload can be read for its game
            payload, expired = serializer.load_payload(late.payload), True
        except BadSignature:
            payload = None
        if not isinstance(payload, dict) or payload.get("g") != str(game_id):
            raise TicketError("this stream ticket is not one this service issued for this game")
        if expired:
            raise TicketExpiredError(
                f"this stream ticket has expired (it opens connections for {TICKET_SECONDS} s): "
                "ask POST /games/{id}/stream-tickets for a new one"
            )
        return Viewer(payload["v"], frozenset(payload["p"]), bool(payload["f"]))
