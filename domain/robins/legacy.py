"""How a Robins Rummy record stored before moves carried an envelope is read as moves.

Most moves begin with an event of their own: a cut, a deal, a draw, a pickup, a claim, an exchange, a
discard. A draw from an empty stock ends the hand at once. A meld or lay-off that uses the deepest card just
taken from the discard pile is read as that pickup's use, within the pickup's move (a record stored then
cannot tell it from a plain pickup of the top card followed by a table play with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.events import GameEvent
from domain.robins.state import RobinsState

ALWAYS = frozenset(
    {"CardCut", "HandDealt", "StockCardDrawn", "DiscardPileTaken", "WildExchanged", "RummyClaimed", "CardDiscarded"}
)
TABLE_PLAYS = frozenset({"MeldLaid", "CardLaidOff"})
OPENERS = ALWAYS | TABLE_PLAYS | {"HandEnded"}
"""Every event type that opens a move in some record."""


def opens_move(state: RobinsState, events: Sequence[GameEvent], index: int) -> bool:
    """Whether `events[index]` opened a move (the state before it is not needed here)."""
    event: Any = events[index]
    name = event.event_name()
    if name == "HandEnded":
        return bool(event.reason == "stock-empty")
    if name in TABLE_PLAYS:
        return index == 0 or not _uses_pickup(events[index - 1], event)
    return name in ALWAYS


def _uses_pickup(before: Any, play: Any) -> bool:
    """Whether a table play uses the deepest card of a pickup by the same player just before it."""
    if before.event_name() != "DiscardPileTaken" or before.player != play.player:
        return False
    used = play.cards if play.event_name() == "MeldLaid" else [play.card]
    return before.cards[0] in used
