"""What a night reads of one game: each party's line (a figure in the game's unit, the rate that makes it money, and
the settlement entries behind it). Each variant says how its settlement becomes lines (`night_reading`,
domain/<variant>/night.py); this module holds the shapes they share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domain.money.settlement import Entry, Settlement

BANKER, POT = "[banker]", "[pot]"
"""Royal Rummy's banker, a party of the night that is not a player; and the money in a Roby pot not won yet, which
is shown with its game as money in play and is never a party."""


@dataclass(frozen=True, slots=True)
class Money:
    """The night's money: the value of a chip and the stake per Robins Rummy point, in minor units (None: not
    declared), and its currency."""

    currency: str | None
    chip_value: int | None
    robins_stake: int | None


@dataclass(frozen=True, slots=True)
class NightLine:
    """One party's figure in one game, in the game's unit, and the rate that turns it into the night's money."""

    figure: int
    unit: str
    rate: int | None
    """Minor units per unit of the figure; None when the night declares none (the line counts no money)."""
    how: str
    entries: tuple[dict[str, Any], ...] = ()
    in_play: bool = False
    """Money still on the table in a game being played (a Roby pot): shown with its game, never a party to pay."""

    @property
    def money(self) -> int:
        """The figure in the night's money."""
        return self.figure * (self.rate or 0)


def entry_doc(entry: Entry) -> dict[str, Any]:
    """A settlement entry behind a night's figure, as the sheet shows it."""
    m = entry.movement
    return {
        "version": entry.version,
        "move": entry.move,
        "hand": entry.hand,
        "source": m.source,
        "destination": m.destination,
        "amount": m.amount,
        "unit": m.unit,
        "rule": m.rule,
        "status": entry.status,
    }


def entries_touching(settlement: Settlement, account: str, unit: str) -> tuple[dict[str, Any], ...]:
    """The entries of a settlement that moved an account in a unit, in order."""
    return tuple(
        entry_doc(e)
        for e in settlement.entries
        if e.movement.unit == unit and account in (e.movement.source, e.movement.destination)
    )
