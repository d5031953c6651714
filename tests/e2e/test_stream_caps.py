"""A client address holds at most MELDBOOK_STREAMS_PER_CLIENT open streams at once (429 with Retry-After beyond),
counted on the address the trusted-proxy setting gives; a stream gives its place back once it is closed. Served
in the test process, where a stream's answer holds its place until the answer is closed."""

from __future__ import annotations

from flask import Flask
from werkzeug.test import TestResponse

from tests.e2e.helpers import AppFactory, assert_problem, create


def open_stream(app: Flask, url: str, peer: str, forwarded: str | None = None) -> TestResponse:
    """A stream opened from this peer address (through a proxy that says who it forwards, if given), left open."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = peer
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return client.get(f"{url}/stream", headers=headers, buffered=False)


def test_one_stream_beyond_the_cap_is_a_429_with_retry_after_and_a_closed_stream_gives_its_place_back(
    limited_app: AppFactory,
) -> None:
    app = limited_app(MELDBOOK_STREAMS_PER_CLIENT="2")
    game, other = create(app.test_client()), create(app.test_client())
    held = [open_stream(app, game.url, "10.0.0.1"), open_stream(app, other.url, "10.0.0.1")]
    assert [answer.status_code for answer in held] == [200, 200]
    refused = open_stream(app, game.url, "10.0.0.1")
    problem = assert_problem(refused, 429, "too-many-streams")
    assert int(refused.headers["Retry-After"]) >= 1
    assert "holds 2 open streams" in problem["detail"]
    assert open_stream(app, game.url, "10.0.0.2").status_code == 200  # another address has places of its own
    held[0].close()
    again = open_stream(app, game.url, "10.0.0.1")
    assert again.status_code == 200
    assert_problem(open_stream(app, other.url, "10.0.0.1"), 429, "too-many-streams")


def test_a_refused_stream_holds_no_place_and_a_request_refused_for_another_reason_takes_none(
    limited_app: AppFactory,
) -> None:
    app = limited_app(MELDBOOK_STREAMS_PER_CLIENT="1")
    game = create(app.test_client(), access="private")
    for _ in range(3):
        assert_problem(open_stream(app, game.url, "10.0.0.3"), 404, "game-not-found")
    public = create(app.test_client())
    first = open_stream(app, public.url, "10.0.0.3")
    assert first.status_code == 200
    for _ in range(3):
        assert_problem(open_stream(app, public.url, "10.0.0.3"), 429, "too-many-streams")
    first.close()
    assert open_stream(app, public.url, "10.0.0.3").status_code == 200


def test_without_trusted_proxies_streams_count_on_the_peer_whatever_x_forwarded_for_says(
    limited_app: AppFactory,
) -> None:
    app = limited_app(MELDBOOK_STREAMS_PER_CLIENT="1")
    game = create(app.test_client())
    assert open_stream(app, game.url, "10.0.0.9", "203.0.113.1").status_code == 200
    assert_problem(open_stream(app, game.url, "10.0.0.9", "203.0.113.2"), 429, "too-many-streams")


def test_behind_a_trusted_proxy_streams_count_on_the_client_address_it_forwards(limited_app: AppFactory) -> None:
    app = limited_app(MELDBOOK_STREAMS_PER_CLIENT="1", MELDBOOK_TRUSTED_PROXIES="1")
    game = create(app.test_client())
    assert open_stream(app, game.url, "10.0.0.9", "203.0.113.1").status_code == 200
    assert open_stream(app, game.url, "10.0.0.9", "203.0.113.2").status_code == 200  # another client, same proxy
    spoofed = open_stream(app, game.url, "10.0.0.9", "198.51.100.7, 203.0.113.1")  # one trusted hop: 203.0.113.1
    assert_problem(spoofed, 429, "too-many-streams")
    assert open_stream(app, game.url, "10.0.0.8", "203.0.113.3").status_code == 200


def test_the_cap_is_fifty_by_default_and_in_the_contract(limited_app: AppFactory) -> None:
    app = limited_app()
    game = create(app.test_client())
    held = [open_stream(app, game.url, "10.0.0.4") for _ in range(50)]
    assert {answer.status_code for answer in held} == {200}
    assert_problem(open_stream(app, game.url, "10.0.0.4"), 429, "too-many-streams")
    spec = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    responses = spec["paths"]["/games/{game_id}/stream"]["get"]["responses"]
    assert "Retry-After" in responses["429"]["headers"] and "Retry-After" in responses["503"]["headers"]
