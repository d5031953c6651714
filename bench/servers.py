"""Servers the benchmarks talk to over HTTP (Werkzeug's development server, or gunicorn with Meldbook's settings),
and the one client they use: a keep-alive HTTP/1.1 connection, reopened whenever the server closes it."""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from api.gunicorn_config import APP

BIN = Path(sys.executable).parent
STARTUP_SECONDS = 60.0


class ServerFailedError(RuntimeError):
    """The server did not answer /health in time."""


@dataclass(frozen=True, slots=True)
class Server:
    """A server started for a benchmark: where it listens and its process (whose RSS can be read)."""

    name: str
    port: int
    process: subprocess.Popen[bytes]

    def client(self) -> Client:
        """A new keep-alive client of this server."""
        return Client(self.port)

    def pids(self) -> list[int]:
        """The server's process and its descendants (gunicorn's or granian's workers), whichever thread forked
        them."""
        found, waiting = [], [self.process.pid]
        while waiting:
            pid = waiting.pop()
            found.append(pid)
            for children in Path(f"/proc/{pid}/task").glob("*/children"):
                try:
                    waiting += map(int, children.read_text().split())
                except OSError:  # the thread or process ended meanwhile
                    continue
        return found

    def cpu_seconds(self) -> float:
        """CPU seconds the server's processes have used so far (user and system; not the database server's): on a
        busy machine, a cost that waiting for the CPU does not inflate."""
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime and stime, in clock ticks
        return total / os.sysconf("SC_CLK_TCK")


class Client:
    """One HTTP connection kept alive across requests (the development server closes it after each answer)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: Any = None, token: str | None = None, **headers: str) -> Any:
        """Send one request and return (status, decoded JSON body or None)."""
        sent = {k.replace("_", "-"): v for k, v in headers.items()}
        if token:
            sent["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            sent["Content-Type"] = "application/json"
        for attempt in (1, 2):
            if self._connection is None:
                self._connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            try:
                self._connection.request(method, path, body=data, headers=sent)
                response = self._connection.getresponse()
                raw = response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.close()
                if attempt == 2:
                    raise
                continue
            if response.will_close:
                self.close()
            return response.status, (json.loads(raw) if raw and raw[:1] in b"{[" else None)
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Close the connection."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_env(store: Mapping[str, str]) -> dict[str, str]:
    """The environment of a benchmark's server: the store's variables, no rate limit on new games."""
    return {**os.environ, **store, "MELDBOOK_RATE_LIMIT_CREATE": "off", "MELDBOOK_RATE_LIMIT_IMPORT": "off"}


@contextmanager
def dev_server(store: Mapping[str, str], *, bare: bool = False, flask: bool = False, off: str = "") -> Iterator[Server]:
    """`meldbook serve` (Werkzeug's development server, what `make run` starts) on the store; with `bare`, the bare
    app (bench/bare.py) served the same way instead (as Flask views with `flask`); with `off`, Meldbook with those of
    its guarantees switched off (bench/switches.py), served the same way."""
    port = free_port()
    where = ["--host", "127.0.0.1", "--port", str(port)]
    if bare:
        command = [str(BIN / "python"), "-m", "bench.bare", *where, *(["--flask"] if flask else [])]
        named = "bare Flask app, " if flask else "bare app, "
    elif off:
        command = [str(BIN / "python"), "-m", "bench.guarantees", "serve", "--off", off, *where]
        named = f"Meldbook without {off}, "
    else:
        command = [str(BIN / "meldbook"), "serve", *where]
        named = ""
    with _running(f"{named}development server", command, port, store) as server:
        yield server


GUNICORN_APPS = {
    "meldbook": ("api.app:create_app()", ""),
    "bare": ("bench.bare:app", "bare app, "),
    "bare-flask": ("bench.bare:flask_app()", "bare Flask app, "),
}
"""What gunicorn can serve for a benchmark, as WSGI targets: Meldbook, or one of the bare apps of bench/bare.py; and
how its name begins. Under an ASGI worker class each is served through api/asgi.py, as production serves Meldbook."""
WORKER_CLASSES = {
    "asgi": ("asgi", "asgi"),
    "gthread": ("gthread", "gthread"),
    "uvicorn": ("uvicorn_worker.UvicornWorker", "uvicorn"),
}
"""gunicorn's worker classes a benchmark may choose, by short name: production's `asgi` (api/gunicorn_config.py), the
`gthread` it had before, and uvicorn's; each with the name a table shows."""


def asgi(target: str) -> Any:
    """A WSGI target (`module:name` or `module:factory(...)`, as gunicorn names it) served the way production serves
    Meldbook (api/asgi.py): gunicorn's ASGI worker classes load `bench.servers:asgi('<target>')`."""
    from gunicorn.util import import_app

    from api.asgi import serve

    return serve(import_app(target))


@contextmanager
def gunicorn(
    store: Mapping[str, str], workers: int = 4, *, app: str = "meldbook", off: str = "", worker: str = "asgi",
    threads: int = 4,
) -> Iterator[Server]:
    """gunicorn with Meldbook's settings (api/gunicorn_config.py) on the store, serving Meldbook or a bare app
    (GUNICORN_APPS); with `off`, Meldbook with those of its guarantees switched off (bench/switches.py). `worker`
    chooses the worker class (WORKER_CLASSES: production's asgi by default), each with `threads` request threads."""
    port = free_port()
    served, named = GUNICORN_APPS[app]
    if off:
        served, named = f'bench.switches:app_without("{off}")', f"Meldbook without {off}, "
    worker_class, shown = WORKER_CLASSES[worker]
    if worker_class != "gthread":
        served = APP if served == GUNICORN_APPS["meldbook"][0] else f"bench.servers:asgi({served!r})"
    command = [
        str(BIN / "gunicorn"),
        "-c",
        "python:api.gunicorn_config",
        "--worker-class",
        worker_class,
        "--workers",
        str(workers),
        "--bind",
        f"127.0.0.1:{port}",
        served,
    ]
    thread_count = {"MELDBOOK_THREADS": str(threads)}
    if worker_class == "gthread":
        command[-1:-1] = ["--threads", str(threads)]
    name = f"{named}gunicorn {shown}, {workers} workers of {threads} threads"
    with _running(name, command, port, {**store, **thread_count}) as server:
        yield server


@contextmanager
def granian(
    store: Mapping[str, str], workers: int = 4, *, interface: str = "asgi", threads: int = 4
) -> Iterator[Server]:
    """Meldbook under granian: its WSGI interface serving the Flask app with `threads` blocking threads a worker,
    or its ASGI interface serving api/asgi.py (which answers on MELDBOOK_THREADS threads of its own)."""
    port = free_port()
    target = "api.app:create_app" if interface == "wsgi" else "api.asgi:create_app"
    command = [
        str(BIN / "granian"), "--interface", interface, "--factory", "--workers", str(workers),
        "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
        *(["--blocking-threads", str(threads)] if interface == "wsgi" else []),
        target,
    ]
    env = {**store, "MELDBOOK_THREADS": str(threads)}
    with _running(f"granian {interface}, {workers} workers", command, port, env) as server:
        yield server


@contextmanager
def _running(name: str, command: list[str], port: int, store: Mapping[str, str]) -> Iterator[Server]:
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(command, env=server_env(store), stdout=log, stderr=log, start_new_session=True)
        server = Server(name, port, process)
        try:
            _wait_healthy(server, log)
            yield server
        finally:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_healthy(server: Server, log: Any) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            break
        client = server.client()
        try:
            if client.request("GET", "/health")[0] == 200:
                return
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
        finally:
            client.close()
    log.seek(0)
    raise ServerFailedError(f"the {server.name} did not answer /health: {log.read()[-2000:].decode(errors='replace')}")


def add_comparison_options(parser: argparse.ArgumentParser, servers: Iterable[str], default: str, rounds: int) -> None:
    """The options of a benchmark that alternates servers: which, how many rounds, workers, the database."""
    listed = ", ".join(servers)
    parser.add_argument("--servers", default=default, help=f"comma-separated, of: {listed} (default: {default})")
    parser.add_argument("--rounds", type=int, default=rounds, help=f"runs of each, alternated (default {rounds})")
    parser.add_argument("--workers", type=int, default=4, help="worker processes of each server (default 4)")
    parser.add_argument("--pg-host", default="127.0.0.1")
    parser.add_argument("--pg-port", default="5432")


def chosen_servers(parser: argparse.ArgumentParser, args: argparse.Namespace, servers: Iterable[str]) -> list[str]:
    """The servers `--servers` names, in its order; an unknown name stops the run."""
    names = args.servers.split(",")
    unknown = set(names) - set(servers)
    if unknown:
        parser.error(f"unknown servers: {', '.join(sorted(unknown))}")
    return names


def rotated(names: list[str], round_number: int) -> list[str]:
    """The servers in the order of one round: each round starts one further on, so that drift in a shared machine's
    load hits each alike."""
    shift = round_number % len(names)
    return names[shift:] + names[:shift]
