"""Royal Rummy: the rulings on corrections, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.corrections.rulings import shared_rulings
from domain.rule import RuleIndex, rule_index

CORRECTIONS: RuleIndex = rule_index(
    "corrections",
    "meldbook",
    "| Ruling | Test |",
    shared_rulings("royal"),
)
