"""GET /games/{id}/stream: a game's new events as Server-Sent Events, through the caller's view; and the tickets
that let a browser's EventSource, which sends no Authorization header, open one (POST .../stream-tickets).

Each event is one SSE message: `id:` its version (what the browser sends back as Last-Event-ID when it
reconnects) and `data:` the event as GET /games/{id}/events shows it in that view. A comment (`: keep-alive`)
goes out when nothing was sent for 15 s; a connection lasts at most MELDBOOK_STREAM_SECONDS (300 by default),
then the client reconnects where it left off. A client address holds at most MELDBOOK_STREAMS_PER_CLIENT streams
at once in each worker (api/limits.py); one more is a 429.

This view checks everything about a stream before it starts (the game, the token or ticket, Last-Event-ID, the
cap). Under the production server (api/asgi.py, gunicorn's asgi worker) it then hands the stream over (`Opening`):
the worker follows it on its event loop, without a thread, woken by the process's one reader of the notification
log. Under a WSGI server (`meldbook serve`, the tests' client) the answer's body follows the game on the request's
own thread, polling the store every MELDBOOK_STREAM_POLL seconds (0.5 by default; service/streams.py).
"""

from __future__ import annotations

import json
import math
import select
import socket
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from flask import Flask, Response, current_app, g, request, url_for
from flask.views import MethodView

from api.access import caller, meldbook, viewer_of
from api.contract import RETRY_AFTER, TOKEN_OPTIONAL
from api.errors import StreamsFullError
from api.gunicorn_config import STOPPING
from api.limits import hold
from api.parsing import Blueprint
from api.replay_schemas import StreamArgsSchema, StreamHeadersSchema, StreamTicketBodySchema, StreamTicketSchema
from api.replays import narrowed
from domain.access.visibility import Viewer
from service.application import Meldbook
from service.config import ConfigError
from service.streams import Pace, follow

blp = Blueprint("streams", __name__, description="Live games")
PACE = "meldbook.stream_pace"
OPENING = "meldbook.stream_opening"
"""Where a server that follows streams itself (api/asgi.py) puts an `Opening` in each request's WSGI environ."""
RETRY_MS = 2000
"""How long a browser waits before it reconnects (the SSE `retry:` field)."""
EVENT_STREAM = "text/event-stream"
SSE_MESSAGE = {
    "type": "object",
    "description": "one message of the stream",
    "properties": {
        "id": {"type": "string", "description": "the event's version: send it back as Last-Event-ID"},
        "event": {"type": "string", "enum": ["message"]},
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": {"$ref": "#/components/schemas/Event"},
            "description": "the event as GET /games/{id}/events shows it in this view",
        },
    },
    "required": ["id", "data"],
}
STREAM_ANSWER = (
    "Server-Sent Events: each stored event after the start, as `id: <version>` and `data: <the event as "
    "GET /games/{id}/events shows it in this view>`; `: keep-alive` comments; the connection ends after "
    "MELDBOOK_STREAM_SECONDS and the client reconnects with Last-Event-ID"
)


@dataclass(frozen=True, slots=True)
class Followed:
    """A stream the view has checked, for the server to follow: the game, through whose view, after which event,
    at what pace; and how to give back the client's hold on one of its streams once it ends."""

    app: Meldbook
    game_id: UUID
    viewer: Viewer
    after: int
    pace: Pace
    release: Callable[[], None]


@dataclass(slots=True)
class Opening:
    """A server that follows streams on its event loop offers this to the view: how many more streams it has
    room for; the view leaves the stream it has checked in `followed` and answers with the headers alone."""

    room: int
    followed: Followed | None = field(default=None)


def install(app: Flask, environ: Mapping[str, str]) -> None:
    """Each stream's pace: MELDBOOK_STREAM_SECONDS bounds how long one connection lasts; MELDBOOK_STREAM_POLL is how
    often a stream on a thread of its own (a WSGI server) asks the store for news."""
    app.extensions[PACE] = Pace(
        poll=seconds("MELDBOOK_STREAM_POLL", environ.get("MELDBOOK_STREAM_POLL", str(Pace().poll)), 0.01, 10),
        lifetime=seconds("MELDBOOK_STREAM_SECONDS", environ.get("MELDBOOK_STREAM_SECONDS", "300"), 0, 86_400),
    )


def seconds(variable: str, text: str, least: float, most: float) -> float:
    """A number of seconds from `least` to `most`, given in the environment variable named."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not least <= value <= most:
        raise ConfigError(f"{variable} must be a number of seconds from {least:g} to {most:g}, not {text!r}")
    return value


def message(event: dict[str, Any]) -> str:
    """One event as an SSE message: its version as the id, the event as JSON on one data line."""
    return f"id: {event['version']}\ndata: {json.dumps(event, ensure_ascii=False, separators=(',', ':'))}\n\n"


def messages(batches: Iterable[list[dict[str, Any]]]) -> Iterator[str]:
    """A stream's body: the reconnection delay, then each batch of events as messages, each empty batch as a
    keep-alive comment."""
    yield first_message()
    for batch in batches:
        yield "".join(map(message, batch)) if batch else ": keep-alive\n\n"


def first_message() -> str:
    """What every stream sends first: how long a browser waits before it reconnects."""
    return f"retry: {RETRY_MS}\n\n"


def sse_answer(body: Iterable[str]) -> Response:
    """A stream's answer: its headers, and the body given (none when the server sends the events itself)."""
    response = Response(body, mimetype=EVENT_STREAM)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # a proxy in front must not hold messages back
    return response


def peer_gone(environ: Mapping[str, Any]) -> Callable[[], bool]:
    """Whether the client has closed its connection (gunicorn and Werkzeug's server hand the socket over; elsewhere,
    never known)."""
    sock = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")
    if not isinstance(sock, socket.socket):
        return lambda: False

    def gone() -> bool:
        try:
            readable, _, _ = select.select([sock], [], [], 0)
            return bool(readable) and sock.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    return gone


@blp.route("/games/<uuid:game_id>/stream")
class Stream(MethodView):
    """A game's events as they are recorded."""

    @blp.arguments(StreamArgsSchema, location="query")
    @blp.arguments(StreamHeadersSchema, location="headers")
    @blp.response(200, description=STREAM_ANSWER, content_type=EVENT_STREAM)
    @blp.problem(401, "an expired ticket")
    @blp.problem(403, "a token or ticket this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens or tickets)")
    @blp.problem(
        429, "this address holds as many open streams as it may (MELDBOOK_STREAMS_PER_CLIENT)", headers=RETRY_AFTER
    )
    @blp.problem(503, "the worker has no room for another stream, or the store does not answer", headers=RETRY_AFTER)
    @blp.doc(
        security=TOKEN_OPTIONAL,
        responses={"200": {"description": STREAM_ANSWER, "content": {EVENT_STREAM: {"schema": SSE_MESSAGE}}}},
    )
    def get(self, args: dict[str, Any], headers: dict[str, Any], game_id: UUID) -> Response:
        """Each event recorded after the start, as it is recorded, in the caller's view (a ticket's, or the
        token's); a public game's spectator needs neither."""
        viewer: Viewer = g.get("ticket_viewer") or viewer_of(caller())
        after = headers.get("last_event_id", args.get("last_event_id", 0))  # a reconnect's header wins
        app = meldbook()
        app.latest_version(game_id)  # no such game: 404 now, before the stream starts
        pace: Pace = current_app.extensions[PACE]
        opening: Opening | None = request.environ.get(OPENING)
        if opening is not None and opening.room <= 0:
            raise StreamsFullError("this worker holds as many open streams as it has room for: try again shortly")
        release = hold("streams")
        if opening is not None:  # the server follows it on its event loop (api/asgi.py)
            opening.followed = Followed(app, game_id, viewer, after, pace, release)
            return sse_answer(iter(()))  # no body, and no Content-Length: the server sends the events
        client_gone = peer_gone(request.environ)
        stopping = current_app.extensions.get(STOPPING, lambda: False)  # set by api/gunicorn_config.py
        batches = follow(app, game_id, viewer, after, pace, lambda: client_gone() or stopping())
        response = sse_answer(messages(batches))
        response.call_on_close(release)
        return response


@blp.route("/games/<uuid:game_id>/stream-tickets")
class StreamTickets(MethodView):
    """Tickets that open a game's stream in a browser."""

    @blp.arguments(StreamTicketBodySchema)
    @blp.response(201, StreamTicketSchema)
    @blp.problem(401, "a private game's stream without a token")
    @blp.problem(403, "a token this game does not know, or a view wider than the token allows")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.problem(422, "a malformed view or player, a player without view=seat, or a player this game does not seat",
                 valid=True)
    @blp.doc(security=TOKEN_OPTIONAL)
    def post(self, body: dict[str, Any], game_id: UUID) -> Response:
        """A ticket for this game's stream in the token's view or a narrower one: it opens connections (and the
        browser's reconnects) for 60 seconds; it is the one credential allowed in a URL, and never logged."""
        app = meldbook()
        players = app.created(game_id).players
        viewer = narrowed(viewer_of(caller()), body.get("view"), body.get("player"), players)
        issued = app.tickets.issue(game_id, viewer)
        url = url_for("streams.Stream", game_id=game_id, ticket=issued.ticket)
        shown = {
            "ticket": issued.ticket,
            "expires_at": datetime.fromtimestamp(issued.expires_at, UTC).isoformat(),
            "view": viewer.view,
            "url": url,
        }
        return Response(json.dumps(shown), status=201, mimetype="application/json")
