"""Royal Rummy's stored events before play: the cut, each deal's start, ace bets, the deal and the dummy."""

from __future__ import annotations

from typing import Any, ClassVar

from domain.cards.zones import Zone, dealt_hands
from domain.events import GameEvent
from domain.royal.state import ACE_BET, ACE_COVER, AUCTION, DEAL, DUMMY, OVER, AceBet, Poker, RoyalState, Rummy
from domain.rules import table_events
from domain.rules.table_state import switch_at_deal


class CardCut(table_events.CardCut):
    """A player cut a card for the first deal."""

    TOPIC = "meldbook.royal.CardCut"


class CutTied(table_events.CutTied):
    """The highest cut was tied: the tied players cut again."""

    TOPIC = "meldbook.royal.CutTied"


class PlayerOut(GameEvent):
    """A player could not pay the ante: he is out of the game (he keeps what chips he has) and off his ace bets."""

    TOPIC = "meldbook.royal.PlayerOut"
    player: str
    stack: int

    def evolve(self, state: RoyalState) -> None:
        state.out.append(self.player)
        for suit, bet in list(state.ace_bets.items()):
            if self.player in bet.bettors:
                bet.bettors.remove(self.player)
            if not bet.bettors:
                del state.ace_bets[suit]


class DealStarted(GameEvent):
    """A new deal began with this dealer: the antes and any repeat ace bets follow."""

    TOPIC = "meldbook.royal.DealStarted"
    dealer: str
    deal_number: int

    def evolve(self, state: RoyalState) -> None:
        state.dealer = self.dealer
        state.deal_number = self.deal_number
        state.cutters, state.cuts = [], {}
        state.hands = {}
        state.dummy = Zone(secret=True)
        state.dead = Zone(secret=True)
        state.poker = Poker(shown=[])
        state.rummy = Rummy()
        state.bidders, state.high_bid, state.high_bidder = [], 0, None
        state.covering, state.open_ace = [], None
        state.exposed, state.ace_paid = [], False
        state.aces_due, state.pending, state.stated, state.dealt_unnamed = [], [], {}, False
        state.phase = ACE_BET if state.options["ace_betting"] else DEAL


class AceBetReleased(GameEvent):
    """A standing ace bettor could not pay the repeat bet: he is released from it."""

    TOPIC = "meldbook.royal.AceBetReleased"
    suit: str
    player: str

    def evolve(self, state: RoyalState) -> None:
        bet = state.ace_bets[self.suit]
        bet.bettors.remove(self.player)
        if not bet.bettors:
            del state.ace_bets[self.suit]


class AceBetOpened(GameEvent):
    """The dealer bet on a corner ace; the others are to cover it or not, from his left."""

    TOPIC = "meldbook.royal.AceBetOpened"
    player: str
    suit: str
    amount: int
    covering: list[str]

    def evolve(self, state: RoyalState) -> None:
        state.ace_bets[self.suit] = AceBet(self.amount, [self.player])
        state.open_ace = self.suit
        state.covering = list(self.covering)
        state.phase = ACE_COVER if self.covering else DEAL


class StandingsStated(table_events.StandingsStated):
    """The game carried on from a paper sheet: each player's stack, the chips on each space of the board and on each
    corner ace, as stated."""

    TOPIC = "meldbook.royal.StandingsStated"
    stacks: dict[str, int]
    board: dict[str, int]
    aces: dict[str, int]


class AceBetSkipped(GameEvent):
    """The dealer opened no ace bet this deal."""

    TOPIC = "meldbook.royal.AceBetSkipped"
    player: str

    def evolve(self, state: RoyalState) -> None:
        state.phase = DEAL


class AceBetAnswered(GameEvent):
    """A player covered the dealer's ace bet, or declined to."""

    TOPIC = "meldbook.royal.AceBetAnswered"
    player: str
    suit: str
    covered: bool

    def evolve(self, state: RoyalState) -> None:
        if self.covered:
            state.ace_bets[self.suit].bettors.append(self.player)
        state.covering.remove(self.player)
        if not state.covering:
            state.open_ace = None
            state.phase = DEAL


class HandsDealt(GameEvent):
    """The whole pack was dealt into a hand for each player and the dummy."""

    TOPIC = "meldbook.royal.HandsDealt"
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("hands.*", "dummy", "seed")
    class_version = 2
    dealer: str
    hands: dict[str, list[str]]
    dummy: list[str] | None
    dummy_size: int
    seed: int | None
    unknown: dict[str, int]
    """Each player dealt a hand the record does not name, with its size (his seat enters it); `hands` names the
    others. The ace bets standing on such a deal wait to be judged until the ace's holder is known."""

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A deal stored before hands could be dealt unnamed named every hand."""
        state["unknown"] = {}

    def evolve(self, state: RoyalState) -> None:
        switch_at_deal(state)
        state.hands = dealt_hands(self.hands, self.unknown)
        state.aces_due = sorted(state.ace_bets) if self.unknown else []
        state.dealt_unnamed = bool(self.unknown)
        if self.dummy is None:
            state.dummy = Zone(hidden=self.dummy_size, secret=True)
        else:
            state.dummy = Zone(list(self.dummy), secret=True)
        state.phase = DUMMY


class AceShown(GameEvent):
    """The holder of a bet-on ace showed it (or it lay in the dummy); a bettor holding it won the ace."""

    TOPIC = "meldbook.royal.AceShown"
    suit: str
    holder: str | None
    won: bool

    def evolve(self, state: RoyalState) -> None:
        if self.suit in state.aces_due:
            state.aces_due.remove(self.suit)
        if self.won:
            del state.ace_bets[self.suit]
            state.ace_paid = True


class AuctionOpened(GameEvent):
    """The dealer kept his hand and auctions the dummy: bids go round from his left."""

    TOPIC = "meldbook.royal.AuctionOpened"
    dealer: str
    bidders: list[str]

    def evolve(self, state: RoyalState) -> None:
        state.bidders = list(self.bidders)
        state.phase = AUCTION


class BidMade(GameEvent):
    """A player bid for the dummy; the bid goes round to the next bidder still in."""

    TOPIC = "meldbook.royal.BidMade"
    player: str
    amount: int

    def evolve(self, state: RoyalState) -> None:
        state.high_bid, state.high_bidder = self.amount, self.player
        state.bidders.remove(self.player)
        state.bidders.append(self.player)


class BidPassed(GameEvent):
    """A player passed in the auction: a pass is final."""

    TOPIC = "meldbook.royal.BidPassed"
    player: str

    def evolve(self, state: RoyalState) -> None:
        state.bidders.remove(self.player)


class DummyTaken(GameEvent):
    """A player (the dealer by a swap, or the auction's winner) took the dummy: his own hand is dead.

    `cards` names the dummy's cards when the deal named every hand; in a deal that named none it is empty, the
    taker's new hand is as many unknown cards (he enters it), and the dead hand keeps what his own hand named. A
    check waiting for his own hand (a card exposed from it) is dropped: the dead hand is never shown."""

    TOPIC = "meldbook.royal.DummyTaken"
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("cards",)
    player: str
    how: str
    cards: list[str]

    def evolve(self, state: RoyalState) -> None:
        own = state.hands[self.player]
        if self.cards:
            state.dead = Zone(hidden=own.size, secret=True)
        else:
            state.dead = Zone(list(own.known), hidden=own.hidden, secret=True)
        state.hands[self.player] = Zone(list(self.cards), hidden=state.dummy.size - len(self.cards), secret=True)
        state.dummy = Zone(secret=True)
        state.bidders = []
        state.pending = [item for item in state.pending if item["player"] != self.player]


class DummyDead(GameEvent):
    """Nobody took the dummy: it is the dead hand, and nobody sees it."""

    TOPIC = "meldbook.royal.DummyDead"

    def evolve(self, state: RoyalState) -> None:
        state.dead = Zone(hidden=state.dummy.size, secret=True)
        state.dummy = Zone(secret=True)
        state.bidders = []


class GameEnded(GameEvent):
    """The game ended: by the recorder, by one player holding every chip, or too few could ante."""

    TOPIC = "meldbook.royal.GameEnded"
    reason: str

    def evolve(self, state: RoyalState) -> None:
        state.ended = self.reason
        state.phase = OVER
        state.rummy.turn = None
