"""Chip movements for Royal Rummy: every one a stored AmountTransferred naming its rule and cause."""

from __future__ import annotations

from domain.money.ledger import AmountTransferred, player_account
from domain.royal.state import RoyalState
from domain.rules.variant import Decision


def move(decision: Decision, source: str, destination: str, amount: int, rule: str, cause: int | None = None) -> None:
    """Record one transfer, unless it moves nothing; the cause defaults to the event recorded last."""
    if amount <= 0:
        return
    decision.record(
        AmountTransferred, source=source, destination=destination, amount=amount, rule=rule,
        cause=decision.last_version if cause is None else cause,
    )


def stack(state: RoyalState, player: str) -> int:
    """The chips in front of a player."""
    return state.ledger.balance(player_account(player))


def pay(decision: Decision, player: str, destination: str, amount: int, rule: str, cause: int | None = None) -> int:
    """A player pays what he can of an amount; returns what he paid."""
    paid = min(amount, stack(decision.state, player))
    move(decision, player_account(player), destination, paid, rule, cause)
    return paid
