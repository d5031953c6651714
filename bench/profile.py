"""`python -m bench.profile`: the CPU of one move, measured in this process, beside what each target compares it to.

On each store (a SQLite file, a throwaway PostgreSQL database), side by side in one process: the CPU per save of
eventsourcing's raw append of the same saves and events; the CPU per move of `moving.record_move` (load, decide,
save, answer); the CPU per move through the Flask app (the test client: the request's whole way through Flask,
flask-smorest, the access check, the service and the answer, without a socket; the test client's own work is in it,
as it is in `GET /health`'s) beside `GET /health`'s. CPU is this process's (`time.process_time`), so a busy machine's
waits for a core do not count, and the least of `--repeat` runs is shown (other work on the machine only adds to
it); the database server's own CPU is not in it. On PostgreSQL it counts the statements each move sends (psycopg's
executes: the BEGIN and COMMIT of a transaction block are not among them) and the transactions it commits (the
server's `pg_stat_database`, reads included).

Beside them, the rules alone: every move decided on a game in memory, as `record_move` decides it, nothing stored
(what is left of a move once the store, the chain, the answer and the access check are taken out).

With `--profile`, a cProfile (timed by CPU) of the moves over HTTP (or, with `--profile service`, of record_move
alone) is printed as the time spent in each part of the path, by where the function is defined (its own time, not its
callees').
"""

from __future__ import annotations

import argparse
import cProfile
import logging
import os
import pstats
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from bench.pg_counters import sql_per_move
from bench.profile_steps import by_part, by_step
from bench.runs import time_raw
from bench.stores import Store, StoreUnavailableError, chosen_stores, settings
from bench.workload import Workload, record_workload
from bots import SeededChance
from domain.record.game import Game
from domain.rules.decision import NoChance
from service.application import Meldbook
from service.moving import record_move
from service.setup import create_game

HEALTH_REQUESTS = 1000
@dataclass(frozen=True, slots=True)
class Figures:
    """CPU per operation on one store, in milliseconds, and the statements and transactions of one move."""

    store: str
    raw_save_ms: float
    service_move_ms: float
    http_move_ms: float
    health_ms: float
    statements: float | None
    transactions: float | None
    database_ms: float | None
    """The PostgreSQL backends' CPU per HTTP move (not in this process's figures)."""
    rules_ms: float
    """The rules alone: a move decided on a game in memory (Game.record, as record_move decides), nothing stored."""

    @property
    def recording_ratio(self) -> float:
        """Moves through the service per CPU second over raw saves per CPU second (the recording target's ratio)."""
        return self.raw_save_ms / self.service_move_ms

    @property
    def http_ratio(self) -> float:
        """HTTP moves per CPU second over GET /health per CPU second (the HTTP target's ratio), client included."""
        return self.health_ms / self.http_move_ms

    @property
    def rules_share(self) -> float:
        """The rules' part of a move recorded through the service."""
        return self.rules_ms / self.service_move_ms


def parse_args() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m bench.profile", description=__doc__)
    parser.add_argument("--seed", type=int, default=0, help="the bot game's seed (default 0)")
    parser.add_argument("--players", type=int, default=2, help="players in the bot game (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the least CPU is shown")
    parser.add_argument("--stores", default="sqlite,postgres", help="the stores to run on (default: both)")
    parser.add_argument("--pg-host", default="127.0.0.1")
    parser.add_argument("--pg-port", default="5432")
    parser.add_argument("--top", type=int, default=0, help="with --profile: also the N functions of most own time")
    parser.add_argument(
        "--profile", choices=("http", "service"), help="also print a cProfile of the moves, by part of the path"
    )
    return parser.parse_args()


def cpu_service(env: Mapping[str, str], workload: Workload) -> float:
    """CPU seconds to record every move of the workload through moving.record_move on a new game."""
    app = Meldbook(dict(env), chance=SeededChance(workload.seed))
    try:
        game, token = create_game(app, "roby", workload.players, {}, "shuffled")
        cpu = time.process_time()
        for move in workload.moves:
            record_move(app, game.id, move.body, move.expected_version, token)
        return time.process_time() - cpu
    finally:
        app.close()


def cpu_rules(workload: Workload) -> tuple[float, Game]:
    """CPU seconds to decide every move of the workload on a game in memory, in place as record_move decides (the
    moves carry the seeds they drew), and the game they leave: the rules alone, with no store, chain, answer or
    token check."""
    game = Game.set_up("roby", workload.players, {}, "shuffled", "", SeededChance(workload.seed))
    game.collect_events()
    cpu = time.process_time()
    for move in workload.moves:
        game.record(move.body, NoChance(), in_place=True)
        game.collect_events()
    return time.process_time() - cpu, game


class HttpMoves:
    """The Flask app on a store, driven by its test client: a game created over HTTP and its moves posted."""

    def __init__(self, env: Mapping[str, str], workload: Workload) -> None:
        from api.app import create_app  # imported here: the recording runs need no Flask
        from api.logs import ACCESS

        log = logging.getLogger(ACCESS)  # each line still formatted and written, as a server does, to nowhere
        if not log.handlers:
            log.addHandler(logging.StreamHandler(open(os.devnull, "w")))  # noqa: SIM115
            log.setLevel(logging.INFO)
            log.propagate = False
        self.app = create_app(dict(env), chance=SeededChance(workload.seed))
        self.client = self.app.test_client()
        self.workload = workload

    def new_game(self) -> tuple[str, str]:
        """A new game of the workload's setup: its id and recorder token."""
        answer = self.client.post(
            "/games", json={"variant": "roby", "players": self.workload.players, "deal_mode": "shuffled"}
        )
        if answer.status_code != 201:
            raise RuntimeError(f"POST /games answered {answer.status_code}: {answer.get_data(as_text=True)}")
        return answer.json["id"], answer.json["token"]  # type: ignore[index]

    def moves(self, game_id: str, token: str) -> None:
        """Post every move of the workload, each with its If-Match and the recorder token."""
        for move in self.workload.moves:
            answer = self.client.post(
                f"/games/{game_id}/moves",
                json=move.body,
                headers={"Authorization": f"Bearer {token}", "If-Match": f'"{move.expected_version}"'},
            )
            if answer.status_code != 201:
                raise RuntimeError(f"move at {move.expected_version}: {answer.status_code} {answer.get_data()!r}")

    def cpu_moves(self) -> float:
        """CPU seconds for every move of the workload on a new game."""
        game_id, token = self.new_game()
        cpu = time.process_time()
        self.moves(game_id, token)
        return time.process_time() - cpu

    def cpu_health(self, count: int) -> float:
        """CPU seconds for `count` GET /health."""
        cpu = time.process_time()
        for _ in range(count):
            if self.client.get("/health").status_code != 200:
                raise RuntimeError("GET /health did not answer 200")
        return time.process_time() - cpu

    def close(self) -> None:
        """Close the app's store connections."""
        self.app.extensions["meldbook"].close()


def measure(name: str, variables: Mapping[str, str], workload: Workload, repeat: int) -> Figures:
    """Every figure on one store, the runs alternated so that drift hits each alike."""
    env = settings(dict(variables))
    raw, service, moves, health, rules = [], [], [], [], []
    http = HttpMoves(env, workload)
    try:
        for _ in range(repeat):
            raw.append(time_raw(env, workload.batches)[1] / len(workload.moves))
            service.append(cpu_service(env, workload) / len(workload.moves))
            moves.append(http.cpu_moves() / len(workload.moves))
            health.append(http.cpu_health(HEALTH_REQUESTS) / HEALTH_REQUESTS)
            rules.append(cpu_rules(workload)[0] / len(workload.moves))
        sql = sql_per_move(variables, http) if name == "postgres" else (None, None, None)
    finally:
        http.close()
    ms = [1000 * min(runs) for runs in (raw, service, moves, health)]  # the run least disturbed by other work
    return Figures(name, *ms, *sql, rules_ms=1000 * min(rules))


def profile_moves(variables: Mapping[str, str], workload: Workload, what: str) -> pstats.Stats:
    """A cProfile of the workload's moves, over HTTP or through record_move alone."""
    env = settings(dict(variables))
    profiler = cProfile.Profile(time.process_time)  # CPU, not wall-clock: waits for the disk or a core are left out
    if what == "http":
        http = HttpMoves(env, workload)
        try:
            http.cpu_moves()  # a first game, so the profile sees the path warm
            game_id, token = http.new_game()
            profiler.runcall(http.moves, game_id, token)
        finally:
            http.close()
    else:
        app = Meldbook(dict(env), chance=SeededChance(workload.seed))
        try:
            game, token = create_game(app, "roby", workload.players, {}, "shuffled")

            def record() -> None:
                for move in workload.moves:
                    record_move(app, game.id, move.body, move.expected_version, token)

            profiler.runcall(record)
        finally:
            app.close()
    return pstats.Stats(profiler)


def stores(args: argparse.Namespace) -> Iterator[tuple[str, Store]]:
    """The stores to run on, by name."""
    return chosen_stores(args.stores, args.pg_host, args.pg_port)


def main() -> None:
    """Measure on each store, print the figures and, if asked, the profile."""
    args = parse_args()
    workload = record_workload(args.seed, args.players)
    moves = len(workload.moves)
    print(f"workload: seeded Roby bot game (seed {args.seed}): {moves} moves, {workload.events} events", flush=True)
    print()
    print(
        "| store | raw save | record_move | recording ratio (>= 0.7) | HTTP move | GET /health "
        "| HTTP ratio (>= 0.5) | statements / move | transactions / move | database CPU / move |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    profiles, measured = [], []
    for name, store in stores(args):
        try:
            with store() as variables:
                f = measure(name, variables, workload, args.repeat)
                measured.append(f)
                sql = (
                    ""
                    if f.statements is None
                    else f"| {f.statements:.2f} | {f.transactions:.2f} | {f.database_ms:.3f} ms "
                )
                print(
                    f"| {name} | {f.raw_save_ms:.3f} ms | {f.service_move_ms:.3f} ms | {f.recording_ratio:.2f} "
                    f"| {f.http_move_ms:.3f} ms | {f.health_ms:.3f} ms | {f.http_ratio:.2f} {sql or '| | | '}|",
                    flush=True,
                )
                if args.profile:
                    profiles.append((name, profile_moves(variables, workload, args.profile)))
        except StoreUnavailableError as unavailable:
            print(f"skipped {name}: {unavailable}")
    print_rules(measured)
    for name, stats in profiles:
        print()
        print(f"cProfile of {moves} moves ({args.profile}) on {name}: own time per move, by part of the path")
        print()
        print("| part | ms per move | share |")
        print("|---|---:|---:|")
        for part, ms, share in by_part(stats, moves):
            print(f"| {part} | {ms:.3f} | {share:.0%} |")
        print()
        print(f"The same moves step by step (each step with what it calls), on {name}:")
        print()
        print("| step | ms per move |")
        print("|---|---:|")
        for step, ms in by_step(stats, moves, args.profile):
            print(f"| {step} | {ms:.3f} |")
        if args.top:
            print()
            stats.sort_stats("tottime").print_stats(args.top)


def print_rules(measured: list[Figures]) -> None:
    """The rules alone beside a move through the service and a raw save: how much of a move deciding it is."""
    print()
    print("The rules alone: every move decided on a game in memory, in place as record_move decides, nothing stored")
    print()
    print("| store | rules alone | share of record_move | rules / raw save |")
    print("|---|---:|---:|---:|")
    for f in measured:
        ratio = f.rules_ms / f.raw_save_ms
        print(f"| {f.store} | {f.rules_ms:.3f} ms | {f.rules_share:.0%} | {ratio:.2f} |", flush=True)


if __name__ == "__main__":
    main()
