"""Meldbook's ASGI app (api/asgi.py), driven in the test process as an ASGI server drives it, on a SQLite file: every
route answers through it as the Flask app answers (a stream's HEAD with its head alone); a body longer than any
route takes is refused unread; a stream is checked by the Flask view and then followed on the event loop, woken by
the notification log, until its lifetime ends, its client goes or its worker stops, giving back its client's place
each time; a worker without room for another stream says 503 while every other route answers. The same app under
gunicorn on PostgreSQL: tests/e2e/test_streams_live.py and tests/e2e/test_stream_overload.py."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from api.app import create_app
from api.asgi import MAX_BODY, MeldbookASGI, serve, wsgi_environ
from api.gunicorn_config import STOPPING
from api.limits import HELD
from tests.e2e.helpers import all_events, assert_problem, bearer, create, play, sse_messages

DEADLINE = 60.0
"""Generous: how long a stream may take to deliver, on a busy machine (the tests never assert on time)."""


@dataclass
class Answer:
    """An answer as the server would have sent it: status, headers, body; read like Flask's test responses."""

    status_code: int
    headers: dict[str, str]
    data: bytes
    ended: bool = True

    @property
    def mimetype(self) -> str:
        return self.headers.get("content-type", "").split(";", 1)[0].strip()

    def get_json(self) -> Any:
        return json.loads(self.data)

    def get_data(self, as_text: bool = False) -> str | bytes:
        return self.data.decode() if as_text else self.data

    def events(self) -> list[dict[str, Any]]:
        """The events of a stream's body, each checked to carry its version as its id."""
        found = []
        for fields in sse_messages(self.data.decode()):
            event = json.loads(fields["data"])
            assert fields["id"] == str(event["version"])
            found.append(event)
        return found


class Exchange:
    """One request to the app, as a server makes it: the body given at once; the client goes when `leave()` is
    called; what the app sends, collected."""

    def __init__(self, app: MeldbookASGI, method: str, path: str, body: bytes = b"", **headers: str) -> None:
        path, _, query = path.partition("?")
        given = [(name.replace("_", "-").lower().encode(), value.encode()) for name, value in headers.items()]
        if body:
            given.append((b"content-length", str(len(body)).encode()))
        self.scope = {
            "type": "http", "method": method, "path": path, "query_string": query.encode(), "headers": given,
            "http_version": "1.1", "scheme": "http", "client": ("10.0.0.1", 40000), "server": ("127.0.0.1", 8000),
        }
        self.body, self.gone, self.sent = body, asyncio.Event(), asyncio.Queue[dict[str, Any]]()
        self.task = asyncio.get_running_loop().create_task(app(self.scope, self.receive, self.sent.put))
        self.status, self.headers, self.data, self.ended = 0, {}, b"", False

    async def receive(self) -> dict[str, Any]:
        if self.body is not None:
            body, self.body = self.body, None
            return {"type": "http.request", "body": body, "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    def leave(self) -> None:
        self.gone.set()

    async def read_until(self, done: Any) -> Answer:
        """Read what the app sends until `done(answer)` holds or the answer ends."""
        while not self.ended and not (self.status and done(self.answer())):
            message = await asyncio.wait_for(self.sent.get(), DEADLINE)
            if message["type"] == "http.response.start":
                self.status = message["status"]
                self.headers = {name.decode(): value.decode() for name, value in message["headers"]}
            else:
                self.data += message.get("body", b"")
                self.ended = not message.get("more_body", False)
        return self.answer()

    def answer(self) -> Answer:
        return Answer(self.status, self.headers, self.data, self.ended)


async def ask(app: MeldbookASGI, method: str, path: str, body: Any = None, **headers: str) -> Answer:
    """One whole request and its whole answer."""
    data = b"" if body is None else json.dumps(body).encode()
    if body is not None:
        headers.setdefault("content_type", "application/json")
    exchange = Exchange(app, method, path, data, **headers)
    answer = await exchange.read_until(lambda _: False)
    await exchange.task
    return answer


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[tuple[MeldbookASGI, Flask]]:
    """The ASGI app over a Flask app on a SQLite file, streams living 30 s (ended sooner by each test)."""
    monkeypatch.setenv("MELDBOOK_STREAM_SECONDS", "30")
    monkeypatch.setenv("MELDBOOK_STREAMS_PER_CLIENT", "2")
    flask = create_app(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "m.db")})
    app = serve(flask)
    yield app, flask
    app.requests.shutdown()
    app.reader.shutdown()
    flask.extensions["meldbook"].close()


def held(flask: Flask) -> int:
    """Streams the test client's address holds now."""
    return flask.extensions[HELD]["streams"].held("10.0.0.1")


def test_every_route_answers_through_the_asgi_app_as_the_flask_app_answers_it(
    served: tuple[MeldbookASGI, Flask],
) -> None:
    app, flask = served

    async def run() -> None:
        health = await ask(app, "GET", "/health")
        assert (health.status_code, health.get_json()["status"]) == (200, "ok")
        created = await ask(app, "POST", "/games", {"variant": "roby", "players": ["ann", "bob"]})
        assert created.status_code == 201, created.data
        game = created.get_json()
        url, auth = f"/games/{game['id']}", {"authorization": f"Bearer {game['token']}"}
        move = {"type": "cut", "player": "ann", "card": "KS", "expected_version": game["version"]}
        moved = await ask(app, "POST", f"{url}/moves", move, **auth)
        assert moved.status_code == 201, moved.data
        assert_problem(await ask(app, "POST", f"{url}/moves", move, **auth), 409)
        events = await ask(app, "GET", f"{url}/events?after=0&limit=500", **auth)
        assert events.get_json() == flask.test_client().get(f"{url}/events?after=0&limit=500", headers=auth).get_json()
        assert_problem(await ask(app, "GET", f"{url}/nowhere"), 404)
        head = await ask(app, "HEAD", f"{url}/stream")  # the stream's head alone: nothing followed, no place held
        assert (head.status_code, head.data, held(flask)) == (200, b"", 0)

    asyncio.run(run())


def test_a_body_longer_than_any_route_takes_is_refused_413_without_being_read(
    served: tuple[MeldbookASGI, Flask],
) -> None:
    app, _ = served

    async def run() -> None:
        json_type = "application/json"
        declared = Exchange(app, "POST", "/games", b"", content_length=str(MAX_BODY + 1), content_type=json_type)
        declared.body = None  # nothing is ever sent: the app must not wait for it
        assert_problem(await declared.read_until(lambda _: False), 413)
        sent = Exchange(app, "POST", "/games", b"x" * (MAX_BODY + 10), content_type=json_type)
        assert_problem(await sent.read_until(lambda _: False), 413)

    asyncio.run(run())


def test_a_header_whose_name_holds_an_underscore_is_dropped_so_it_cannot_pass_for_another() -> None:
    scope = {
        "type": "http", "method": "GET", "path": "/health", "query_string": b"",
        "headers": [(b"x_forwarded_for", b"203.0.113.9"), (b"x-request-id", b"abc"), (b"accept", b"a"),
                    (b"accept", b"b")],
        "client": ("10.0.0.9", 1),
    }
    environ = wsgi_environ(scope, b"")
    assert "HTTP_X_FORWARDED_FOR" not in environ
    assert (environ["HTTP_X_REQUEST_ID"], environ["HTTP_ACCEPT"], environ["REMOTE_ADDR"]) == ("abc", "a,b", "10.0.0.9")


def test_a_stream_sends_what_is_stored_then_each_move_as_it_is_recorded_in_its_view_and_gives_its_place_back(
    served: tuple[MeldbookASGI, Flask],
) -> None:
    app, flask = served
    client = flask.test_client()
    game = create(client)
    play(client, game, random.Random(5), 2)
    seat = client.post(f"{game.url}/tokens/seats/ann", headers=game.auth).get_json()["token"]

    async def run() -> None:
        spectator = Exchange(app, "GET", f"{game.url}/stream")
        seated = Exchange(app, "GET", f"{game.url}/stream", authorization=f"Bearer {seat}", last_event_id="2")
        stored = len(all_events(client, game.url))
        await spectator.read_until(lambda answer: len(answer.events()) == stored)
        await seated.read_until(lambda answer: len(answer.events()) == stored - 2)
        assert held(flask) == 2
        assert_problem(await ask(app, "GET", f"{game.url}/stream"), 429, "too-many-streams")
        await asyncio.get_running_loop().run_in_executor(None, play, client, game, random.Random(6), 3)
        now = len(all_events(client, game.url))
        assert now > stored
        shown = await spectator.read_until(lambda answer: len(answer.events()) == now)
        assert shown.events() == all_events(client, game.url)
        seen = await seated.read_until(lambda answer: len(answer.events()) == now - 2)
        assert seen.events() == all_events(client, game.url, bearer(seat))[2:]
        assert shown.data.startswith(b"retry: 2000\n\n") and not shown.ended
        spectator.leave()  # the client goes: the stream ends, and its place is given back
        await spectator.task
        flask.extensions[STOPPING] = lambda: True  # the worker stops: the other stream ends, its last chunk sent
        assert (await seated.read_until(lambda _: False)).ended
        await seated.task
        assert held(flask) == 0

    asyncio.run(run())


def test_a_worker_without_room_for_another_stream_answers_503_and_every_other_route_still_answers(
    served: tuple[MeldbookASGI, Flask],
) -> None:
    app, flask = served
    game = create(flask.test_client())
    app.room = 0

    async def run() -> None:
        full = await ask(app, "GET", f"{game.url}/stream")
        assert_problem(full, 503, "streams-full")
        assert int(full.headers["retry-after"]) >= 1
        assert (await ask(app, "GET", "/health")).status_code == 200
        assert (await ask(app, "GET", game.url)).status_code == 200
        assert held(flask) == 0

    asyncio.run(run())
