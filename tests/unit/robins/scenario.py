"""A recorded Robins Rummy table for unit tests: deal named hands, then record named actions."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import MeldbookError
from domain.record.game import Game
from domain.robins.variant import Robins
from domain.rules.variant import Chance

RULES = Robins()


class Table:
    """A recorded game between ann and bob, dealt by `dealer` (so the other plays first); with both hands empty
    ("") the deal names the upcard alone and each player enters his own hand."""

    def __init__(self, ann: str, bob: str, upcard: str, dealer: str = "bob", **options: Any) -> None:
        self.game = Game.set_up("robins", ["ann", "bob"], {"first_dealer": dealer, **options}, "recorded", "",
                                Chance())
        self.events: list[Any] = list(self.game.collect_events())
        hands = {"hands": {"ann": ann.split(), "bob": bob.split()}} if ann or bob else {}
        self.do("deal", dealer, upcard=upcard, **hands)

    @property
    def state(self) -> Any:
        """The game's rule state."""
        return self.game.state

    def do(self, kind: str, player: str, **fields: Any) -> list[Any]:
        """Record one action; return the events it stored after its envelope."""
        self.game.record({"type": kind, "player": player, **fields}, Chance())
        envelope, *own = self.game.collect_events()
        assert type(envelope).__name__ == "MoveRecorded"
        self.events.extend([envelope, *own])
        return own

    def refused(self, code: str, kind: str, player: str, **fields: Any) -> MeldbookError:
        """Record an action that must fail with this code, leaving the version and the state unchanged."""
        before = (self.game.version, RULES.to_doc(self.state))
        with pytest.raises(MeldbookError) as caught:
            self.do(kind, player, **fields)
        assert caught.value.code == code, caught.value.message
        assert (self.game.version, RULES.to_doc(self.state)) == before
        return caught.value

    def turn(self, player: str, draw: str, discard: str | None = None) -> None:
        """Draw a named card from the stock and, when given, discard one."""
        self.do("draw", player, card=draw)
        if discard:
            self.do("discard", player, card=discard)

    def hand(self, player: str) -> list[str]:
        """The cards a player holds, sorted."""
        return sorted(self.state.hands[player].known)

    def meld(self, meld_id: int) -> list[tuple[str, str]]:
        """A meld's cards in table order, each with the natural card it stands for."""
        found = self.state.meld(meld_id)
        return list(zip(found.cards, found.stands_for, strict=True))

    def names(self, events: list[Any] | None = None) -> list[str]:
        """The short names of events (all of them by default)."""
        return [type(e).__name__ for e in (self.events if events is None else events)]
