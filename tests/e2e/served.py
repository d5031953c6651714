"""gunicorn as production runs it, for the fault tests: `-c python:api.gunicorn_config` (the asgi worker class serving
api/asgi.py), in a process group of its own so that a test can SIGKILL the whole of it, with its output (Meldbook's
JSON access log and gunicorn's own log) in one file; and an HTTP client that keeps its connection alive, as a real
one would.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from api.gunicorn_config import APP

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
STARTUP_SECONDS = 60.0
"""Generous: the machine may be busy; the tests count rounds, kills and cases, never seconds."""
IDLE_SECONDS = 2.0
"""A connection idle this long is reopened before a request: gunicorn closes idle keep-alive connections after 5 s,
and a POST sent on a connection the server is closing could not tell whether it was received."""


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Answer:
    """One HTTP answer: status, headers and the body decoded as JSON (None when it is not JSON)."""

    status: int
    headers: dict[str, str]
    body: Any
    text: str

    @property
    def mimetype(self) -> str:
        """The media type, without parameters."""
        return self.headers.get("content-type", "").split(";", 1)[0].strip()


class Client:
    """One keep-alive HTTP connection to the server, reopened when the server closes it."""

    def __init__(self, port: int, timeout: float = 120.0) -> None:
        self.port, self.timeout = port, timeout
        self._connection: http.client.HTTPConnection | None = None
        self._used = 0.0

    def close(self) -> None:
        """Close the connection."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def request(
        self, method: str, path: str, body: Any = None, headers: Mapping[str, str] | None = None, retry: bool = True
    ) -> Answer:
        """Send one request; on a connection the server had closed (keep-alive expired), reconnect once."""
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if self._connection is not None and time.monotonic() - self._used > IDLE_SECONDS:
            self.close()
        if self._connection is None:
            self._connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            self._connection.request(method, path, body=data, headers=sent)
            response = self._connection.getresponse()
            raw = response.read()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            self.close()
            if not retry or method != "GET":
                raise
            return self.request(method, path, body, headers, retry=False)
        self._used = time.monotonic()
        answer_headers = {k.lower(): v for k, v in response.getheaders()}
        if response.will_close:
            self.close()
        text = raw.decode("utf8", "replace")
        try:
            decoded = json.loads(raw) if raw else None
        except ValueError:
            decoded = None
        return Answer(response.status, answer_headers, decoded, text)

    def get(self, path: str, token: str | None = None) -> Answer:
        """GET a path, with the recorder token if given."""
        return self.request("GET", path, headers={"Authorization": f"Bearer {token}"} if token else None)

    def post(self, path: str, body: Any, token: str | None = None, headers: Mapping[str, str] | None = None) -> Answer:
        """POST a JSON body, with the recorder token if given."""
        sent = {**(headers or {}), **({"Authorization": f"Bearer {token}"} if token else {})}
        return self.request("POST", path, body, sent)


@dataclass
class Gunicorn:
    """A running gunicorn: its port, its process (the leader of its own process group) and its output."""

    port: int
    process: subprocess.Popen[bytes]
    output: Path
    workers: int
    clients: list[Client] = field(default_factory=list)

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def client(self) -> Client:
        """A new keep-alive client of this server."""
        made = Client(self.port)
        self.clients.append(made)
        return made

    def log(self) -> str:
        """Everything the server wrote so far."""
        return self.output.read_text(encoding="utf8", errors="replace")

    def apps_loaded(self) -> int:
        """How many workers have built the app so far (each says where it keeps the games once it has)."""
        return self.log().count("Meldbook keeps its games in")

    def worker_pids(self) -> list[int]:
        """The workers gunicorn booted, in order."""
        return [int(p) for p in re.findall(r"Booting worker with pid: (\d+)", self.log())]

    def access_lines(self) -> list[dict[str, Any]]:
        """Meldbook's access-log lines (api/logs.py), parsed."""
        return [json.loads(line) for line in self.log().splitlines() if line.startswith('{"request_id"')]

    def kill(self) -> None:
        """SIGKILL the whole process group: the arbiter and every worker, at once (clients in use find out)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> int:
        """Stop gunicorn gracefully and return its exit status."""
        for client in self.clients:
            client.close()
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=60)
        return self.process.returncode


# What every server a test starts has unless the test says otherwise: the suite creates games by the hundred from
# one address (the racing clients and their background players among them), so the creation limit is off.
SERVER_DEFAULTS = {"MELDBOOK_RATE_LIMIT_CREATE": "off"}


@contextmanager
def gunicorn(
    env: Mapping[str, str], output: Path, workers: int = 2, port: int | None = None
) -> Iterator[Gunicorn]:
    """Serve Meldbook with gunicorn (the project's settings) with these MELDBOOK_* variables; stop it afterwards."""
    server = start(env, output, workers, port)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.stop()


def start(env: Mapping[str, str], output: Path, workers: int = 2, port: int | None = None) -> Gunicorn:
    """Start gunicorn in a new process group and wait until every worker has built the app and /health answers."""
    port = port or free_port()
    inherited = {k: v for k, v in os.environ.items() if not k.startswith("MELDBOOK_")}
    full_env = {**inherited, **SERVER_DEFAULTS, **env}
    command = [str(GUNICORN), "-c", "python:api.gunicorn_config", "-w", str(workers), "-b", f"127.0.0.1:{port}"]
    command += [APP]
    with output.open("ab") as sink:
        process = subprocess.Popen(
            command, cwd=ROOT, env=full_env, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True
        )
    server = Gunicorn(port, process, output, workers)
    loaded = server.apps_loaded()
    probe = Client(port, timeout=10)
    deadline = time.monotonic() + STARTUP_SECONDS
    try:
        while True:
            assert process.poll() is None, server.log()[-3000:]
            try:
                if server.apps_loaded() >= loaded + workers and probe.get("/health").status == 200:
                    return server
            except OSError:
                probe.close()
            assert time.monotonic() < deadline, f"gunicorn did not start: {server.log()[-3000:]}"
            time.sleep(0.1)
    finally:
        probe.close()


def postgres_env(dbname: str, host: str, port: str | int, **extra: str) -> dict[str, str]:
    """The MELDBOOK_* variables of a PostgreSQL store."""
    return {
        "MELDBOOK_STORE": "postgres",
        "MELDBOOK_POSTGRES_DBNAME": dbname,
        "MELDBOOK_POSTGRES_HOST": host,
        "MELDBOOK_POSTGRES_PORT": str(port),
        **extra,
    }
