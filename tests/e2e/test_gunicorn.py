"""Production: gunicorn with two workers on PostgreSQL, with the project's settings (api/gunicorn_config.py). Both
workers start, each serves any game as it is now (whichever worker recorded its last move), the server advertises
no version, and the workers stay within their connection budget.

Which worker accepts a connection is the kernel's choice, so the test never counts on it: it stops all
workers but one (SIGSTOP) while that one is asked, so each worker in turn is the only one that can answer.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from api.gunicorn_config import APP
from api.version import __version__
from service.config import POOL_DEFAULTS
from tests import pg

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
WORKERS = 2


@dataclass
class Server:
    """A running gunicorn: its URL, its logs and its database."""

    url: str
    access_log: Path
    error_log: Path
    dbname: str

    def worker_pids(self) -> list[int]:
        """The workers gunicorn booted, once all have."""
        deadline = time.monotonic() + 30
        while True:
            pids = [int(p) for p in re.findall(r"Booting worker with pid: (\d+)", self.error_log.read_text())]
            if len(pids) >= WORKERS:
                return pids
            assert time.monotonic() < deadline, self.error_log.read_text()[-2000:]
            time.sleep(0.1)

    def served_by(self, pid: int, path: str, expected: int) -> int:
        """How many reads of this path the worker has answered, by the access log (written just after answering)."""
        deadline = time.monotonic() + 10
        while True:
            served = len(re.findall(rf'^<{pid}> "GET {re.escape(path)} ', self.access_log.read_text(), flags=re.M))
            if served >= expected or time.monotonic() > deadline:
                return served
            time.sleep(0.05)


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(url: str, method: str = "GET", body: Any = None, token: str | None = None) -> tuple[int, Any, Any]:
    """One HTTP request on a fresh connection; the status, the decoded JSON answer and the headers."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), error.headers


@pytest.fixture
def gunicorn(fresh_postgres_dbname: str, tmp_path: Path) -> Iterator[Server]:
    """gunicorn -w 2 on a free port against a fresh database, with the service's default pool settings."""
    port = free_port()
    server = Server(f"http://127.0.0.1:{port}", tmp_path / "access.log", tmp_path / "error.log", fresh_postgres_dbname)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("MELDBOOK_")},
        "MELDBOOK_STORE": "postgres",
        "MELDBOOK_POSTGRES_DBNAME": fresh_postgres_dbname,
        "MELDBOOK_POSTGRES_HOST": pg.host(),
        "MELDBOOK_POSTGRES_PORT": pg.port(),
    }
    command = [str(GUNICORN), "-c", "python:api.gunicorn_config", "-w", str(WORKERS), "-b", f"127.0.0.1:{port}"]
    command += [APP]
    command += ["--access-logfile", str(server.access_log), "--access-logformat", '%(p)s "%(r)s" %(s)s']
    command += ["--error-logfile", str(server.error_log)]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, server.error_log.read_text()[-3000:]
            try:
                if call(f"{server.url}/health")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "gunicorn did not answer /health within 30 s"
            time.sleep(0.2)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=30)
    errors = server.error_log.read_text()
    assert process.returncode == 0, errors[-3000:]
    assert "Traceback" not in errors, errors[-3000:]


@pytest.mark.server
def test_each_of_two_gunicorn_workers_serves_a_game_as_the_other_recorded_it(gunicorn: Server) -> None:
    url = gunicorn.url
    pids = gunicorn.worker_pids()
    assert call(f"{url}/health")[:2] == (200, {"status": "ok", "store": "postgres", "version": __version__})
    status, created, headers = call(f"{url}/games", "POST", {"variant": "roby", "players": ["ann", "bob"]})
    assert status == 201
    path, token = f"/games/{created['id']}", created["token"]
    version = created["version"]
    for pid in pids:
        others = [other for other in pids if other != pid]
        for other in others:
            os.kill(other, signal.SIGSTOP)
        try:
            move = {
                "type": "cut",
                "player": "ann" if pid == pids[0] else "bob",
                "card": "KS" if pid == pids[0] else "2C",
            }
            status, result, _ = call(f"{url}{path}/moves", "POST", {**move, "expected_version": version}, token)
            assert status == 201, result
            version = result["version"]
            for _ in range(3):
                status, shown, _ = call(f"{url}{path}")
                assert (status, shown["version"]) == (200, version)
        finally:
            for other in others:
                os.kill(other, signal.SIGCONT)
        assert gunicorn.served_by(pid, path, 3) == 3, gunicorn.access_log.read_text()[-1000:]
    status, listed, headers = call(f"{url}/games?player=ann")
    assert status == 200 and listed["total"] == 1
    assert [server.split("/")[0] for server in headers.get_all("Server")] == ["gunicorn"]
    assert not re.search(r"\d", headers["Server"])  # no version


@pytest.mark.server
def test_two_workers_hold_no_more_connections_than_their_pools_allow(gunicorn: Server) -> None:
    pids = gunicorn.worker_pids()
    status, created, _ = call(f"{gunicorn.url}/games", "POST", {"variant": "roby", "players": ["ann", "bob"]})
    assert status == 201
    for _ in range(20):
        assert call(f"{gunicorn.url}/games/{created['id']}")[0] == 200
        assert call(f"{gunicorn.url}/games")[0] == 200
    budget = len(pids) * (int(POOL_DEFAULTS["POOL_SIZE"]) + int(POOL_DEFAULTS["MAX_OVERFLOW"]))
    with pg.connect() as admin:
        row = admin.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (gunicorn.dbname,)).fetchone()
    assert row is not None and 0 < row[0] <= budget, f"{row[0]} connections for a budget of {budget}"
