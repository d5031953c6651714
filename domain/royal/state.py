"""Royal Rummy's rule state: plain data that the events assign and the rules read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.ledger import Ledger
from domain.zones import Zone

CUT, ACE_BET, ACE_COVER, DEAL, DUMMY, AUCTION = "cut", "ace_bet", "ace_cover", "deal", "dummy", "auction"
POKER_PICK, POKER_BET, RUMMY, OVER = "poker_pick", "poker_bet", "rummy", "over"


@dataclass
class AceBet:
    """A bet standing on one corner ace: the amount each bettor stakes per deal, and the bettors."""

    amount: int
    bettors: list[str] = field(default_factory=list)


@dataclass
class Poker:
    """The poker hand of one deal: chosen hands, the one betting round, and who may still act."""

    chosen: dict[str, list[str]] = field(default_factory=dict)
    bets: dict[str, int] = field(default_factory=dict)
    folded: list[str] = field(default_factory=list)
    all_in: list[str] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    may_raise: list[str] = field(default_factory=list)
    current: int = 0
    min_raise: int = 1
    shown: list[str] | None = None
    """Whose hands a showdown showed (a lone survivor wins unshown); None in a snapshot stored before it was kept."""


@dataclass
class Rummy:
    """The stops hand: whose turn, who played last, the card that must come next, and the colour to lead."""

    turn: str | None = None
    last_player: str | None = None
    wanted: str | None = None
    lead: str | None = "black"
    played: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class RoyalState:
    """Everything the record knows about a Royal Rummy game at one event."""

    players: list[str]
    options: dict[str, Any]
    deal_mode: str
    phase: str = CUT
    cutters: list[str] = field(default_factory=list)
    cuts: dict[str, str] = field(default_factory=dict)
    dealer: str | None = None
    deal_number: int = 0
    out: list[str] = field(default_factory=list)
    hands: dict[str, Zone] = field(default_factory=dict)
    dummy: Zone = field(default_factory=lambda: Zone(secret=True))
    dead: Zone = field(default_factory=lambda: Zone(secret=True))
    ace_bets: dict[str, AceBet] = field(default_factory=dict)
    covering: list[str] = field(default_factory=list)
    open_ace: str | None = None
    bidders: list[str] = field(default_factory=list)
    high_bid: int = 0
    high_bidder: str | None = None
    poker: Poker = field(default_factory=Poker)
    rummy: Rummy = field(default_factory=Rummy)
    ended: str | None = None
    ledger: Ledger = field(default_factory=Ledger)
    exposed: list[dict[str, str]] = field(default_factory=list)
    """The cards the table saw this deal that it should not have: {player, card}."""
    ace_paid: bool = False
    """Whether an ace bet was paid on this deal's hands (a misdeal can then no longer be declared)."""

    def void_deal(self) -> None:
        """A misdeal: the cards go back and the same dealer deals again; antes and ace bets stay where they are."""
        self.hands, self.dummy, self.dead, self.exposed = {}, Zone(secret=True), Zone(secret=True), []
        self.phase = DEAL

    def still_in(self) -> list[str]:
        """Players still in the game, in seat order."""
        return [p for p in self.players if p not in self.out]

    def left_of(self, player: str, among: list[str] | None = None) -> list[str]:
        """The given players (default: those still in) in seat order from the player's left, him last."""
        pool = self.still_in() if among is None else among
        start = self.players.index(player)
        ring = [self.players[(start + step) % len(self.players)] for step in range(1, len(self.players) + 1)]
        return [p for p in ring if p in pool]
