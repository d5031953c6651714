"""Production: gunicorn with two workers on PostgreSQL serves one game to both workers."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from api.version import __version__
from tests import pg

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
READ_ROUNDS = 5


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(url: str, method: str = "GET", body: Any = None, token: str | None = None) -> tuple[int, Any]:
    """One HTTP request on a fresh connection; the status and the decoded JSON answer."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture
def gunicorn(fresh_postgres_dbname: str, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """gunicorn -w 2 on a free port against a fresh database; yields its URL and its access log."""
    port, log = free_port(), tmp_path / "access.log"
    env = {
        **os.environ,
        "MELDBOOK_STORE": "postgres",
        "MELDBOOK_POSTGRES_DBNAME": fresh_postgres_dbname,
        "MELDBOOK_POSTGRES_HOST": pg.host(),
        "MELDBOOK_POSTGRES_PORT": pg.port(),
    }
    command = [str(GUNICORN), "-w", "2", "-b", f"127.0.0.1:{port}", "api.app:create_app()"]
    command += ["--access-logfile", str(log), "--access-logformat", '%(p)s "%(r)s" %(s)s']
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.communicate()[0].decode()[-3000:]
            try:
                if call(f"{url}/health")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "gunicorn did not answer /health within 30 s"
            time.sleep(0.2)
        yield url, log
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0].decode()
    assert server.returncode == 0, output[-3000:]
    assert "Traceback" not in output, output[-3000:]


def test_gunicorn_with_two_workers_on_postgres_serves_one_game_through_both_workers(
    gunicorn: tuple[str, Path],
) -> None:
    url, log = gunicorn
    assert call(f"{url}/health") == (200, {"status": "ok", "store": "postgres", "version": __version__})
    status, created = call(f"{url}/games", "POST", {"variant": "roby", "players": ["ann", "bob"]})
    assert status == 201
    game, token = f"{url}/games/{created['id']}", created["token"]
    status, shown = call(game, token=token)
    move = {"type": "cut", "player": "ann", "card": "KS", "expected_version": shown["version"]}
    status, recorded = call(f"{game}/moves", "POST", move, token)
    assert status == 201
    pids: set[str] = set()
    for _ in range(READ_ROUNDS):  # on a busy machine one worker may take a whole round; a few rounds reach both
        with ThreadPoolExecutor(max_workers=8) as pool:
            reads = list(pool.map(lambda _: call(game), range(48)))
        assert {status for status, _ in reads} == {200}
        assert {doc["version"] for _, doc in reads} == {recorded["version"]}
        pids = set(re.findall(rf"^<(\d+)> \"GET /games/{created['id']} ", log.read_text(), flags=re.MULTILINE))
        if len(pids) == 2:
            break
    assert call(f"{url}/games?player=ann")[1]["total"] == 1
    assert len(pids) == 2, f"the reads were served by workers {pids}: {log.read_text()[:300]}"
