"""`python -m bench`: moves per second through the service on SQLite and PostgreSQL, beside raw appends."""

from __future__ import annotations

import argparse
import os
import statistics
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager

from bench.report import NOTES, Result, table
from bench.runs import time_raw, time_service
from bench.stores import StoreUnavailableError, postgres_store, sqlite_store
from bench.workload import Workload, record_workload

Store = Callable[[], AbstractContextManager[dict[str, str]]]


def parse_args() -> argparse.Namespace:
    """The command line: the seeded game and how often to repeat each run."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--seed", type=int, default=0, help="the bot game's seed (default 0)")
    parser.add_argument("--players", type=int, default=2, help="players in the bot game (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the median is shown")
    parser.add_argument("--pg-host", default="127.0.0.1")
    parser.add_argument("--pg-port", default="5432")
    return parser.parse_args()


def measure(name: str, env: Mapping[str, str], workload: Workload, repeat: int) -> Result:
    """Time the service and the raw baselines on one store, alternating them so drift hits both alike."""
    service, raw, single = [], [], []
    for _ in range(repeat):
        service.append(time_service(env, workload))
        raw.append(time_raw(env, workload.batches))
        single.append(time_raw(env, [1] * workload.events))
    median = statistics.median
    return Result(name, len(workload.moves), workload.events, median(service), median(raw), median(single))


def stores(args: argparse.Namespace) -> Iterator[tuple[str, Store]]:
    """The stores to run on, by name."""
    yield "sqlite (temp file)", sqlite_store
    yield f"postgres ({args.pg_host}:{args.pg_port})", lambda: postgres_store(args.pg_host, args.pg_port)


def main() -> None:
    """Compute the workload once, run it on each reachable store, print the table."""
    args = parse_args()
    workload = record_workload(args.seed, args.players)
    print(f"machine: {os.cpu_count()} cores, load average {_load()} at the start")
    print(
        f"workload: seeded Roby bot game (seed {args.seed}, {args.players} players): "
        f"{len(workload.moves)} moves, {workload.events} events; {args.repeat} runs each"
    )
    results = []
    for name, store in stores(args):
        try:
            with store() as env:
                print(f"running on {name} ...", flush=True)
                results.append(measure(name, env, workload, args.repeat))
        except StoreUnavailableError as unavailable:
            print(f"skipped {name}: {unavailable}")
    print(f"load average {_load()} at the end")
    print()
    print(table(results))
    print()
    print(NOTES)


def _load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


if __name__ == "__main__":
    main()
