"""Stream tickets (service/tickets.py): signed for one game and one view, opening connections for 60 seconds."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from itsdangerous import URLSafeTimedSerializer

from domain.access.visibility import Viewer
from service.tickets import PURPOSE, TICKET_SECONDS, StreamTickets, TicketError, TicketExpiredError

GAME, OTHER = uuid.uuid4(), uuid.uuid4()


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def key(secret: bytes) -> Callable[[], bytes]:
    return lambda: secret


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tickets(clock: Clock) -> StreamTickets:
    return StreamTickets(key(b"s" * 32), clock)


@pytest.mark.parametrize(
    "viewer",
    [Viewer.SPECTATOR, Viewer.FULL, Viewer.seat("Ann"), Viewer("spectator", ended_hands_in_full=True),
     Viewer("seat", frozenset({"Ann", "Bob"}), True)],
    ids=["spectator", "full", "seat", "arbiter", "seats-recorder"],
)
def test_a_ticket_grants_the_view_it_was_issued_for_on_its_game(tickets: StreamTickets, viewer: Viewer) -> None:
    assert tickets.viewer(GAME, tickets.issue(GAME, viewer).ticket) == viewer


def test_two_tickets_for_the_same_view_differ_and_both_open(tickets: StreamTickets) -> None:
    first, second = tickets.issue(GAME, Viewer.FULL).ticket, tickets.issue(GAME, Viewer.FULL).ticket
    assert first != second
    assert tickets.viewer(GAME, first) == tickets.viewer(GAME, second) == Viewer.FULL


def test_a_ticket_opens_connections_for_sixty_seconds_and_then_is_refused_as_expired(
    tickets: StreamTickets, clock: Clock
) -> None:
    issued = tickets.issue(GAME, Viewer.SPECTATOR)
    assert issued.expires_at == int(clock.now) + TICKET_SECONDS == int(clock.now) + 60
    clock.now += TICKET_SECONDS - 1
    assert tickets.viewer(GAME, issued.ticket) == Viewer.SPECTATOR  # a reconnect within the minute
    clock.now += 1
    with pytest.raises(TicketExpiredError) as refused:
        tickets.viewer(GAME, issued.ticket)
    assert refused.value.code == "ticket-expired"


def test_a_ticket_is_bound_to_its_game(tickets: StreamTickets) -> None:
    ticket = tickets.issue(GAME, Viewer.FULL).ticket
    with pytest.raises(TicketError) as refused:
        tickets.viewer(OTHER, ticket)
    assert refused.value.code == "invalid-ticket"


def test_a_ticket_whose_view_is_altered_is_refused(tickets: StreamTickets) -> None:
    _, _, mac = tickets.issue(GAME, Viewer.SPECTATOR).ticket.partition(".")
    forged = StreamTickets(key(b"s" * 32)).issue(GAME, Viewer.FULL).ticket.partition(".")[0]
    with pytest.raises(TicketError, match="not one this service issued"):
        tickets.viewer(GAME, f"{forged}.{mac}")


def test_a_ticket_signed_with_another_secret_is_refused(tickets: StreamTickets) -> None:
    elsewhere = StreamTickets(key(b"t" * 32)).issue(GAME, Viewer.FULL).ticket
    with pytest.raises(TicketError):
        tickets.viewer(GAME, elsewhere)


@pytest.mark.parametrize("text", ["", ".", "x", "x.y", "!!!.???", "eyJ9.AAAA", "a" * 500])
def test_text_that_is_no_ticket_is_refused_as_invalid_never_with_another_error(
    tickets: StreamTickets, text: str
) -> None:
    with pytest.raises(TicketError) as refused:
        tickets.viewer(GAME, text)
    assert refused.value.code == "invalid-ticket"


def test_a_ticket_is_an_itsdangerous_timed_signature_of_its_view_issued_at_the_clock_time(
    tickets: StreamTickets, clock: Clock
) -> None:
    issued = tickets.issue(GAME, Viewer.seat("Ann"))
    payload, signed_at = URLSafeTimedSerializer(b"s" * 32, salt=PURPOSE).loads(issued.ticket, return_timestamp=True)
    assert (payload["g"], payload["v"], payload["p"], payload["f"]) == (str(GAME), "seat", ["Ann"], False)
    assert signed_at.timestamp() == int(clock.now)


def test_an_expired_ticket_of_another_game_is_refused_as_not_this_games(tickets: StreamTickets, clock: Clock) -> None:
    ticket = tickets.issue(OTHER, Viewer.FULL).ticket
    clock.now += TICKET_SECONDS * 10
    with pytest.raises(TicketError) as refused:
        tickets.viewer(GAME, ticket)
    assert refused.value.code == "invalid-ticket"
