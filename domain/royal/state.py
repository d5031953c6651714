"""Royal Rummy's rule state: plain data that the events assign and the rules read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.cards.zones import Zone
from domain.money.ledger import Ledger
from domain.rules.table_state import CutForDealer

CUT, ACE_BET, ACE_COVER, DEAL, DUMMY, AUCTION = "cut", "ace_bet", "ace_cover", "deal", "dummy", "auction"
POKER_PICK, POKER_BET, RUMMY, COUNT, OVER = "poker_pick", "poker_bet", "rummy", "count", "over"
"""COUNT: the rummy hand is over and hands nobody entered wait to be entered or their counts stated before the next
deal (domain/royal/entering.py)."""


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
    lead_passes: list[str] = field(default_factory=list)
    """The players who passed on this lead, saying they hold no card of its colour (hands the record did not name)."""


@dataclass
class RoyalState(CutForDealer):
    """Everything the record knows about a Royal Rummy game at one event: the cut's (domain/rules/table_state.py),
    then Royal Rummy's own."""

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
    dealt_unnamed: bool = False
    """Whether this deal named no hand (each player enters his own): no view may then be shown an entered card."""
    aces_due: list[str] = field(default_factory=list)
    """The suits of the ace bets not judged yet: in a deal that named no hand, until the ace's holder is known."""
    pending: list[dict[str, Any]] = field(default_factory=list)
    """This deal's checks that wait for a hand's unknown cards (domain/record/unknown.py); never shown (they hold
    cards)."""
    findings: list[dict[str, Any]] = field(default_factory=list)
    """The rules that reveals showed broken, each {hand, player, rule, move, text}, for the whole game."""
    stated: dict[str, int] = field(default_factory=dict)
    """This deal's counts of cards stated instead of hands shown, by player."""
    brought_forward: bool = False
    """Whether the game was carried on from stated standings (domain/royal/forward.py)."""

    @property
    def hand_number(self) -> int:
        """The deal's number, as the shared layer of unknown hands calls it."""
        return self.deal_number

    def void_deal(self) -> None:
        """A misdeal: the cards go back and the same dealer deals again; antes and ace bets stay where they are."""
        self.hands, self.dummy, self.dead, self.exposed = {}, Zone(secret=True), Zone(secret=True), []
        self.aces_due, self.pending, self.stated, self.dealt_unnamed = [], [], {}, False
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
