"""`make fuzz`: schemathesis against a live Meldbook, through the contract the server itself serves.

Starts `meldbook serve` on a free port with a throwaway store (a fresh PostgreSQL database when the server answers,
as in production; else a SQLite file), records one game of each variant for the fuzzer to aim at, and runs
`st run <server>/openapi.yaml` with schemathesis.toml (checks, seed, timeout, the pinned game and its token).
Extra arguments go to `st run` (e.g. `make fuzz FUZZ_ARGS="--max-examples 20"`). Exits with schemathesis' status.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from tests import pg
from tests.e2e.live import running_server

ROOT = Path(__file__).resolve().parents[2]
SETUPS = (
    {"variant": "roby", "players": ["ann", "bob", "cy"], "deal_mode": "recorded", "title": "fuzzed"},
    {"variant": "robins", "players": ["ann", "bob"], "deal_mode": "shuffled"},
    {"variant": "royal", "players": ["ann", "bob", "cy"], "deal_mode": "shuffled"},
)


@contextmanager
def throwaway_store() -> Iterator[dict[str, str]]:
    """eventsourcing settings for an empty store, removed afterwards."""
    try:
        admin = pg.connect()
    except psycopg.OperationalError:
        with tempfile.TemporaryDirectory() as folder:
            print("fuzz: no PostgreSQL answers; using a SQLite file", file=sys.stderr)
            yield {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(Path(folder) / "fuzz.sqlite")}
        return
    with admin:
        name = pg.create_database(admin)
        try:
            yield pg.eventsourcing_env(name)
        finally:
            pg.drop_database(admin, name)


def create_game(base_url: str, setup: dict[str, object]) -> dict[str, str]:
    """POST /games; the new game's id and token."""
    request = urllib.request.Request(
        f"{base_url}/games", json.dumps(setup).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        created: dict[str, str] = json.load(answer)
    return created


def main(arguments: list[str]) -> int:
    """Serve, seed, fuzz; the exit status of `st run`."""
    with (
        throwaway_store() as store,
        running_server(store) as server,
        tempfile.NamedTemporaryFile(suffix=".json") as tally,
    ):
        games = [create_game(server.base_url, setup) for setup in SETUPS]
        env = {
            **os.environ,
            "MELDBOOK_FUZZ_GAME_ID": games[0]["id"],
            "MELDBOOK_FUZZ_TOKEN": games[0]["token"],
            "MELDBOOK_FUZZ_URL": server.base_url,
            "MELDBOOK_FUZZ_TALLY": tally.name,
        }
        command = [str(Path(sys.executable).with_name("st")), "--config-file", str(ROOT / "schemathesis.toml")]
        command += ["run", f"{server.base_url}/openapi.yaml", "--url", server.base_url, *arguments]
        print("fuzz:", " ".join(command), file=sys.stderr)
        status = subprocess.run(command, env=env, cwd=ROOT, check=False).returncode
        report(Path(tally.name))
        return status


# Refusals before any rule runs: the body's shape, its fields, the request itself.
BEFORE_THE_RULES = frozenset(
    {"validation-error", "invalid-action", "unknown-card", "invalid-text", "malformed-request", "unknown-player"}
)


def report(tally_file: Path) -> None:
    """How the fuzzed moves on the recorded game were answered: by status and problem code, and how many reached the
    rules (accepted, or refused by a rule of the game: a 409 or 422 whose code is not a shape error)."""
    text = tally_file.read_text() if tally_file.exists() else ""
    tally: dict[str, int] = json.loads(text) if text.strip() else {}
    posted = {key: n for key, n in tally.items() if key.startswith("POST ")}
    accepted = sum(n for key, n in posted.items() if key.split(" ")[1] == "201")
    by_rule = sum(
        n
        for key, n in posted.items()
        if key.split(" ")[1] in ("409", "422") and key.split(" ")[2] not in BEFORE_THE_RULES
    )
    print(
        f"fuzz: {sum(posted.values())} moves posted to the recorded game; {accepted + by_rule} reached the rules "
        f"({accepted} accepted, {by_rule} refused by a rule's code)",
        file=sys.stderr,
    )
    for key, count in sorted(tally.items(), key=lambda item: -item[1]):
        print(f"fuzz:   {count:6d}  {key}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
