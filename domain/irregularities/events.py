"""The irregularities' stored events, shared by the variants: each evolves the variant's state through the few
names every variant's state keeps (`exposed`, `stock`, `void_deal`, `abandon`)."""

from __future__ import annotations

from typing import Any, ClassVar

from domain.cards.zones import Zone
from domain.events import GameEvent


class MisdealDeclared(GameEvent):
    """The table declared the deal void: the cards go back, and the same dealer deals again."""

    TOPIC = "meldbook.MisdealDeclared"
    dealer: str
    reason: str

    def evolve(self, state: Any) -> None:
        state.void_deal()


class CardExposed(GameEvent):
    """A player's card was exposed during play: the table has seen it; it stays in his hand."""

    TOPIC = "meldbook.CardExposed"
    player: str
    card: str

    def evolve(self, state: Any) -> None:
        state.exposed.append({"player": self.player, "card": self.card})


class CardDrawnOutOfTurn(GameEvent):
    """A player drew a card from the stock out of turn: the table saw it, and it went back into the stock, which
    was shuffled (its new order and seed kept in a shuffled game)."""

    TOPIC = "meldbook.CardDrawnOutOfTurn"
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("order", "seed")
    drawer: str
    """Named `drawer`, not `player`: a seat sees the secret fields beside its own `player`, and the stock's new
    order is no seat's."""
    card: str
    order: list[str] | None
    seed: int | None

    def evolve(self, state: Any) -> None:
        state.exposed.append({"player": self.drawer, "card": self.card})
        if self.order is not None:
            state.stock = Zone(list(self.order), ordered=True, secret=True)


class GameAbandoned(GameEvent):
    """The players left: the game ended where it stood, settled as its `abandon` option said."""

    TOPIC = "meldbook.GameAbandoned"
    settlement: str

    def evolve(self, state: Any) -> None:
        state.abandon()
