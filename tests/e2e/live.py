"""A real Meldbook server for end-to-end tests: `meldbook serve` in a subprocess, and a client that speaks HTTP to it.

The client answers like Flask's test client (`get`, `post`, responses with `status_code`, `mimetype`,
`get_json`, `get_data`), so a scenario written for the test client runs unchanged over a socket.
"""

from __future__ import annotations

import json as jsonlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

STARTUP_SECONDS = 20.0
POSTGRES_SETTINGS = ("DBNAME", "HOST", "PORT", "USER", "PASSWORD")


class LiveResponse:
    """One HTTP answer, read whole."""

    def __init__(self, status: int, content_type: str, data: bytes) -> None:
        self.status_code, self.data = status, data
        self.mimetype = content_type.split(";", 1)[0].strip()

    def get_json(self) -> Any:
        """The body parsed as JSON (None when there is no body)."""
        return jsonlib.loads(self.data) if self.data else None

    def get_data(self, as_text: bool = False) -> str | bytes:
        """The raw body."""
        return self.data.decode() if as_text else self.data


class LiveClient:
    """A client of a running server with the calling conventions of Flask's test client."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url

    def get(
        self, path: str, headers: Mapping[str, str] | None = None, query_string: Mapping[str, Any] | None = None
    ) -> LiveResponse:
        """GET a path, with optional headers and query parameters."""
        query = f"?{urllib.parse.urlencode(query_string)}" if query_string else ""
        return self._send(urllib.request.Request(f"{self.base_url}{path}{query}", headers=dict(headers or {})))

    def post(self, path: str, json: Any = None, headers: Mapping[str, str] | None = None) -> LiveResponse:
        """POST a JSON body to a path."""
        sent = {**(headers or {}), "Content-Type": "application/json"}
        body = jsonlib.dumps(json).encode()
        return self._send(urllib.request.Request(f"{self.base_url}{path}", data=body, headers=sent, method="POST"))

    @staticmethod
    def _send(request: urllib.request.Request) -> LiveResponse:
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return LiveResponse(answer.status, answer.headers.get("Content-Type", ""), answer.read())
        except urllib.error.HTTPError as error:
            return LiveResponse(error.code, error.headers.get("Content-Type", ""), error.read())


def meldbook_env(store_env: Mapping[str, str]) -> dict[str, str]:
    """The MELDBOOK_* variables that make `meldbook serve` use the store these eventsourcing settings name."""
    if store_env["PERSISTENCE_MODULE"].endswith("sqlite"):
        return {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": store_env["SQLITE_DBNAME"]}
    named = {f"MELDBOOK_POSTGRES_{key}": store_env[f"POSTGRES_{key}"] for key in POSTGRES_SETTINGS}
    return {"MELDBOOK_STORE": "postgres", **named}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_server(
    store_env: Mapping[str, str], meldbook: Path | None = None, cwd: Path | None = None
) -> Iterator[LiveClient]:
    """Start `meldbook serve` (this environment's, unless another is given) on a free port with this store, in
    `cwd` if given; wait until /health answers, and stop it afterwards."""
    port = _free_port()
    command = [str(meldbook or Path(sys.executable).with_name("meldbook")), "serve", "--port", str(port)]
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            command, cwd=cwd, env={**os.environ, **meldbook_env(store_env)}, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            yield _started(LiveClient(f"http://127.0.0.1:{port}"), process, log)
        finally:
            process.terminate()
            process.wait(timeout=10)


def _started(client: LiveClient, process: subprocess.Popen[bytes], log: IO[bytes]) -> LiveClient:
    """The client, once the server answers /health; the server's output in the error if it never does."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while True:
        try:
            if client.get("/health").status_code == 200:
                return client
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            log.seek(0)
            raise AssertionError(f"meldbook serve did not start: {log.read().decode()[-2000:]}")
        time.sleep(0.1)
