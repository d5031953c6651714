"""`python -m bench`: every ratio of the performance issue, measured side by side in one run, on SQLite and
PostgreSQL: recording beside raw appends, the cost of early and late moves of one long game, HTTP moves beside
GET /health (the development server with one client; gunicorn with 4 workers and 4 clients on PostgreSQL), each with
the ceiling a move that is only a save would reach there (the bare app, bench/bare.py, on the same server and store),
and reading a long game's past beside reading it now."""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator, Mapping

from bench.http_runs import one_client, several_clients, time_reads
from bench.report import NOTES, FlatCost, HttpCeiling, Result, flat_table, http_table, load_line, reads_table, table
from bench.runs import time_each_move, time_raw, time_service
from bench.servers import dev_server, gunicorn
from bench.stores import Store, StoreUnavailableError, chosen_stores, settings
from bench.workload import LONG_GAME, Workload, record_workload

FLAT_MOVES = 100
PARTS = ("recording", "flat", "http", "reads", "gunicorn")


def parse_args() -> argparse.Namespace:
    """The command line: the seeded game and how often to repeat each run."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--seed", type=int, default=0, help="the bot game's seed (default 0)")
    parser.add_argument("--players", type=int, default=2, help="players in the bot game (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the median is shown")
    parser.add_argument(
        "--parts",
        default=",".join(PARTS),
        help=f"the parts to run, comma-separated, of: {', '.join(PARTS)} (default: all)",
    )
    parser.add_argument("--stores", default="sqlite,postgres", help="the stores to run on (default: both)")
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

    def median(runs: list[tuple[float, float]], which: int = 0) -> float:
        return statistics.median(run[which] for run in runs)

    return Result(
        name, len(workload.moves), workload.events, median(service), median(raw), median(single),
        median(service, 1), median(raw, 1),
    )


def stores(args: argparse.Namespace) -> Iterator[tuple[str, Store]]:
    """The stores to run on, by name."""
    return chosen_stores(args.stores, args.pg_host, args.pg_port)


def main() -> None:
    """Compute the workloads once, run every part on each reachable store, print the tables."""
    args = parse_args()
    parts = set(args.parts.split(","))
    workload = record_workload(args.seed, args.players)
    long_game = record_workload(*LONG_GAME)
    print(load_line("at the start"))
    print(
        f"workload: seeded Roby bot game (seed {args.seed}, {args.players} players): {len(workload.moves)} moves, "
        f"{workload.events} events; long game (seed {LONG_GAME[0]}, {LONG_GAME[1]} players): "
        f"{len(long_game.moves)} moves, {long_game.events} events; {args.repeat} runs each",
        flush=True,
    )
    results, flat, http, reads = [], [], [], []
    for name, store in stores(args):
        try:
            with store() as variables:
                env = settings(variables)
                print(f"running on {name} ...", flush=True)
                if "recording" in parts:
                    results.append(measure(name, env, workload, args.repeat))
                times, game_id, token = time_each_move(env, long_game)
                if "flat" in parts:
                    flat.append(FlatCost(name, times[:FLAT_MOVES], times[-FLAT_MOVES:], len(times)))
                if "http" in parts or "reads" in parts:
                    with dev_server(variables) as server:
                        if "http" in parts:
                            measured = one_client(server, workload)
                        if "reads" in parts:
                            reads.append((name, time_reads(server, str(game_id), token, long_game.final_version)))
                    if "http" in parts:
                        with dev_server(variables, bare=True) as server:
                            http.append(HttpCeiling(name, measured, one_client(server, workload)))
                if name == "postgres" and "gunicorn" in parts:
                    with gunicorn(variables, workers=4) as server:
                        measured = several_clients(server, workload, clients=4)
                    with gunicorn(variables, workers=4, app="bare") as server:
                        http.append(HttpCeiling(name, measured, several_clients(server, workload, clients=4)))
        except StoreUnavailableError as unavailable:
            print(f"skipped {name}: {unavailable}")
    print(load_line("at the end"))
    blocks = [
        *([table(results)] if results else []),
        *([flat_table(flat)] if flat else []),
        *([http_table(http)] if http else []),
        *([reads_table(reads)] if reads else []),
        NOTES,
    ]
    for block in blocks:
        print()
        print(block)


if __name__ == "__main__":
    main()
