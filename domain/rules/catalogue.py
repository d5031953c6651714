"""The one rule catalogue: every rule Meldbook applies, assembled from each variant package's own rule table.

The settlement's rule references, the problem pages of rule codes and the catalogue tables of docs/rules/*.md are
all read from here (`make rules-docs`, tools/rules_docs.py, writes those tables; a test checks the committed pages).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from domain.corrections.catalogue import CORRECTION_RULES
from domain.rules.registry import registered
from domain.rules.rule import Rule
from domain.rules.variant import Variant


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
