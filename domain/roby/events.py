"""Roby's stored events: past-tense facts whose bodies only assign state."""

from __future__ import annotations

from typing import ClassVar

from domain.cards.zones import Zone
from domain.events import GameEvent
from domain.roby.rules import PASS_LIMIT, with_card
from domain.roby.state import BUSTED, COUNT, DECIDE, IN, LEFT, PLAY, RobyState, TableMeld
from domain.rules import table_events


class CardCut(table_events.CardCut):
    """A player cut a card for the deal."""

    TOPIC = "meldbook.roby.CardCut"


class CutTied(table_events.CutTied):
    """The highest cut was tied: the tied players cut again."""

    TOPIC = "meldbook.roby.CutTied"


class DealerChosen(table_events.DealerChosen):
    """The cut (or the rotation) named the next dealer."""

    TOPIC = "meldbook.roby.DealerChosen"

    def evolve(self, state: RobyState) -> None:
        super().evolve(state)
        state.cutters = []


class HandDealt(table_events.HandDealt):
    """The dealer dealt ten cards each and turned up the first discard; the rest became the stock."""

    TOPIC = "meldbook.roby.HandDealt"

    def dealt(self, state: RobyState) -> None:
        state.reshuffles = 0
        state.phase = PLAY
        state.hand_winner = None
        state.turns_taken = {p: 0 for p in state.hands}
        _start_turn(state, self.first_player)


class HandStated(table_events.HandStated):
    """The table recorded a hand by its result: who went out (none: the hand was called off), and the count each other
    player stated; the players in `cards` showed their cards instead, which count as they are."""

    TOPIC = "meldbook.roby.HandStated"
    went_out: str | None
    points: dict[str, int]

    def stated(self, state: RobyState) -> None:
        state.stock = Zone(secret=True)
        state.discard, state.melds = [], []
        state.stated = dict(self.points)
        state.hand_winner = None
        state.turn = None
        state.phase = PLAY


class StandingsStated(table_events.StandingsStated):
    """The game carried on from a paper sheet: each player's score (over 99: out of the game), his money balance so
    far, and the pot, as stated."""

    TOPIC = "meldbook.roby.StandingsStated"
    scores: dict[str, int]
    money: dict[str, int]
    pot: int

    def evolve(self, state: RobyState) -> None:
        super().evolve(state)
        state.cutters = [p for p in state.cutters if self.scores[p] <= PASS_LIMIT]  # a player out does not cut


class StockCardDrawn(table_events.StockCardDrawn):
    """A player drew the top card of the stock."""

    TOPIC = "meldbook.roby.StockCardDrawn"


class DiscardTaken(GameEvent):
    """A player took the top card of the discard pile."""

    TOPIC = "meldbook.roby.DiscardTaken"
    player: str
    card: str

    def evolve(self, state: RobyState) -> None:
        state.discard.pop()
        state.hands[self.player].known.append(self.card)
        state.drawn = True
        state.taken_card = self.card


class MeldLaid(GameEvent):
    """A player laid a meld of his own on the table."""

    TOPIC = "meldbook.roby.MeldLaid"
    player: str
    meld: int
    kind: str
    cards: list[str]

    def evolve(self, state: RobyState) -> None:
        for card in self.cards:
            state.hands[self.player].remove(card)
        state.melds.append(TableMeld(self.meld, self.player, self.kind, list(self.cards)))
        state.tabled_this_turn = True


class CardLaidOff(GameEvent):
    """A player added one card to a meld on the table."""

    TOPIC = "meldbook.roby.CardLaidOff"
    player: str
    card: str
    meld: int

    def evolve(self, state: RobyState) -> None:
        state.hands[self.player].remove(self.card)
        state.melds = [with_card(m, self.card) if m.id == self.meld else m for m in state.melds]
        state.tabled_this_turn = True


class CardDiscarded(table_events.CardDiscarded):
    """A player discarded a card, ending his turn; the next player is to play."""

    TOPIC = "meldbook.roby.CardDiscarded"
    next_player: str | None

    def evolve(self, state: RobyState) -> None:
        super().evolve(state)
        state.turns_taken[self.player] += 1
        if self.next_player is not None:
            _start_turn(state, self.next_player)


class StockReshuffled(GameEvent):
    """The stock ran out: the discard pile but its top card became the new stock."""

    TOPIC = "meldbook.roby.StockReshuffled"
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("order", "seed")
    cards: list[str]
    order: list[str] | None
    seed: int | None

    def evolve(self, state: RobyState) -> None:
        state.discard = state.discard[-1:]
        state.reshuffles += 1
        if self.order is None:
            state.stock = Zone(list(self.cards), secret=True)
        else:
            state.stock = Zone(list(self.order), ordered=True, secret=True)


class HandVoided(GameEvent):
    """The stock could not be rebuilt: the hand ends with no winner, and nobody scores or pays."""

    TOPIC = "meldbook.roby.HandVoided"
    reason: str

    def evolve(self, state: RobyState) -> None:
        state.turn = None


class WentOut(GameEvent):
    """A player emptied his hand: he made Roby and won the hand."""

    TOPIC = "meldbook.roby.WentOut"
    player: str
    method: str

    def evolve(self, state: RobyState) -> None:
        state.hand_winner = self.player
        state.turn = None
        if any(zone.hidden for p, zone in state.hands.items() if p != self.player):
            state.phase = COUNT


class PointsScored(table_events.PointsScored):
    """A player added the value of the cards left in his hand to his score."""

    TOPIC = "meldbook.roby.PointsScored"


class PlayerBusted(GameEvent):
    """A player reached 100 points: he is out unless he re-enlists."""

    TOPIC = "meldbook.roby.PlayerBusted"
    player: str
    score: int

    def evolve(self, state: RobyState) -> None:
        state.standing[self.player] = BUSTED


class DecisionsOpened(GameEvent):
    """The busted players are to say, in turn from the dealer's left, whether they re-enlist."""

    TOPIC = "meldbook.roby.DecisionsOpened"
    players: list[str]

    def evolve(self, state: RobyState) -> None:
        state.deciding = list(self.players)
        state.phase = DECIDE


class PlayerReenlisted(GameEvent):
    """A busted player re-enlisted, taking the highest score still in the game."""

    TOPIC = "meldbook.roby.PlayerReenlisted"
    player: str
    score: int

    def evolve(self, state: RobyState) -> None:
        state.standing[self.player] = IN
        state.scores[self.player] = self.score
        state.reenlistments[self.player] += 1
        state.deciding.remove(self.player)


class PlayerLeft(GameEvent):
    """A busted player left the game."""

    TOPIC = "meldbook.roby.PlayerLeft"
    player: str

    def evolve(self, state: RobyState) -> None:
        state.standing[self.player] = LEFT
        if self.player in state.deciding:
            state.deciding.remove(self.player)


class GameWon(table_events.GameWon):
    """Only one player is still in the game: he wins it."""

    TOPIC = "meldbook.roby.GameWon"

    def evolve(self, state: RobyState) -> None:
        super().evolve(state)
        state.turn = None


def _start_turn(state: RobyState, player: str) -> None:
    state.turn = player
    state.drawn = False
    state.taken_card = None
    state.tabled_this_turn = False
