"""Robins Rummy's stored events: past-tense facts whose bodies only assign state."""

from __future__ import annotations

from domain.cards.zones import Zone
from domain.events import GameEvent
from domain.robins.melds import table_order
from domain.robins.state import COUNT, PLAY, Claim, RobinsState, TableMeld
from domain.rules import table_events


class CardCut(table_events.CardCut):
    """A player cut a card for the first deal."""

    TOPIC = "meldbook.robins.CardCut"


class CutTied(GameEvent):
    """Both players cut the same rank: they cut again."""

    TOPIC = "meldbook.robins.CutTied"

    def evolve(self, state: RobinsState) -> None:
        state.cuts = {}


class DealerChosen(table_events.DealerChosen):
    """The cut, the linked earlier game or the alternation named the next dealer, for the reason given."""

    TOPIC = "meldbook.robins.DealerChosen"
    reason: str


class HandDealt(table_events.HandDealt):
    """Seven cards each, the 15th turned up to start the discard pile; the rest became the stock. `upcard_wild`: the
    upcard is a wild card (a joker or a deuce)."""

    TOPIC = "meldbook.robins.HandDealt"
    upcard_wild: bool

    def dealt(self, state: RobinsState) -> None:
        state.first_upcard_wild_in_pile = self.upcard_wild
        state.claims = []
        state.phase = PLAY
        state.hand_over = False
        start_turn(state, self.first_player)


class StockCardDrawn(table_events.StockCardDrawn):
    """A player drew the top card of the stock; the Rummies he could have claimed pass on or lapse."""

    TOPIC = "meldbook.robins.StockCardDrawn"

    def evolve(self, state: RobinsState) -> None:
        super().evolve(state)
        pass_claims(state, self.player)


class DiscardPileTaken(GameEvent):
    """A player took cards from the discard pile: the top card, or several down to a chosen one."""

    TOPIC = "meldbook.robins.DiscardPileTaken"
    player: str
    cards: list[str]
    first_upcard_wild: bool

    def evolve(self, state: RobinsState) -> None:
        del state.discard[len(state.discard) - len(self.cards) :]
        state.hands[self.player].known.extend(self.cards)
        state.picked = len(self.cards)
        if self.first_upcard_wild:
            state.barred = True
            state.first_upcard_wild_in_pile = False
        for code in set(self.cards):
            mine = [c for c in state.claims if c.card == code]
            for gone in mine[: max(0, len(mine) - state.discard.count(code))]:
                state.claims.remove(gone)


class MeldLaid(GameEvent):
    """A player laid a meld: its kind, its cards in table order and the natural card each stands for."""

    TOPIC = "meldbook.robins.MeldLaid"
    player: str
    meld: int
    kind: str
    cards: list[str]
    stands_for: list[str]

    def evolve(self, state: RobinsState) -> None:
        for card in self.cards:
            state.hands[self.player].remove(card)
        by = [self.player] * len(self.cards)
        state.melds.append(TableMeld(self.meld, self.player, self.kind, list(self.cards), list(self.stands_for), by))
        state.tabled = True


class CardLaidOff(GameEvent):
    """A player added a card to a meld on the table, standing for the natural card named."""

    TOPIC = "meldbook.robins.CardLaidOff"
    player: str
    card: str
    stands_for: str
    meld: int

    def evolve(self, state: RobinsState) -> None:
        state.hands[self.player].remove(self.card)
        add_to_meld(state, self.meld, self.card, self.stands_for, self.player)
        state.tabled = True


class WildExchanged(GameEvent):
    """A player put the natural card a wild stood for in its place, and took the wild into his hand."""

    TOPIC = "meldbook.robins.WildExchanged"
    player: str
    meld: int
    card: str
    wild: str

    def evolve(self, state: RobinsState) -> None:
        target = state.meld(self.meld)
        assert target is not None
        index = next(i for i, s in enumerate(target.stands_for) if s == self.card and target.cards[i] == self.wild)
        target.cards[index] = self.card
        target.by[index] = self.player
        state.hands[self.player].remove(self.card)
        state.hands[self.player].known.append(self.wild)
        state.tabled = True


class RummyClaimed(GameEvent):
    """A player claimed a Rummy: the discard was pulled out of the pile and laid off on a meld."""

    TOPIC = "meldbook.robins.RummyClaimed"
    player: str
    card: str
    stands_for: str
    meld: int

    def evolve(self, state: RobinsState) -> None:
        index = len(state.discard) - 1 - state.discard[::-1].index(self.card)
        del state.discard[index]
        claim = next(c for c in state.claims if c.card == self.card and c.holder == self.player)
        state.claims.remove(claim)
        add_to_meld(state, self.meld, self.card, self.stands_for, self.player)


class CardDiscarded(table_events.CardDiscarded):
    """A player discarded a card; `rummy` says it fitted a meld, and `next_player` whose turn follows."""

    TOPIC = "meldbook.robins.CardDiscarded"
    rummy: bool
    next_player: str | None

    def evolve(self, state: RobinsState) -> None:
        super().evolve(state)
        state.discarded += 1
        if self.rummy:
            state.claims.append(Claim(self.card, self.player, state.opponent(self.player)))
        if self.next_player is not None:
            start_turn(state, self.next_player)


class HandEnded(GameEvent):
    """The hand ended: a player went out, or the stock was empty when a draw was due."""

    TOPIC = "meldbook.robins.HandEnded"
    reason: str
    player: str | None

    def evolve(self, state: RobinsState) -> None:
        state.turn = None
        state.hand_over = True
        state.claims = []
        if any(zone.hidden for zone in state.hands.values()):
            state.phase = COUNT


class HandStated(table_events.HandStated):
    """The table recorded a hand by its result: who went out (none: the stock ran out), each player's table points
    and hand points as stated, and the Rummies each claimed; the players in `cards` showed the cards left in their
    hands instead of stating their hand points."""

    TOPIC = "meldbook.robins.HandStated"
    went_out: str | None
    table: dict[str, int]
    points: dict[str, int]
    rummies: dict[str, int]

    def stated(self, state: RobinsState) -> None:
        state.stock = Zone(secret=True)
        state.discard, state.melds, state.claims = [], [], []
        state.stated = dict(self.points)
        state.turn = None
        state.hand_over = True
        state.phase = PLAY


class StandingsStated(table_events.StandingsStated):
    """The game carried on from a paper sheet: each player's running total as stated."""

    TOPIC = "meldbook.robins.StandingsStated"
    scores: dict[str, int]


class PointsScored(table_events.PointsScored):
    """Points added to (or taken from) a player's score, naming the rule and the event that caused them."""

    TOPIC = "meldbook.robins.PointsScored"


class GameWon(table_events.GameWon):
    """A player ended a hand with 505 or more, ahead of the other: he won the game."""

    TOPIC = "meldbook.robins.GameWon"


def start_turn(state: RobinsState, player: str) -> None:
    """A fresh turn for the player: nothing drawn, taken, tabled or discarded yet."""
    state.turn = player
    state.drawn = False
    state.picked = 0
    state.tabled = False
    state.barred = False
    state.discarded = 0
    state.phase = PLAY


def pass_claims(state: RobinsState, player: str) -> None:
    """The player drew without claiming: his opponent's Rummies pass to their discarder, his own lapse."""
    for claim in [c for c in state.claims if c.holder == player]:
        if claim.discarder == player:
            state.claims.remove(claim)
        else:
            claim.holder = claim.discarder


def add_to_meld(state: RobinsState, meld_id: int, card: str, stands_for: str, player: str) -> None:
    """Put a card on a meld and keep the meld in table order."""
    target = state.meld(meld_id)
    assert target is not None
    cards, stands, by = [*target.cards, card], [*target.stands_for, stands_for], [*target.by, player]
    ordered, order = table_order(target.kind, cards, stands)
    target.cards, target.stands_for, target.by = ordered, [stands[i] for i in order], [by[i] for i in order]
