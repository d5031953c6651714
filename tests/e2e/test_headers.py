"""Every answer carries the headers that keep tokens and hidden cards out of caches, pages unframed, versions quiet."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from tests.e2e.helpers import create
from tests.e2e.live import running_server

ORIGIN = "https://scores.example.org"


def _answers(client: FlaskClient) -> dict[str, object]:
    game = create(client, deal_mode="recorded")
    cut = {"type": "cut", "player": "ann", "card": "KS", "expected_version": game.version}
    return {
        "health": client.get("/health"),
        "a game, to a spectator": client.get(game.url),
        "a game, to the recorder": client.get(game.url, headers=game.auth),
        "events, to the recorder": client.get(f"{game.url}/events", headers=game.auth),
        "a new game": client.post("/games", json={"variant": "roby", "players": ["ann", "bob"]}),
        "a move": client.post(f"{game.url}/moves", json=cut, headers=game.auth),
        "a 404": client.get("/nowhere"),
        "a 405": client.delete("/games"),
        "a 422": client.get("/games?limit=0"),
        "the docs page": client.get("/docs"),
        "a docs asset": client.get("/docs/assets/swagger-ui.css"),
        "the contract": client.get("/openapi.yaml"),
        "a problem page": client.get("/problems/invalid-text", headers={"Accept": "text/html"}),
    }


def test_every_answer_says_nosniff_and_no_referrer_and_varies_by_authorization(sqlite_client: FlaskClient) -> None:
    for name, response in _answers(sqlite_client).items():
        assert response.headers["X-Content-Type-Options"] == "nosniff", name  # type: ignore[attr-defined]
        assert response.headers["Referrer-Policy"] == "no-referrer", name  # type: ignore[attr-defined]
        assert "Authorization" in response.headers["Vary"], name  # type: ignore[attr-defined]


def test_answers_with_a_token_or_hidden_cards_are_never_stored_and_spectator_reads_are_revalidated(
    sqlite_client: FlaskClient,
) -> None:
    answers = _answers(sqlite_client)
    for name in ("a game, to the recorder", "events, to the recorder", "a new game", "a move"):
        assert answers[name].headers["Cache-Control"] == "no-store", name  # type: ignore[attr-defined]
    assert answers["a new game"].get_json()["token"]  # type: ignore[attr-defined]
    assert answers["a game, to the recorder"].get_json()["state"]  # type: ignore[attr-defined]
    assert answers["a game, to a spectator"].headers["Cache-Control"] == "no-cache"  # type: ignore[attr-defined]


def test_html_pages_get_a_strict_content_security_policy_and_other_answers_one_that_allows_nothing(
    sqlite_client: FlaskClient,
) -> None:
    for name, response in _answers(sqlite_client).items():
        policy = response.headers["Content-Security-Policy"]  # type: ignore[attr-defined]
        assert "frame-ancestors 'none'" in policy, name
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "*" not in policy, name
        if response.mimetype == "text/html":  # type: ignore[attr-defined]
            assert "script-src 'self'" in policy and "default-src 'self'" in policy, name
            assert response.headers["X-Frame-Options"] == "DENY"  # type: ignore[attr-defined]
            assert not re.search(r"<script>|<script [^>]*>[^<]", response.get_data(as_text=True)), name  # type: ignore[attr-defined]
        else:
            assert policy.startswith("default-src 'none'"), name


def test_no_cors_answer_is_given_unless_origins_are_configured(sqlite_client: FlaskClient) -> None:
    asked = {"Origin": ORIGIN, "Access-Control-Request-Method": "POST"}
    for response in (
        sqlite_client.get("/games", headers={"Origin": ORIGIN}),
        sqlite_client.options("/games", headers=asked),
    ):
        assert not [name for name, _ in response.headers.items() if name.lower().startswith("access-control-")]


@pytest.fixture
def cors_app(sqlite_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The API with one configured CORS origin."""
    monkeypatch.setenv("MELDBOOK_CORS_ORIGINS", f"{ORIGIN}, https://other.example.org")
    app = create_app(env=sqlite_env)
    yield app
    app.extensions["meldbook"].close()


def test_configured_origins_get_cors_answers_and_preflights_and_others_get_none(cors_app: Flask) -> None:
    client = cors_app.test_client()
    read = client.get("/games", headers={"Origin": ORIGIN})
    assert read.headers["Access-Control-Allow-Origin"] == ORIGIN and "Origin" in read.headers["Vary"]
    assert {"ETag", "Retry-After", "X-Request-ID"} <= {
        h.strip() for h in read.headers["Access-Control-Expose-Headers"].split(",")
    }
    preflight = client.options(
        "/games/00000000-0000-4000-8000-000000000000/moves",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "If-Match",
        },
    )
    assert preflight.status_code == 200 and preflight.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert {"Authorization", "Content-Type", "If-Match", "X-Request-ID"} <= {
        h.strip() for h in preflight.headers["Access-Control-Allow-Headers"].split(",")
    }
    stranger = client.get("/games", headers={"Origin": "https://evil.example.com"})
    assert "Access-Control-Allow-Origin" not in stranger.headers


@pytest.mark.server
def test_meldbook_serve_does_not_advertise_a_version(sqlite_env: dict[str, str]) -> None:
    with (
        running_server(sqlite_env) as client,
        urllib.request.urlopen(f"{client.base_url}/health", timeout=10) as answer,
    ):
        server = answer.headers.get_all("Server")
    assert server == ["Meldbook"]
