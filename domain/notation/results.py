"""What the rules computed for a hand: each player's net points, money or chips, read from the stored events.

Points are the `points` of any event that names a `player` (a score); money or chips are the transfers between
accounts (domain/money/ledger.py), counted for the players' accounts only. The unit of transfers is the variant's
(its notation grammar's `transfers`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.money.ledger import player_account

POINTS = "points"


def add_figures(totals: dict[tuple[str, str], int], data: Mapping[str, Any], players: Iterable[str],
                transfers: str) -> None:
    """Add one event's figures (its data as stored) to the hand's totals."""
    if isinstance(data.get("points"), int) and isinstance(data.get("player"), str):
        key = (data["player"], POINTS)
        totals[key] = totals.get(key, 0) + data["points"]
        return
    if {"source", "destination", "amount"} <= set(data) and isinstance(data["amount"], int):
        for player in players:
            account = player_account(player)
            sign = (data["destination"] == account) - (data["source"] == account)
            if sign:
                key = (player, transfers)
                totals[key] = totals.get(key, 0) + sign * data["amount"]
