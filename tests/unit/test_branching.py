"""The branching service: a record read up to a position and played on in a scratch copy, by the same rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from domain.errors import InvalidActionError, MeldbookError
from domain.record.game import Game
from domain.record.moves import MoveRecorded
from domain.rules.decision import NoChance
from service.branching import MAX_LINE, branch
from tests.bot_games import play_robins, play_roby, play_royal

GAMES: dict[str, Callable[[], list[Any]]] = {
    "roby": lambda: play_roby(3, players=3).collect_events(),
    "robins": lambda: play_robins(2)[1],
    "royal": lambda: play_royal(4, players=3).collect_events(),
}
"""Seeded bot games of each variant, as their stored events."""


def _own(event: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(event).items() if k not in {"originator_id", "timestamp"}}


def _envelopes(events: list[Any]) -> list[MoveRecorded]:
    return [e for e in events if isinstance(e, MoveRecorded)]


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_a_branch_played_on_with_the_records_own_next_moves_stores_the_records_own_events(variant: str) -> None:
    """From the end of any move, the record's following actions (with the seeds they drew) give back its events."""
    events = GAMES[variant]()
    envelopes = _envelopes(events)
    for start in (0, len(envelopes) // 3, len(envelopes) - 5):
        at = envelopes[start].originator_version - 1
        line = [e.action for e in envelopes[start : start + 5]]
        branched = branch(events, at, line)
        following = envelopes[start + 5 : start + 6]
        upto = following[0].originator_version - 1 if following else events[-1].originator_version
        expected = [_own(e) for e in events if at < e.originator_version <= upto]
        assert [_own(e) for e in branched.events] == expected
        assert branched.at == at and branched.game.version == upto


def test_a_branch_may_take_another_course_than_the_record() -> None:
    """A Roby position where the player to act has another legal choice than the one recorded: the branch takes it."""
    events = GAMES["roby"]()
    for envelope in _envelopes(events)[10:]:
        at = envelope.originator_version - 1
        position = branch(events, at).game
        others = [
            body
            for entry in position.legal_actions()
            for body in entry.get("choices", [])
            if {k: v for k, v in body.items() if k != "expected_version"} != envelope.action
        ]
        if others:
            body = {k: v for k, v in others[0].items() if k != "expected_version"}
            branched = branch(events, at, [body])
            assert isinstance(branched.events[0], MoveRecorded) and branched.events[0].action["type"] == body["type"]
            return
    pytest.fail("no position offered another choice")


def test_an_illegal_move_of_a_line_is_refused_with_its_own_code_and_its_index() -> None:
    """The second move of the line is the recorded one's body for another player: refused as the rules refuse it."""
    events = GAMES["roby"]()
    envelopes = _envelopes(events)
    at = envelopes[20].originator_version - 1
    good = envelopes[20].action
    players = branch(events, at).game.players
    bad = {**good, "player": next(p for p in players if p != good["player"])}
    own_code = _refusal_code(branch(events, at, [good]).game, bad)
    assert own_code is not None
    with pytest.raises(MeldbookError) as refused:
        branch(events, at, [good, bad])
    assert refused.value.code == own_code and refused.value.details == {"index": 1}
    assert refused.value.field is not None and refused.value.field.startswith("actions[1]")
    assert "move 2 of the line" in refused.value.message


def _refusal_code(game: Game, body: dict[str, Any]) -> str | None:
    """The code the rules give that body on that game (as POST /moves would), or None if they accept it."""
    try:
        game.record(body, NoChance())
    except MeldbookError as error:
        return error.code
    return None


def test_a_line_is_refused_at_a_body_that_is_not_an_action() -> None:
    events = GAMES["robins"]()
    at = _envelopes(events)[3].originator_version - 1
    with pytest.raises(InvalidActionError) as refused:
        branch(events, at, ["draw"])  # type: ignore[list-item]
    assert refused.value.details == {"index": 0} and refused.value.field == "actions[0]"


def test_a_branch_starts_where_a_move_ends_and_nowhere_else() -> None:
    events = GAMES["royal"]()
    envelope = _envelopes(events)[5]
    for inside in (envelope.originator_version, envelope.originator_version + 1):
        if inside < events[-1].originator_version and not isinstance(events[inside], MoveRecorded):
            with pytest.raises(InvalidActionError) as refused:
                branch(events, inside)
            assert refused.value.field == "at" and "falls inside move" in refused.value.message
    for outside in (0, events[-1].originator_version + 1):
        with pytest.raises(InvalidActionError) as refused:
            branch(events, outside)
        assert refused.value.field == "at"
    assert branch(events, events[-1].originator_version).events == []


def test_a_line_longer_than_the_limit_is_refused_before_any_move_is_tried() -> None:
    events = GAMES["robins"]()
    with pytest.raises(InvalidActionError) as refused:
        branch(events, events[-1].originator_version, [{}] * (MAX_LINE + 1))
    assert refused.value.field == "actions"


def test_under_other_options_the_record_is_recorded_again_and_what_they_change_shows() -> None:
    """Roby with the re-enlistment fee at the buy-in instead of its default: the same moves, other fees."""
    game = next(
        g for g in (play_roby(seed, players=3) for seed in range(40)) if any(
            type(e).__name__ == "PlayerReenlisted" for e in g.pending_events
        )
    )
    events = game.collect_events()
    last = events[-1].originator_version
    default = branch(events, last, options={})
    other = branch(events, last, options={"reenlist_fee": "buy_in"})

    def fees(stored: list[Any]) -> list[int]:
        return [e.amount for e in stored if type(e).__name__ == "AmountTransferred" and "reenlist" in e.rule]

    recorded = fees(events)
    assert recorded and fees(default.game.collect_events()) == recorded
    changed = fees(other.game.collect_events())
    assert len(changed) == len(recorded) and changed != recorded
    assert all(fee == other.game.options["buy_in"] for fee in changed)


def test_options_that_make_a_recorded_move_illegal_are_refused_at_that_move() -> None:
    """Two packs shuffle to another order, so the card the first shuffled draw took is no longer on top."""
    game = next(
        g for g in (play_roby(seed, players=3) for seed in range(40)) if any(
            type(e).__name__ == "PlayerReenlisted" for e in g.pending_events
        )
    )
    events = game.collect_events()
    with pytest.raises(MeldbookError) as refused:
        branch(events, events[-1].originator_version, options={"packs": 2})
    assert refused.value.field is not None and refused.value.field.startswith("record[")
    assert "index" in refused.value.details
