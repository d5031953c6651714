"""Roby in a night: it is played for money, so a player's figure is his money balance in the game's settlement.
While the game is still being played, the money in its pot belongs to nobody yet: the party POT holds it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.money.ledger import player_account
from domain.nights.lines import POT, Money, NightLine, entries_touching

if TYPE_CHECKING:
    from domain.money.settlement import Settlement

UNIT = "money"


def night_lines(settlement: Settlement, players: tuple[str, ...], money: Money) -> dict[str, NightLine]:
    """Each player's money balance, and the pot's money while the game is played (rule roby.own.night-money)."""
    lines = {
        player: NightLine(
            settlement.balance(player_account(player), UNIT),
            UNIT,
            1,
            "his money balance",
            entries_touching(settlement, player_account(player), UNIT),
        )
        for player in players
    }
    pot = -sum(line.figure for line in lines.values())
    if pot:
        lines[POT] = NightLine(pot, UNIT, 1, "money on the table, not won yet: the game is still being played")
    return lines
