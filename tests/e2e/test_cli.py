"""The `meldbook` console command serves the API."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from api.version import __version__

MELDBOOK = Path(sys.executable).with_name("meldbook")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_meldbook_serve_answers_on_the_given_port_with_a_sqlite_file(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(tmp_path / "games.sqlite")}
    server = subprocess.Popen([str(MELDBOOK), "serve", "--port", str(port)], env=env, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1) as answer:
                    assert json.load(answer) == {"status": "ok", "store": "sqlite", "version": __version__}
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("meldbook serve did not answer")
        assert (tmp_path / "games.sqlite").exists()
    finally:
        server.terminate()
        server.wait(timeout=10)
