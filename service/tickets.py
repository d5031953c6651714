"""Stream tickets: what a browser's EventSource, which cannot send `Authorization`, presents in the stream's URL.

A caller exchanges its token for a ticket bound to one game and one view. The ticket is the view itself, signed:
`<payload>.<mac>`, both base64url, where the payload is compact JSON (the game, the view, its seats, whether it sees
ended hands in full, when the ticket expires and a random nonce) and the mac its HMAC-SHA256 under the service
secret (service/idempotency.py). Nothing is stored, so every worker checks a ticket another issued, and a restart
forgets none. It opens connections for TICKET_SECONDS after it is issued, reconnects included; a stream already
open runs to its own end. It is a credential in a URL, the one the API allows there: it is never logged.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from uuid import UUID

from domain.errors import MeldbookError
from domain.visibility import Viewer

TICKET_SECONDS = 60
PURPOSE = "meldbook stream ticket"


class TicketError(MeldbookError):
    """A ticket that is not one the service signed for this game (forged, altered, or another game's)."""

    code = "invalid-ticket"


class TicketExpiredError(TicketError):
    """A ticket past its time for opening connections."""

    code = "ticket-expired"


@dataclass(frozen=True, slots=True)
class Issued:
    """A new ticket and when it stops opening connections (seconds since the epoch)."""

    ticket: str
    expires_at: int


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class StreamTickets:
    """Issues and checks tickets with a signing function (the service secret's HMAC) and a clock."""

    def __init__(self, sign: Callable[[str, str], bytes], clock: Callable[[], float] = time.time) -> None:
        self._sign = sign
        self._clock = clock

    def issue(self, game_id: UUID, viewer: Viewer) -> Issued:
        """A ticket for this game in this view, valid for TICKET_SECONDS from now."""
        expires = int(self._clock()) + TICKET_SECONDS
        payload = {
            "g": str(game_id),
            "v": viewer.view,
            "p": sorted(viewer.players),
            "f": viewer.ended_hands_in_full,
            "x": expires,
            "n": secrets.token_urlsafe(12),
        }
        body = _b64(json.dumps(payload, separators=(",", ":"), sort_keys=True).encode("utf8"))
        return Issued(f"{body}.{_b64(self._sign(PURPOSE, body))}", expires)

    def viewer(self, game_id: UUID, ticket: str) -> Viewer:
        """The view a ticket grants on this game; refused when it is not signed for it, or has expired."""
        body, _, mac = ticket.partition(".")
        try:
            valid = hmac.compare_digest(_unb64(mac), self._sign(PURPOSE, body))
            payload = json.loads(_unb64(body)) if valid else None
        except (ValueError, binascii.Error):
            payload = None
        if not isinstance(payload, dict) or payload.get("g") != str(game_id):
            raise TicketError("this stream ticket is not one this service issued for this game")
        if self._clock() >= payload["x"]:
            raise TicketExpiredError(
                f"this stream ticket has expired (it opens connections for {TICKET_SECONDS} s): "
                "ask POST /games/{id}/stream-tickets for a new one"
            )
        return Viewer(payload["v"], frozenset(payload["p"]), bool(payload["f"]))
