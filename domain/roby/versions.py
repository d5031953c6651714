"""The versions of Roby's rules in Meldbook, oldest first (domain/rules/versions.py says how a game follows one):
each version's number and what it changed."""

from __future__ import annotations

from domain.rules.versions import FIRST, RulesVersion

NO_DECISION_WITHOUT_A_CHOICE = 2
"""From this version on, a busted player who may not re-enlist leaves without a decision opened for him."""

VERSIONS = (
    FIRST,
    RulesVersion(
        NO_DECISION_WITHOUT_A_CHOICE,
        (
            "roby.reenlist.two-remain: busted players who cannot re-enlist when the hand is scored (no two other "
            "players left in the game besides each) leave at once, and the record opens no decision for them (under "
            "version 1 it stored the decisions opened, then their leaving, with no move between)",
        ),
    ),
)
