"""The rules every variant shares for corrections: the entries a correction posts name these ids."""

from __future__ import annotations

from domain.corrections.counting import REPLACEMENT_RULE, REVERSAL_RULE
from domain.rules.rule import Rule

CORRECTION_RULES: tuple[Rule, ...] = (
    Rule(
        REVERSAL_RULE,
        "A payout that a correction changed is undone by an entry the other way; the original stays in the record.",
        "meldbook",
    ),
    Rule(
        REPLACEMENT_RULE,
        "A payout that a correction changed is posted again as the corrected record's rules derive it.",
        "meldbook",
    ),
)
"""Meldbook's own rulings on how a corrected payout shows in the ledger."""
