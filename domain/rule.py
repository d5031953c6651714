"""A rule Meldbook applies: its id, its sentence and where it comes from (the seed, a ruling, Meldbook's own)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from domain.problems import Problem

SOURCES = ("seed", "ruling", "meldbook")
"""Where a rule comes from: the variant's seed text, RULINGS.md, or a ruling of Meldbook's own."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: a stable id (the one a stored event or a refusal names), its sentence and its source."""

    id: str
    sentence: str
    source: str
    """One of SOURCES."""
    variant: str = ""
    """The variant whose package holds the rule; empty for the rules every variant shares."""
    tests: tuple[str, ...] = ()
    """The tests that cover the rule (`path::name`), as its docs/rules page lists them."""
    index: str = ""
    """The name of the rule-to-test table of the docs/rules page that lists the rule (a RuleIndex); empty for a
    rule listed only in the page's catalogue table."""

    def doc(self) -> dict[str, str]:
        """The rule as the API shows it."""
        return {"id": self.id, "sentence": self.sentence, "source": self.source, "variant": self.variant}


def refusal_rules(problems: Iterable[Problem], sources: Mapping[str, str], default: str = "seed") -> tuple[Rule, ...]:
    """The rules a variant's refusals enforce, read from its problem table (code, and `concerns` as the sentence);
    `sources` names the codes that come from a ruling or from Meldbook rather than from `default`."""
    return tuple(Rule(p.code, p.concerns, sources.get(p.code, default)) for p in problems)


@dataclass(frozen=True, slots=True)
class RuleIndex:
    """One rule-to-test table of a variant's docs/rules page (the seed's sentences, the rulings, ...): the name its
    markers carry, its header row, and its rules in the page's order."""

    name: str
    header: str
    rules: tuple[Rule, ...]


def rule_index(name: str, source: str, header: str, rows: Iterable[tuple[str, str, tuple[str, ...]]]) -> RuleIndex:
    """A rule-to-test table from its rows (id, sentence, tests), every rule of it from `source`."""
    rules = tuple(Rule(rule_id, sentence, source, tests=tests, index=name) for rule_id, sentence, tests in rows)
    return RuleIndex(name, header, rules)


def rules_of(indexes: Iterable[RuleIndex]) -> tuple[Rule, ...]:
    """Every rule of these rule-to-test tables, in order."""
    return tuple(rule for index in indexes for rule in index.rules)
