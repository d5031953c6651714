"""Property tests over random bot sessions: chips and cards conserved after every event, replay equals live."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from bots.royal import play_royal
from domain.money.ledger import AmountTransferred
from domain.record.game import Game
from domain.royal.events_play import HandBlocked, PokerShown, PotAwarded, RummyStarted
from tests.sampling import sample, sampled_ids
from tests.unit.royal.helpers import check_invariants, expected_settlement

SETTLEMENT_END = (RummyStarted, HandBlocked)


class Watcher:
    """Replays each new event onto a fresh aggregate, checking invariants and every poker settlement."""

    def __init__(self) -> None:
        self.replica: Game | None = None
        self.before: dict[str, Any] | None = None
        self.seen: dict[str, int] = {}

    def __call__(self, game: Game) -> None:
        for event in game.collect_events():
            self._before_event(event)
            self.replica = event.mutate(self.replica)
            assert self.replica is not None
            check_invariants(self.replica.state)
            self._after_event(event)
        assert self.replica is not None
        assert game.rules.to_doc(self.replica.state) == game.rules.to_doc(game.state)

    def _before_event(self, event: object) -> None:
        name = type(event).__name__
        self.seen[name] = self.seen.get(name, 0) + 1
        starts = isinstance(event, (PokerShown, PotAwarded)) or (
            isinstance(event, AmountTransferred) and event.rule == "royal.poker.pot"
        )
        if starts and self.before is None and self.replica is not None:
            state = self.replica.state
            self.before = {
                "bets": dict(state.poker.bets), "folded": list(state.poker.folded), "hands": dict(state.poker.chosen),
                "order": state.left_of(state.dealer), "pot": state.ledger.balance("pot"),
                "stacks": {p: state.ledger.balance(f"player:{p}") for p in state.players},
                "wheel": state.options["poker_wheel"],
            }

    def _after_event(self, event: object) -> None:
        if isinstance(event, AmountTransferred):
            self.seen[event.rule] = self.seen.get(event.rule, 0) + 1
        if isinstance(event, AmountTransferred) and event.source.startswith("side-pot"):
            self.seen["side pots"] = self.seen.get("side pots", 0) + 1
        if isinstance(event, PotAwarded) and len(event.winners) > 1:
            self.seen["splits"] = self.seen.get("splits", 0) + 1
        if not isinstance(event, SETTLEMENT_END) or self.before is None:
            return
        b, state = self.before, self.replica.state  # type: ignore[union-attr]
        won, stays = expected_settlement(b["bets"], b["order"], b["folded"], b["pot"], b["hands"], b["wheel"])
        for player in b["order"]:
            expected = b["stacks"][player] + won[player]
            if isinstance(event, RummyStarted):
                assert state.ledger.balance(f"player:{player}") == expected, (player, b)
        if isinstance(event, RummyStarted):
            assert state.ledger.balance("pot") == stays, b
        self.before = None


def run_sessions(seeds: Iterable[int]) -> dict[str, int]:
    """Play sessions with the watcher and count what came up."""
    watcher_counts: dict[str, int] = {}
    for seed in seeds:
        watcher = Watcher()
        game = play_royal(seed, after_each=watcher)
        for name, count in watcher.seen.items():
            watcher_counts[name] = watcher_counts.get(name, 0) + count
        assert game.rules.is_over(game.state)
    return watcher_counts


KINDS = ("BidMade", "AceBetOpened", "AceShown", "PokerShown", "side pots", "Stopped", "WentOut", "DummyTaken",
         "DummyDead", "PlayerOut")
"""What the sessions must show between them for the watcher's checks to have run on it."""
CHOSEN: dict[int, tuple[str, ...]] = {
    164: (*KINDS[:-2], "AceBetAnswered", "PotAwarded", "royal.poker.pot", "royal.end.to-banker"),
    40: ("DummyDead", "AceBetSkipped", "CutTied", "royal.end.split", "royal.rummy.losers-pay",
         "royal.rummy.pot-without-poker"),
    142: ("PlayerOut", "HandBlocked", "AceBetReleased", "royal.aces.repeat", "royal.board.sequence",
          "royal.rummy.blocked"),
    91: ("royal.board.marriage", "royal.aces.cover", "royal.aces.won"),
    110: ("PokerActed",),  # its bot also meets the refusal of a raise when the betting was not reopened
}
"""Sessions chosen for what they show: between them, every event type and entry rule of the first 200 sessions (the
rarest: a released ace bet in 3 of them, a blocked hand in 22). Each is checked to show still what it was chosen for:
a change to the bot that loses it fails here, and the choice is made again."""
SAMPLED = sample(range(100_000), 8, "royal bot sessions")
"""A few sessions more, drawn anew each run (tests/sampling.py prints the seed)."""


def test_the_chosen_sessions_show_between_them_everything_the_watcher_checks() -> None:
    assert set(KINDS) <= {kind for shown in CHOSEN.values() for kind in shown}


@pytest.mark.parametrize("seed", [*CHOSEN, *SAMPLED], ids=[*map(str, CHOSEN), *sampled_ids(SAMPLED)])
def test_chips_and_cards_are_conserved_after_every_event_and_replay_equals_live_state(seed: int) -> None:
    seen = run_sessions([seed])
    assert set(CHOSEN.get(seed, ())) <= set(seen), f"seed {seed} no longer shows {set(CHOSEN[seed]) - set(seen)}"


@pytest.mark.slow
def test_the_first_two_hundred_sessions_keep_every_invariant_and_show_every_kind() -> None:
    seen = run_sessions(range(200))
    for kind in KINDS:
        assert seen.get(kind, 0) > 0, (kind, seen)


@pytest.mark.slow
def test_many_sessions_keep_every_invariant() -> None:
    seen = run_sessions(range(1000, 1200))
    assert seen.get("HandBlocked", 0) > 0 and seen.get("splits", 0) > 0, seen
