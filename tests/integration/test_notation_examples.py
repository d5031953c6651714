"""The examples (examples/<variant>.mbn): a complete multi-hand game of each variant, recorded mode, with comments,
glyphs and a variation, each imported into the real store and exported again as the very same text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.access.visibility import Viewer
from domain.notation.archive import split_archive
from domain.notation.reader import read_record
from domain.variants import VARIANTS
from service.annotations import annotations_of
from service.notation_export import export_record
from service.notation_import import import_record
from tests.integration.conftest import OpenMeldbook
from tests.notation_games import without_digest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example_text(variant: str) -> str:
    return (EXAMPLES / f"{variant}.mbn").read_text(encoding="utf-8")


def example_kinds(variant: str) -> set[str]:
    """The action kinds the variant's example uses."""
    record = read_record(example_text(variant).split("\n"))
    return {str(move.body["type"]) for hand in record.hands for move in hand.moves}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_example_imports_and_exports_as_the_same_text(open_meldbook: OpenMeldbook, variant: str) -> None:
    app = open_meldbook()
    text = example_text(variant)
    record = read_record(text.split("\n"))
    assert record.tags["DealMode"] == "recorded" and len(record.hands) >= 2
    imported = import_record(app, text)
    assert app.game(imported.game_id).rules.is_over(app.game(imported.game_id).state), "a complete game"
    notes = list(annotations_of(app, imported.game_id).notes.values())
    assert {n["target"] for n in notes} == {"game", "event"} and any(n["line"] for n in notes)
    assert {n["glyph"] for n in notes} >= {"!", "!!", "?!", "!?"}
    assert without_digest(export_record(app, imported.game_id, Viewer.FULL)) == text


def test_the_examples_joined_are_an_archive_of_three_records() -> None:
    texts = [example_text(variant) for variant in sorted(VARIANTS)]
    records = list(split_archive("\n".join(texts).split("\n")))
    assert [r.text for r in records] == texts
    assert [r.index for r in records] == [0, 1, 2]
    assert records[1].first_line == texts[0].count("\n") + 2


SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def leniently(text: str) -> str:
    """The same record as a person might type it: tag names and actions in other cases, T for 10, suit symbols
    or lower-case letters, players' names capitalised, extra spaces, Windows line endings."""
    lines = []
    for number, line in enumerate(text.split("\n")):
        if line.startswith("["):
            name, rest = line[1:].split(" ", 1)
            lines.append(f"[ {name.lower()}   {rest}")
            continue
        line = re.sub(r"\b10([CDHS])\b", r"T\1", line)
        if number % 2:
            line = re.sub(r"\b([2-9AJQKT])([CDHS])\b", lambda m: m.group(1) + SYMBOLS[m.group(2)], line)
        else:
            line = re.sub(r"\b([2-9AJQKT])([CDHS])\b", lambda m: (m.group(1) + m.group(2)).lower(), line)
        line = re.sub(r"^(\d+\.) (ann|bob) (\w+)", lambda m: f"{m[1]}  {m[2].title()}  {m[3].upper()}", line)
        lines.append(line.replace(" [", "  [ ").replace("]", " ] ") if "{" not in line else line)
    return "\r\n".join(lines)


def test_a_record_typed_leniently_imports_as_the_canonical_one(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    text = example_text("robins")
    typed = leniently(text)
    assert typed != text and "♥" in typed and "T" in typed and "\r\n" in typed and "  Ann  DRAW" in typed
    imported = import_record(app, typed)
    assert without_digest(export_record(app, imported.game_id, Viewer.FULL)) == text
