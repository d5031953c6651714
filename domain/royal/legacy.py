"""How a Royal Rummy record stored before moves carried an envelope is read as moves.

Every move begins with an event of its own, except two kinds that also follow within other moves: the
dummy taken by a swap is the dealer's move (taken by the auction's winner, it closes a bid or a pass), and
the game ended by the recorder is a move (ended because the chips say so, it closes another move).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.events import GameEvent
from domain.royal.settle import ENDED_BY_TABLE
from domain.royal.state import RoyalState

ALWAYS = frozenset(
    {
        "CardCut", "AceBetOpened", "AceBetSkipped", "AceBetAnswered", "HandsDealt", "AuctionOpened", "BidMade",
        "BidPassed", "PokerHandChosen", "PokerActed", "CardsPlayed", "Passed",
    }
)
OPENERS = ALWAYS | {"DummyTaken", "GameEnded"}
"""Every event type that opens a move in some record."""


def opens_move(state: RoyalState, events: Sequence[GameEvent], index: int) -> bool:
    """Whether `events[index]` opened a move (the state before it is not needed here)."""
    event: Any = events[index]
    name = event.event_name()
    if name == "DummyTaken":
        return bool(event.how == "swap")
    if name == "GameEnded":
        return bool(event.reason.startswith(ENDED_BY_TABLE))
    return name in ALWAYS
