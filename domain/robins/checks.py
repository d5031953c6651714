"""Robins Rummy's checks that wait for a hand nobody entered yet (domain/record/unknown.py), and the findings they make.

Robins' rules of play read only the cards a move names, the table and how many cards a hand holds, so every move
from an unknown hand is checked when it is made. One rule needs the hand's cards: a card exposed from it during play
stays in it (robins.irregularities.exposed-card), which only the whole hand can confirm.
"""

from __future__ import annotations

from domain.irregularities.rules import exposure_check
from domain.record.unknown import Check, make_deferred_checks
from domain.rules.variant import Decision

EXPOSED = "robins.irregularities.exposed-card"


def make_checks(decision: Decision) -> None:
    """Make the checks that waited for a hand now known in full, recording what they find."""
    make_deferred_checks(decision, CHECKS)


CHECKS: dict[str, Check] = {EXPOSED: exposure_check(EXPOSED)}
"""The checks that may wait for a hand, by the rule they record."""
