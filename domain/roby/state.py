"""Roby's rule state: plain data that the events assign and the rules read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.cards.zones import Zone
from domain.money.ledger import Ledger
from domain.rules import table_state
from domain.rules.table_state import CutForDealer

CUT, DEAL, PLAY, COUNT, DECIDE, OVER = "cut", "deal", "play", "count", "decide", "over"
"""COUNT: a player has gone out and hands nobody entered wait to be entered or stated before they score."""
IN, BUSTED, LEFT = "in", "busted", "left"


@dataclass
class TableMeld(table_state.TableMeld):
    """A meld on the table: who laid it, group or sequence, and its cards in table order."""


@dataclass
class RobyState(CutForDealer):
    """Everything the record knows about a Roby game at one event: the cut's (domain/rules/table_state.py), then
    Roby's own."""

    hand_number: int = 0
    hands: dict[str, Zone] = field(default_factory=dict)
    stock: Zone = field(default_factory=lambda: Zone(secret=True))
    discard: list[str] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    reshuffles: int = 0
    turn: str | None = None
    drawn: bool = False
    taken_card: str | None = None
    tabled_this_turn: bool = False
    turns_taken: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    standing: dict[str, str] = field(default_factory=dict)
    reenlistments: dict[str, int] = field(default_factory=dict)
    deciding: list[str] = field(default_factory=list)
    hand_winner: str | None = None
    winner: str | None = None
    ledger: Ledger = field(default_factory=Ledger)
    pending: list[dict[str, Any]] = field(default_factory=list)
    """This hand's checks that wait for a hand's unknown cards (domain/record/unknown.py); never shown (they hold
    cards)."""
    findings: list[dict[str, Any]] = field(default_factory=list)
    """The rules that reveals showed broken, each {hand, player, rule, move, text}, for the whole game."""
    stated: dict[str, int] = field(default_factory=dict)
    """This hand's counts stated instead of cards shown, by player."""
    exposed: list[dict[str, str]] = field(default_factory=list)
    """The cards the table saw this hand that it should not have (exposed, drawn out of turn): {player, card}."""
    abandoned: bool = False
    brought_forward: bool = False
    """Whether the game was carried on from stated standings (domain/roby/forward.py)."""

    def void_deal(self) -> None:
        """A misdeal: the cards go back and the same dealer deals again; the hand counts as a deal of its own."""
        self.hands, self.stock, self.discard, self.melds = {}, Zone(secret=True), [], []
        self.reshuffles, self.turns_taken, self.exposed = 0, {}, []
        self.pending, self.stated = [], {}
        self.turn, self.drawn, self.taken_card, self.tabled_this_turn = None, False, None, False
        self.phase = DEAL

    def abandon(self) -> None:
        """The players left: the game is over, with no winner."""
        self.abandoned, self.phase, self.turn = True, OVER, None

    def still_in(self) -> list[str]:
        """Players still in the game, in seat order: under 100, or re-enlisted since."""
        return [p for p in self.players if self.standing[p] == IN]

    def own_melds(self, player: str) -> list[TableMeld]:
        """The melds a player has laid this hand."""
        return [m for m in self.melds if m.owner == player]

    def meld(self, meld_id: int) -> TableMeld | None:
        """The meld with this id, if it is on the table."""
        return next((m for m in self.melds if m.id == meld_id), None)
