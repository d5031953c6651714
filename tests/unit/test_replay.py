"""The one replay driver (domain/record/replay.py): steps recorded in turn through Game.record, each step's events
heard, the first refusal raised or returned with its place (nothing after it recorded), corrections and setup
amendments recorded by the caller's policy alone."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import MeldbookError
from domain.record.game import Game
from domain.record.moves import MoveRecorded
from domain.record.replay import Step, action_steps, envelope_steps, record_steps, replay
from domain.record.setup import SetupAmended
from tests.bot_games import play_roby


def stored() -> list[Any]:
    return play_roby(3, 3).collect_events()


def facts(events: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(type(e).__name__, e.payload) for e in events]


def test_the_steps_of_a_records_envelopes_store_its_events_again_and_each_steps_events_are_heard() -> None:
    events = stored()
    envelopes = [e for e in events if isinstance(e, MoveRecorded)]
    game = Game.set_up_again(events[0])
    heard: list[tuple[int | None, list[Any]]] = []
    assert replay(game, envelope_steps(envelopes), recorded=lambda step, new: heard.append((step.move, list(new)))) \
        is None
    assert facts(game.pending_events[1:]) == facts(events[1:])
    assert [move for move, _ in heard] == [e.move for e in envelopes]
    assert [type(new[0]) for _, new in heard] == [MoveRecorded] * len(envelopes)
    setup = next(i for i, e in enumerate(events) if isinstance(e, MoveRecorded))
    assert sum(len(new) for _, new in heard) == len(events) - setup, "every event after the setup is a step's"


def test_the_first_refused_step_is_raised_as_the_rules_raised_it_or_returned_with_its_place() -> None:
    events = stored()
    actions = [e.action for e in events if isinstance(e, MoveRecorded)][:6]
    bad = {**actions[3], "player": "nobody"}
    line = [*actions[:3], bad, *actions[4:]]
    with pytest.raises(MeldbookError) as raised:
        replay(Game.set_up_again(events[0]), action_steps(line))
    game = Game.set_up_again(events[0])
    refused = replay(game, action_steps(line), stop_at_refusal=True)
    assert refused is not None and refused.index == 3 and refused.step.action == bad
    assert type(refused.error) is type(raised.value) and refused.error.code == raised.value.code
    assert game.moves == 3, "the steps after the refused one are not recorded"


def test_corrections_and_setup_amendments_are_recorded_by_the_callers_policy_alone() -> None:
    events = stored()
    game = Game.set_up_again(events[0])
    amendment = Step({}, source="renamed", amendment=True)
    with pytest.raises(TypeError):
        replay(game, [amendment])
    corrected: list[Step] = []
    amended: list[Step] = []
    void = Step({"type": "void", "move": 1, "reason": "typo"})
    first = envelope_steps([e for e in events if isinstance(e, MoveRecorded)][:1])
    replay(game, [amendment, *first, void], correct=lambda _, step: corrected.append(step),
           amend=lambda _, step: amended.append(step))
    assert (amended, corrected, game.moves) == ([amendment], [void], 1)
    with pytest.raises(MeldbookError):
        replay(game, [void])  # without a policy, a correction is an action the rules do not know


def test_a_records_steps_are_its_setup_amendments_and_envelopes_in_order() -> None:
    events = stored()
    renamed = SetupAmended(originator_id=events[0].originator_id, originator_version=2,
                           timestamp=events[0].timestamp, players=list(events[0].players), renamed={}, options={},
                           by="recorder")
    steps = record_steps([events[0], renamed, *events[1:]], SetupAmended)
    assert steps[0].amendment and steps[0].source is renamed
    assert [s.source for s in steps[1:]] == [e for e in events if isinstance(e, MoveRecorded)]
