"""Who may act in a phase, where variants read it alike from their state: those still to cut for the dealer, the
dealer, the player whose turn it is. Each variant's `movers` table names, for each phase, one of these or its own
(the `Variant.to_move` reads it)."""

from __future__ import annotations

from typing import Any


def still_to_cut(state: Any) -> list[str]:
    """The players still to cut for the dealer (domain/rules/table_state.py `CutForDealer`)."""
    return [p for p in state.cutters if p not in state.cuts]


def the_dealer(state: Any) -> list[str]:
    """The dealer, once there is one."""
    return [state.dealer] if state.dealer else []


def the_turn(state: Any) -> list[str]:
    """The player whose turn it is, if anyone's."""
    return [state.turn] if state.turn else []
