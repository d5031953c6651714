"""The one rule catalogue: every rule Meldbook applies, assembled from each variant package's own rule table.

The settlement's rule references, the problem pages of rule codes and the rule tables of docs/rules/*.md are all
read from here (`make rules-docs` writes those tables; a test checks that the committed pages equal them).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from domain.corrections.catalogue import CORRECTION_RULES
from domain.registry import registered
from domain.rule import Rule, RuleIndex
from domain.variant import Variant


def catalogue() -> dict[str, Rule]:
    """Every rule by id: the corrections' and those of every registered variant."""
    return _assembled(tuple(registered().values()))


@cache
def _assembled(variants: tuple[Variant, ...]) -> dict[str, Rule]:
    catalogue: dict[str, Rule] = {rule.id: rule for rule in CORRECTION_RULES}
    for variant in variants:
        for rule in variant.rule_table:
            if rule.id in catalogue:
                raise ValueError(f"rule {rule.id} is listed twice")
            catalogue[rule.id] = replace(rule, variant=variant.name)
    return catalogue



def rule_named(rule_id: str) -> Rule:
    """The rule with this id; an id the catalogue does not hold is a rule with no sentence, from Meldbook."""
    return catalogue().get(rule_id) or Rule(rule_id, "(a rule the catalogue does not list)", "meldbook")


BEGIN, END = "<!-- rule catalogue: begin (make rules-docs) -->", "<!-- rule catalogue: end -->"
"""The markers around the generated table of a docs/rules page."""


def rules_table(variant: Variant) -> str:
    """The rules of a variant's rule table that no rule-to-test table lists (the rules its stored events and refusals
    name), as the docs/rules page's catalogue table shows them, between its markers."""
    lines = [
        BEGIN,
        "",
        "| Rule id | Sentence | Source |",
        "|---|---|---|",
        *(f"| `{r.id}` | {r.sentence.replace('|', '/')} | {r.source} |" for r in variant.rule_table if not r.index),
        "",
        END,
    ]
    return "\n".join(lines)


def index_markers(index: RuleIndex) -> tuple[str, str]:
    """The markers around a rule-to-test table of a docs/rules page."""
    return f"<!-- rule index: {index.name} (make rules-docs) -->", f"<!-- rule index: {index.name} end -->"


def index_table(index: RuleIndex) -> str:
    """A rule-to-test table as the docs/rules page shows it, between its markers: each sentence with its tests."""
    begin, end = index_markers(index)
    rows = (f"| {r.sentence} | {', '.join(f'`{test}`' for test in r.tests)} |" for r in index.rules)
    return "\n".join([begin, "", index.header, "|---|---|", *rows, "", end])


def _replaced(page: str, begin: str, end: str, table: str) -> str:
    head, rest = page.split(begin, 1)
    return head + table + rest.split(end, 1)[1]


def with_rules_table(page: str, variant: Variant) -> str:
    """A docs/rules page with its generated tables replaced: each rule-to-test table between its markers (a page
    without them is refused: the prose around a table is written by hand), and the catalogue table (appended, on a
    page that has none yet)."""
    for index in variant.rule_indexes:
        begin, end = index_markers(index)
        if begin not in page or end not in page:
            raise ValueError(f"the {variant.name} rules page has no markers for its rule index {index.name!r}")
        page = _replaced(page, begin, end, index_table(index))
    table = rules_table(variant)
    if BEGIN in page and END in page:
        return _replaced(page, BEGIN, END, table)
    heading = "\n## Rule catalogue (generated from the variant's rule table: `make rules-docs`)\n\n"
    return page.rstrip("\n") + "\n" + heading + table + "\n"
