"""Roby in a night: it is played for money, so a player's figure is his money balance in the game's settlement.
While the game is still being played, the money in its pot belongs to nobody yet: it stays on the table, shown with
its game as money in play, and each player's figure leaves aside what he paid into it, so that the night settles
only what is decided (rule roby.own.night-money)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.money.ledger import player_account
from domain.nights.lines import POT, Money, NightLine, entries_touching
from domain.roby.settle import POT as POT_ACCOUNT

if TYPE_CHECKING:
    from domain.money.settlement import Settlement

UNIT = "money"


def paid_into_pot(settlement: Settlement, account: str) -> int:
    """What an account paid into the pot, less what the pot paid it (reversals included, so corrections count)."""
    paid = 0
    for entry in settlement.entries:
        m = entry.movement
        if m.unit == UNIT and (m.source, m.destination) == (account, POT_ACCOUNT):
            paid += m.amount
        elif m.unit == UNIT and (m.source, m.destination) == (POT_ACCOUNT, account):
            paid -= m.amount
    return paid


def night_lines(settlement: Settlement, players: tuple[str, ...], money: Money) -> dict[str, NightLine]:
    """Each player's money balance, less nothing once the pot is won; while it is in play, each player's balance
    leaving aside what he has in the pot, and the pot as money in play (rule roby.own.night-money)."""
    in_pot = settlement.balance(POT_ACCOUNT, UNIT)
    lines = {}
    for player in players:
        account = player_account(player)
        balance = settlement.balance(account, UNIT)
        entries = entries_touching(settlement, account, UNIT)
        if not in_pot:
            lines[player] = NightLine(balance, UNIT, 1, "his money balance", entries)
            continue
        staked = paid_into_pot(settlement, account)
        how = f"his money balance ({balance}), leaving aside the {staked} he has in the pot still in play"
        lines[player] = NightLine(balance + staked, UNIT, 1, how, entries)
    if in_pot:
        how = "money on the table, not won yet: the game is still being played, and its pot is settled when it is won"
        lines[POT] = NightLine(in_pot, UNIT, 1, how, entries_touching(settlement, POT_ACCOUNT, UNIT), in_play=True)
    return lines
