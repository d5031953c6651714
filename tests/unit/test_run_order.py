"""The longest tests' files are collected first (tests/conftest.py), every other test in its own order, so that no
stage's workers wait at the end on one long test that started late."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from tests.conftest import LONGEST_FIRST, TESTS, longest_first

ROOT = TESTS.parent


def item(path: str) -> SimpleNamespace:
    return SimpleNamespace(path=ROOT / path)


def test_the_listed_files_come_first_in_their_order_and_the_others_keep_theirs() -> None:
    collected = [item("tests/unit/test_cards.py"), item(LONGEST_FIRST[2]), item("tests/e2e/test_games.py"),
                 item(LONGEST_FIRST[0]), item("tests/unit/test_text.py")]
    ordered = sorted(collected, key=longest_first)  # type: ignore[arg-type]
    assert [i.path for i in ordered] == [ROOT / LONGEST_FIRST[0], ROOT / LONGEST_FIRST[2],
                                         ROOT / "tests/unit/test_cards.py", ROOT / "tests/e2e/test_games.py",
                                         ROOT / "tests/unit/test_text.py"]


def test_every_listed_file_exists() -> None:
    assert [path for path in LONGEST_FIRST if not Path(ROOT / path).is_file()] == []
