"""What every variant's hands recorded by their result share: who may record one (the dealer, in a game whose cards
the table deals: the service plays every move of a shuffled game), and the players a figure may name. Each variant's
own figures and checks are in its package (`<variant>/results.py`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.errors import IllegalMoveError
from domain.rules.actions import Action


def check_dealer(state: Any, action: Action, code: str) -> None:
    """The dealer records the hand by its result (or the recorder for him); refused with the variant's code."""
    if action.player != state.dealer:
        raise IllegalMoveError(f"{state.dealer} deals this hand, not {action.player}", code=code)


def check_recorded(state: Any, code: str) -> None:
    """Only a recorded game records a hand by its result: the service plays every move of a shuffled one."""
    if state.deal_mode != "recorded":
        raise IllegalMoveError(
            "only a game whose cards the table deals records a hand by its result; here the service deals",
            code=code,
            field="type",
        )


def check_named(field: str, named: Mapping[str, Any], allowed: Iterable[str], why: str, code: str) -> None:
    """Refuse a figure for a player the field may not name (`why` says who it may), naming the player's entry."""
    allowed = set(allowed)
    for player in named:
        if player not in allowed:
            raise IllegalMoveError(f"{field} names {player}: {why}", code=code, field=f"{field}.{player}")


def check_step(field: str, named: Mapping[str, int], step: int, low: int, high: int, code: str) -> None:
    """Refuse a figure that is not a multiple of `step` from `low` to `high`, naming the player's entry."""
    for player, value in named.items():
        if not low <= value <= high or value % step:
            steps = f" in steps of {step}" if step > 1 else ""
            raise IllegalMoveError(
                f"{field} of {value} for {player} is one no cards could give: {low} to {high}{steps}",
                code=code,
                field=f"{field}.{player}",
            )
