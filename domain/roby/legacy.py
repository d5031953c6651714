"""How a Roby record stored before moves carried an envelope is read as moves.

Most moves begin with an event of their own: a cut, a deal, a draw, a re-enlistment. Three need a closer
reading. A busted player's leave is a move of his own only when he could have re-enlisted; otherwise the
rules made him leave within the move before. A going out tables every card at once, so its melds, lay-offs
and last discard follow the first within one move; such a record cannot tell a going out from table plays
made one by one earlier in the same turn, and reads all the table plays of a turn that ends in going out
as the going out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.events import GameEvent
from domain.roby.settle import may_reenlist
from domain.roby.state import RobyState

ALWAYS = frozenset({"CardCut", "HandDealt", "StockCardDrawn", "DiscardTaken", "PlayerReenlisted"})
TABLE_PLAYS = frozenset({"MeldLaid", "CardLaidOff"})
OPENERS = ALWAYS | TABLE_PLAYS | {"CardDiscarded", "PlayerLeft"}
"""Every event type that opens a move in some record."""


def opens_move(state: RobyState, events: Sequence[GameEvent], index: int) -> bool:
    """Whether `events[index]` opened a move, given the rule state before it."""
    event: Any = events[index]
    name = event.event_name()
    if name == "PlayerLeft":
        return may_reenlist(state, event.player)
    if name == "CardDiscarded":
        return not (state.tabled_this_turn and event.next_player is None)
    if name in TABLE_PLAYS:
        return not (state.tabled_this_turn and _turn_goes_out(events, index + 1))
    return name in ALWAYS


def _turn_goes_out(events: Sequence[GameEvent], start: int) -> bool:
    """Whether the player's table plays from `start` on end his turn by going out (not by passing the turn)."""
    for event in events[start:]:
        name = event.event_name()
        if name == "WentOut":
            return True
        if name == "CardDiscarded":
            return getattr(event, "next_player", None) is None
        if name not in TABLE_PLAYS:
            return False
    return False
