"""The test suite in stages (`make test`, `make test-fast`, `make test-default`, `make test-slow`; `.ci/run`).

Every test belongs to exactly one stage, chosen by its markers (tests/conftest.py says how tests get them):

    fast     everything not in a later stage: two xdist workers, tests spread one by one (`--dist loadgroup`)
    browser  the `browser` (headless Chromium) and `packaging` (wheel, lock files, audit) tests: four workers
    faults   the `faults` tests (gunicorn killed, the database cut, SQLite locked), one after another on one
             worker (their xdist group), and on the other the `server` tests (gunicorn or `meldbook serve` started)
    slow     the long runs behind `slow`: every bot game, the whole walk, the other store, the bigger fault runs

The first three are the default run; `slow` comes last. Each stage prints its wall time, the CPU time (user +
system) of pytest and every process it started, and the load average before it began, then a table of all stages.
A failing stage stops the run (`--keep-going` runs the rest). The random samples of the run (the bot games and
the walked versions inside moves, tests/sampling.py) are drawn from one seed, printed first: set
MELDBOOK_TEST_SEED to replay it.

    python tools/test_stages.py [STAGE ...] [--keep-going] [-- PYTEST_ARGS ...]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED_VARIABLE = "MELDBOOK_TEST_SEED"  # read by tests/sampling.py
BYTECODE_OFF = "PYTHONDONTWRITEBYTECODE"
"""Set (as on some machines), every process compiles every module it imports again: each of a run's eight xdist
workers its ~200 test modules with pytest's assertion rewriting (10 s of CPU each), each server a test starts the
product. The stages run without it, so that the first compiles and the rest read __pycache__ (git ignores it)."""
WORKERS_VARIABLE = "MELDBOOK_TEST_WORKERS"
"""Set, the number of xdist workers of every stage (by default each stage's own, for two cores)."""


@dataclass(frozen=True)
class Stage:
    name: str
    what: str
    markers: str
    workers: int
    """xdist workers on two cores, the tests spread one by one (`--dist loadgroup`, which keeps an xdist group on
    one worker)."""
    paths: tuple[str, ...] = ()
    """Where the stage's tests live, so that its workers collect no more (tests/conftest.py refuses a test marked
    for the stage elsewhere); none: everywhere."""

    @property
    def args(self) -> tuple[str, ...]:
        workers = os.environ.get(WORKERS_VARIABLE) or str(self.workers)
        return ("-n", workers, "--dist", "loadgroup", "-m", self.markers)


STAGES = {
    stage.name: stage
    for stage in (
        Stage("fast", "the fast tests", "not (browser or packaging or faults or server or slow)", 2),
        # Four workers: a browser test waits on Chromium and its server about half its time.
        Stage(
            "browser",
            "the browser and packaging tests",
            "(browser or packaging) and not (faults or slow)",
            4,
            ("tests/e2e", "tests/packaging"),
        ),
        # The fault tests run one after another on one worker (their xdist group); the tests that start servers of
        # their own run on the other meanwhile.
        Stage(
            "faults",
            "the fault tests, and beside them the tests that start servers",
            "(faults or server) and not (browser or packaging or slow)",
            2,
            ("tests/e2e",),
        ),
        Stage("slow", "the slow tests", "slow", 2),
    )
}
DEFAULT = ("fast", "browser", "faults")


@dataclass
class Timed:
    stage: Stage
    status: int
    wall: float
    cpu: float
    load: str


def children_cpu() -> float:
    """User + system seconds of every finished child process (and their children) so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def say(line: str) -> None:
    print(f"[stages] {line}", flush=True)


def with_markers(stage: Stage, pytest_args: list[str]) -> list[str]:
    """The stage's arguments, then the caller's; a marker expression of the caller's narrows the stage's rather
    than replacing it (`-m postgres` runs each stage's PostgreSQL tests)."""
    args, own, given = list(stage.args), [], None
    rest = iter(pytest_args)
    for arg in rest:
        if arg == "-m":
            given = next(rest, "")
        elif arg.startswith("-m") and not arg.startswith("--"):
            given = arg[2:].lstrip("=")
        else:
            own.append(arg)
    if given:
        index = args.index("-m") + 1
        args[index] = f"({args[index]}) and ({given})"
    chosen = any((ROOT / arg.split("::")[0]).exists() for arg in own if not arg.startswith("-"))
    return [*args, *own, *(() if chosen else stage.paths)]


def run(stage: Stage, pytest_args: list[str]) -> Timed:
    command = [sys.executable, "-m", "pytest", *with_markers(stage, pytest_args)]
    load = load_average()
    say(f"{stage.name}: {stage.what} (load average {load}): {' '.join(command[1:])}")
    cpu, wall = children_cpu(), time.monotonic()
    status = subprocess.run(command, cwd=ROOT, check=False).returncode
    if status == 5:  # no test selected (a -k or a path that leaves this stage empty) is no failure
        status = 0
    timed = Timed(stage, status, time.monotonic() - wall, children_cpu() - cpu, load)
    verdict = "passed" if status == 0 else f"FAILED (pytest exit status {status})"
    say(f"{stage.name}: {verdict} in {timed.wall:.1f} s wall, {timed.cpu:.1f} s CPU")
    return timed


def report(done: list[Timed]) -> None:
    say("stage     status   wall (s)   CPU (s)   load average before")
    for t in done:
        say(f"{t.stage.name:<9} {'passed' if t.status == 0 else 'FAILED':<8} {t.wall:>8.1f} {t.cpu:>9.1f}   {t.load}")
    default = [t for t in done if t.stage.name in DEFAULT]
    if len(default) > 1:
        say(f"default stages: {sum(t.wall for t in default):.1f} s wall, {sum(t.cpu for t in default):.1f} s CPU")
    say(f"all stages run: {sum(t.wall for t in done):.1f} s wall, {sum(t.cpu for t in done):.1f} s CPU "
        "(PostgreSQL's own server processes are not counted in CPU)")


def main(argv: list[str]) -> int:
    ours, pytest_args = (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(prog="python tools/test_stages.py", description=__doc__.splitlines()[0])
    parser.add_argument("stages", nargs="*", metavar="STAGE",
                        help=f"stages to run, in order (default: every stage): {', '.join(STAGES)}")
    parser.add_argument("--keep-going", action="store_true", help="run the later stages after a failing one")
    args = parser.parse_args(ours)
    args.stages = args.stages or list(STAGES)
    unknown = [name for name in args.stages if name not in STAGES]
    if unknown:
        parser.error(f"no stage {', '.join(unknown)}: the stages are {', '.join(STAGES)}")
    seed = os.environ.setdefault(SEED_VARIABLE, str(random.SystemRandom().randrange(1, 10**6)))
    if os.environ.pop(BYTECODE_OFF, None):
        say(f"{BYTECODE_OFF} left out for the stages: their workers and servers keep compiled modules")
    say(f"random samples drawn from seed {seed} (replay them with {SEED_VARIABLE}={seed})")
    done: list[Timed] = []
    for name in args.stages:
        done.append(run(STAGES[name], pytest_args))
        if done[-1].status != 0 and not args.keep_going:
            break
    report(done)
    skipped = args.stages[len(done) :]
    if skipped:
        say(f"not run after the failure: {', '.join(skipped)} (--keep-going runs them)")
    return 0 if all(t.status == 0 for t in done) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
