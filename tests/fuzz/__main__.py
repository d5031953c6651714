"""`make fuzz`: schemathesis against a live Meldbook, through the contract the server itself serves.

Starts `meldbook serve` on a free port with a throwaway store (a fresh PostgreSQL database when the server answers,
as in production; else a SQLite file), records one game of each variant for the fuzzer to aim at (the first is the
pinned game, whose moves are tallied) and one more for the operations that would end the pinned game (its discard,
an abandon: tests/fuzz/hooks.py sends them there), and runs `st run <server>/openapi.yaml` with schemathesis.toml
(every check, seed, timeout, the pinned game and its token) and, for each operation of the served contract that
declares statuses it may answer a schema-valid request (`x-valid-request-refusals`: a move the rules refuse, a
version no longer current), `positive_data_acceptance` expecting those too (`fuzz_config`).
Extra arguments go to `st run` (e.g. `make fuzz FUZZ_ARGS="--max-examples 20"`). Exits with schemathesis' status.
CI runs it through tests/fuzz/test_schemathesis.py, which reads schemathesis' JSON report and this run's summary.
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
from typing import Any

import psycopg

from tests import pg
from tests.e2e.live import running_server
from tests.stores import sqlite_settings

ROOT = Path(__file__).resolve().parents[2]
SETUPS = (
    {"variant": "roby", "players": ["ann", "bob", "cy"], "deal_mode": "recorded", "title": "fuzzed"},
    {"variant": "robins", "players": ["ann", "bob"], "deal_mode": "shuffled"},
    {"variant": "royal", "players": ["ann", "bob", "cy"], "deal_mode": "shuffled"},
    {"variant": "roby", "players": ["ann", "bob", "cy"], "deal_mode": "recorded", "title": "fuzzed to its end"},
)
"""The pinned game first; the last is the game the fuzzer's destructive operations are sent to."""
VALID_REQUEST_REFUSALS = "x-valid-request-refusals"
POSITIVE_STATUSES = ("2xx", "3xx", "401", "403", "404", "409", "429", "5xx")
"""What schemathesis' positive_data_acceptance expects of a schema-valid request by default."""


@contextmanager
def throwaway_store() -> Iterator[dict[str, str]]:
    """eventsourcing settings for an empty store, removed afterwards."""
    try:
        admin = pg.connect()
    except psycopg.OperationalError:
        with tempfile.TemporaryDirectory() as folder:
            print("fuzz: no PostgreSQL answers; using a SQLite file", file=sys.stderr)
            yield sqlite_settings(Path(folder) / "fuzz.sqlite")
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
    # A game's stream answers what is stored and ends, rather than stay open past the request timeout.
    os.environ.setdefault("MELDBOOK_STREAM_SECONDS", "0")
    with (
        throwaway_store() as store,
        running_server(store) as server,
        tempfile.NamedTemporaryFile(suffix=".json") as tally,
        tempfile.NamedTemporaryFile("w", suffix=".toml", dir=ROOT, prefix=".fuzz-") as config,
    ):
        games = [create_game(server.base_url, setup) for setup in SETUPS]
        env = {
            **os.environ,
            "MELDBOOK_FUZZ_GAME_ID": games[0]["id"],
            "MELDBOOK_FUZZ_TOKEN": games[0]["token"],
            "MELDBOOK_FUZZ_SPARE_ID": games[-1]["id"],
            "MELDBOOK_FUZZ_SPARE_TOKEN": games[-1]["token"],
            "MELDBOOK_FUZZ_URL": server.base_url,
            "MELDBOOK_FUZZ_TALLY": tally.name,
        }
        with urllib.request.urlopen(f"{server.base_url}/openapi.json", timeout=10) as answer:
            config.write(fuzz_config((ROOT / "schemathesis.toml").read_text(), json.load(answer)))
        config.flush()
        command = [str(Path(sys.executable).with_name("st")), "--config-file", config.name]
        command += ["run", f"{server.base_url}/openapi.yaml", "--url", server.base_url, *arguments]
        print("fuzz:", " ".join(command), file=sys.stderr)
        status = subprocess.run(command, env=env, cwd=ROOT, check=False).returncode
        report(Path(tally.name))
        return status


def fuzz_config(pinned: str, contract: dict[str, Any]) -> str:
    """schemathesis.toml, and for each operation that declares statuses it may answer a schema-valid request
    (`x-valid-request-refusals`), positive_data_acceptance expecting those besides its defaults."""
    blocks = [pinned.rstrip("\n")]
    for path, operations in sorted(contract["paths"].items()):
        for method, operation in sorted(operations.items()):
            declared = operation.get(VALID_REQUEST_REFUSALS) if isinstance(operation, dict) else None
            if not declared:
                continue
            statuses = [*POSITIVE_STATUSES, *sorted(declared)]
            blocks.append(
                f'[[operations]]\ninclude-name = "{method.upper()} {path}"\n\n'
                f"[operations.checks.positive_data_acceptance]\nexpected-statuses = {json.dumps(statuses)}"
            )
    return "\n\n".join(blocks) + "\n"


RULE_CODES = frozenset({"illegal-move", "out-of-turn", "wrong-phase", "card-conflict"})
"""The generic codes of a move refused by the rules (each variant's own codes are rules' codes too)."""


def summary(tally: dict[str, int]) -> dict[str, int]:
    """How many fuzzed moves were posted to the recorded game, how many reached the rules (accepted, or refused
    with a rule's code rather than a shape error) and how many the rules refused."""
    posted = {key: n for key, n in tally.items() if key.startswith("POST ")}
    refused = sum(n for key, n in posted.items() if is_rule_code(key.split(" ")[-1]))
    accepted = sum(n for key, n in posted.items() if key.split(" ")[1].startswith("2"))
    return {"moves": sum(posted.values()), "reached_rules": refused + accepted, "refused_by_rules": refused}


def is_rule_code(code: str) -> bool:
    """Whether a problem code names a rule: a variant's own code, or a generic one about the game's rules."""
    return code in RULE_CODES or code.split(".")[0] in ("roby", "robins", "royal")


def report(tally_file: Path) -> None:
    """How the fuzzed moves on the recorded game were answered: by status and problem code. With
    MELDBOOK_FUZZ_SUMMARY set, the counts and the tally are also written there as JSON."""
    text = tally_file.read_text() if tally_file.exists() else ""
    tally: dict[str, int] = json.loads(text) if text.strip() else {}
    counts = summary(tally)
    print(
        f"fuzz: {counts['moves']} moves posted to the recorded game; {counts['reached_rules']} reached the rules "
        f"({counts['refused_by_rules']} refused by a rule's code)",
        file=sys.stderr,
    )
    for key, count in sorted(tally.items(), key=lambda item: -item[1]):
        print(f"fuzz:   {count:6d}  {key}", file=sys.stderr)
    if os.environ.get("MELDBOOK_FUZZ_SUMMARY"):
        Path(os.environ["MELDBOOK_FUZZ_SUMMARY"]).write_text(json.dumps({**counts, "tally": tally}))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
