"""`python -m bench.streams` (make bench-streams): live tables and the streams that watch them, on PostgreSQL, with
the clients on the same cores as the server and the database.

The target: 200 live tables played as `make bench-load` plays them (a move every 5 s each, bench/load.py) and 500
open streams (GET /games/{id}/stream) spread over them, stream i watching table i mod 200; moves at p99 under 100
ms, GET /health at p99 under 50 ms, and each move reaching every stream of its game within 1 s at p99.

A run of one server: the tables are created, the streams opened (from `--stream-processes` client processes, each a
loop of its own, reconnecting with Last-Event-ID as a browser does if a stream ends), then the tables are played
from `--processes` client processes while one more asks GET /health every 0.1 s on a keep-alive connection; the
first `--warm-up` seconds are not measured, the next `--seconds` are. Measured:

- each move's time from when it was due to its answer (a queue in the client counts), and /health's alike;
- each move's delivery: for every stream of its game, from when the move was due to when the stream got its last
  event (a stream that never got it counts as never: it fails the target);
- the streams let in and refused, errors, the CPU of the server's processes and of the clients (in cores).

The servers, alternated round by round (`--servers`): `asgi`, production (gunicorn's asgi worker class serving
api/asgi.py: streams on the event loop, woken by one reader of the notification log per worker); `gthread-wide`,
gunicorn's gthread worker class with as many threads as the streams need (a thread each, polling the store, plus
MELDBOOK_THREADS for the rest: what a bounded number of stream slots per worker would need to hold them all);
`gthread`, the worker class before, with its 4 threads a worker (the streams take every thread: moves and /health
wait for a thread until the client gives up after 30 s). The run prints each server's figures beside the targets,
and the load average at every step: a machine shared with other work shows it there.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import multiprocessing
import os
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from bench.load import PERIOD, Connection, Table, create_tables, drive
from bench.report import load_line, render
from bench.servers import Server, add_comparison_options, chosen_servers, gunicorn, rotated
from bench.stores import postgres_store
from bench.workload import Workload, record_workload

TARGETS_MS = {"moves": 100.0, "health": 50.0, "deliveries": 1000.0}
HEALTH_EVERY = 0.1
"""Seconds between two GET /health of the prober."""
OPEN_TIMEOUT = 30.0
"""Seconds a stream's client waits for its answer's head before it counts the stream as not let in."""
GRACE = 3.0
"""Seconds the streams are still read after the last measured move, for its deliveries."""
NEVER = math.inf


@dataclass
class StreamLog:
    """What one stream client process saw: each stream's answer status when it opened (0: no answer in time) and,
    per stream, when each event's version first arrived."""

    statuses: list[int] = field(default_factory=list)
    arrivals: list[dict[int, float]] = field(default_factory=list)
    cpu: float = 0.0


async def _watch(port: int, path: str, arrivals: dict[int, float], statuses: list[int], index: int) -> None:
    """Follow one stream until cancelled, reconnecting with Last-Event-ID whenever it ends; record its first answer
    status at `statuses[index]` and when each event's version first arrived."""
    last, first = 0, True
    while not asyncio.current_task().cancelling():  # type: ignore[union-attr]
        writer = None
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), OPEN_TIMEOUT)
            resume = f"Last-Event-ID: {last}\r\n" if last else ""
            head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{resume}\r\n"
            writer.write(head.encode())
            status = int((await asyncio.wait_for(reader.readline(), OPEN_TIMEOUT)).split()[1])
            if first:
                statuses[index], first = status, False
            if status == 200:
                while (line := await reader.readline()) not in (b"\r\n", b""):
                    pass  # the answer's head
                while line := await reader.readline():
                    if line.startswith(b"id: "):
                        last = int(line[4:])
                        arrivals.setdefault(last, time.monotonic())
        except (OSError, TimeoutError, ValueError, IndexError):
            if first:
                statuses[index], first = 0, False
        finally:
            if writer is not None:
                writer.close()
        await asyncio.sleep(1.0)


def _stream_client(port: int, paths: list[str], opened: Any, stop: Any, out: Any) -> None:
    """One stream client process: open its streams, say so, follow them until told to stop, send back its log."""
    cpu = sum(os.times()[:2])
    log = StreamLog([-1] * len(paths), [{} for _ in paths])

    async def run() -> None:
        tasks = [
            asyncio.create_task(_watch(port, path, log.arrivals[i], log.statuses, i)) for i, path in enumerate(paths)
        ]
        while -1 in log.statuses:
            await asyncio.sleep(0.1)
        opened.send(log.statuses)
        while not stop.is_set():
            await asyncio.sleep(0.2)
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=5.0)  # (a cancellation that meets a timeout may be lost in wait_for)

    asyncio.run(run())
    log.cpu = sum(os.times()[:2]) - cpu
    out.send(log)


def _mover(port: int, workload: Workload, tables: list[Table], indexes: list[int], seconds: float, out: Any) -> None:
    """One mover process: play its tables for `seconds` (bench/load.py), keeping each move as (table index, due,
    version after it or 0, latency ms)."""
    cpu = sum(os.times()[:2])
    kept: list[tuple[int, float, int, float]] = []
    asyncio.run(drive([port], workload, tables, seconds, 32, kept))
    out.send(([(indexes[table], due, version, ms) for table, due, version, ms in kept], sum(os.times()[:2]) - cpu))


def _prober(port: int, seconds: float, out: Any) -> None:
    """Ask GET /health every HEALTH_EVERY seconds for `seconds`; send back (due, latency ms or NEVER) of each."""
    cpu = sum(os.times()[:2])

    async def run() -> list[tuple[float, float]]:
        connection, asked = Connection(port), []
        start = time.monotonic()
        for n in range(int(seconds / HEALTH_EVERY)):
            due = start + n * HEALTH_EVERY
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            try:
                status, _ = await asyncio.wait_for(connection.request("GET", "/health", None, {}), 30.0)
            except (OSError, TimeoutError, ValueError, IndexError, asyncio.IncompleteReadError):
                connection.close()
                status = 0
            asked.append((due, (time.monotonic() - due) * 1000 if status == 200 else NEVER))
        connection.close()
        return asked

    out.send((asyncio.run(run()), sum(os.times()[:2]) - cpu))


@dataclass
class RunResult:
    """One server's run: the measured latencies in ms (NEVER for a failure), the streams let in and refused, the
    errors, and the CPU of the server's processes and of the clients, in cores."""

    server: str
    moves: list[float]
    health: list[float]
    deliveries: list[float]
    let_in: int
    refused: int
    server_cores: float
    client_cores: float

    @property
    def errors(self) -> int:
        """Moves not answered 201."""
        return sum(ms == NEVER for ms in self.moves)

    def met(self) -> bool:
        """Whether every target is met (p99 of each under its bound, every stream let in, no error)."""
        return (
            self.refused == 0
            and self.errors == 0
            and all(percentile(getattr(self, kind), 0.99) < bound for kind, bound in TARGETS_MS.items())
        )


def percentile(values: list[float], fraction: float) -> float:
    """A percentile (nearest rank); NaN when there is nothing."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else math.nan


def _start(context: Any, target: Callable[..., None], *args: Any) -> tuple[Any, Any]:
    """A client process started with a pipe for its answer: (the pipe's end to receive on, the process)."""
    receiving, sending = context.Pipe(duplex=False)
    process = context.Process(target=target, args=(*args, sending))
    process.start()
    return receiving, process


def run_server(server: Server, workload: Workload, args: argparse.Namespace) -> RunResult:
    """Create the tables, open the streams, play and probe; measure the window after the warm-up."""
    context = multiprocessing.get_context("fork")
    tables = asyncio.run(create_tables(server.port, workload, args.tables, 32))
    paths = [f"/games/{tables[i % len(tables)].game_id}/stream" for i in range(args.streams)]
    stop = context.Event()
    watchers = []
    for share in range(args.stream_processes):
        indexes = list(range(share, args.streams, args.stream_processes))
        opened, opened_in = context.Pipe(duplex=False)
        logs, process = _start(context, _stream_client, server.port, [paths[i] for i in indexes], opened_in, stop)
        watchers.append((indexes, opened, logs, process))
    statuses = [0] * args.streams
    for indexes, opened, _, _ in watchers:
        for i, status in zip(indexes, opened.recv(), strict=True):
            statuses[i] = status
    print(f"    {statuses.count(200)} of {args.streams} streams let in; {load_line('now')}", flush=True)
    cpu, started = server.cpu_seconds(), time.monotonic()
    measured_from, length = started + args.warm_up, args.warm_up + args.seconds
    movers = [
        _start(context, _mover, server.port, workload, [tables[i] for i in indexes], indexes, length)
        for indexes in (list(range(share, len(tables), args.processes)) for share in range(args.processes))
    ]
    probe = _start(context, _prober, server.port, length)
    moved: list[tuple[int, float, int, float]] = []
    client_cpu = 0.0
    for receiving, process in movers:
        kept, used = receiving.recv()
        process.join()
        moved += kept
        client_cpu += used
    asked, used = probe[0].recv()
    probe[1].join()
    client_cpu += used
    time.sleep(GRACE)  # the last moves' deliveries
    elapsed, server_cpu = time.monotonic() - started, server.cpu_seconds() - cpu
    stop.set()
    arrivals: list[dict[int, float]] = [{} for _ in paths]
    for indexes, _, logs, process in watchers:
        log = logs.recv()
        process.join()
        client_cpu += log.cpu
        for i, seen in zip(indexes, log.arrivals, strict=True):
            arrivals[i] = seen
    watching: dict[int, list[int]] = {}
    for i, status in enumerate(statuses):
        if status == 200:
            watching.setdefault(i % len(tables), []).append(i)
    measured = [move for move in moved if move[1] >= measured_from]
    return RunResult(
        server.name,
        [ms if version else NEVER for _, _, version, ms in measured],
        [ms for due, ms in asked if due >= measured_from],
        [
            (arrivals[stream].get(version, NEVER) - due) * 1000
            for table, due, version, _ in measured
            if version
            for stream in watching.get(table, [])
        ],
        statuses.count(200),
        args.streams - statuses.count(200),
        server_cpu / elapsed,
        client_cpu / elapsed,
    )


SERVERS: dict[str, Callable[[dict[str, str], argparse.Namespace], AbstractContextManager[Server]]] = {
    "asgi": lambda store, args: gunicorn(store, args.workers),
    "gthread-wide": lambda store, args: gunicorn(
        store, args.workers, worker="gthread", threads=4 + math.ceil(args.streams / args.workers) + 8
    ),
    "gthread": lambda store, args: gunicorn(store, args.workers, worker="gthread"),
}
"""The servers a run may compare (see the module's description)."""


def parse_args() -> tuple[argparse.Namespace, list[str]]:
    """The command line: the load, its length, the servers and the clients."""
    parser = argparse.ArgumentParser(prog="python -m bench.streams", description=__doc__)
    parser.add_argument("--tables", type=int, default=200, help="live tables (default 200)")
    parser.add_argument("--streams", type=int, default=500, help="open streams, spread over the tables (default 500)")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds measured (default 60)")
    parser.add_argument("--warm-up", type=float, default=20.0, help="seconds played before (default 20)")
    add_comparison_options(parser, SERVERS, "asgi,gthread-wide", rounds=1)
    parser.add_argument("--processes", type=int, default=2, help="client processes playing the tables (default 2)")
    parser.add_argument("--stream-processes", type=int, default=2, help="client processes holding streams (default 2)")
    args = parser.parse_args()
    return args, chosen_servers(parser, args, SERVERS)


HEADERS = (
    "server", "streams in / refused", "moves/s", "moves p50 / p99 ms", "errors", "/health p50 / p99 ms",
    "delivery p50 / p99 / max ms", "missed", "server CPU", "client CPU", "target",
)


def row(result: RunResult, seconds: float) -> tuple[str, ...]:
    """One run as a table row."""

    def pair(values: list[float]) -> str:
        return " / ".join(_ms(percentile(values, p)) for p in (0.5, 0.99))

    return (
        result.server,
        f"{result.let_in} / {result.refused}",
        f"{(len(result.moves) - result.errors) / seconds:,.0f}",
        pair(result.moves),
        str(result.errors),
        pair(result.health),
        f"{pair(result.deliveries)} / {_ms(max(result.deliveries, default=math.nan))}",
        str(sum(ms == NEVER for ms in result.deliveries)),
        f"{result.server_cores:.2f}",
        f"{result.client_cores:.2f}",
        "met" if result.met() else "not met",
    )


def _ms(value: float) -> str:
    return "never" if value == NEVER else "-" if math.isnan(value) else f"{value:,.0f}"


def main() -> None:
    """Run each server (fresh database each run), alternated round by round; print each run, then the table."""
    args, names = parse_args()
    workload = record_workload(0, 2)
    print(load_line("at the start"), flush=True)
    rows = []
    for round_number in range(args.rounds):
        for name in rotated(names, round_number):
            with postgres_store(args.pg_host, args.pg_port) as store:
                capped = {**store, "MELDBOOK_STREAMS_PER_CLIENT": str(args.streams)}  # one address holds them all
                print(f"  round {round_number + 1}, {name}: {load_line('at its start')}", flush=True)
                with SERVERS[name](capped, args) as server:
                    result = run_server(server, workload, args)
            rows.append(row(result, args.seconds))
            print(f"  round {round_number + 1}, {name}: {', '.join(rows[-1][1:])}; {load_line('at its end')}",
                  flush=True)
    print(load_line("at the end"))
    print()
    title = (
        f"{args.tables} live tables (a move every {PERIOD:.0f} s each) and {args.streams} open streams on PostgreSQL, "
        f"{args.workers} workers; {args.warm_up:.0f} s warm-up, {args.seconds:.0f} s measured; targets: moves p99 < "
        f"{TARGETS_MS['moves']:.0f} ms, /health p99 < {TARGETS_MS['health']:.0f} ms, each move at every stream of its "
        f"game p99 < {TARGETS_MS['deliveries']:.0f} ms (from when the move was due)"
    )
    print(render(title, HEADERS, rows))


if __name__ == "__main__":
    main()
