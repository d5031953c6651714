"""The stored events of a card table's mechanics that several variants share, defined once: a card cut, a tied cut,
the dealer chosen, a card drawn from the stock, a card discarded, the common part of a deal, points scored and the game
won.

Each variant declares its own subclass under its own stable TOPIC (`meldbook.<variant>.<Name>`, registered by
domain/events.py: a stored topic never changes), adding the fields and state changes that are its own. These shared
classes have no topic and are never stored themselves. The states they evolve name the same things alike (`cuts`,
`hands`, `stock`, `scores`, ...), which is what lets one definition serve.
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.cards.zones import dealt_hands, dealt_stock
from domain.events import GameEvent
from domain.rules.table_state import switch_at_deal

DEAL = "deal"
"""The phase of a game whose dealer is to deal, in every variant."""
OVER = "over"
"""The phase of a game that has been won, in every variant."""


class CardCut(GameEvent):
    """A player cut a card for the deal."""

    player: str
    card: str

    def evolve(self, state: Any) -> None:
        state.cuts[self.player] = self.card


class CutTied(GameEvent):
    """The highest cut was tied: the tied players cut again."""

    players: list[str]

    def evolve(self, state: Any) -> None:
        state.cutters = list(self.players)
        state.cuts = {}


class DealerChosen(GameEvent):
    """The cut (or what else the variant goes by) named the next dealer: he is to deal, and the cuts are over."""

    dealer: str

    def evolve(self, state: Any) -> None:
        state.dealer = self.dealer
        state.phase = DEAL
        state.cuts = {}


class StockCardDrawn(GameEvent):
    """A player drew the top card of the stock."""

    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("card",)
    player: str
    card: str

    def evolve(self, state: Any) -> None:
        state.stock.remove(self.card)
        state.hands[self.player].known.append(self.card)
        state.drawn = True


class CardDiscarded(GameEvent):
    """A player discarded a card from his hand onto the discard pile."""

    player: str
    card: str

    def evolve(self, state: Any) -> None:
        state.hands[self.player].remove(self.card)
        state.discard.append(self.card)


class HandDealt(GameEvent):
    """The dealer dealt the hands and turned up the first discard; the rest became the stock. `unknown` names each
    player dealt a hand the record does not name, with its size (his seat enters it); `hands` names the others."""

    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("hands.*", "stock", "seed")
    class_version = 2
    dealer: str
    hands: dict[str, list[str]]
    upcard: str
    stock_size: int
    stock: list[str] | None
    seed: int | None
    first_player: str
    unknown: dict[str, int]

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A deal stored before hands could be dealt unnamed named every hand."""
        state["unknown"] = {}

    def evolve(self, state: Any) -> None:
        state.hand_number += 1
        state.hands = dealt_hands(self.hands, self.unknown)
        state.stated = {}
        state.pending = []
        state.stock = dealt_stock(self.stock, self.stock_size)
        state.discard = [self.upcard]
        state.melds = []
        state.exposed = []
        switch_at_deal(state)
        self.dealt(state)

    def dealt(self, state: Any) -> None:
        """The variant's own consequences of the deal, once the hands, stock and discard are dealt."""


class HandStated(GameEvent):
    """The table recorded a hand by its result instead of its moves: a deal of its own, whose figures the variant's
    subclass holds. `cards` names the hands shown at its end, if any (what they count follows from them)."""

    dealer: str
    cards: dict[str, list[str]]

    def evolve(self, state: Any) -> None:
        state.hand_number += 1
        state.hands = dealt_hands(self.cards, {})
        state.stated = {}
        state.pending = []
        state.exposed = []
        switch_at_deal(state)
        self.stated(state)

    def stated(self, state: Any) -> None:
        """The variant's own consequences of the figures stated."""


class StandingsStated(GameEvent):
    """The table carried the game on from a paper sheet: its standings as stated before the first hand here, whose
    figures the variant's subclass holds. What follows in the record (the scores and payments that bring the game to
    them) is derived from it."""

    def evolve(self, state: Any) -> None:
        state.brought_forward = True


class PointsScored(GameEvent):
    """Points added to (or taken from) a player's score, naming the rule and the event that caused them."""

    player: str
    points: int
    rule: str
    cause: int

    def evolve(self, state: Any) -> None:
        state.scores[self.player] += self.points


class GameWon(GameEvent):
    """A player won the game."""

    player: str

    def evolve(self, state: Any) -> None:
        state.winner = self.player
        state.phase = OVER
