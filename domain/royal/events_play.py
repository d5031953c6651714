"""Royal Rummy's stored events of play: the poker hand and the stops hand."""

from __future__ import annotations

from typing import ClassVar

from domain.events import GameEvent
from domain.royal.rules import next_card
from domain.royal.state import COUNT, POKER_BET, POKER_PICK, RUMMY, Poker, RoyalState, Rummy


class PokerStarted(GameEvent):
    """The poker hand began: each live player is to choose five cards; those with no chips are all in."""

    TOPIC = "meldbook.royal.PokerStarted"
    all_in: list[str]

    def evolve(self, state: RoyalState) -> None:
        state.poker = Poker(all_in=list(self.all_in), bets={p: 0 for p in state.hands}, shown=[])
        state.phase = POKER_PICK


class PokerHandChosen(GameEvent):
    """A player chose the five cards of his poker hand (he keeps them for the rummy hand); chosen out of a hand the
    record does not name, they are named in it now."""

    TOPIC = "meldbook.royal.PokerHandChosen"
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("cards",)
    player: str
    cards: list[str]

    def evolve(self, state: RoyalState) -> None:
        state.poker.chosen[self.player] = list(self.cards)
        zone = state.hands[self.player]
        for card in self.cards:
            if card not in zone.known:
                zone.known.append(card)
                zone.unveiled.append(card)
                zone.hidden -= 1


class BettingOpened(GameEvent):
    """The betting round opened, from the dealer's left: these players may bet or raise."""

    TOPIC = "meldbook.royal.BettingOpened"
    may_raise: list[str]

    def evolve(self, state: RoyalState) -> None:
        state.poker.may_raise = list(self.may_raise)
        state.phase = POKER_BET


class PokerActed(GameEvent):
    """A player checked, bet, called, raised, folded or went all in; `total` is his bet in the round."""

    TOPIC = "meldbook.royal.PokerActed"
    player: str
    action: str
    total: int
    all_in: bool
    reopened: list[str] | None

    def evolve(self, state: RoyalState) -> None:
        poker = state.poker
        raised_by = self.total - poker.current
        if self.action == "fold":
            poker.folded.append(self.player)
        if self.all_in:
            poker.all_in.append(self.player)
        if self.reopened is not None:
            poker.min_raise = max(poker.min_raise, raised_by)
            poker.may_raise = list(self.reopened)
            poker.acted = []
        if self.player in poker.may_raise:
            poker.may_raise.remove(self.player)
        poker.current = max(poker.current, self.total)
        poker.bets[self.player] = self.total
        poker.acted.append(self.player)


class PokerShown(GameEvent):
    """The players still in showed their poker hands."""

    TOPIC = "meldbook.royal.PokerShown"
    hands: dict[str, list[str]]

    def evolve(self, state: RoyalState) -> None:
        state.poker.shown = list(self.hands)


class PotAwarded(GameEvent):
    """One pot (the main pot, holding the Pot space, or a side pot) went to its best hand(s)."""

    TOPIC = "meldbook.royal.PotAwarded"
    pot: str
    amount: int
    eligible: list[str]
    winners: list[str]
    share: int
    odd: int


class RummyStarted(GameEvent):
    """The stops hand began: the leader is to lead his lowest black card."""

    TOPIC = "meldbook.royal.RummyStarted"
    leader: str

    def evolve(self, state: RoyalState) -> None:
        state.rummy = Rummy(turn=self.leader, lead="black", played={p: [] for p in state.hands})
        state.phase = RUMMY


class CardsPlayed(GameEvent):
    """A player played a card, or a run of consecutive cards of one suit; the turn goes left."""

    TOPIC = "meldbook.royal.CardsPlayed"
    player: str
    cards: list[str]
    next_player: str | None

    def evolve(self, state: RoyalState) -> None:
        for card in self.cards:
            state.hands[self.player].remove(card)
        state.rummy.played[self.player].extend(self.cards)
        state.rummy.last_player = self.player
        state.rummy.wanted = next_card(self.cards[-1], state.options["aces"])
        state.rummy.lead = None
        state.rummy.lead_passes = []
        state.rummy.turn = self.next_player


class Passed(GameEvent):
    """A player without the next card passed; the turn goes left."""

    TOPIC = "meldbook.royal.Passed"
    player: str
    next_player: str

    def evolve(self, state: RoyalState) -> None:
        if state.rummy.lead is not None:
            state.rummy.lead_passes.append(self.player)
        state.rummy.turn = self.next_player


class Stopped(GameEvent):
    """Nobody could play the next card: a stop. The leader leads his lowest card of the other colour."""

    TOPIC = "meldbook.royal.Stopped"
    player: str
    wanted: str | None
    colour: str
    leader: str | None

    def evolve(self, state: RoyalState) -> None:
        state.rummy.wanted = None
        state.rummy.lead = self.colour
        state.rummy.lead_passes = []
        state.rummy.turn = self.leader


class HandBlocked(GameEvent):
    """Nobody could lead the colour: the hand ends with no winner, and everyone pays for his cards."""

    TOPIC = "meldbook.royal.HandBlocked"
    colour: str

    def evolve(self, state: RoyalState) -> None:
        state.rummy.turn = None
        _count_unknown(state)


class WentOut(GameEvent):
    """A player played his last card: he wins the rummy hand."""

    TOPIC = "meldbook.royal.WentOut"
    player: str

    def evolve(self, state: RoyalState) -> None:
        state.rummy.turn = None
        _count_unknown(state)


def _count_unknown(state: RoyalState) -> None:
    """At the end of the rummy hand, hands nobody entered wait to be entered or their counts stated."""
    if any(zone.hidden for zone in state.hands.values()):
        state.phase = COUNT

