"""CI's schemathesis run (`make fuzz`, tests/fuzz): a live server, its served openapi.yaml, schemathesis.toml's fixed
seed, pinned phases, every check schemathesis has and request timeout. It must run at least MIN_CASES cases, find no
failure and meet no error, and at least MIN_MOVES_REACHING_THE_RULES fuzzed moves on the pinned game must reach the
rules (accepted, or refused with a rule's code): a run whose moves all stop at their shape, or at a game ended early,
tests the contract of moves without testing the moves.

Each problem it ever finds gets a regression test of its own beside the code's other tests; the run is then
expected to pass again. The counts are printed (`pytest -s` shows them) with how many fuzzed moves reached the rules.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MIN_CASES = 1000
MIN_MOVES_REACHING_THE_RULES = 100
PHASES = {"examples": {"success", "skip"}, "coverage": {"success"}, "fuzzing": {"success"}, "stateful": {"success"}}
"""The contract has no examples of its own, so schemathesis skips that phase; every other one must pass."""


@pytest.mark.parametrize(
    "extra", [[], pytest.param(["--max-examples", "200"], marks=pytest.mark.slow)], ids=["pinned", "200-examples"]
)
def test_schemathesis_runs_at_least_a_thousand_cases_against_the_served_contract_without_a_failure(
    tmp_path: Path, extra: list[str]
) -> None:
    report, summary = tmp_path / "report.json", tmp_path / "summary.json"
    command = [sys.executable, "-m", "tests.fuzz", "--report", "json", "--report-json-path", str(report), *extra]
    run = subprocess.run(
        command,
        cwd=ROOT,
        env={**os.environ, "MELDBOOK_FUZZ_SUMMARY": str(summary)},
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    output = run.stdout[-6000:] + run.stderr[-6000:]
    assert run.returncode == 0, output
    ran = json.loads(report.read_text())
    cases = ran["test_cases"]
    assert ran["complete"] and ran["stop_reason"] == "completed", output
    assert {name: phase["status"] for name, phase in ran["phases"].items()}.items() <= {
        (name, status) for name, allowed in PHASES.items() for status in allowed
    }, ran["phases"]
    assert (cases["with_failures"], cases["unique_failures"], cases["errored"]) == (0, 0, 0), ran["failures"]
    assert ran["errors"] == [] and ran["failures"] == []
    assert cases["generated"] >= MIN_CASES, cases
    moves = json.loads(summary.read_text())
    assert moves["reached_rules"] >= MIN_MOVES_REACHING_THE_RULES, moves
    print(
        f"schemathesis: {cases['generated']} cases, {cases['with_failures']} failures; {moves['moves']} fuzzed moves, "
        f"{moves['reached_rules']} reached the rules ({moves['refused_by_rules']} refused by a rule's code)"
    )
