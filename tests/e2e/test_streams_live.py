"""A live game followed through GET /games/{id}/stream, with real HTTP clients, against gunicorn as production runs
it (api/gunicorn_config.py: the asgi worker class serving api/asgi.py, two workers) on PostgreSQL.

A spectator's stream (no token) and a seat's (a ticket in its URL, as a browser's EventSource opens it) follow
moves recorded through the API until one of those moves was served by the worker that does not serve the
spectator's stream; then that worker is killed (SIGKILL), gunicorn's arbiter boots another, the streams reconnect
with Last-Event-ID (the seat's with the same ticket, as a browser does) and follow the moves recorded meanwhile: each
gets every event of its view exactly once, in order, equal to what GET /events shows in that view. A graceful stop
ends an open stream (its last chunk comes) rather than cutting it after graceful_timeout. No line the server wrote
holds a ticket or a token. The test counts events and moves and never asserts on time.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import signal
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests import pg
from tests.e2e.served import Client, Gunicorn, gunicorn, postgres_env
from tests.e2e.test_faults import Game, all_events, create, next_move

pytestmark = [pytest.mark.postgres, pytest.mark.server]
DEADLINE = 90.0
"""Generous: how long a stream may take to deliver what is stored, on a busy machine."""
MOVES, MOST_MOVES = 6, 40


class Listener(threading.Thread):
    """One SSE connection to a stream, read on a thread: the events it got, and the port it connects from."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream", **(headers or {})})
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.read()[:500]
        assert self.response.getheader("Content-Type", "").startswith("text/event-stream")
        self.local_port = self.connection.sock.getsockname()[1]
        self.events: list[dict[str, Any]] = []
        self.ended = threading.Event()
        self.finished = False
        """Whether the stream ended, rather than its connection being cut: the last chunk came."""
        self.start()

    def run(self) -> None:
        """Read the answer's raw lines: chunk sizes (a line without a colon, each chunk whole messages) and the SSE
        fields; the zero-length chunk ends the answer."""
        assert self.response.chunked
        fields: dict[str, str] = {}
        try:
            while line := self.response.fp.readline():
                text = line.decode("utf8").rstrip("\r\n")
                if text == "0":
                    self.finished = True
                elif text == "":
                    if "data" in fields:
                        event = json.loads(fields["data"])
                        assert fields["id"] == str(event["version"])
                        self.events.append(event)
                    fields = {}
                elif not text.startswith(":"):
                    name, _, value = text.partition(":")
                    fields[name] = value.removeprefix(" ")
        except (OSError, ValueError, http.client.HTTPException):
            pass  # the test closed the connection
        finally:
            self.ended.set()

    def last_id(self) -> int:
        """The version of the last event received."""
        return int(self.events[-1]["version"]) if self.events else 0

    def wait_for(self, version: int) -> None:
        """Wait until the stream has sent the event of this version."""
        deadline = time.monotonic() + DEADLINE
        while self.last_id() < version:
            assert time.monotonic() < deadline, (self.last_id(), version)
            time.sleep(0.05)

    def close(self) -> None:
        """Close the connection and wait for the reader to stop."""
        with contextlib.suppress(OSError):
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()
        self.ended.wait(DEADLINE)


def worker_of(server: Gunicorn, client_port: int) -> int | None:
    """The gunicorn worker holding the server's end of the connection from this client port (from /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for row in Path(table).read_text().splitlines()[1:]:
            columns = row.split()
            local, remote = int(columns[1].rsplit(":", 1)[1], 16), int(columns[2].rsplit(":", 1)[1], 16)
            if (local, remote) == (server.port, client_port):
                inodes.add(f"socket:[{columns[9]}]")
    for pid in server.worker_pids():
        try:
            held = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        except OSError:  # a worker that has died
            continue
        if held & inodes:
            return pid
    return None


def record_one(server: Gunicorn, game: Game, rng: random.Random) -> int | None:
    """Record one move on a fresh connection (the kernel picks the worker); the worker that served it."""
    client = Client(server.port)
    try:
        version, body = next_move(client, game, rng)
        answer = client.post(f"{game.path}/moves", {**body, "expected_version": version}, game.token)
        assert answer.status == 201, answer.text
        return worker_of(server, client._connection.sock.getsockname()[1]) if client._connection else None
    finally:
        client.close()


def test_streams_follow_a_live_game_across_workers_and_through_a_worker_killed_resuming_with_last_event_id(
    fresh_postgres_dbname: str, tmp_path: Path
) -> None:
    env = postgres_env(fresh_postgres_dbname, pg.host(), pg.port(), MELDBOOK_STREAM_SECONDS="600")
    with gunicorn(env, tmp_path / "server.log", workers=2) as server:
        lead = server.client()
        game = create(lead)
        seat = lead.post(f"{game.path}/tokens/seats/ann", {}, game.token)
        assert seat.status == 201, seat.text
        seat_token = seat.body["token"]
        issued = lead.post(f"{game.path}/stream-tickets", {}, seat_token)
        assert issued.status == 201 and issued.body["view"] == "seat", issued.text
        ticket_path = issued.body["url"]
        spectator = Listener(server.port, f"{game.path}/stream")
        seat_stream = Listener(server.port, ticket_path)
        streaming = worker_of(server, spectator.local_port)
        assert streaming is not None
        rng = random.Random(9)
        served = [record_one(server, game, rng) for _ in range(MOVES)]
        while not [pid for pid in served if pid not in (streaming, None)]:
            assert len(served) < MOST_MOVES, "every move went to the worker serving the stream"
            served.append(record_one(server, game, rng))
        version = lead.get(game.path).body["version"]
        spectator.wait_for(version)
        seat_stream.wait_for(version)
        assert spectator.events == all_events_in(lead, game)
        assert seat_stream.events == all_events_in(lead, game, seat_token)

        booted = len(server.worker_pids())
        os.kill(streaming, signal.SIGKILL)  # the spectator's stream dies with its worker
        assert spectator.ended.wait(DEADLINE) and not spectator.finished
        seat_stream.close()  # as a browser's EventSource would reconnect, had its worker been the one killed
        for _ in range(3):
            record_one(server, game, rng)
        resumed = Listener(server.port, f"{game.path}/stream", {"Last-Event-ID": str(spectator.last_id())})
        seat_again = Listener(server.port, ticket_path, {"Last-Event-ID": str(seat_stream.last_id())})
        for _ in range(2):
            record_one(server, game, rng)
        version = lead.get(game.path).body["version"]
        resumed.wait_for(version)
        seat_again.wait_for(version)
        resumed.close()
        seat_again.close()
        assert spectator.events + resumed.events == all_events_in(lead, game)
        assert seat_stream.events + seat_again.events == all_events_in(lead, game, seat_token)
        deadline = time.monotonic() + DEADLINE
        while len(server.worker_pids()) == booted:  # the arbiter replaces the killed worker
            assert time.monotonic() < deadline, server.log()[-3000:]
            time.sleep(0.1)
        last = Listener(server.port, f"{game.path}/stream", {"Last-Event-ID": str(resumed.last_id())})
        server.stop()  # graceful: the worker asks its streams to end, rather than wait graceful_timeout for them
        assert last.ended.wait(DEADLINE) and last.finished and last.events == []
    log = server.log()
    assert issued.body["ticket"] not in log and game.token not in log and seat_token not in log
    assert "Traceback" not in log, log[-3000:]
    assert all(line["status"] < 500 for line in server.access_lines())


def all_events_in(client: Client, game: Game, token: str | None = None) -> list[dict[str, Any]]:
    """Every event of the game as GET /events shows it with this token (none: a spectator)."""
    return all_events(client, Game(game.id, token, game.version)) if token else spectator_events(client, game)


def spectator_events(client: Client, game: Game) -> list[dict[str, Any]]:
    """Every event of the game as a spectator reads it."""
    answer = client.get(f"{game.path}/events?after=0&limit=500")
    assert answer.status == 200 and answer.body["next_cursor"] is None, answer.text
    return list(answer.body["items"])
