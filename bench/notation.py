"""`python -m bench.notation [--long]`: the notation's figures on an archive of bot games, in one run.

- parse plus full rules validation, actions/s, beside python-chess reading and replaying PGN of random legal games
  (moves/s), and the ratio (target >= 2);
- a full import into the store, events/s, beside eventsourcing's raw append of the same events in the same
  batches, and the ratio (target >= 0.7), on a SQLite file and on PostgreSQL;
- peak RSS of a fresh process importing 2,000 games over one importing 200 (with --long: 10,000 over 1,000), the
  archives being the bench archive repeated (target <= 1.2).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from bench.notation_runs import count_actions, peak_rss_importing, random_pgn, time_import, time_pgn, time_validation
from bench.stores import StoreUnavailableError, postgres_store, sqlite_store
from domain.notation.archive import split_archive
from service.simulation import simulated_archive

TARGETS = {"validate": 2.0, "import": 0.7, "rss": 1.2}


def parse_args() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m bench.notation", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="bot games in the bench archive, mixed (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="the archive's seed (default 0)")
    parser.add_argument("--chess-games", type=int, default=300, help="random chess games (default 300)")
    parser.add_argument("--long", action="store_true", help="RSS over 10,000 against 1,000 games (make bench-long)")
    parser.add_argument("--rss-games", type=int, nargs=2, metavar=("SMALL", "LARGE"),
                        help="the two archive sizes of the RSS ratio (default 200 2000; with --long 1000 10000)")
    parser.add_argument("--pg-host", default="127.0.0.1")
    parser.add_argument("--pg-port", default="5432")
    return parser.parse_args()


def main() -> None:
    """Build the archive, run each measurement, print the figures and the ratios."""
    args = parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {_load()} at the start")
    started = time.perf_counter()
    archive = "".join(simulated_archive("mixed", args.games, args.seed))
    actions = count_actions(archive)
    print(f"archive: {args.games} bot games (Roby, Robins Rummy, Royal Rummy in turn, recorded deal mode, seed "
          f"{args.seed}): {actions:,} actions, {len(archive) / 1e6:.1f} MB, "
          f"written in {time.perf_counter() - started:.0f} s")
    ratios = {}

    seconds = time_validation(archive)
    plies, chess_seconds = time_pgn(random_pgn(args.chess_games, args.seed))
    ratios["validate"] = (actions / seconds) / (plies / chess_seconds)
    print(f"\nparse + full rules validation: {actions / seconds:,.0f} actions/s ({actions:,} in {seconds:.2f} s)")
    print(f"python-chess, read PGN + replay: {plies / chess_seconds:,.0f} moves/s ({plies:,} plies of "
          f"{args.chess_games} random games in {chess_seconds:.2f} s)")
    print(f"ratio: {ratios['validate']:.2f} (target >= {TARGETS['validate']})")

    postgres = lambda: postgres_store(args.pg_host, args.pg_port)  # noqa: E731
    for name, store in (("sqlite file", sqlite_store), ("postgres", postgres)):
        try:
            with store() as import_env, store() as raw_env:
                run = time_import(import_env, raw_env, archive)
        except StoreUnavailableError as unavailable:
            print(f"\nimport on {name}: skipped ({unavailable})")
            continue
        imported, raw = run.events / run.import_seconds, run.events / run.raw_seconds
        ratios[f"import ({name})"] = imported / raw
        print(f"\nimport on {name}: {imported:,.0f} events/s ({run.games} games, {run.events:,} events in "
              f"{len(run.batches)} saves, {run.import_seconds:.2f} s)")
        print(f"raw eventsourcing appends, same events and batches: {raw:,.0f} events/s ({run.raw_seconds:.2f} s)")
        print(f"ratio: {imported / raw:.2f} (target >= {TARGETS['import']})")

    small, large = args.rss_games or ((1_000, 10_000) if args.long else (200, 2_000))
    # The archive's Robins Rummy games (the shortest), over and over: the figure is about memory, not speed.
    robins = [r.text.rstrip("\n") for r in split_archive(archive.splitlines()) if '"robins"' in r.text.split("\n")[0]]
    with tempfile.TemporaryDirectory(prefix="meldbook-bench-rss-") as folder:
        peaks = {}
        for games in (small, large):
            path = Path(folder) / f"archive-{games}.txt"
            write_repeated(path, robins, games)
            imported, peaks[games] = peak_rss_importing(path, Path(folder))
            print(f"\npeak RSS importing {imported:,} Robins Rummy games (a fresh process, SQLite file): "
                  f"{peaks[games] / 1024:,.0f} MiB")
    ratios["rss"] = peaks[large] / peaks[small]
    print(f"ratio {large:,} / {small:,} games: {ratios['rss']:.2f} (target <= {TARGETS['rss']})")

    print(f"\nload average {_load()} at the end; {time.perf_counter() - started:.0f} s in all")
    print("ratios: " + ", ".join(f"{name} {value:.2f}" for name, value in ratios.items()))


def write_repeated(path: Path, records: list[str], wanted: int) -> None:
    """Write an archive of `wanted` games: these records over and over (each import is a new game)."""
    with path.open("w", encoding="utf8") as out:
        for number in range(wanted):
            out.write(("\n\n" if number else "") + records[number % len(records)])
        out.write("\n")


def _load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


if __name__ == "__main__":
    main()
