"""Helpers for HTTP end-to-end tests: creating games, reading what is stored, checking problem documents."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.problem_table import PROBLEMS
from bots import concrete_bodies

PROBLEM = "application/problem+json"
AppFactory = Callable[..., Flask]
"""Builds an app with the MELDBOOK_* variables given (the `limited_app` fixture, tests/e2e/conftest.py)."""
PREFERRED = ("go_out", "meld", "lay_off")


@dataclass(frozen=True)
class Created:
    """A game created through POST /games."""

    id: str
    token: str
    version: int

    @property
    def url(self) -> str:
        """The game's URL."""
        return f"/games/{self.id}"

    @property
    def auth(self) -> dict[str, str]:
        """The recorder's Authorization header."""
        return bearer(self.token)


def bearer(token: str) -> dict[str, str]:
    """An Authorization header carrying a bearer token."""
    return {"Authorization": f"Bearer {token}"}


def create(
    client: FlaskClient,
    players: tuple[str, ...] = ("ann", "bob", "cy"),
    variant: str = "roby",
    deal_mode: str = "shuffled",
    **extra: Any,
) -> Created:
    """Create a game and return its id, token and version."""
    response = client.post(
        "/games", json={"variant": variant, "players": list(players), "deal_mode": deal_mode, **extra}
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return Created(body["id"], body["token"], body["version"])


def assert_problem(response: TestResponse, status: int, code: str | None = None, names: str | None = None) -> dict:
    """Check a refusal: the status, a problem document with a code and a detail naming the field or rule."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True)[:500])
    assert response.mimetype == PROBLEM
    problem = response.get_json()
    assert problem["status"] == status
    assert problem["code"] and problem["detail"]
    assert problem["code"] in PROBLEMS, f"{problem['code']} is in no problem table"
    assert (problem["type"], problem["title"]) == (f"/problems/{problem['code']}", PROBLEMS[problem["code"]].title)
    if code is not None:
        assert problem["code"] == code, problem
    if names is not None:
        assert names in problem["detail"] or names == problem.get("field") or names == problem["code"], problem
    return problem


def own_events(events: list[dict[str, Any]], body: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A move's events after its envelope, which comes first, numbers the move and names who recorded it."""
    envelope, *own = events
    assert envelope["type"] == "MoveRecorded", envelope
    assert envelope["data"]["recorded_by"] == "recorder" and envelope["data"]["move"] >= 1
    assert "expected_version" not in envelope["data"]["action"]
    if body is not None:
        assert envelope["data"]["action"]["type"] == body["type"]
    return own


def stored(app: Flask) -> int:
    """How many events the whole store holds (its last notification id)."""
    return int(app.extensions["meldbook"].recorder.max_notification_id() or 0)


def footprint(client: FlaskClient, game: Created) -> tuple[int, int]:
    """The game's version and its number of stored events, as the API reports them."""
    version = client.get(game.url).get_json()["version"]
    return version, len(all_events(client, game.url))


def all_events(client: Any, game_url: str, headers: dict[str, str] | None = None, after: int = 0) -> list[dict]:
    """Every stored event of a game after a version, page after page (each page checked against the listing shape)."""
    events: list[dict] = []
    query: dict[str, Any] = {"after": after, "limit": 500}
    while True:
        response = client.get(f"{game_url}/events", headers=headers or {}, query_string=query)
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        page = response.get_json()
        assert set(page) == {"items", "limit", "next_cursor", "total"}, page
        events += page["items"]
        if page["next_cursor"] is None:
            return events
        query = {"cursor": page["next_cursor"], "limit": 500}


def legal_actions(client: FlaskClient, game: Created) -> tuple[int, list[dict[str, Any]], bool]:
    """The game's version, its legal-actions list (as the recorder sees it) and whether it is over."""
    shown = client.get(game.url, headers=game.auth).get_json()
    return shown["version"], shown["legal_actions"], shown["over"]


def listed_bodies(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every concrete body the legal-actions list offers (choices and examples)."""
    return [body for entry in legal for body in concrete_bodies(entry)]


def pick_body(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A listed body, preferring table plays most of the time so that hands end."""
    bodies = listed_bodies(legal)
    table_plays = [b for b in bodies if b["type"] in PREFERRED]
    return rng.choice(table_plays if table_plays and rng.random() < 0.9 else bodies)


def play(client: FlaskClient, game: Created, rng: random.Random, moves: int) -> int:
    """Post up to `moves` listed bodies, each answered 201; return how many were played before the game ended."""
    for played in range(moves):
        version, legal, over = legal_actions(client, game)
        if over:
            assert legal == []
            return played
        body = pick_body(legal, rng)
        assert body["expected_version"] == version
        response = client.post(f"{game.url}/moves", json=body, headers=game.auth)
        assert response.status_code == 201, (body, response.get_json())
        assert response.get_json()["version"] > version
    return moves


def sse_messages(text: str) -> list[dict[str, Any]]:
    """The messages of a Server-Sent Events body, each as its fields (`id`, `data`, ...); comments left out."""
    messages = []
    for block in text.split("\n\n"):
        fields: dict[str, Any] = {}
        for line in block.splitlines():
            if line and not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
        if "data" in fields:
            messages.append(fields)
    return messages


def streamed(client: Any, game_url: str, headers: dict[str, str] | None = None, query: str = "") -> list[dict]:
    """Every event a game's stream sends (a stream served in the test process ends once it has sent what is
    stored), each checked to carry its version as its SSE id. The answer is closed once read, as a server closes it
    when the stream ends: that gives the address's stream back (MELDBOOK_STREAMS_PER_CLIENT), so a walk may read
    more streams than the cap."""
    with client.get(f"{game_url}/stream{query}", headers=headers or {}) as response:
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        assert response.mimetype == "text/event-stream"
        body = response.get_data(as_text=True)
    events = []
    for fields in sse_messages(body):
        event = json.loads(fields["data"])
        assert fields["id"] == str(event["version"]), fields
        events.append(event)
    return events
