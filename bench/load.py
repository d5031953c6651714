"""`python -m bench.load` (make bench-load): how many live tables one machine holds.

N tables each record one move every 5 seconds over HTTP against gunicorn (4 workers, as production runs it) on
PostgreSQL; N steps up (500, 1,000, 2,000, ...), until p99 passes a second. Each step first plays its tables for a
warm-up (30 s by default, six moves a table, not measured: a table that has been in play meets workers that have
seen its game before, as live tables do; with 4 workers, a table's game has met each worker after about a dozen
moves, so the first steps still measure some first meetings), then for a bounded time, measured. Each worker keeps
as many games as the largest step has tables (MELDBOOK_CACHE_GAMES, as docs/deploy.md advises; --cache-games sets
another). Each step prints moves per second, p50 and p99 (from when a move was due, so a queue in the client
counts), the error rate, the client's own CPU and the server's. On a 2-core machine the clients compete with the
server and the database for the same cores: their CPU is printed so that the reader can see how much of the machine
they took.

Ceilings are measured in the same run: the store's own single-save rate on the same database (raw eventsourcing, one
save at a time from one client: the rate of saves that wait for each other), and the same steps against the bare apps
(bench/bare.py: each move one save through Meldbook's recorder and nothing else, as a WSGI function, then as Flask
views) under the same gunicorn, with the same clients: the tables this machine holds when a move costs no more than
its save, and when it costs that and Flask's handling of the request.

With `--route-by-game N`, Meldbook is served by N gunicorns of one worker each instead, and the clients send each
game's requests to the one its id hashes to, as a reverse proxy hashing game ids would (nginx's `hash` of the id,
docs/deploy.md), without that proxy's own cost: every move then reaches the worker that saved the game's last move,
which has it kept at that version, so no worker reads the moves other workers stored since.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import heapq
import json
import multiprocessing
import os
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.report import load_line, render
from bench.runs import time_raw
from bench.servers import Server, gunicorn
from bench.stores import postgres_store, settings
from bench.switches import parse_switches
from bench.workload import Workload, record_workload

PERIOD = 5.0
"""Seconds between two moves of one table."""
TARGET_P99_MS = 100.0
STOP_P99_MS = 1000.0
REQUEST_TIMEOUT = 30.0
"""Seconds a client waits for an answer before it counts an error."""


@dataclass
class Table:
    """One live table: its game, its recorder token and the index of its next move in the workload."""

    game_id: str
    token: str
    next_move: int = 0


@dataclass
class StepResult:
    """What one step measured."""

    tables: int
    seconds: float
    latencies_ms: list[float] = field(default_factory=list)
    errors: int = 0
    client_cpu: float = 0.0
    server_cpu: float = 0.0

    @property
    def moves(self) -> int:
        """Moves answered 201."""
        return len(self.latencies_ms) - self.errors

    def percentile(self, fraction: float) -> float:
        """A percentile of the latencies, in milliseconds."""
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def port_of(game_id: str, ports: Sequence[int]) -> int:
    """The server a game's requests go to: always the same one for one game, the games spread evenly."""
    return ports[int(game_id.replace("-", ""), 16) % len(ports)]


@dataclass(frozen=True)
class Servers:
    """The servers one run drives: one, or several that each game is routed to by its id (`port_of`)."""

    name: str
    servers: tuple[Server, ...]

    @classmethod
    def one(cls, server: Server) -> Servers:
        """A single server, every game's requests sent to it."""
        return cls(server.name, (server,))

    @property
    def ports(self) -> list[int]:
        """Where they listen, in the order `port_of` picks from."""
        return [server.port for server in self.servers]

    def cpu_seconds(self) -> float:
        """CPU seconds all their processes have used so far."""
        return sum(server.cpu_seconds() for server in self.servers)


class Connection:
    """One keep-alive HTTP/1.1 connection over asyncio streams."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0

    async def request(self, method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, bytes]:
        """Send one request and read its answer; a connection idle for 2 s is reopened first (gunicorn closes idle
        keep-alive connections after 5 s)."""
        if self.writer is not None and time.monotonic() - self.used > 2.0:
            self.close()
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(data)}"]
        head += [f"{k}: {v}" for k, v in headers.items()]
        if data:
            head.append("Content-Type: application/json")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        try:
            status_line = await self.reader.readline()
            status = int(status_line.split()[1])
            length, closing = 0, False
            while (line := await self.reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                if name.lower() == "connection" and value.strip().lower() == "close":
                    closing = True
            answer = await self.reader.readexactly(length)
        except (OSError, IndexError, ValueError, asyncio.IncompleteReadError):
            self.close()
            raise
        self.used = time.monotonic()
        if closing:
            self.close()
        return status, answer

    def close(self) -> None:
        """Close the connection."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def create_tables(port: int, workload: Workload, count: int, connections: int) -> list[Table]:
    made: list[Table] = []
    body = {"variant": "roby", "players": workload.players, "deal_mode": "shuffled"}

    async def creator(share: int) -> None:
        connection = Connection(port)
        for _ in range(share):
            status, answer = await connection.request("POST", "/games", body, {})
            if status != 201:
                raise RuntimeError(f"POST /games answered {status}: {answer[:300]!r}")
            created = json.loads(answer)
            made.append(Table(created["id"], created["token"]))
        connection.close()

    shares = [count // connections + (1 if i < count % connections else 0) for i in range(connections)]
    await asyncio.gather(*(creator(share) for share in shares if share))
    return made


async def drive(
    ports: list[int], workload: Workload, tables: list[Table], seconds: float, connections: int,
    kept: list[tuple[int, float, int, float]] | None = None,
) -> StepResult:
    """Play the tables for `seconds`, each a move every PERIOD seconds; with `kept`, each move is also kept there as
    (table index, when it was due, the game's version after it or 0 for an error, milliseconds from due to answer)."""
    result = StepResult(len(tables), seconds)
    start = time.monotonic()
    due = [(start + random.uniform(0, PERIOD), index) for index in range(len(tables))]
    heapq.heapify(due)
    queue: asyncio.Queue[tuple[float, int] | None] = asyncio.Queue()

    async def scheduler() -> None:
        while due and due[0][0] < start + seconds:
            when, index = heapq.heappop(due)
            await asyncio.sleep(max(0.0, when - time.monotonic()))
            queue.put_nowait((when, index))
            heapq.heappush(due, (when + PERIOD, index))
        for _ in range(connections):
            queue.put_nowait(None)

    async def worker() -> None:
        opened = {port: Connection(port) for port in ports}
        while (item := await queue.get()) is not None:
            when, index = item
            table = tables[index]
            move = workload.moves[table.next_move % len(workload.moves)]
            headers = {"Authorization": f"Bearer {table.token}", "If-Match": f'"{move.expected_version}"'}
            connection = opened[port_of(table.game_id, ports)]
            try:
                asked = connection.request("POST", f"/games/{table.game_id}/moves", move.body, headers)
                status, body = await asyncio.wait_for(asked, REQUEST_TIMEOUT)
            except TimeoutError:  # a server that cannot answer (every thread taken): an error, on a new connection
                connection.close()
                status = 0
            except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
                status = 0
            latency = (time.monotonic() - when) * 1000
            result.latencies_ms.append(latency)
            if status == 201:
                table.next_move += 1
            else:
                result.errors += 1
            if kept is not None:
                kept.append((index, when, int(json.loads(body)["version"]) if status == 201 else 0, latency))
        for connection in opened.values():
            connection.close()

    await asyncio.gather(scheduler(), *(worker() for _ in range(connections)))
    return result


def _client(
    ports: list[int], workload: Workload, tables: list[Table], seconds: float, connections: int, out: Any
) -> None:
    """One client process: drive its share of the tables, send back the step's result and its tables' progress."""
    cpu = sum(os.times()[:2])
    result = asyncio.run(drive(ports, workload, tables, seconds, connections))
    result.client_cpu = sum(os.times()[:2]) - cpu
    out.send((result, [t.next_move for t in tables]))


def run_step(
    servers: Servers, workload: Workload, tables: list[Table], seconds: float, args: argparse.Namespace
) -> StepResult:
    """Drive every table for `seconds` from `args.processes` client processes; their results merged."""
    context = multiprocessing.get_context("fork")
    shares = [tables[i :: args.processes] for i in range(args.processes)]
    pipes, processes = [], []
    server_cpu = servers.cpu_seconds()
    for share in shares:
        receiving, sending = context.Pipe(duplex=False)
        work = (servers.ports, workload, share, seconds, args.connections, sending)
        process = context.Process(target=_client, args=work)
        process.start()
        pipes.append(receiving)
        processes.append(process)
    merged = StepResult(len(tables), seconds)
    for share, receiving, process in zip(shares, pipes, processes, strict=True):
        result, progress = receiving.recv()
        process.join()
        for table, next_move in zip(share, progress, strict=True):
            table.next_move = next_move
        merged.latencies_ms += result.latencies_ms
        merged.errors += result.errors
        merged.client_cpu += result.client_cpu
    merged.server_cpu = servers.cpu_seconds() - server_cpu
    return merged


def parse_args() -> argparse.Namespace:
    """The command line: the steps, their length, the server and the clients."""
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--steps", default="500,1000,2000,3000,4000,5000", help="table counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds each step is measured (default 30)")
    parser.add_argument(
        "--warm-up", type=float, default=30.0, help="seconds each step plays before it is measured (default 30)"
    )
    parser.add_argument(
        "--ceilings", default="bare,bare-flask",
        help="the bare apps (bench/bare.py) also stepped up under the same gunicorn, comma-separated: bare (a WSGI "
        "function), bare-flask (Flask views); none with an empty value (default: both)",
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (default 4)")
    parser.add_argument(
        "--route-by-game", type=int, default=0, metavar="N",
        help="serve Meldbook from N gunicorns of one worker each, each game's requests sent to the one its id hashes "
        "to, as a proxy hashing game ids would (default: off, one gunicorn of --workers workers)",
    )
    parser.add_argument(
        "--off", default="", metavar="SWITCHES",
        help="serve Meldbook with these of its guarantees switched off (bench/switches.py: comma-separated, or move, "
        "or all): what they cost in tables held, measured; never a way to run Meldbook (default: none)",
    )
    parser.add_argument("--processes", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--connections", type=int, default=32, help="connections per client process (default 32)")
    parser.add_argument(
        "--cache-games",
        type=int,
        default=None,
        help="MELDBOOK_CACHE_GAMES of the server (default: the largest step, so that every live table fits, as "
        "docs/deploy.md advises)",
    )
    parser.add_argument("--pg-host", default="127.0.0.1")
    parser.add_argument("--pg-port", default="5432")
    return parser.parse_args()


def run_steps(servers: Servers, workload: Workload, args: argparse.Namespace) -> tuple[list[tuple[str, ...]], int]:
    """Step the tables up against the servers until p99 passes a second: each step's row, and the largest N held at
    p99 under 100 ms without errors."""
    rows: list[tuple[str, ...]] = []
    tables: list[Table] = []
    held = 0
    for count in (int(step) for step in args.steps.split(",")):
        tables += asyncio.run(create_tables(servers.ports[0], workload, count - len(tables), args.connections))
        if args.warm_up > 0:
            run_step(servers, workload, tables, args.warm_up, args)
        step = run_step(servers, workload, tables, args.seconds, args)
        p50, p99 = step.percentile(0.5), step.percentile(0.99)
        rows.append(
            (f"{count:,}", f"{step.moves / args.seconds:,.0f}", f"{count / PERIOD:,.0f}", f"{p50:.0f}", f"{p99:.0f}",
             f"{step.errors / max(1, len(step.latencies_ms)):.2%}", f"{step.client_cpu / args.seconds:.2f}",
             f"{step.server_cpu / args.seconds:.2f}")
        )
        print(f"  {servers.name}, {count:,} tables: {step.moves / args.seconds:,.0f} moves/s, p50 {p50:.0f} ms, "
              f"p99 {p99:.0f} ms; {load_line('now')}", flush=True)
        if p99 < TARGET_P99_MS and step.errors == 0:
            held = count
        if p99 > STOP_P99_MS:
            break
    return rows, held


CEILINGS = {
    "bare": "bare app (bench/bare.py: a WSGI function whose move is one save)",
    "bare-flask": "bare Flask app (bench/bare.py: the same as Flask views, no hooks, no schemas)",
}
HEADERS = ("tables", "moves/s", "offered/s", "p50 ms", "p99 ms", "errors", "client CPU (cores)", "server CPU (cores)")


def main() -> None:
    """Measure the store's ceiling, then step the tables up against Meldbook, then against the bare app, until p99
    passes a second; print the tables."""
    args = parse_args()
    try:
        parse_switches(args.off)  # a misspelt switch stops here, before any server starts
    except ValueError as error:
        raise SystemExit(f"python -m bench.load: --off: {error}") from None
    workload = record_workload(0, 2)
    print(load_line("at the start"), flush=True)
    with postgres_store(args.pg_host, args.pg_port) as variables:
        ceiling = 1000 / time_raw(settings(variables), [1] * 1000)[0]
        print(f"the store's single-save rate (one event a save, raw eventsourcing): {ceiling:,.0f} saves/s", flush=True)
        cache = args.cache_games if args.cache_games is not None else max(int(step) for step in args.steps.split(","))
        print(f"each worker keeps up to {cache:,} games (MELDBOOK_CACHE_GAMES)", flush=True)
        with meldbook_servers({**variables, "MELDBOOK_CACHE_GAMES": str(cache)}, args) as servers:
            rows, held = run_steps(servers, workload, args)
        ceilings = []
        for app in filter(None, args.ceilings.split(",")):
            with gunicorn(variables, workers=args.workers, app=app) as server:
                ceilings.append((app, *run_steps(Servers.one(server), workload, args)))
    print()
    pooled = f"one move each {PERIOD:.0f} s, gunicorn {args.workers} workers on PostgreSQL"
    routed = f"one move each {PERIOD:.0f} s, {args.route_by_game} gunicorns of 1 worker, each game routed to one"
    title = f"{routed} on PostgreSQL" if args.route_by_game else pooled
    measured = f"{args.warm_up:.0f} s warm-up, then {args.seconds:.0f} s measured a step"
    served = f"Meldbook without {args.off}" if args.off else "Meldbook"
    print(render(f"Live tables of {served}, {title} ({measured})", HEADERS, rows))
    print(f"largest N held at p99 < {TARGET_P99_MS:.0f} ms without errors: {held:,}"
          f" (the store's single-save rate, one save at a time: {ceiling:,.0f} saves/s = {ceiling * PERIOD:,.0f}"
          " tables)")
    for app, app_rows, app_held in ceilings:
        print()
        print(render(f"Live tables of the {CEILINGS[app]}, {pooled}", HEADERS, app_rows))
        print(f"largest N it held at p99 < {TARGET_P99_MS:.0f} ms without errors: {app_held:,}")
    print(load_line("at the end"))


@contextlib.contextmanager
def meldbook_servers(variables: dict[str, str], args: argparse.Namespace) -> Iterator[Servers]:
    """Meldbook as the run serves it: one gunicorn of `--workers` workers, or `--route-by-game` gunicorns of one."""
    with contextlib.ExitStack() as stack:
        if not args.route_by_game:
            yield Servers.one(stack.enter_context(gunicorn(variables, workers=args.workers, off=args.off)))
            return
        servers = tuple(
            stack.enter_context(gunicorn(variables, workers=1, off=args.off)) for _ in range(args.route_by_game)
        )
        yield Servers(f"{len(servers)} gunicorns of 1 worker, routed by game", servers)


if __name__ == "__main__":
    main()
