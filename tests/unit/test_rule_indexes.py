"""The rule-to-test tables of docs/rules/ are data beside the pages (docs/rules/<page>.toml): every table of a page
is what `make rules-docs` writes from its data (tools/rules_docs.py), and names only tests that exist."""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from domain.variants import CATALOGUE, VARIANTS
from tools.rules_docs import RULES_DOCS, IndexedRule, index_markers, page_of, rule_indexes, with_rules_table

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(RULES_DOCS.glob("*.md"))
NAMED_TEST = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def named_tests(index: Path) -> list[tuple[str, str]]:
    return NAMED_TEST.findall(index.read_text(encoding="utf8"))


def _exists(path: str, name: str) -> bool:
    return (ROOT / path).is_file() and f"def {name}(" in (ROOT / path).read_text(encoding="utf8")


def test_there_is_a_rules_page_with_its_data_for_every_variant() -> None:
    assert {p.stem for p in PAGES} >= {"roby", "robins-rummy", "royal-rummy"}
    assert all(page_of(variant).with_suffix(".toml").is_file() for variant in VARIANTS.values())


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_test_named_in_a_rules_page_exists(page: Path) -> None:
    named = named_tests(page)
    assert len(named) >= 20, "a page lists the rule sentences and rulings with their tests"
    assert [f"{path}::{name}" for path, name in named if not _exists(path, name)] == []


def test_every_test_a_rule_index_names_exists() -> None:
    tests = {t for v in VARIANTS.values() for index in rule_indexes(v) for rule in index.rules for t in rule.tests}
    assert len(tests) >= 300
    assert sorted(test for test in tests if not _exists(*test.split("::"))) == []


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_committed_rules_page_is_what_make_rules_docs_writes_from_its_data(variant: str) -> None:
    rules = VARIANTS[variant]
    page = page_of(rules).read_text(encoding="utf8")
    assert with_rules_table(page, rules) == page, "run make rules-docs"
    indexes = rule_indexes(rules)
    for index in indexes:
        assert all(marker in page for marker in index_markers(index))
    indexed = {test for index in indexes for rule in index.rules for test in rule.tests}
    assert {f"{path}::{name}" for path, name in named_tests(page_of(rules))} == indexed, (
        "every rule-to-test row of the page comes from the variant's data"
    )


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_indexed_rule_has_an_id_of_its_own_under_its_variant_and_table_and_tests(variant: str) -> None:
    indexed = [(index.name, rule) for index in rule_indexes(VARIANTS[variant]) for rule in index.rules]
    assert len(indexed) >= 50
    assert len({rule.id for _, rule in indexed}) == len(indexed)
    for name, rule in indexed:
        assert rule.id.startswith(f"{variant}.{name}.") and rule.tests and rule.sentence.strip(), rule
        if rule.id in CATALOGUE:  # a rule the product names, listed with its tests: one sentence, the catalogue's
            assert (CATALOGUE[rule.id].sentence, CATALOGUE[rule.id].variant) == (rule.sentence, variant), rule


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_shared_rulings_on_corrections_come_first_in_each_variants_corrections_table_under_its_ids(
    variant: str,
) -> None:
    shared = tomllib.loads((RULES_DOCS / "corrections.toml").read_text(encoding="utf8"))["rule"]
    (corrections,) = [index for index in rule_indexes(VARIANTS[variant]) if index.name == "corrections"]
    assert [(r.id, r.sentence, r.tests) for r in corrections.rules[: len(shared)]] == [
        (f"{variant}.corrections.{rule['name']}", rule["sentence"], tuple(rule["tests"])) for rule in shared
    ]


def test_a_page_edited_by_hand_or_a_rule_added_without_regenerating_no_longer_matches_its_data() -> None:
    roby = VARIANTS["roby"]
    page = page_of(roby).read_text(encoding="utf8")
    indexes = rule_indexes(roby)
    first = indexes[0].rules[0]
    edited = page.replace(f"| {first.sentence} |", "| A sentence edited by hand. |", 1)
    assert edited != page and with_rules_table(edited, roby) == page

    added = IndexedRule("roby.seed.added", "A rule added to the data.", "seed", first.tests)
    seed = replace(indexes[0], rules=(*indexes[0].rules, added))
    regenerated = with_rules_table(page, roby, (seed, *indexes[1:]))
    assert regenerated != page and f"| {added.sentence} | `{first.tests[0]}` |" in regenerated


def test_a_row_without_a_sentence_takes_the_catalogues_and_one_the_catalogue_lacks_is_refused(tmp_path: Path) -> None:
    roby = VARIANTS["roby"]
    (exposed,) = [r for i in rule_indexes(roby) for r in i.rules if r.id == "roby.irregularities.exposed-card"]
    assert exposed.sentence == CATALOGUE[exposed.id].sentence and exposed.source == CATALOGUE[exposed.id].source
    data = (RULES_DOCS / "roby.toml").read_text(encoding="utf8").replace(exposed.id, "roby.irregularities.unheard-of")
    (tmp_path / "roby.toml").write_text(data, encoding="utf8")
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr("tools.rules_docs.page_of", lambda variant: tmp_path / "roby.md")
        with pytest.raises(ValueError, match=r"roby\.irregularities\.unheard-of has no sentence"):
            rule_indexes(roby)


def test_a_page_without_the_markers_of_a_rule_index_is_refused() -> None:
    roby = VARIANTS["roby"]
    begin, _ = index_markers(rule_indexes(roby)[0])
    page = page_of(roby).read_text(encoding="utf8").replace(begin, "")
    with pytest.raises(ValueError, match="no markers for its rule index 'seed'"):
        with_rules_table(page, roby)
