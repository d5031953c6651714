"""What every variant's standings brought forward from paper share: they are stated once, before the first hand
recorded here, and they name every player. Each variant's figures and checks are in its package
(`<variant>/forward.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMoveError
from domain.money.ledger import AmountTransferred, Ledger
from domain.rules.table_events import OVER
from domain.rules.variant import Decision

ACCOUNT = "brought-forward"
"""The account the money or chips brought forward pass through: what it takes in, it pays out, so it ends at
nothing."""


def check_first(state: Any, code: str) -> None:
    """Standings are brought forward once, before the first hand: after it, the record holds the game's own."""
    if state.phase == OVER:
        raise IllegalMoveError("the game is over: there is nothing to carry on", code=code)
    if state.brought_forward:
        raise IllegalMoveError("the standings were brought forward already: correct them by voiding that move",
                               code=code)
    if getattr(state, "cuts", None):
        raise IllegalMoveError("standings are brought forward before the cut for the deal: the players still in cut",
                               code=code)
    if state.hand_number:
        raise IllegalMoveError("standings are brought forward before the first hand recorded here; hand "
                               f"{state.hand_number} is recorded already", code=code)


def check_every_player(state: Any, field: str, named: Mapping[str, Any], code: str) -> None:
    """The figure names every player of the game and no one else."""
    for player in named:
        if player not in state.players:
            raise IllegalMoveError(f"{field} names {player}, who is not a player of this game", code=code,
                                   field=f"{field}.{player}")
    for player in state.players:
        if player not in named:
            raise IllegalMoveError(f"{field} is missing {player}: standings name every player", code=code,
                                   field=f"{field}.{player}")


def bring_accounts_to(decision: Decision, ledger: Ledger, wanted: Mapping[str, int], rule: str, cause: int) -> None:
    """Move each account to the figure stated for it through ACCOUNT, what it takes in first (so that it never holds
    less than nothing); the figures add up to what the accounts hold now, so it ends at nothing."""
    changes = {account: figure - ledger.balance(account) for account, figure in wanted.items()}
    for account, change in sorted(changes.items(), key=lambda item: item[1]):
        if change:
            source, destination = (account, ACCOUNT) if change < 0 else (ACCOUNT, account)
            decision.record(AmountTransferred, source=source, destination=destination, amount=abs(change), rule=rule,
                            cause=cause)
