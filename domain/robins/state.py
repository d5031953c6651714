"""Robins Rummy's rule state: plain data that the events assign and the rules read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.cards.zones import Zone
from domain.rules import table_state
from domain.rules.table_state import TableState

CUT, DEAL, PLAY, COUNT, OVER = "cut", "deal", "play", "count", "over"
"""COUNT: the hand has ended and hands nobody entered wait to be entered or their counts stated before it scores."""


@dataclass
class TableMeld(table_state.TableMeld):
    """A meld on the table: its kind, its cards in table order, what each stands for, and who put each there."""

    stands_for: list[str]
    by: list[str]


@dataclass
class Claim:
    """An open Rummy: a discard that fitted a meld, which `holder` may claim at the start of his next turn."""

    card: str
    discarder: str
    holder: str


@dataclass
class RobinsState(TableState):
    """Everything the record knows about a Robins Rummy game at one event: the table's (domain/rules/table_state.py),
    then Robins Rummy's own."""

    cuts: dict[str, str] = field(default_factory=dict)
    dealer: str | None = None
    hand_number: int = 0
    hands: dict[str, Zone] = field(default_factory=dict)
    stock: Zone = field(default_factory=lambda: Zone(secret=True))
    discard: list[str] = field(default_factory=list)
    first_upcard_wild_in_pile: bool = False
    melds: list[TableMeld] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    turn: str | None = None
    drawn: bool = False
    picked: int = 0
    tabled: bool = False
    barred: bool = False
    discarded: int = 0
    scores: dict[str, int] = field(default_factory=dict)
    hand_over: bool = False
    winner: str | None = None
    exposed: list[dict[str, str]] = field(default_factory=list)
    """The cards the table saw this hand that it should not have (exposed, drawn out of turn): {player, card}."""
    abandoned: bool = False
    stated: dict[str, int] = field(default_factory=dict)
    """This hand's counts stated instead of cards shown, by player (domain/record/unknown.py)."""
    pending: list[dict[str, Any]] = field(default_factory=list)
    """This hand's checks that wait for a hand's unknown cards (domain/record/unknown.py); never shown (they hold
    cards)."""
    findings: list[dict[str, Any]] = field(default_factory=list)
    """The rules that reveals showed broken, each {hand, player, rule, move, text}, for the whole game."""
    brought_forward: bool = False
    """Whether the game was carried on from stated standings (domain/robins/forward.py)."""

    def void_deal(self) -> None:
        """A misdeal: the cards go back and the same dealer deals again; the hand counts as a deal of its own."""
        self.hands, self.stock, self.discard, self.melds, self.claims = {}, Zone(secret=True), [], [], []
        self.first_upcard_wild_in_pile, self.exposed, self.stated, self.pending = False, [], {}, []
        self.turn, self.drawn, self.picked, self.tabled, self.barred, self.discarded = None, False, 0, False, False, 0
        self.phase = DEAL

    def abandon(self) -> None:
        """The players left: the game is over."""
        self.abandoned, self.phase, self.turn = True, OVER, None

    def meld(self, meld_id: int) -> TableMeld | None:
        """The meld with this id, if it is on the table."""
        return next((m for m in self.melds if m.id == meld_id), None)

    def opponent(self, player: str) -> str:
        """The other player."""
        return self.players[1] if player == self.players[0] else self.players[0]

    @property
    def discards_owed(self) -> int:
        """Discards this turn ends with: one, plus one if anything was taken from the discard pile."""
        return 1 + (1 if self.picked else 0)
