"""Timed runs over HTTP: moves beside GET /health on the same server, and reads of a long game's past."""

from __future__ import annotations

import multiprocessing
import statistics
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.servers import Client, Server
from bench.workload import Workload

HEALTH_REQUESTS = 600
READS_PER_POINT = 15
READ_POINTS = 20


@dataclass(frozen=True, slots=True)
class HttpResult:
    """Moves per second through the server beside /health requests per second on it, measured side by side."""

    server: str
    clients: int
    moves: int
    move_seconds: float
    health: int
    health_seconds: float
    move_cpu: float
    """CPU seconds the server used for the moves (not the database server's)."""
    health_cpu: float

    @property
    def move_rate(self) -> float:
        """Moves recorded per second, all clients together."""
        return self.moves / self.move_seconds

    @property
    def health_rate(self) -> float:
        """GET /health answered per second, all clients together."""
        return self.health / self.health_seconds

    @property
    def ratio(self) -> float:
        """Moves per second as a fraction of /health per second."""
        return self.move_rate / self.health_rate

    @property
    def cpu_ratio(self) -> float:
        """The same ratio from the server's CPU per request: /health's CPU per request over a move's."""
        return (self.health_cpu / self.health) / (self.move_cpu / self.moves)


def create_game(client: Client, workload: Workload) -> tuple[str, str]:
    """A new game of the workload's setup over HTTP: its id and recorder token."""
    status, body = client.request(
        "POST", "/games", {"variant": "roby", "players": workload.players, "deal_mode": "shuffled"}
    )
    if status != 201:
        raise RuntimeError(f"POST /games answered {status}: {body}")
    return body["id"], body["token"]


def record_over_http(client: Client, workload: Workload, moves: int | None = None) -> tuple[float, str, str]:
    """Seconds to record the workload's first `moves` moves (all by default) on a new game, one request each; and
    the game's id and token."""
    game_id, token = create_game(client, workload)
    chosen = workload.moves[:moves]
    started = time.perf_counter()
    for move in chosen:
        status, body = client.request(
            "POST", f"/games/{game_id}/moves", move.body, token, If_Match=f'"{move.expected_version}"'
        )
        if status != 201:
            raise RuntimeError(f"move at version {move.expected_version} answered {status}: {body}")
    return time.perf_counter() - started, game_id, token


def time_health(client: Client, count: int) -> float:
    """Seconds for `count` GET /health requests."""
    started = time.perf_counter()
    for _ in range(count):
        client.request("GET", "/health")
    return time.perf_counter() - started


def one_client(server: Server, workload: Workload) -> HttpResult:
    """One client: /health, the workload's moves, /health again (drift hits both alike)."""
    client = server.client()
    try:
        cpu = server.cpu_seconds()
        health = time_health(client, HEALTH_REQUESTS // 2)
        health_cpu, cpu = server.cpu_seconds() - cpu, server.cpu_seconds()
        moves = record_over_http(client, workload)[0]
        move_cpu, cpu = server.cpu_seconds() - cpu, server.cpu_seconds()
        health += time_health(client, HEALTH_REQUESTS // 2)
        health_cpu += server.cpu_seconds() - cpu
    finally:
        client.close()
    return HttpResult(server.name, 1, len(workload.moves), moves, HEALTH_REQUESTS, health, move_cpu, health_cpu)


def several_clients(server: Server, workload: Workload, clients: int) -> HttpResult:
    """`clients` client processes at once, each on a game of its own; then as many hammering /health."""
    cpu = server.cpu_seconds()
    moves = _together(clients, _client_moves, (server.port, workload))
    move_cpu, cpu = server.cpu_seconds() - cpu, server.cpu_seconds()
    health = _together(clients, _client_health, (server.port, HEALTH_REQUESTS))
    health_cpu = server.cpu_seconds() - cpu
    count = clients * len(workload.moves)
    return HttpResult(server.name, clients, count, moves, clients * HEALTH_REQUESTS, health, move_cpu, health_cpu)


def _together(clients: int, work: Callable[..., None], args: tuple[Any, ...]) -> float:
    """Wall seconds for `clients` processes to each run `work`, started together."""
    context = multiprocessing.get_context("fork")
    start = context.Barrier(clients + 1)
    processes = [context.Process(target=work, args=(start, *args)) for _ in range(clients)]
    for process in processes:
        process.start()
    start.wait()
    started = time.perf_counter()
    for process in processes:
        process.join()
        if process.exitcode != 0:
            raise RuntimeError(f"a benchmark client failed (exit code {process.exitcode})")
    return time.perf_counter() - started


def _client_moves(start: Any, port: int, workload: Workload) -> None:
    client = Client(port)
    start.wait()
    record_over_http(client, workload)
    client.close()


def _client_health(start: Any, port: int, count: int) -> None:
    client = Client(port)
    start.wait()
    time_health(client, count)
    client.close()


@dataclass(frozen=True, slots=True)
class ReadResult:
    """Reading a long game: GET /games/{id} beside GET /games/{id}/state?at=N, with and without its token."""

    events: int
    ratios: dict[str, list[float]]
    """By who asks (token, anonymous): at each of READ_POINTS values of N, the median time of state?at=N over the
    median time of GET /games/{id}, READS_PER_POINT of each read in turn."""
    game_ms: dict[str, float]
    """Median milliseconds of GET /games/{id}, by who asks."""
    cpu_ratio: dict[str, float]
    """The server's CPU for all the state?at=N reads over its CPU for as many GET /games/{id}, by who asks."""
    pages: int
    first_page_ms: float
    last_page_ms: float


def time_reads(server: Server, game_id: str, token: str, events: int) -> ReadResult:
    """Time reads of the long game: the latest state and the state at N spread over its whole record, alternately;
    then walk its events a page at a time (limit 100, cursor by version)."""
    client = server.client()
    points = sorted({max(1, round(events * (i + 1) / READ_POINTS)) for i in range(READ_POINTS)})
    ratios: dict[str, list[float]] = {}
    game_ms, cpu_ratio = {}, {}
    for who, presented in (("token", token), ("anonymous", None)):
        ratios[who], latest, cpu = [], [], {"game": 0.0, "state": 0.0}
        for at in points:
            now, past = [], []
            for _ in range(READS_PER_POINT):  # one of each in turn, so that drift hits both alike
                now.append(_timed(server, client, f"/games/{game_id}", presented, cpu, "game"))
                past.append(_timed(server, client, f"/games/{game_id}/state?at={at}", presented, cpu, "state"))
            ratios[who].append(statistics.median(past) / statistics.median(now))
            latest += now
        game_ms[who] = statistics.median(latest)
        cpu_ratio[who] = cpu["state"] / cpu["game"] if cpu["game"] else float("nan")
    page_ms, cursor = [], None
    while True:
        path = f"/games/{game_id}/events?limit=100" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        started = time.perf_counter()
        status, body = client.request("GET", path, token=token)
        page_ms.append((time.perf_counter() - started) * 1000)
        if status != 200:
            raise RuntimeError(f"GET {path} answered {status}: {body}")
        cursor = body.get("next_cursor")
        if not cursor:
            break
    client.close()
    first, last = statistics.median(page_ms[:3]), statistics.median(page_ms[-4:-1])
    return ReadResult(events, ratios, game_ms, cpu_ratio, len(page_ms), first, last)


def _timed(server: Server, client: Client, path: str, token: str | None, cpu: dict[str, float], kind: str) -> float:
    """Milliseconds of one read of a path; the server's CPU for it is added to cpu[kind]."""
    used = server.cpu_seconds()
    started = time.perf_counter()
    status, body = client.request("GET", path, token=token)
    elapsed = (time.perf_counter() - started) * 1000
    cpu[kind] += server.cpu_seconds() - used
    if status != 200:
        raise RuntimeError(f"GET {path} answered {status}: {body}")
    return elapsed
