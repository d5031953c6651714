"""GET /games/{id}/stream and its tickets, served in the test process (where a stream sends what is stored and
ends): who may open it, with a token or a ticket, where it starts, and that no ticket reaches a log line. A live
game followed through gunicorn is tests/e2e/test_streams_live.py; the stream in every view against the events is
checked in the walk of every version (tests/walk.py)."""

from __future__ import annotations

import logging
import random
import threading
import urllib.request
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from api.headers import QuietRequestHandler
from service.tickets import PURPOSE, StreamTickets
from tests.e2e.helpers import all_events, assert_problem, bearer, create, play, streamed


@pytest.fixture
def records() -> Iterator[list[logging.LogRecord]]:
    """Every log record of every logger while the test runs (the access logger is attached to directly)."""
    kept: list[logging.LogRecord] = []
    handler = logging.Handler(logging.DEBUG)
    handler.emit = kept.append  # type: ignore[method-assign]
    loggers = [logging.getLogger(), logging.getLogger("meldbook.access")]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.addHandler(handler)
        log.setLevel(logging.DEBUG)
    yield kept
    for log, level in zip(loggers, levels, strict=True):
        log.removeHandler(handler)
        log.setLevel(level)


def ticket(client: FlaskClient, url: str, token: str | None, body: dict | None = None) -> str:
    answer = client.post(f"{url}/stream-tickets", json=body or {}, headers=bearer(token) if token else {})
    assert answer.status_code == 201, answer.get_json()
    shown = answer.get_json()
    assert shown["url"] == f"{url}/stream?ticket={shown['ticket']}"
    return str(shown["ticket"])


def test_a_private_games_stream_opens_with_a_token_or_its_ticket_and_answers_404_without(
    sqlite_client: FlaskClient,
) -> None:
    game = create(sqlite_client, access="private")
    viewer = sqlite_client.post(f"{game.url}/tokens/viewers", json={}, headers=game.auth).get_json()["token"]
    assert_problem(sqlite_client.get(f"{game.url}/stream"), 404, "game-not-found")
    events = all_events(sqlite_client, game.url, bearer(viewer))
    assert streamed(sqlite_client, game.url, bearer(viewer)) == events
    assert streamed(sqlite_client, game.url, query=f"?ticket={ticket(sqlite_client, game.url, viewer)}") == events
    assert_problem(sqlite_client.get(f"{game.url}/stream?ticket=forged.ticket"), 403, "invalid-ticket")
    assert_problem(sqlite_client.post(f"{game.url}/stream-tickets", json={}), 404, "game-not-found")


def test_a_ticket_is_refused_on_another_game_and_once_expired(sqlite_app: Flask, sqlite_client: FlaskClient) -> None:
    game, other = create(sqlite_client), create(sqlite_client)
    issued = ticket(sqlite_client, game.url, game.token)
    assert_problem(sqlite_client.get(f"{other.url}/stream?ticket={issued}"), 403, "invalid-ticket")
    meldbook = sqlite_app.extensions["meldbook"]
    meldbook.tickets = StreamTickets(lambda: meldbook.keyed.key(PURPOSE), clock=lambda: 10**10)  # long after
    expired = sqlite_client.get(f"{game.url}/stream?ticket={issued}")
    assert_problem(expired, 401, "ticket-expired")
    assert expired.headers["WWW-Authenticate"].startswith("Bearer")


def test_a_ticket_grants_the_tokens_view_or_a_narrower_one_never_a_wider(sqlite_client: FlaskClient) -> None:
    game = create(sqlite_client)
    play(sqlite_client, game, random.Random(4), 4)
    seat = sqlite_client.post(f"{game.url}/tokens/seats/ann", headers=game.auth).get_json()["token"]
    for token, view, player in ((seat, "seat", None), (None, "spectator", None), (game.token, "seat", "ann")):
        shown = all_events(sqlite_client, game.url, bearer(seat) if view == "seat" else {})
        body = {"view": view, **({"player": player} if player else {})}
        issued = ticket(sqlite_client, game.url, token, body)
        assert streamed(sqlite_client, game.url, query=f"?ticket={issued}") == shown
    refused = sqlite_client.post(f"{game.url}/stream-tickets", json={"view": "full"}, headers=bearer(seat))
    assert_problem(refused, 403, "view-not-allowed")
    assert_problem(sqlite_client.post(f"{game.url}/stream-tickets", json={"view": "seat", "player": "ann"}), 403)


def test_the_stream_starts_after_last_event_id_the_header_winning_over_the_query(sqlite_client: FlaskClient) -> None:
    game = create(sqlite_client)
    play(sqlite_client, game, random.Random(3), 3)
    events = all_events(sqlite_client, game.url)
    assert streamed(sqlite_client, game.url, query="?last_event_id=4") == events[4:]
    assert streamed(sqlite_client, game.url, {"Last-Event-ID": "6"}, query="?last_event_id=2") == events[6:]
    assert streamed(sqlite_client, game.url, {"Last-Event-ID": str(len(events))}) == []
    assert_problem(sqlite_client.get(f"{game.url}/stream", headers={"Last-Event-ID": "x1"}), 422, "validation-error")
    assert_problem(sqlite_client.get(f"{game.url}/stream?last_event_id=-1"), 422, "validation-error")


def test_a_token_in_the_streams_url_is_refused_while_a_ticket_is_taken(sqlite_client: FlaskClient) -> None:
    game = create(sqlite_client)
    assert_problem(sqlite_client.get(f"{game.url}/stream?token={game.token}"), 400, "token-in-query")
    assert_problem(sqlite_client.get(f"{game.url}/stream?access_token={game.token}"), 400, "token-in-query")


def test_no_ticket_reaches_any_log_line_whether_it_opens_a_stream_or_is_refused(
    sqlite_app: Flask, sqlite_client: FlaskClient, records: list[logging.LogRecord]
) -> None:
    game = create(sqlite_client, access="private")
    issued = [ticket(sqlite_client, game.url, game.token, {"view": view}) for view in ("full", "spectator")]
    streamed(sqlite_client, game.url, query=f"?ticket={issued[0]}")
    streamed(sqlite_client, game.url, {"Last-Event-ID": "1"}, query=f"?ticket={issued[1]}")
    sqlite_client.get(f"{create(sqlite_client).url}/stream?ticket={issued[0]}")  # another game's: refused
    sqlite_client.get(f"{game.url}/stream?ticket={issued[0][:-2]}")  # altered: refused
    meldbook = sqlite_app.extensions["meldbook"]
    meldbook.tickets = StreamTickets(lambda: meldbook.keyed.key(PURPOSE), clock=lambda: 10**10)
    sqlite_client.get(f"{game.url}/stream?ticket={issued[1]}")  # expired: refused
    lines = [logging.Formatter("%(name)s %(message)s").format(record) for record in records]
    access = [line for line in lines if line.startswith("meldbook.access")]
    assert len(access) >= 8
    for part in (t for one in issued for t in (one, *one.split("."))):
        assert not [line for line in lines if part in line]
    assert not [line for line in lines if "ticket" in line.lower() and "stream-tickets" not in line]


def test_meldbook_serves_request_lines_log_the_path_without_the_ticket(
    sqlite_app: Flask, records: list[logging.LogRecord]
) -> None:
    game = create(sqlite_app.test_client(), access="private")
    issued = ticket(sqlite_app.test_client(), game.url, game.token)
    httpd = make_server("127.0.0.1", 0, sqlite_app, threaded=True, request_handler=QuietRequestHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{httpd.server_port}{game.url}/stream?ticket={issued}"
        with urllib.request.urlopen(url, timeout=30) as answer:
            assert answer.status == 200 and b"id: 1" in answer.read()
    finally:
        httpd.shutdown()
        thread.join(timeout=10)
    lines = [record.getMessage() for record in records if record.name == "werkzeug"]
    assert [line for line in lines if f"GET {game.url}/stream HTTP/1.1" in line]
    assert not [line for line in lines if issued.split(".")[0] in line or "ticket" in line]
