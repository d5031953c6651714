"""The versions of Royal Rummy's rules in Meldbook, oldest first (domain/rules/versions.py says how a game follows
one): each version's number and what it changed."""

from __future__ import annotations

from domain.rules.versions import FIRST, RulesVersion

ANTE_BELONGS_TO_ITS_DEAL = 2
"""From this version on, the ante (and any ace bet) of a deal that is never dealt goes back when the game ends."""

VERSIONS = (
    FIRST,
    RulesVersion(
        ANTE_BELONGS_TO_ITS_DEAL,
        (
            "royal.end.ante-returned: the ante and the ace bets paid for a deal belong to that deal; a game ended "
            "before the deal is dealt (by the recorder, or abandoned) gives them back to the players who paid them "
            "before the board is cleared (under version 1 they stayed on the board and went to the banker, or were "
            "split, with the rest)",
        ),
    ),
)
