"""`python -m bench.long` (make bench-long): memory over a long run.

1. The server's RSS after 1,000 short games recorded over HTTP, and again after 10,000 (target: within 1.2x).
2. The peak allocation of single requests on a long game (2,006 events), in this process (tracemalloc), for every
   kind of read and for a move (target: none above about 2 MB, however long the game).
"""

from __future__ import annotations

import argparse
import logging
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from api.app import create_app
from bench.report import load_line, render
from bench.runs import time_each_move
from bench.servers import Server, dev_server, gunicorn
from bench.stores import postgres_store, settings, sqlite_store
from bench.workload import LONG_GAME, Workload, record_workload

SHORT_MOVES = 3
"""Each short game: created, then its two cuts and its deal recorded."""


def parse_args() -> argparse.Namespace:
    """The command line: how many games, on which store and server."""
    parser = argparse.ArgumentParser(prog="python -m bench.long", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000, help="short games in all (default 10,000)")
    parser.add_argument("--first", type=int, default=1_000, help="games before the first RSS reading (1,000)")
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--server", choices=("dev", "gunicorn"), default="dev", help="gunicorn: 1 worker")
    return parser.parse_args()


def rss_kib(server: Server) -> int:
    """Resident memory of the server's processes, in KiB."""
    total = 0
    for pid in server.pids():
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def short_games(server: Server, workload: Workload, count: int) -> None:
    """Record `count` short games over one keep-alive connection."""
    client = server.client()
    for _ in range(count):
        status, body = client.request(
            "POST", "/games", {"variant": "roby", "players": workload.players, "deal_mode": "shuffled"}
        )
        if status != 201:
            raise RuntimeError(f"POST /games answered {status}: {body}")
        for move in workload.moves[:SHORT_MOVES]:
            path = f"/games/{body['id']}/moves"
            answered = client.request("POST", path, move.body, body["token"], If_Match=f'"{move.expected_version}"')
            if answered[0] != 201:
                raise RuntimeError(f"a short game's move answered {answered}")
    client.close()


def resident_memory(args: argparse.Namespace, workload: Workload) -> str:
    """RSS after the first games and after all of them."""
    store = sqlite_store() if args.store == "sqlite" else postgres_store("127.0.0.1", "5432")
    with store as variables:
        serving = dev_server(variables) if args.server == "dev" else gunicorn(variables, workers=1)
        with serving as server:
            started = rss_kib(server)
            short_games(server, workload, args.first)
            first = rss_kib(server)
            short_games(server, workload, args.games - args.first)
            last = rss_kib(server)
    rows = [
        (f"{server.name} on {args.store}", f"{started / 1024:.1f}", f"{first / 1024:.1f}", f"{last / 1024:.1f}",
         f"{last / first:.2f}")
    ]
    headers = ("server", "RSS at start MiB", f"after {args.first:,} MiB", f"after {args.games:,} MiB", "ratio")
    return render("Resident memory (target: ratio <= 1.2)", headers, rows)


def peak_allocations(long_game: Workload) -> str:
    """The peak allocation of each kind of request on the long game, measured with tracemalloc in this process."""
    logging.disable(logging.INFO)
    with tempfile.TemporaryDirectory(prefix="meldbook-long-") as folder:
        variables = {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(Path(folder) / "long.sqlite")}
        env = settings(variables)
        game_id, token = time_each_move(env, long_game)[1:]
        app = create_app(env=env)
        client = app.test_client()
        auth = {"Authorization": f"Bearer {token}"}
        url, version = f"/games/{game_id}", long_game.final_version
        requests: list[tuple[str, Callable[[], Any]]] = [
            ("GET /games/{id}", lambda: client.get(url, headers=auth)),
            ("GET /games/{id}/state?at=N (middle)", lambda: client.get(f"{url}/state?at={version // 2}", headers=auth)),
            ("GET /games/{id}/events (first page, 500)",
             lambda: client.get(f"{url}/events?limit=500", headers=auth)),
            ("GET /games/{id}/events (last page, 500)",
             lambda: client.get(f"{url}/events?limit=500&after={version - 500}", headers=auth)),
            ("GET /games/{id}/replay (a hand)", lambda: client.get(f"{url}/replay?hand=1", headers=auth)),
            ("GET /games (first page)", lambda: client.get("/games")),
        ]
        rows = []
        tracemalloc.start()
        for name, request in requests:
            request()  # warm: the caches are filled as in a running server
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            response = request()
            peak = tracemalloc.get_traced_memory()[1] - before
            if response.status_code != 200:
                raise RuntimeError(f"{name} answered {response.status_code}: {response.get_data(as_text=True)[:300]}")
            rows.append((name, f"{peak / 1024 / 1024:.2f}", f"{len(response.get_data()) / 1024:.0f}"))
        tracemalloc.stop()
        app.extensions["meldbook"].close()
    headers = ("request (long game, 2,006 events)", "peak allocation MiB", "answer KiB")
    return render("Peak allocation per request (target: about 2 MB at most)", headers, rows)


def main() -> None:
    """Run both parts and print their tables."""
    args = parse_args()
    workload = record_workload(0, 2)
    long_game = record_workload(*LONG_GAME)
    print(load_line("at the start"), flush=True)
    peaks = peak_allocations(long_game)
    print(peaks, flush=True)
    print()
    print(resident_memory(args, workload))
    print(load_line("at the end"))


if __name__ == "__main__":
    main()
