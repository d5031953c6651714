"""Nothing outside tests/ imports from tests/: the product (and the tools, the benchmarks) stand on their own."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {"tests", "var", "build", "dist", "mutants", "node_modules"}


def _sources() -> Iterator[Path]:
    for path in sorted(ROOT.rglob("*.py")):
        top = path.relative_to(ROOT).parts[0]
        if top not in SKIPPED and not top.startswith("."):
            yield path


def imported_modules(source: str) -> Iterator[str]:
    """Every module a source file imports by absolute name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_the_scan_sees_an_import_from_tests() -> None:
    assert list(imported_modules("import tests.oracle\nfrom tests.bots import pick\nfrom . import x\n")) == [
        "tests.oracle",
        "tests.bots",
    ]


def test_nothing_outside_tests_imports_from_tests() -> None:
    scanned = list(_sources())
    offending = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in scanned
        for module in imported_modules(path.read_text(encoding="utf-8"))
        if module == "tests" or module.startswith("tests.")
    ]
    assert {p.relative_to(ROOT).parts[0] for p in scanned} >= {"api", "bench", "bots", "domain", "replays", "service"}
    assert offending == []
