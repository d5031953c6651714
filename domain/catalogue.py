"""The one rule catalogue: every rule Meldbook applies, assembled from each variant package's own rule table.

The settlement's rule references, the problem pages of rule codes and the rule tables of docs/rules/*.md are all
read from here (`make rules-docs` writes those tables; a test checks that the committed pages equal them).
"""

from __future__ import annotations

from dataclasses import replace

from domain.corrections.catalogue import CORRECTION_RULES
from domain.rule import Rule
from domain.variant import Variant
from domain.variants import VARIANTS


def _assembled() -> dict[str, Rule]:
    catalogue: dict[str, Rule] = {rule.id: rule for rule in CORRECTION_RULES}
    for variant in VARIANTS.values():
        for rule in variant.rule_table:
            if rule.id in catalogue:
                raise ValueError(f"rule {rule.id} is listed twice")
            catalogue[rule.id] = replace(rule, variant=variant.name)
    return catalogue


CATALOGUE: dict[str, Rule] = _assembled()
"""Every rule by id."""


def rule_named(rule_id: str) -> Rule:
    """The rule with this id; an id the catalogue does not hold is a rule with no sentence, from Meldbook."""
    return CATALOGUE.get(rule_id) or Rule(rule_id, "(a rule the catalogue does not list)", "meldbook")


BEGIN, END = "<!-- rule catalogue: begin (make rules-docs) -->", "<!-- rule catalogue: end -->"
"""The markers around the generated table of a docs/rules page."""


def rules_table(variant: Variant) -> str:
    """A variant's rule table as the docs/rules page shows it, between its markers."""
    lines = [
        BEGIN,
        "",
        "| Rule id | Sentence | Source |",
        "|---|---|---|",
        *(f"| `{r.id}` | {r.sentence.replace('|', '/')} | {r.source} |" for r in variant.rule_table),
        "",
        END,
    ]
    return "\n".join(lines)


def with_rules_table(page: str, variant: Variant) -> str:
    """A docs/rules page with its generated table replaced (or appended, on a page that has none yet)."""
    table = rules_table(variant)
    if BEGIN in page and END in page:
        head, rest = page.split(BEGIN, 1)
        return head + table + rest.split(END, 1)[1]
    heading = "\n## Rule catalogue (generated from the variant's rule table: `make rules-docs`)\n\n"
    return page.rstrip("\n") + "\n" + heading + table + "\n"
