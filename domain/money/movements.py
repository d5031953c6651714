"""What the ledger counts: each variant says which of its stored events move money, chips or points, in what unit.

A reading turns one stored event into the movements it made (none for most events). Readings are tables, one per variant
(`domain/<variant>/catalogue.py`), built from the shared readers below; the settlement (domain/money/settlement.py)
applies them in one loop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.money.ledger import player_account

MONEY, CHIPS, POINTS = "money", "chips", "points"
UNITS = (MONEY, CHIPS, POINTS)
"""Money in minor units (cents), chips in chip units, points on the score sheet."""
SCORE_SHEET = "score-sheet"
"""The account points come from: the score sheet is not a player, and points have no conservation law."""


@dataclass(frozen=True, slots=True)
class Movement:
    """An amount that left one account and reached another, in a unit, because of a rule."""

    source: str
    destination: str
    amount: int
    unit: str
    rule: str


Balance = Callable[[str, str], int]
"""The running balance of an account in a unit, before the event being read."""
Reading = Callable[[Any, Balance], list[Movement]]
"""The movements one stored event made, given the running balances."""


def transferred(unit: str) -> Reading:
    """A reader of AmountTransferred events, in the variant's unit (money or chips)."""

    def read(event: Any, balance: Balance) -> list[Movement]:
        return [Movement(event.source, event.destination, int(event.amount), unit, event.rule)]

    return read


def scored(event: Any, balance: Balance) -> list[Movement]:
    """A PointsScored event: points from the score sheet to the player (negative points go the other way)."""
    return [Movement(SCORE_SHEET, player_account(event.player), int(event.points), POINTS, event.rule)]


def score_set_to(rule: str) -> Reading:
    """A reader of an event that sets a player's score (`player`, `score`): the difference moves, under `rule`."""

    def read(event: Any, balance: Balance) -> list[Movement]:
        account = player_account(event.player)
        change = int(event.score) - balance(account, POINTS)
        return [Movement(SCORE_SHEET, account, change, POINTS, rule)] if change else []

    return read


@dataclass(frozen=True, slots=True)
class Conservation:
    """A unit's conservation law: what always holds at every event, checked on the settlement's balances.

    Every movement is from one account to another, so a unit's accounts always sum to zero; on top of that, no
    account but those named `may_owe` ever holds less than nothing, and the accounts named `empty_at_end` hold
    nothing once the game is over (money paid in equals money paid out).
    """

    unit: str
    law: str
    may_owe: Callable[[str], bool]
    empty_at_end: tuple[str, ...] = ()
    end_topics: frozenset[str] = frozenset()
    """The topics of the events that end the game: once one is stored, `empty_at_end` is checked."""


Readings = Mapping[str, Reading]
"""A variant's readings by stored event topic."""
