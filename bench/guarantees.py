"""`python -m bench.guarantees` (make bench-guarantees): what each of a move's guarantees costs, and where the HTTP
ratio would stand without them, measured side by side in one run.

- **Instructions** (`--parts instructions`): instructions per move and per GET /health, Meldbook's Flask app called
  in this machine's process as a WSGI function (no server, no client; a SQLite file), counted by valgrind's callgrind
  for the workload's moves after the first 20: as is, with each guarantee of bench/switches.py switched off alone,
  with the move's own ones off together, and with all off; beside them the bare apps of bench/bare.py (a move that is
  one save, as a WSGI function and as Flask views). An instruction count does not move with the machine's load, so
  differences of a few percent are real; it leaves out the kernel (the commit's flush), which every variant pays
  alike. Each count is one valgrind run of about a minute and a half, two at a time.
- **Recording** (`--parts recording`): `moving.record_move` beside eventsourcing's raw append of the same saves and
  events, as `make bench` measures it (wall clock and this process's CPU, medians of alternated runs), on SQLite and
  on PostgreSQL: as is, with each guarantee record_move pays for switched off alone (chain, token, answer,
  snapshots), and with the four off together.
- **HTTP** (`--parts http`): moves per second over Werkzeug's development server with one client, on SQLite and on
  PostgreSQL, and under gunicorn (4 workers, 4 clients on 4 games) on PostgreSQL: Meldbook as is, Meldbook with the
  move's own guarantees switched off (chain, token, schema, answer, snapshots: /health pays for none of them), and the
  bare Flask app; each over Meldbook's own GET /health per second on the same kind of server, measured beside it.

Nothing here runs in CI; the switches exist in the benchmark's processes only.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import logging
import os
import pickle
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.http_runs import HttpResult, one_client, several_clients
from bench.report import load_line, render
from bench.runs import time_raw
from bench.servers import Server, dev_server, gunicorn
from bench.stores import StoreUnavailableError, chosen_stores, settings
from bench.switches import MOVE_ONLY, RECORDING, SWITCHES, service_switched_off
from bench.workload import Workload, record_workload
from bots import SeededChance
from service.application import Meldbook
from service.moving import record_move
from service.setup import create_game

WARM_MOVES = 20
COUNTED_MOVES = 150
COUNTED_HEALTH = 1000
PARTS = ("instructions", "recording", "http")
APPS = {"meldbook": "Meldbook", "bare-flask": "bare Flask app", "bare": "bare WSGI app"}
HEALTH_COUNTED = ("as is", "without log", "without headers", "without all of them", APPS["bare-flask"], APPS["bare"])
"""The variants whose GET /health is counted too (the other switches are a move's alone)."""


def parse_args() -> argparse.Namespace:
    """The command line: the parts to run, or one of the children the parts start."""
    parser = argparse.ArgumentParser(prog="python -m bench.guarantees", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    count = sub.add_parser("count", help="(a child run under callgrind) make the counted requests")
    count.add_argument("--app", default="meldbook", choices=sorted(APPS))
    count.add_argument("--off", default="")
    count.add_argument("--workload", required=True)
    count.add_argument("--moves", type=int, default=0)
    count.add_argument("--health", type=int, default=0)
    serve = sub.add_parser("serve", help="serve Meldbook with some guarantees off on Werkzeug's server")
    serve.add_argument("--off", required=True)
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, required=True)
    parser.add_argument("--parts", default=",".join(PARTS), help=f"of: {', '.join(PARTS)} (default: all)")
    parser.add_argument("--stores", default="sqlite,postgres", help="stores of the recording and HTTP parts")
    parser.add_argument("--repeat", type=int, default=5, help="alternated runs of each recording variant (default 5)")
    parser.add_argument("--http-repeat", type=int, default=3, help="alternated runs of each HTTP variant (default 3)")
    parser.add_argument("--pg-host", default="127.0.0.1")
    parser.add_argument("--pg-port", default="5432")
    return parser.parse_args()


# -- the instruction counts ------------------------------------------------------------------------------------------


def counted(workload: Path, app: str = "meldbook", off: str = "", moves: int = 0, health: int = 0) -> int:
    """Instructions callgrind counted for `moves` moves (or `health` GET /health) after the warm-up, in a child."""
    command = [
        "valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=starmap_next",
        "--callgrind-out-file=/dev/null", sys.executable, "-m", "bench.guarantees", "count", "--app", app,
        "--workload", str(workload), "--moves", str(moves), "--health", str(health), *(["--off", off] if off else []),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"the counted run of {app} without {off or 'nothing'} failed: {done.stderr[-1500:]}")
    return int(found[1])


def count_child(args: argparse.Namespace) -> None:
    """Make the requests to be counted, each inside `itertools.starmap` (the function callgrind counts in)."""
    workload: Workload = pickle.loads(Path(args.workload).read_bytes())
    with tempfile.TemporaryDirectory(prefix="meldbook-count-") as folder:
        os.environ.update({"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(Path(folder) / "c.sqlite")})
        with served_app(args.app, args.off) as app:
            for handler in logging.getLogger("meldbook.access").handlers:  # each line is made and written, unseen
                handler.setStream(open(os.devnull, "w"))  # noqa: SIM115
            setup = {"variant": "roby", "players": workload.players, "deal_mode": "shuffled"}
            game = _call(app, "POST", "/games", setup)
            game_id, token = (game["id"], game["token"]) if args.app == "meldbook" else ("bare", "bare")

            def move(body: dict[str, Any], version: int) -> None:
                _call(app, "POST", f"/games/{game_id}/moves", body, {"Authorization": f"Bearer {token}",
                                                                     "If-Match": f'"{version}"'})

            def health() -> None:
                _call(app, "GET", "/health")

            chosen = [(m.body, m.expected_version) for m in workload.moves]
            for body, version in chosen[:WARM_MOVES]:
                move(body, version)
            for _ in range(WARM_MOVES):
                health()
            list(itertools.starmap(move, chosen[WARM_MOVES : WARM_MOVES + args.moves]))
            list(itertools.starmap(health, [()] * args.health))


@contextlib.contextmanager
def served_app(app: str, off: str) -> Iterator[Any]:
    """The WSGI app a count calls: Meldbook (with `off` switched off) or a bare app."""
    if app == "bare":
        from bench.bare import app as bare

        yield bare
        return
    if app == "bare-flask":
        from bench.bare import flask_app

        yield flask_app()
        return
    from api.app import create_app
    from bench.switches import parse_switches, switched_off

    flask = create_app()
    try:
        with switched_off(flask, parse_switches(off)):
            yield flask
    finally:
        flask.extensions["meldbook"].close()


def _call(app: Any, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
    """One request as a server would hand it to the app; the JSON it answers, refused unless 2xx."""
    data = b"" if body is None else json.dumps(body).encode()
    environ = {
        "REQUEST_METHOD": method, "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1",
        "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(data),
        "wsgi.errors": sys.stderr, "wsgi.multithread": True, "wsgi.multiprocess": False, "wsgi.run_once": False,
        "CONTENT_LENGTH": str(len(data)), **({"CONTENT_TYPE": "application/json"} if body is not None else {}),
        **{"HTTP_" + k.upper().replace("-", "_"): v for k, v in (headers or {}).items()},
    }
    status: list[str] = []
    answer = b"".join(app(environ, lambda s, h, exc_info=None: status.append(s)))
    if not status[0].startswith("2"):
        raise RuntimeError(f"{method} {path} answered {status[0]}: {answer[:300]!r}")
    return json.loads(answer)


def instructions(workload: Workload) -> str:
    """Count every variant, two at a time; the table of instructions per request."""
    if shutil.which("valgrind") is None:
        return "instructions: skipped (valgrind is not installed: apt-get install valgrind)"
    runs: dict[str, dict[str, Any]] = {
        "as is": {}, **{f"without {name}": {"off": name} for name in SWITCHES},
        "without the move's own (" + ", ".join(MOVE_ONLY) + ")": {"off": "move"},
        "without all of them": {"off": "all"},
        APPS["bare-flask"]: {"app": "bare-flask"}, APPS["bare"]: {"app": "bare"},
    }
    with tempfile.NamedTemporaryFile(suffix=".pickle") as saved, ThreadPoolExecutor(2) as pool:
        saved.write(pickle.dumps(workload))
        saved.flush()
        path = Path(saved.name)
        zero = pool.submit(counted, path)
        moves = {name: pool.submit(counted, path, moves=COUNTED_MOVES, **kw) for name, kw in runs.items()}
        health = {name: pool.submit(counted, path, health=COUNTED_HEALTH, **runs[name]) for name in HEALTH_COUNTED}
        base = zero.result()
        per_move = {name: (run.result() - base) / COUNTED_MOVES for name, run in moves.items()}
        per_health = {name: (run.result() - base) / COUNTED_HEALTH for name, run in health.items()}
    whole = per_move["as is"]
    rows = [
        (name, f"{per_move[name]:,.0f}", f"{whole - per_move[name]:+,.0f}" if name != "as is" else "",
         f"{(whole - per_move[name]) / whole:.1%}" if name != "as is" else "",
         f"{per_health[name]:,.0f}" if name in per_health else "")
        for name in runs
    ]
    title = (f"Instructions per request (callgrind; Meldbook's app called in process, SQLite; moves {WARM_MOVES + 1} "
             f"to {WARM_MOVES + COUNTED_MOVES} of the workload)")
    return render(title, ("Meldbook", "per move", "saved", "share", "per GET /health"), rows)


# -- recording ------------------------------------------------------------------------------------------------------


def recording(workload: Workload, args: argparse.Namespace) -> str:
    """record_move as is and with its guarantees off, beside the raw append, alternated on each store; one table."""
    variants = {"as is": frozenset(), **{f"without {name}": frozenset({name}) for name in RECORDING},
                "without all four": frozenset(RECORDING)}
    rows = []
    for name, store in chosen_stores(args.stores, args.pg_host, args.pg_port):
        try:
            with store() as variables:
                print(f"recording on {name} ...", flush=True)
                env = settings(variables)
                runs: dict[str, list[tuple[float, float]]] = {variant: [] for variant in variants}
                raw: list[tuple[float, float]] = []
                for _ in range(args.repeat):
                    raw.append(time_raw(env, workload.batches))
                    for variant, off in variants.items():
                        runs[variant].append(_time_switched(env, workload, off))
                raw_wall, raw_cpu = (statistics.median(r[i] for r in raw) for i in (0, 1))
                for variant, timed in runs.items():
                    wall, cpu = (statistics.median(t[i] for t in timed) for i in (0, 1))
                    moves = len(workload.moves)
                    rows.append((name, variant, f"{1000 * wall / moves:.3f}", f"{1000 * cpu / moves:.3f}",
                                 f"{raw_wall / wall:.2f}", f"{raw_cpu / cpu:.2f}"))
        except StoreUnavailableError as unavailable:
            print(f"skipped {name}: {unavailable}")
    return render(
        f"Recording beside raw appends of the same saves and events (target >= 0.7; medians of {args.repeat} "
        "alternated runs)",
        ("store", "record_move", "ms a move", "CPU ms a move", "raw/service", "by CPU"), rows,
    )


def _time_switched(env: dict[str, str], workload: Workload, off: frozenset[str]) -> tuple[float, float]:
    """Seconds and CPU seconds to record the workload through record_move with `off` switched off."""
    app = Meldbook(dict(env), chance=SeededChance(workload.seed))
    try:
        with service_switched_off(app, off):
            game, token = create_game(app, "roby", workload.players, {}, "shuffled")
            started, cpu = time.perf_counter(), time.process_time()
            for move in workload.moves:
                record_move(app, game.id, move.body, move.expected_version, token)
            return time.perf_counter() - started, time.process_time() - cpu
    finally:
        app.close()


# -- HTTP --------------------------------------------------------------------------------------------------------------


def http(workload: Workload, args: argparse.Namespace) -> str:
    """Meldbook as is, without the move's own guarantees, and the bare Flask app, over each server, alternated
    `--http-repeat` times; one table of medians."""
    variants: dict[str, dict[str, Any]] = {
        "as is": {}, "without the move's own": {"off": "move"}, APPS["bare-flask"]: {"bare": True, "flask": True}
    }
    rows = []
    for name, store in chosen_stores(args.stores, args.pg_host, args.pg_port):
        try:
            with store() as variables:
                print(f"HTTP on {name} ...", flush=True)
                servers = [("development server", lambda **kw: dev_server(variables, **kw), one_client)]
                if name == "postgres":
                    servers.append(("gunicorn, 4 workers", lambda **kw: _gunicorn(variables, **kw), _four_clients))
                for server_name, serve, drive in servers:
                    rates: dict[str, list[float]] = {variant: [] for variant in variants}
                    health: list[float] = []
                    for _ in range(args.http_repeat):
                        for variant, options in variants.items():
                            with serve(**options) as server:
                                result = drive(server, workload)
                            rates[variant].append(result.move_rate)
                            if not options:  # Meldbook's own /health, measured beside its moves
                                health.append(result.health_rate)
                    for variant, moved in rates.items():
                        rows.append(_http_row(name, server_name, variant, moved, health))
        except StoreUnavailableError as unavailable:
            print(f"skipped {name}: {unavailable}")
    return render(
        f"HTTP moves over Meldbook's own GET /health on the same kind of server (target >= 0.5; medians of "
        f"{args.http_repeat} alternated runs, and the range of the runs' ratios)",
        ("store", "server", "Meldbook", "moves/s", "Meldbook's /health/s", "moves//health", "range"), rows,
    )


def _http_row(store: str, server: str, variant: str, moved: list[float], health: list[float]) -> tuple[str, ...]:
    ratios = [m / h for m, h in zip(moved, health, strict=True)]
    move_rate, health_rate = statistics.median(moved), statistics.median(health)
    return (store, server, variant, f"{move_rate:,.0f}", f"{health_rate:,.0f}", f"{move_rate / health_rate:.2f}",
            f"{min(ratios):.2f} to {max(ratios):.2f}")


def _gunicorn(variables: dict[str, str], bare: bool = False, flask: bool = False, off: str = "") -> Any:
    return gunicorn(variables, workers=4, app="bare-flask" if bare else "meldbook", off=off)


def _four_clients(server: Server, workload: Workload) -> HttpResult:
    return several_clients(server, workload, clients=4)


def serve_child(args: argparse.Namespace) -> None:
    """Meldbook with the named guarantees off, served as `meldbook serve` serves it."""
    from werkzeug.serving import run_simple

    from api.headers import QuietRequestHandler
    from bench.switches import app_without

    run_simple(args.host, args.port, app_without(args.off), threaded=True, request_handler=QuietRequestHandler)


def main() -> None:
    """Run the chosen parts and print their tables."""
    args = parse_args()
    if args.command == "count":
        count_child(args)
        return
    if args.command == "serve":
        serve_child(args)
        return
    parts = set(args.parts.split(","))
    workload = record_workload(0, 2)
    print(load_line("at the start"), flush=True)
    tables = []
    if "instructions" in parts:
        print("counting instructions (two valgrind runs at a time, about a minute and a half each) ...", flush=True)
        tables.append(instructions(workload))
    if "recording" in parts:
        tables.append(recording(workload, args))
    if "http" in parts:
        tables.append(http(workload, args))
    print(load_line("at the end"))
    for block in tables:
        print()
        print(block)


if __name__ == "__main__":
    main()
