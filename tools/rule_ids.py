"""Which rule ids a test run meets: a pytest plugin, and the comparison of two runs (`make rule-ids`).

The suite's strength is measured by the rules it makes the code apply. This plugin records, in the test processes,
every rule id or problem code

- a refusal carries (each `MeldbookError` raised or built: the code a problem document names),
- a settlement entry names (the `rule` of each event a decision records, of each stored event folded back into a
  game, and of each movement the settlement reads from stored events),

with the tests that met it, and writes them as JSON. Servers the tests start in other processes (gunicorn, the
CLI) are not seen: the same holds for any run measured, so two runs compare by the same means.

    pytest -p tools.rule_ids --rule-ids=var/rule-ids.json ...   # record (an existing file is added to: stages)
    python -m tools.rule_ids compare OLD.json NEW.json          # sizes, and the ids OLD met that NEW did not

The plugin imports nothing of Meldbook's until a run asks for it, so the very same file measures another checkout
(`PYTHONPATH=<dir holding it> pytest -p rule_ids ...`).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

KINDS = ("refusal", "entry")
"""What met a rule id: a refusal's code, or a settlement entry's rule."""


class Recorder:
    """The rule ids met so far, each with the tests that met it, by kind; installed into Meldbook's classes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.met: dict[str, dict[str, set[str]]] = {kind: {} for kind in KINDS}
        self.test = "(collection)"

    def note(self, kind: str, rule_id: Any) -> None:
        """Note that the running test met a rule id (anything but a non-empty string is no id)."""
        if isinstance(rule_id, str) and rule_id:
            self.met[kind].setdefault(rule_id, set()).add(self.test)

    def install(self) -> None:
        """Wrap the four places rule ids pass through."""
        from domain.errors import MeldbookError
        from domain.events import GameEvent
        from domain.money.movements import Movement
        from domain.rules.decision import Decision

        note = self.note

        def after(original: Callable[..., Any], read: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(original)
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                result = original(*args, **kwargs)
                read(result, *args, **kwargs)
                return result

            return wrapper

        MeldbookError.__init__ = after(  # type: ignore[method-assign]
            MeldbookError.__init__, lambda _, error, *a, **k: note("refusal", error.code)
        )
        Decision.record = after(  # type: ignore[method-assign]
            Decision.record, lambda data, *a, **k: note("entry", data.get("rule"))
        )
        GameEvent.mutate = after(  # type: ignore[method-assign]
            GameEvent.mutate, lambda _, event, *a, **k: note("entry", getattr(event, "rule", None))
        )
        Movement.__init__ = after(  # type: ignore[method-assign]
            Movement.__init__, lambda _, movement, *a, **k: note("entry", movement.rule)
        )

    def as_json(self) -> dict[str, dict[str, list[str]]]:
        return {kind: {rule: sorted(tests) for rule, tests in sorted(met.items())} for kind, met in self.met.items()}

    def add(self, data: dict[str, dict[str, list[str]]]) -> None:
        """Add what another process (an xdist worker, an earlier stage) recorded."""
        for kind, met in data.items():
            for rule, tests in met.items():
                self.met.setdefault(kind, {}).setdefault(rule, set()).update(tests)

    # pytest hooks

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        self.test = item.nodeid
        try:
            return (yield)
        finally:
            self.test = "(between tests)"

    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """xdist's controller: add what a worker recorded."""
        recorded = getattr(node, "workeroutput", {}).get("rule_ids")
        if recorded:
            self.add(json.loads(recorded))

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        config = session.config
        if hasattr(config, "workerinput"):  # an xdist worker hands its ids to the controller
            config.workeroutput["rule_ids"] = json.dumps(self.as_json())  # type: ignore[attr-defined]
            return
        if self.path.exists():  # an earlier stage of the same run
            self.add(json.loads(self.path.read_text("utf8")))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.as_json(), indent=1) + "\n", "utf8")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not hasattr(terminalreporter.config, "workerinput"):
            sizes = ", ".join(f"{kind} {len(self.met[kind])}" for kind in KINDS)
            terminalreporter.write_line(f"rule ids met so far (this run and what {self.path} held): "
                                        f"{len(ids(self.as_json()))} ({sizes})")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--rule-ids",
        metavar="PATH",
        help="record the rule ids of the refusals and settlement entries the tests meet into this JSON file",
    )


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("rule_ids")
    if path:
        recorder = Recorder(Path(path))
        recorder.install()
        config.pluginmanager.register(recorder, "rule-ids-recorder")


# comparing two runs


def ids(data: dict[str, dict[str, list[str]]]) -> set[str]:
    """Every id a run met, whatever met it."""
    return {rule for met in data.values() for rule in met}


def compare(old_path: Path, new_path: Path) -> int:
    """Print both runs' sizes and what one met that the other did not; 1 if NEW misses any id OLD met."""
    old, new = (json.loads(p.read_text("utf8")) for p in (old_path, new_path))
    old_ids, new_ids = ids(old), ids(new)
    print(f"old: {len(old_ids)} rule ids ({', '.join(f'{k} {len(old.get(k, {}))}' for k in KINDS)})")
    print(f"new: {len(new_ids)} rule ids ({', '.join(f'{k} {len(new.get(k, {}))}' for k in KINDS)})")
    lost, gained = sorted(old_ids - new_ids), sorted(new_ids - old_ids)
    print(f"met by old, not by new: {len(lost)}")
    for rule in lost:
        tests = sorted({t for kind in KINDS for t in old.get(kind, {}).get(rule, [])})
        print(f"  {rule}  (old: {', '.join(tests[:3])}{' ...' if len(tests) > 3 else ''})")
    print(f"met by new, not by old: {len(gained)}")
    for rule in gained:
        print(f"  {rule}")
    return 1 if lost else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.rule_ids", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    both = commands.add_parser("compare", help="compare the rule ids two runs met")
    both.add_argument("old", type=Path)
    both.add_argument("new", type=Path)
    args = parser.parse_args(argv)
    return compare(args.old, args.new)


if __name__ == "__main__":
    sys.exit(main())
