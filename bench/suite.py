"""`python -m bench.suite OLD NEW`: the default stages of `.ci/run` on clean clones of two revisions, alternated.

Each run clones the revision afresh, makes its virtual environment (timed apart: `make .venv/.installed`), then
times `.ci/run` with TEST_STAGES="fast browser faults" (a revision that runs no stages runs its whole default suite,
which is its default stages): wall time, CPU time (user + system of `.ci/run` and every process it started and
waited for) and the CPU time PostgreSQL's own processes spent meanwhile, read from /proc (the whole server's: on a
shared machine it counts the others' queries too). It reads the tests' own time from the output: each stage's line
of tools/test_stages.py, or pytest's summary line. The runs alternate (old, new, new, old, old, new, ...) so that a
drift of the machine's load falls on both; the load average is printed beside each run, and the medians and their
ratio at the end.

    python -m bench.suite /work/main@b41311b /path/to/checkout@issue-28 --runs 3 --work /tmp/suite-runs

A revision is `SOURCE@REV` (anything `git clone` takes, and a branch, tag or commit of it). PostgreSQL must answer
as `.ci/run` expects (127.0.0.1:5432, user postgres); each run's log is kept in the work directory, the clones are
removed after their run unless --keep.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

DEFAULT_STAGES = "fast browser faults"
STAGE_LINE = re.compile(r"^\[stages\] (\w+): (?:passed|FAILED[^ ]*(?: \([^)]*\))?) in ([\d.]+) s wall, ([\d.]+) s CPU")
PYTEST_SUMMARY = re.compile(r"^=*\s*(\d+) passed.* in ([\d.]+)s")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Run:
    """One revision's run: its times, and what its output said of its tests."""

    label: str
    setup_wall: float
    wall: float
    cpu: float
    postgres_cpu: float
    tests_wall: float | None
    tests_cpu: float | None
    stages: dict[str, tuple[float, float]]
    passed: bool
    load_before: str
    load_after: str


def revision(text: str) -> tuple[str, str]:
    """SOURCE@REV split in two (REV defaults to HEAD)."""
    source, _, rev = text.rpartition("@") if "@" in text else (text, "", "HEAD")
    return source, rev or "HEAD"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def postgres_cpu() -> float:
    """The CPU seconds every running postgres process has spent so far (user + system), from /proc."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name, fields = text[text.index("(") + 1 : text.rindex(")")], text[text.rindex(")") + 2 :].split()
        if name.startswith("postgres"):
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / CLOCK_TICKS


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def read_tests(output: str) -> tuple[float | None, float | None, dict[str, tuple[float, float]]]:
    """The tests' wall and CPU time and each stage's, as the output reports them: the stage lines of
    tools/test_stages.py, else pytest's summary line (its wall time only)."""
    stages = {m[1]: (float(m[2]), float(m[3])) for line in output.splitlines() if (m := STAGE_LINE.match(line))}
    if stages:
        return sum(w for w, _ in stages.values()), sum(c for _, c in stages.values()), stages
    summaries = [float(m[2]) for line in output.splitlines() if (m := PYTEST_SUMMARY.match(line))]
    return (summaries[-1] if summaries else None), None, {}


def timed(command: list[str], cwd: Path, log: Path, env: dict[str, str]) -> tuple[int, float, float, float, str]:
    """Run a command with its output into the log; its exit status, wall and CPU seconds, PostgreSQL's CPU seconds
    meanwhile, and its output."""
    cpu, pg, wall = children_cpu(), postgres_cpu(), time.monotonic()
    with log.open("a") as sink:
        ran = subprocess.run(command, cwd=cwd, env=env, stdout=sink, stderr=subprocess.STDOUT, check=False)
    status = ran.returncode
    wall, cpu, pg = time.monotonic() - wall, children_cpu() - cpu, postgres_cpu() - pg
    return status, wall, cpu, pg, log.read_text(errors="replace")


def one_run(label: str, source: str, rev: str, work: Path, number: int, keep: bool) -> Run:
    clone = work / f"{label}-{number}"
    log = work / f"{label}-{number}.log"
    shutil.rmtree(clone, ignore_errors=True)
    log.write_text(f"# {label}: {source}@{rev}\n")
    subprocess.run(["git", "clone", "-q", source, str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", rev], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ARGS", "VIRTUAL_ENV")}
    setup = timed(["make", "--no-print-directory", ".venv/.installed"], clone, log, env)[1]
    load_before = load_average()
    status, wall, cpu, pg, output = timed(["bash", ".ci/run"], clone, log, {**env, "TEST_STAGES": DEFAULT_STAGES})
    tests_wall, tests_cpu, stages = read_tests(output)
    if not keep:
        shutil.rmtree(clone, ignore_errors=True)
    return Run(label, setup, wall, cpu, pg, tests_wall, tests_cpu, stages, status == 0, load_before, load_average())


def show(run: Run, number: int) -> None:
    tests = f"{run.tests_wall:7.1f}" if run.tests_wall is not None else "      ?"
    tests_cpu = f"{run.tests_cpu:7.1f}" if run.tests_cpu is not None else "      -"
    stages = "  ".join(f"{name} {wall:.0f}/{cpu:.0f}" for name, (wall, cpu) in run.stages.items())
    print(
        f"{run.label:<4} {number}  {'ok ' if run.passed else 'FAIL'}  setup {run.setup_wall:6.1f}  "
        f".ci/run {run.wall:7.1f} wall {run.cpu:7.1f} CPU  postgres {run.postgres_cpu:6.1f}  "
        f"tests {tests} wall {tests_cpu} CPU  load {run.load_before} -> {run.load_after}  {stages}",
        flush=True,
    )


def summary(runs: list[Run]) -> None:
    print()
    medians: dict[str, dict[str, float]] = {}
    for label in ("old", "new"):
        mine = [r for r in runs if r.label == label]
        values = {
            ".ci/run wall": [r.wall for r in mine],
            ".ci/run CPU": [r.cpu for r in mine],
            "postgres CPU": [r.postgres_cpu for r in mine],
            "tests wall": [r.tests_wall for r in mine if r.tests_wall is not None],
        }
        medians[label] = {name: statistics.median(v) for name, v in values.items() if v}
        shown = ", ".join(f"{name} {value:.1f} s" for name, value in medians[label].items())
        print(f"median of {len(mine)} {label} runs: {shown}")
    for name in medians["old"]:
        if name in medians["new"] and medians["old"][name]:
            print(f"new/old {name}: {medians['new'][name] / medians['old'][name]:.2f}")
    if not all(r.passed for r in runs):
        print("some runs FAILED: their times are not comparable")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.suite", description=__doc__.splitlines()[0])
    parser.add_argument("old", help="SOURCE@REV of the revision to compare against")
    parser.add_argument("new", help="SOURCE@REV of the revision measured")
    parser.add_argument("--runs", type=int, default=3, help="runs of each revision (default 3)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/meldbook-suite-runs"), help="clones and logs")
    parser.add_argument("--keep", action="store_true", help="keep the clones")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    sources = {"old": revision(args.old), "new": revision(args.new)}
    runs: list[Run] = []
    for number in range(1, args.runs + 1):
        order = ("old", "new") if number % 2 else ("new", "old")
        for label in order:
            run = one_run(label, *sources[label], args.work, number, args.keep)
            show(run, number)
            runs.append(run)
    summary(runs)
    return 0 if all(r.passed for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
