"""Robins Rummy in a night: it is played for points. When the night declares a stake per point, each pair of
players settles its difference over the final scores, the one with fewer points paying the other (the other's
points less his) x the stake. Summed over the pairs, a player's figure is n x his points less all the players'
points together (n players), times the stake."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.money.ledger import player_account
from domain.nights.lines import Money, NightLine, entries_touching

if TYPE_CHECKING:
    from domain.money.settlement import Settlement

UNIT = "points"


def night_lines(settlement: Settlement, players: tuple[str, ...], money: Money) -> dict[str, NightLine]:
    """Each player's pairwise differences over the final scores, at the night's stake (rule
    robins.own.night-money)."""
    points = {player: settlement.balance(player_account(player), UNIT) for player in players}
    everyone = sum(points.values())
    lines = {}
    for player in players:
        figure = len(points) * points[player] - everyone
        how = (
            f"pairwise against each other player: {len(points)} x his {points[player]} points less all the "
            f"players' {everyone}"
        )
        entries = entries_touching(settlement, player_account(player), UNIT)
        lines[player] = NightLine(figure, UNIT, money.robins_stake, how, entries)
    return lines
