"""The rules indexes in docs/rules/ name only tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INDEXES = sorted((ROOT / "docs" / "rules").glob("*.md"))
NAMED_TEST = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def named_tests(index: Path) -> list[tuple[str, str]]:
    return NAMED_TEST.findall(index.read_text(encoding="utf8"))


def test_there_is_a_rules_index_for_every_variant() -> None:
    assert {p.stem for p in INDEXES} >= {"roby", "robins-rummy", "royal-rummy"}


@pytest.mark.parametrize("index", INDEXES, ids=lambda p: p.stem)
def test_every_test_named_in_a_rules_index_exists(index: Path) -> None:
    named = named_tests(index)
    assert len(named) >= 20, "an index lists the rule sentences and rulings with their tests"
    missing = [
        f"{path}::{name}"
        for path, name in named
        if not (ROOT / path).is_file() or f"def {name}(" not in (ROOT / path).read_text(encoding="utf8")
    ]
    assert missing == []

