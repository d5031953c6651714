"""More streams than the service allows, against gunicorn as production runs it (api/gunicorn_config.py: two asgi
workers serving api/asgi.py) on PostgreSQL: while they are open, GET /health and a move still answer, and the move
reaches every stream that was let in; the streams beyond the cap are refused with 429 and Retry-After; once the
streams are closed their places are free again.

One client address opens STREAMS streams with MELDBOOK_STREAMS_PER_CLIENT=CAP, so each worker lets in CAP of them
at most and refuses the rest: at least CAP are let in, more than the 2 workers x 4 threads that a stream each held
under the worker class before (and with which 16 streams made /health wait for their whole lifetime). The test counts
streams, answers and events, never time; its waits are generous deadlines, so it ends even where a stream holds a
thread.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import socket
import time
from pathlib import Path

import pytest

from tests import pg
from tests.e2e.served import Client, gunicorn, postgres_env
from tests.e2e.test_faults import create, next_move

pytestmark = [pytest.mark.postgres, pytest.mark.server]
WORKERS, CAP, STREAMS = 2, 10, 36
OLD_THREADS = 2 * 4
"""What the same two workers answered at once under the `gthread` worker class, one thread per stream."""
DEADLINE = 60.0
"""Generous: how long any one answer, or an event on a stream, may take on a busy machine."""


class Stream:
    """One connection to a game's stream: its answer's status, and for one let in, its events' versions."""

    def __init__(self, port: int, path: str) -> None:
        self.path = path.removesuffix("/stream")
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.ids: list[int] = []

    def refusal(self) -> tuple[dict[str, str], dict[str, object]]:
        """A refused stream's headers and problem document."""
        headers = {k.lower(): v for k, v in self.response.getheaders()}
        return headers, json.loads(self.response.read())

    def wait_for(self, version: int) -> None:
        """Read the stream until it has sent the event of this version (the raw lines: chunk sizes and fields)."""
        deadline = time.monotonic() + DEADLINE
        while not self.ids or self.ids[-1] < version:
            assert time.monotonic() < deadline, (self.ids[-3:], version)
            line = self.response.fp.readline().decode("utf8")
            assert line, f"the stream ended before version {version}"
            if line.startswith("id: "):
                self.ids.append(int(line[4:]))

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def test_more_streams_than_allowed_leave_health_and_moves_answering_and_the_move_reaches_every_stream_let_in(
    fresh_postgres_dbname: str, tmp_path: Path
) -> None:
    env = postgres_env(
        fresh_postgres_dbname, pg.host(), pg.port(), MELDBOOK_STREAM_SECONDS="600", MELDBOOK_STREAMS_PER_CLIENT=str(CAP)
    )
    with gunicorn(env, tmp_path / "server.log", workers=WORKERS) as server:
        lead = server.client()
        games = [create(lead), create(lead)]
        streams = [Stream(server.port, f"{games[i % 2].path}/stream") for i in range(STREAMS)]
        let_in = [stream for stream in streams if stream.status == 200]
        refused = [stream for stream in streams if stream.status != 200]
        try:
            assert OLD_THREADS < CAP <= len(let_in) <= WORKERS * CAP, [s.status for s in streams]
            for stream in refused:
                headers, problem = stream.refusal()
                assert (stream.status, problem["code"]) == (429, "too-many-streams"), problem
                assert headers["content-type"] == "application/problem+json" and int(headers["retry-after"]) >= 1

            fresh = Client(server.port, timeout=DEADLINE)
            health = fresh.get("/health")
            assert (health.status, health.body["status"]) == (200, "ok")
            game = games[0]
            version, body = next_move(fresh, game, random.Random(3))
            moved = fresh.post(f"{game.path}/moves", {**body, "expected_version": version}, game.token)
            assert moved.status == 201, moved.text
            for stream in let_in:  # the moved game's streams get the move; the other's, what it holds
                stream.wait_for(moved.body["version"] if stream.path == game.path else games[1].version)
            assert fresh.get("/health").status == 200
        finally:
            for stream in streams:
                stream.close()

        again: list[Stream] = []
        deadline = time.monotonic() + DEADLINE
        while len(again) < CAP:  # the closed streams' places come back once their workers see the clients gone
            assert time.monotonic() < deadline, "the closed streams' places never came back"
            stream = Stream(server.port, f"{games[1].path}/stream")
            if stream.status == 200:
                again.append(stream)
            else:
                stream.close()
                time.sleep(0.2)
        for stream in again:
            stream.close()
    log = server.log()
    assert "Traceback" not in log, log[-3000:]
    assert all(line["status"] < 500 for line in server.access_lines())

