"""The legal-actions listing decides many candidates on scratch copies of one state (domain/rules/decision.py,
Scratch): a copy that a refused decision left untouched serves the next one. That holds only while every rule
changes the state it decides on by recording events alone; these tests hold the rules of every variant to it, on
bot games (shuffled and dealt without hands) listed at each position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from bots.robins import play_robins
from bots.roby import play_roby
from bots.royal import play_royal
from bots.twins import entered_twin
from domain.errors import MeldbookError
from domain.record.game import Game
from domain.rules.decision import Chance, Decision, Scratch, pickled_state
from domain.rules.variant import Variant

EVERY = 5
"""The positions listed: every fifth version of each game."""


def positions(events: list[Any]) -> Iterator[Game]:
    """The game after each of its events in turn (every EVERY-th), rebuilt from them."""
    game = None
    for index, event in enumerate(events):
        game = event.mutate(game)
        if index % EVERY == 0 and not game.rules.is_over(game.state):
            yield game


def games() -> dict[str, list[Any]]:
    roby = list(play_roby(5, 3).collect_events())
    robins = play_robins(1)[1]
    return {
        "roby": roby,
        "roby dealt without hands": list(entered_twin(roby).collect_events()),
        "robins": robins,
        "robins dealt without hands": list(entered_twin(robins).collect_events()),
        "royal": list(play_royal(2, players=4, deals=2).collect_events()),
    }


def test_a_decision_refused_before_recording_an_event_leaves_its_scratch_state_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decide = Variant.decide
    refused: Counter[str] = Counter()

    def decide_and_compare(variant: Variant, decision: Decision, action: Any) -> None:
        before = pickled_state(decision.state)
        try:
            decide(variant, decision, action)
        except MeldbookError:
            if not decision.events:
                assert pickled_state(decision.state) == before, f"{variant.name}: {action} changed the state"
                refused[variant.name] += 1
            raise

    monkeypatch.setattr(Variant, "decide", decide_and_compare)
    for name, events in games().items():
        listed = [game.legal_actions() for game in positions(events)]
        assert any(listed), name
    assert set(refused) == {"roby", "robins", "royal"} and min(refused.values()) >= 5, refused


class Refusing(Exception):
    pass


def test_a_scratch_copy_serves_again_only_after_a_refusal_that_recorded_nothing() -> None:
    state = {"hands": {"ann": ["AS", "2S"]}}
    scratch = Scratch(state)
    first = scratch.decision(7, Chance())
    assert first.state == state and first.state is not state, "the state itself is never decided on"
    assert first.in_place and first.base_version == 7
    scratch.refused(first)
    again = scratch.decision(8, Chance())
    assert again.state is first.state and again.base_version == 8, "an untouched copy serves again"
    again.events.append((Refusing, {}))  # as if a rule had recorded an event, then refused
    scratch.refused(again)
    fresh = scratch.decision(9, Chance())
    assert fresh.state is not again.state and fresh.state == state
    accepted = scratch.decision(10, Chance())
    assert accepted.state is not fresh.state, "a copy not given back as refused is never handed out again"
