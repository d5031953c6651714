"""An independent referee for Roby bot games: it recomputes scores, busts, fees and payouts from the
hands' results and the options, apart from the code that records them, and checks every card."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from domain.record.game import Game

PIPS = {"A": 11, "J": 10, "Q": 10, "K": 10}


def points(cards: list[str]) -> int:
    """What cards left in hand cost: pips, 10 for faces, 11 for an ace."""
    return sum(PIPS.get(code[:-1]) or int(code[:-1]) for code in cards)


def full_deck(packs: int) -> Counter[str]:
    """Every card of the game's packs."""
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    return Counter({f"{r}{s}": packs for r in ranks for s in "CDHS"})


def cards_in_play(state: Any) -> Counter[str]:
    """Every card the state places: hands, stock, discard pile and melds (a shuffled game names them all)."""
    placed: Counter[str] = Counter()
    for zone in [*state.hands.values(), state.stock]:
        assert zone.hidden == 0, "a shuffled game knows every card"
        placed.update(zone.known)
    placed.update(state.discard)
    for meld in state.melds:
        placed.update(meld.cards)
    return placed


class Referee:
    """Walks a finished game event by event on a fresh aggregate and checks each event against the rules."""

    def __init__(self, game: Game) -> None:
        self.events = list(game.pending_events)
        self.options = game.options
        self.checked = Counter[str]()

    def replay(self) -> Game:
        """Rebuild the game from its events, checking every event; return the rebuilt game."""
        rebuilt: Game | None = None
        for event in self.events:
            before = None if rebuilt is None else _snapshot(rebuilt)
            rebuilt = event.mutate(rebuilt)
            assert rebuilt is not None
            if before is not None:
                self.check(before, event, rebuilt)
        assert rebuilt is not None
        return rebuilt

    def check(self, before: dict[str, Any], event: Any, game: Game) -> None:
        """One event against the state before it."""
        state = game.state
        if state.hands:
            assert cards_in_play(state) == full_deck(self.options["packs"])
        assert sum(state.ledger.balances.values()) == 0
        name = type(event).__name__
        self.checked[name] += 1
        if name == "PointsScored":
            assert event.points == points(before["hands"][event.player])
        elif name == "AmountTransferred":
            self.check_transfer(before, event)
        elif name == "PlayerBusted":
            assert before["scores"][event.player] >= 100
        elif name == "PlayerReenlisted":
            staying = [p for p in before["still_in"] if p != event.player]
            assert len(staying) >= 2 and event.score == max(before["scores"][p] for p in staying)
        elif name == "GameWon":
            assert before["still_in"] == [event.player]

    def check_transfer(self, before: dict[str, Any], event: Any) -> None:
        """Buy-ins, per-Roby stakes, fees and the pot, recomputed from the options and the pot."""
        if event.rule == "roby.stakes.per-roby":
            assert event.amount == self.options["per_roby"] and event.destination == f"player:{before['winner']}"
            assert event.source.removeprefix("player:") in before["still_in"]
        elif event.rule == "roby.stakes.reenlist-fee":
            staying = len(before["still_in"]) - 1  # the fee follows his re-enlistment: he is not counted
            expected = (
                self.options["buy_in"]
                if self.options["reenlist_fee"] == "buy_in"
                else math.ceil(before["pot"] / staying)
            )
            assert event.amount == expected
        elif event.rule == "roby.stakes.pot-to-winner":
            assert event.amount == before["pot"] and event.source == "pot"
        else:
            assert event.rule == "roby.stakes.buy-in" and event.amount == self.options["buy_in"]


def _snapshot(game: Game) -> dict[str, Any]:
    state = game.state
    return {
        "hands": {p: list(z.known) for p, z in state.hands.items()},
        "scores": dict(state.scores),
        "still_in": state.still_in(),
        "pot": state.ledger.balance("pot"),
        "winner": state.hand_winner,
    }
