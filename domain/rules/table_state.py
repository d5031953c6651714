"""The rule state several variants keep alike, defined once: the players, the options, the deal mode and the phase
every game starts with; the cut for a dealer among several (Roby, Royal Rummy); the meld on the table (Roby, Robins
Rummy).

Each variant's state is a dataclass of its own (`RobyState`, ...) that subclasses one of these and adds the fields
that are its own, after these. Snapshots store a state by its own class and by field name (service/transcodings.py),
so a field declared here is stored under the same name as when each variant declared it; and a state's fields keep
the order they had (a replay lists the changes between two states in it), which is why only a state's leading fields
are shared. These bases are never stored themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CUT = "cut"
"""The phase a game starts in, in every variant: the players cut for the (first) deal."""


@dataclass
class TableState:
    """What every variant's state starts with: the players in seat order, the options, the deal mode and the phase;
    the rules version the game follows, and the one the table adopted for the deals to come (domain/rules/versions.py).
    A state stored before rules versions existed reads back under version 1, with none adopted."""

    players: list[str]
    options: dict[str, Any]
    deal_mode: str
    phase: str = CUT
    rules_version: int = 1
    next_rules_version: int | None = None


@dataclass
class CutForDealer(TableState):
    """A state whose players cut for the dealer until one cut is highest: those still to cut, the cuts, the dealer."""

    cutters: list[str] = field(default_factory=list)
    cuts: dict[str, str] = field(default_factory=dict)
    dealer: str | None = None


@dataclass
class TableMeld:
    """A meld on the table: its id, who laid it, its kind and its cards in table order."""

    id: int
    owner: str
    kind: str
    cards: list[str]


def switch_at_deal(state: TableState) -> None:
    """A new deal: the rules version the table adopted, if any, applies from it on (domain/rules/versions.py)."""
    if state.next_rules_version is not None:
        state.rules_version, state.next_rules_version = state.next_rules_version, None
