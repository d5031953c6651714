"""`python -m bench.serving` (make bench-servers): which server answers Meldbook's moves and GET /health for least,
side by side on PostgreSQL.

The servers: gunicorn's `asgi` worker class serving api/asgi.py (production, api/gunicorn_config.py), gunicorn's
`gthread` worker class serving the Flask app (production before it), granian's WSGI interface serving the Flask app,
uvicorn's gunicorn worker serving api/asgi.py, and granian's ASGI interface serving api/asgi.py; each with 4 workers
of 4 request threads. Each round runs every server once, in an order rotated from round to round (so that drift in a
shared machine's load hits each alike), with 4 client processes (bench/http_runs.py `several_clients`: each records
the benchmark game's moves on a game of its own, then as many send GET /health one after another on a keep-alive
connection). Each run prints its rates, the servers' CPU per request (user and system time of the server's
processes, which waiting for a busy machine's cores inflates far less than it does the rates) and the load average;
the table gives each server's median over the rounds and the range of its runs.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from contextlib import AbstractContextManager

from bench.http_runs import HttpResult, several_clients
from bench.report import load_line, render
from bench.servers import Server, add_comparison_options, chosen_servers, granian, gunicorn, rotated
from bench.stores import postgres_store
from bench.workload import record_workload

Serving = Callable[[dict[str, str], int], AbstractContextManager[Server]]
SERVERS: dict[str, Serving] = {
    "gunicorn-asgi": lambda store, workers: gunicorn(store, workers),
    "gunicorn-gthread": lambda store, workers: gunicorn(store, workers, worker="gthread"),
    "granian-wsgi": lambda store, workers: granian(store, workers, interface="wsgi"),
    "uvicorn": lambda store, workers: gunicorn(store, workers, worker="uvicorn"),
    "granian-asgi": lambda store, workers: granian(store, workers, interface="asgi"),
}
"""Each server by name: how to start it on a store with a number of workers."""
BASELINE = "gunicorn-gthread"


def parse_args() -> tuple[argparse.Namespace, list[str]]:
    """The command line: the servers, the rounds, the workers and the clients."""
    parser = argparse.ArgumentParser(prog="python -m bench.serving", description=__doc__)
    add_comparison_options(parser, SERVERS, ",".join(SERVERS), rounds=3)
    parser.add_argument("--clients", type=int, default=4, help="client processes (default 4)")
    args = parser.parse_args()
    return args, chosen_servers(parser, args, SERVERS)


def per_request_ms(cpu: float, count: int) -> float:
    """The servers' CPU milliseconds per request."""
    return cpu / count * 1000


def main() -> None:
    """Run every server once a round, in rotated order; print each run, then the table."""
    args, names = parse_args()
    workload = record_workload(0, 2)
    runs: dict[str, list[HttpResult]] = {name: [] for name in names}
    print(load_line("at the start"), flush=True)
    with postgres_store(args.pg_host, args.pg_port) as store:
        for round_number in range(args.rounds):
            for name in rotated(names, round_number):
                with SERVERS[name](store, args.workers) as server:
                    result = several_clients(server, workload, args.clients)
                runs[name].append(result)
                print(
                    f"  round {round_number + 1}, {name}: {result.move_rate:,.0f} moves/s, "
                    f"{result.health_rate:,.0f} /health/s; server CPU "
                    f"{per_request_ms(result.move_cpu, result.moves):.2f} ms a move, "
                    f"{per_request_ms(result.health_cpu, result.health):.2f} ms a /health; {load_line('now')}",
                    flush=True,
                )
    print(load_line("at the end"))
    print()
    print(render(title(args), HEADERS, [row(name, runs[name], runs.get(BASELINE)) for name in names]))


HEADERS = (
    "server", "moves/s", "/health/s", "CPU ms a move", "CPU ms a /health", f"moves/s / {BASELINE}",
    f"/health/s / {BASELINE}",
)


def title(args: argparse.Namespace) -> str:
    """What the table measured."""
    return (
        f"Moves and GET /health on PostgreSQL, {args.workers} workers, {args.clients} clients: median of "
        f"{args.rounds} alternated runs (range)"
    )


def row(name: str, results: list[HttpResult], baseline: list[HttpResult] | None) -> tuple[str, ...]:
    """One server's medians and ranges, and its rates over the baseline's (medians of the same rounds)."""

    def spread(values: list[float], digits: int = 0) -> str:
        return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f} to {max(values):,.{digits}f})"

    moves = [r.move_rate for r in results]
    health = [r.health_rate for r in results]
    move_cpu = [per_request_ms(r.move_cpu, r.moves) for r in results]
    health_cpu = [per_request_ms(r.health_cpu, r.health) for r in results]
    ratios = ("", "")
    if baseline:
        ratios = (
            f"{statistics.median(moves) / statistics.median(r.move_rate for r in baseline):.2f}",
            f"{statistics.median(health) / statistics.median(r.health_rate for r in baseline):.2f}",
        )
    return (name, spread(moves), spread(health), spread(move_cpu, 2), spread(health_cpu, 2), *ratios)


if __name__ == "__main__":
    main()
