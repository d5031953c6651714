"""A rule Meldbook applies: its id, its sentence and where it comes from (the seed, a ruling, Meldbook's own)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from domain.errors import Problem

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
    stated: bool = False
    """A figure under this rule is what the table stated, not what the rules computed from cards: the rules apply it
    but cannot check it, and the audit lists it apart."""

    def doc(self) -> dict[str, str]:
        """The rule as the API shows it."""
        return {"id": self.id, "sentence": self.sentence, "source": self.source, "variant": self.variant}


def refusal_rules(problems: Iterable[Problem], sources: Mapping[str, str], default: str = "seed") -> tuple[Rule, ...]:
    """The rules a variant's refusals enforce, read from its problem table (code, and `concerns` as the sentence);
    `sources` names the codes that come from a ruling or from Meldbook rather than from `default`."""
    return tuple(Rule(p.code, p.concerns, sources.get(p.code, default)) for p in problems)
