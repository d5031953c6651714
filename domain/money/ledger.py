"""Accounts for money or chips: every movement is a stored transfer naming its rule and cause."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.events import GameEvent


def player_account(player: str) -> str:
    """The account name of a player ('player:ann')."""
    return f"player:{player}"


@dataclass
class Ledger:
    """Balances by account. Every transfer moves an amount from one account to another, so they sum to 0."""

    STORED_AS: ClassVar[str] = "domain.ledger.Ledger"
    """The name snapshots store it under (service/transcodings.py): its module's before the domain was regrouped."""

    balances: dict[str, int] = field(default_factory=dict)

    def balance(self, account: str) -> int:
        """The balance of one account (0 when it never moved)."""
        return self.balances.get(account, 0)

    def move(self, source: str, destination: str, amount: int) -> None:
        """Move an amount between two accounts."""
        self.balances[source] = self.balance(source) - amount
        self.balances[destination] = self.balance(destination) + amount


class AmountTransferred(GameEvent):
    """An amount of money or chips moved from one account to another, because of a rule and an event."""

    TOPIC = "meldbook.AmountTransferred"
    source: str
    destination: str
    amount: int
    rule: str
    cause: int

    def evolve(self, state: Any) -> None:
        state.ledger.move(self.source, self.destination, self.amount)
