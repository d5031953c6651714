"""The one rule catalogue: every rule id the variants name is in it, with a sentence and a source; the problem
pages of rule codes and the rule tables of docs/rules/*.md are read from it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from api.problem_table import PROBLEMS
from api.problem_types import shown
from domain.rules.rule import SOURCES
from domain.variants import CATALOGUE, VARIANTS
from tools.rules_docs import page_of, rule_indexes, rules_table, with_rules_table

ROOT = Path(__file__).resolve().parents[2]


def _rule_like_literals(variant: str) -> set[str]:
    """Every string literal of a variant's package shaped like one of its rule ids ('roby.stakes.buy-in')."""
    found = set()
    for path in sorted((ROOT / "domain" / variant).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if text.startswith(f"{variant}.") and " " not in text and text.count(".") >= 1:
                    found.add(text)
    return found


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_rule_id_a_variants_package_names_is_in_the_catalogue_as_that_variants_rule(variant: str) -> None:
    named = _rule_like_literals(variant)
    assert named, "a variant's package names its rules"
    assert sorted(named - set(CATALOGUE)) == []
    assert {CATALOGUE[r].variant for r in named} == {variant}


def test_every_rule_has_a_sentence_and_a_source_and_every_variant_rule_code_is_a_rule() -> None:
    for rule in CATALOGUE.values():
        assert rule.sentence.strip() and rule.source in SOURCES, rule
    for variant in VARIANTS.values():
        assert {p.code for p in variant.problems} <= {r.id for r in variant.rule_table}


def test_a_rule_codes_problem_page_takes_its_sentence_and_source_from_the_catalogue() -> None:
    page = shown(PROBLEMS["roby.reenlist.two-remain"])
    rule = CATALOGUE["roby.reenlist.two-remain"]
    assert page["concerns"] == rule.sentence
    assert page["rule"] == {"id": rule.id, "sentence": rule.sentence, "source": rule.source, "variant": "roby"}
    assert "rule" not in shown(PROBLEMS["stale-version"])


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_committed_rules_page_holds_the_catalogues_table_as_make_rules_docs_writes_it(variant: str) -> None:
    rules = VARIANTS[variant]
    page = page_of(rules).read_text(encoding="utf8")
    assert rules_table(rules) in page, "run make rules-docs"
    assert with_rules_table(page, rules) == page
    indexed = {rule.id for index in rule_indexes(rules) for rule in index.rules}
    for rule in rules.rule_table:
        listed = f"| `{rule.id}` |" in page
        assert listed == (rule.id not in indexed), "the catalogue table lists the rules no index lists"
