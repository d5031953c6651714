"""Royal Rummy in a night: it is played for chips, bought from the banker at the start and cashed in at the end. A
player's figure is his chip balance less the stack the banker handed him; the banker's (the party BANKER) is what
the players lost, minus theirs together: the chips left on the board and the aces go to him. Each chip is worth the
night's chip value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.money.ledger import player_account
from domain.nights.lines import BANKER, Money, NightLine, entries_touching
from domain.royal.board import BANK

if TYPE_CHECKING:
    from domain.money.settlement import Settlement

UNIT = "chips"


def night_lines(settlement: Settlement, players: tuple[str, ...], money: Money) -> dict[str, NightLine]:
    """Each player's chips won or lost, and the banker's, at the night's chip value (rule royal.own.night-money)."""
    lines = {}
    for player in players:
        account = player_account(player)
        held = settlement.balance(account, UNIT)
        stack = sum(
            e.movement.amount
            for e in settlement.entries
            if e.movement.unit == UNIT and (e.movement.source, e.movement.destination) == (BANK, account)
        )
        how = f"his chips ({held}) less the stack the banker handed him ({stack})"
        entries = entries_touching(settlement, account, UNIT)
        lines[player] = NightLine(held - stack, UNIT, money.chip_value, how, entries)
    lines[BANKER] = NightLine(
        -sum(line.figure for line in lines.values()),
        UNIT,
        money.chip_value,
        "the chips the players lost, which stay with him (on the board and the aces at the end)",
        entries_touching(settlement, BANK, UNIT),
    )
    return lines
