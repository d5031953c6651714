"""The rules indexes in docs/rules/ are generated from the rule catalogue: every rule-to-test table of a page is what
`make rules-docs` writes from its variant's rule indexes (domain/<variant>/index_*.py), and names only tests that
exist."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from domain.catalogue import index_markers, with_rules_table
from domain.rule import Rule
from domain.variants import CATALOGUE, VARIANTS
from tools.rules_docs import page_of

ROOT = Path(__file__).resolve().parents[2]
INDEXES = sorted((ROOT / "docs" / "rules").glob("*.md"))
NAMED_TEST = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def named_tests(index: Path) -> list[tuple[str, str]]:
    return NAMED_TEST.findall(index.read_text(encoding="utf8"))


def _exists(path: str, name: str) -> bool:
    return (ROOT / path).is_file() and f"def {name}(" in (ROOT / path).read_text(encoding="utf8")


def test_there_is_a_rules_index_for_every_variant() -> None:
    assert {p.stem for p in INDEXES} >= {"roby", "robins-rummy", "royal-rummy"}


@pytest.mark.parametrize("index", INDEXES, ids=lambda p: p.stem)
def test_every_test_named_in_a_rules_index_exists(index: Path) -> None:
    named = named_tests(index)
    assert len(named) >= 20, "an index lists the rule sentences and rulings with their tests"
    assert [f"{path}::{name}" for path, name in named if not _exists(path, name)] == []


def test_every_test_a_rule_of_the_catalogue_names_exists() -> None:
    tests = {test for rule in CATALOGUE.values() for test in rule.tests}
    assert len(tests) >= 100
    assert sorted(test for test in tests if not _exists(*test.split("::"))) == []


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_committed_rules_page_is_what_make_rules_docs_writes_from_the_catalogue(variant: str) -> None:
    rules = VARIANTS[variant]
    page = page_of(rules).read_text(encoding="utf8")
    assert with_rules_table(page, rules) == page, "run make rules-docs"
    for index in rules.rule_indexes:
        assert all(marker in page for marker in index_markers(index))
    indexed = {test for index in rules.rule_indexes for rule in index.rules for test in rule.tests}
    assert {f"{path}::{name}" for path, name in named_tests(page_of(rules))} == indexed, (
        "every rule-to-test row of the page comes from the variant's rule indexes"
    )


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_indexed_rule_is_in_the_catalogue_as_its_variants_rule_with_an_id_of_its_own(variant: str) -> None:
    indexed = [rule for index in VARIANTS[variant].rule_indexes for rule in index.rules]
    assert len(indexed) >= 50
    assert len({rule.id for rule in indexed}) == len(indexed)
    for rule in indexed:
        assert rule.id.startswith(f"{variant}.{rule.index}.") and rule.tests, rule
        assert CATALOGUE[rule.id] == replace(rule, variant=variant)


def test_a_page_edited_by_hand_or_a_rule_added_without_regenerating_no_longer_matches_the_catalogue() -> None:
    roby = VARIANTS["roby"]
    page = page_of(roby).read_text(encoding="utf8")
    first = roby.rule_indexes[0].rules[0]
    edited = page.replace(f"| {first.sentence} |", "| A sentence edited by hand. |", 1)
    assert edited != page and with_rules_table(edited, roby) == page

    added = Rule("roby.seed.added", "A rule added to the catalogue.", "seed", tests=first.tests, index="seed")
    seed = replace(roby.rule_indexes[0], rules=(*roby.rule_indexes[0].rules, added))
    extended = SimpleNamespace(name="roby", rule_indexes=(seed, *roby.rule_indexes[1:]), rule_table=roby.rule_table)
    regenerated = with_rules_table(page, extended)  # type: ignore[arg-type]
    assert regenerated != page and f"| {added.sentence} | `{first.tests[0]}` |" in regenerated


def test_a_page_without_the_markers_of_a_rule_index_is_refused() -> None:
    roby = VARIANTS["roby"]
    begin, _ = index_markers(roby.rule_indexes[0])
    page = page_of(roby).read_text(encoding="utf8").replace(begin, "")
    with pytest.raises(ValueError, match="no markers for its rule index 'seed'"):
        with_rules_table(page, roby)
