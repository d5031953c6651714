"""A Roby table for unit tests: a recorded game driven by action bodies, with a few arrangements."""

from __future__ import annotations

from typing import Any

import pytest

from bots import SeededChance
from domain.errors import MeldbookError
from domain.record.game import Game
from domain.roby.rules import deck_of, fitting_meld, named_cards
from domain.roby.state import RobyState

FILLER = [
    "2C",
    "3D",
    "4H",
    "5S",
    "6C",
    "7D",
    "8H",
    "9S",
    "10C",
    "JD",
    "QH",
    "KS",
    "2D",
    "3H",
    "4S",
    "5C",
    "6D",
    "7H",
    "8S",
    "9C",
    "10D",
    "JH",
    "QS",
    "KC",
    "2H",
    "3S",
    "4C",
    "5D",
    "6H",
    "7S",
    "8C",
    "9D",
    "10H",
    "JS",
    "QC",
    "KD",
]


class Table:
    """One recorded Roby game; `act` records a body, `refuse` checks a refusal that stores nothing."""

    def __init__(
        self, players: tuple[str, ...] = ("ann", "bob", "cy", "dee"), rules: int | None = None, **options: Any
    ) -> None:
        """The game set up under the newest rules, or the rules version given."""
        self.chance = SeededChance(7)
        self.game = Game.set_up("roby", list(players), options, "recorded", "", self.chance, rules_version=rules)
        self.kept: list[str] = []

    @property
    def state(self) -> RobyState:
        """The rule state now."""
        state: RobyState = self.game.state
        return state

    def act(self, kind: str, player: str, **fields: Any) -> list[str]:
        """Record one action; return the names of the events it stored after its envelope."""
        count = self.game.record({"type": kind, "player": player, **fields}, self.chance)
        envelope, *own = [event.__class__.__name__ for event in self.game.pending_events[-count:]]
        assert envelope == "MoveRecorded"
        return own

    def events(self, name: str) -> list[Any]:
        """Every recorded event of one type, oldest first."""
        return [event for event in self.game.pending_events if event.__class__.__name__ == name]

    def transfers(self, rule: str) -> list[tuple[str, str, int, str]]:
        """Every money movement under one rule: from, to, amount, and the type of the event that caused it."""
        caused_by = {e.originator_version: type(e).__name__ for e in self.game.pending_events}
        return [
            (e.source, e.destination, e.amount, caused_by.get(e.cause, f"version {e.cause}"))
            for e in self.events("AmountTransferred")
            if e.rule == rule
        ]

    def refuse(self, code: str, kind: str, player: str, **fields: Any) -> MeldbookError:
        """Check that an action is refused with the given code and that nothing changes."""
        version, doc = self.game.version, self.game.rules.to_doc(self.state)
        with pytest.raises(MeldbookError) as caught:
            self.game.record({"type": kind, "player": player, **fields}, self.chance)
        assert caught.value.code == code, caught.value.message
        assert self.game.version == version
        assert self.game.rules.to_doc(self.state) == doc
        return caught.value

    def cut_for(self, dealer: str) -> None:
        """Cut so that `dealer` deals: he cuts a king, the others lower cards."""
        low = iter(["2C", "3C", "4C", "5C", "6C", "7C", "8C"])
        for player in [p for p in self.state.players if p in self.state.cutters]:
            self.act("cut", player, card="KH" if player == dealer else next(low))

    def deal(self, upcard: str = "QD", keep: str = "", **hands: str) -> None:
        """The dealer deals the given hands (space-separated codes); others get filler, never the `keep` cards."""
        self.kept = keep.split()
        taken = [c for h in hands.values() for c in h.split()] + [upcard] + self.kept
        deck = deck_of(self.state.options)
        spare = [c for c in FILLER + sorted(deck) if c not in taken]
        spare = [c for i, c in enumerate(spare) if spare[:i].count(c) < deck[c]]
        dealt = {}
        for player in self.state.still_in():
            if player in hands:
                dealt[player] = hands[player].split()
            else:
                dealt[player], spare = spare[:10], spare[10:]
        assert self.state.dealer is not None
        self.act("deal", self.state.dealer, hands=dealt, upcard=upcard)

    def hand(self, player: str) -> list[str]:
        """The cards a player holds."""
        return sorted(self.state.hands[player].known)

    def unseen(self) -> list[str]:
        """Cards the record does not place anywhere yet, in a fixed order."""
        named = named_cards(self.state)
        deck = deck_of(self.state.options)
        return [c for c in dict.fromkeys(FILLER + sorted(deck)) if named[c] < deck[c] and c not in self.kept]

    def draw_and_discard(self, player: str) -> str:
        """The player draws an unseen card from the stock and discards it; return that card."""
        for card in self.unseen():
            if fitting_meld(card, self.state.melds) is None:
                self.act("draw", player, source="stock", card=card)
                self.act("discard", player, card=card)
                return card
        raise AssertionError("no unseen card can be drawn and discarded")

    def pass_round(self) -> None:
        """Every player still in draws a card and discards it, so all have had a first turn."""
        for _ in self.state.still_in():
            assert self.state.turn is not None
            self.draw_and_discard(self.state.turn)
