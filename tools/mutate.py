"""Mutation testing of the rule modules (`make mutate`): does a test fail when a rule goes wrong?

mutmut 3 takes one test selection per run, so this runs it once per group of modules named in
pyproject.toml (`[tool.mutmut.groups.*]`), each in a directory of its own under mutants/, with that
group's modules mutated and only that group's tests selected. It then scores every module, counting
as killed the surviving mutants listed in the equivalents file (matched by module, function and the
lines the mutation changes, not by mutmut's numbering, which shifts when the code changes), and
writes every other survivor, with its diff and an entry ready for the equivalents file, to
mutants/survivors.txt. It fails when a module scores under `fail_under`.

    python tools/mutate.py [GROUP ...]     # every group when none is named
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "mutants"
DRIVER_KEYS = {"groups", "max_children", "fail_under", "equivalents"}
CAUGHT = {"killed", "timeout", "segfault"}  # the selected tests failed, or did not finish
LINKED = ("domain", "tests")  # what a group's directory sees of the repository
MUTMUT_TABLE = re.compile(r"^\[+\s*tool\.mutmut\b")


@dataclass(frozen=True)
class Mutant:
    """One mutant: where it is and what it changes."""

    name: str
    module: str
    function: str
    status: str
    removed: tuple[str, ...] = ()
    added: tuple[str, ...] = ()
    diff: str = ""

    @property
    def key(self) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
        """What identifies the mutation however the file around it changes."""
        return (self.module, self.function, self.removed, self.added)


@dataclass
class Score:
    """One module's counts."""

    module: str
    total: int = 0
    caught: int = 0
    equivalent: int = 0
    open: list[Mutant] = field(default_factory=list)

    @property
    def percent(self) -> float:
        """Killed mutants, listed equivalents counted as killed, out of all mutants."""
        return 100.0 * (self.caught + self.equivalent) / self.total if self.total else 100.0


def settings() -> dict[str, Any]:
    """The `[tool.mutmut]` table of pyproject.toml."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf8"))["tool"]["mutmut"]


def toml_table(values: dict[str, Any]) -> str:
    """A `[tool.mutmut]` table (strings, numbers, booleans and lists of them are JSON-compatible)."""
    return "[tool.mutmut]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in values.items())


def prepare(group: str, spec: dict[str, Any], base: dict[str, Any]) -> Path:
    """A fresh directory for one group: the repository's code and tests, and a pyproject for this group."""
    work = WORK / group
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name in LINKED:
        (work / name).symlink_to(ROOT / name, target_is_directory=True)
    kept = []
    skipping = False
    for line in (ROOT / "pyproject.toml").read_text("utf8").splitlines():
        if line.startswith("["):
            skipping = bool(MUTMUT_TABLE.match(line))
        if not skipping:
            kept.append(line)
    config = {k: v for k, v in base.items() if k not in DRIVER_KEYS}
    config |= {"only_mutate": spec["modules"], "pytest_add_cli_args_test_selection": spec["tests"]}
    (work / "pyproject.toml").write_text("\n".join(kept) + "\n\n" + toml_table(config), "utf8")
    return work


def run_mutmut(group: str, work: Path, children: int) -> float:
    """Run mutmut in the group's directory; its output goes to mutmut.log there."""
    mutmut = Path(sys.executable).with_name("mutmut")
    started = time.monotonic()
    print(f"[{group}] mutmut run --max-children {children} (log: {work.relative_to(ROOT)}/mutmut.log)", flush=True)
    with open(work / "mutmut.log", "w", encoding="utf8") as log:
        done = subprocess.run([str(mutmut), "run", "--max-children", str(children)], cwd=work, stdout=log,
                              stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0:
        tail = (work / "mutmut.log").read_text("utf8", errors="replace")[-3000:]
        sys.exit(f"[{group}] mutmut failed (exit {done.returncode}):\n{tail}")
    return time.monotonic() - started


def function_of(name: str, module: str) -> str:
    """The function a mutant changes: `domain.cards.zones.xǁZoneǁremove__mutmut_3` is `Zone.remove`."""
    mangled = name[len(module.removesuffix(".py").replace("/", ".")) + 1 :].partition("__mutmut_")[0]
    return ".".join(part for part in mangled.removeprefix("x_").split("ǁ") if part not in ("", "x"))


def changed_lines(diff: str, sign: str) -> tuple[str, ...]:
    """The lines a unified diff removes ('-') or adds ('+'), stripped of indentation."""
    return tuple(
        line[1:].strip() for line in diff.splitlines() if line.startswith(sign) and not line.startswith(sign * 3)
    )


def mutants_of(work: Path, module: str) -> list[Mutant]:
    """Every mutant of a module with its status; the diff for those the tests did not catch."""
    meta = json.loads((work / "mutants" / f"{module}.meta").read_text("utf8"))
    found = []
    cwd = os.getcwd()
    os.chdir(work)
    try:
        for name, code in sorted(meta["exit_code_by_key"].items()):
            status = status_by_exit_code[code]
            mutant = Mutant(name, module, function_of(name, module), status)
            if status not in CAUGHT:
                diff = get_diff_for_mutant(name, path=module)
                mutant = Mutant(name, module, mutant.function, status, changed_lines(diff, "-"),
                                changed_lines(diff, "+"), diff)
            found.append(mutant)
    finally:
        os.chdir(cwd)
    return found


def load_equivalents(path: Path) -> dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], str]:
    """The reviewed equivalent mutants, by what identifies them, with the reason each changes nothing."""
    if not path.exists():
        return {}
    entries = tomllib.loads(path.read_text("utf8")).get("equivalent", [])
    return {
        (e["module"], e["function"], tuple(e["original"]), tuple(e["mutated"])): e["why"] for e in entries
    }


def score(module: str, mutants: list[Mutant], equivalents: dict[Any, str], matched: set[Any]) -> Score:
    """Count a module's mutants: caught, listed as equivalent, or open."""
    result = Score(module, total=len(mutants))
    for mutant in mutants:
        if mutant.status in CAUGHT:
            result.caught += 1
        elif mutant.status == "survived" and mutant.key in equivalents:
            result.equivalent += 1
            matched.add(mutant.key)
        else:
            result.open.append(mutant)
    return result


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def survivor_entry(mutant: Mutant) -> str:
    """The survivor's diff, and the entry that would list it as equivalent (after review)."""
    lines = [
        f"## {mutant.name} ({mutant.status})",
        mutant.diff,
        "",
        "[[equivalent]]",
        f"module = {toml_string(mutant.module)}",
        f"function = {toml_string(mutant.function)}",
        f"original = [{', '.join(map(toml_string, mutant.removed))}]",
        f"mutated = [{', '.join(map(toml_string, mutant.added))}]",
        'why = ""',
        "",
    ]
    return "\n".join(lines) + "\n"


def table(scores: list[Score]) -> str:
    """The scores as a Markdown table."""
    rows = ["| module | mutants | killed | listed equivalent | open | score |", "|---|---|---|---|---|---|"]
    rows += [f"| {s.module} | {s.total} | {s.caught} | {s.equivalent} | {len(s.open)} | {s.percent:.1f} % |"
             for s in scores]
    return "\n".join(rows)


def main() -> int:
    """Run the groups asked for (all by default), print the scores and write the survivors."""
    base = settings()
    groups: dict[str, dict[str, Any]] = base["groups"]
    parser = argparse.ArgumentParser(prog="python tools/mutate.py", description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="*", metavar="GROUP", help=f"{', '.join(groups)}; all when none is named")
    chosen = parser.parse_args().groups or list(groups)
    unknown = [g for g in chosen if g not in groups]
    if unknown:
        parser.error(f"unknown group {', '.join(unknown)}: the groups are {', '.join(groups)}")
    equivalents = load_equivalents(ROOT / base["equivalents"])
    matched: set[Any] = set()
    scores: list[Score] = []
    started = time.monotonic()
    for group in chosen:
        work = prepare(group, groups[group], base)
        seconds = run_mutmut(group, work, int(base["max_children"]))
        print(f"[{group}] done in {seconds / 60:.1f} min", flush=True)
        scores += [score(m, mutants_of(work, m), equivalents, matched) for m in groups[group]["modules"]]
    survivors = WORK / "survivors.txt"
    survivors.write_text("".join(survivor_entry(m) for s in scores for m in s.open), "utf8")
    print()
    print(table(scores))
    print(f"\n{sum(len(s.open) for s in scores)} mutants not killed and not listed as equivalent: {survivors}")
    checked = {module for g in chosen for module in groups[g]["modules"]}
    stale = [key for key in equivalents if key[0] in checked and key not in matched]
    for module, function, original, _ in stale:
        print(f"listed as equivalent but no such survivor (killed now, or the code changed): {module} {function}: "
              f"{' / '.join(original)}")
    print(f"total time {(time.monotonic() - started) / 60:.1f} min")
    low = [s.module for s in scores if s.percent < float(base["fail_under"])]
    if low:
        print(f"under {base['fail_under']} %: {', '.join(low)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
