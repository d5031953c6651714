"""The disputes aggregate (domain/beside/disputes.py): each step is a new event, a ruling closes, and who rules."""

from __future__ import annotations

from uuid import uuid4

import pytest

from domain.access.game_access import NotPermittedError
from domain.beside.disputes import DisputeClosedError, DisputeNotFoundError, GameDisputes, check_ruler, disputes_id


def test_a_dispute_is_opened_given_evidence_and_closed_by_its_ruling_each_step_an_event_of_its_own() -> None:
    game_id = uuid4()
    disputes = GameDisputes.open_stream(game_id)
    assert disputes.id == disputes_id(game_id) != game_id
    number = disputes.open_dispute("event", 12, 14, "the payout is 40, not 30", 40, "seat:Ann")
    assert disputes.add_evidence(number, "event", {"event": 12}, 12, 14, "see it", "seat:Ann") == 1
    assert disputes.add_evidence(number, "annotation", {"annotation": 2}, 9, 15, "", "recorder") == 2
    disputes.rule(number, "upheld", {"type": "correct_hand"}, 16, "arbiter")
    events = disputes.collect_events()
    assert [type(e).__name__ for e in events] == ["Created", "Opened", "EvidenceAdded", "EvidenceAdded", "Ruled"]
    dispute = disputes.dispute(number)
    assert dispute["status"] == "closed" and [e["id"] for e in dispute["evidence"]] == [1, 2]
    assert dispute["ruling"]["correction"] == {"type": "correct_hand"} and not dispute["ruling"]["correction_applied"]
    replayed = None
    for event in events:
        replayed = event.mutate(replayed)
    assert isinstance(replayed, GameDisputes) and replayed.disputes == disputes.disputes


def test_a_closed_dispute_takes_no_evidence_and_no_second_ruling_and_an_unknown_one_is_not_found() -> None:
    disputes = GameDisputes.open_stream(uuid4())
    number = disputes.open_dispute("hand", 3, 3, "a claim", None, "recorder")
    disputes.rule(number, "dismissed", None, 4, "recorder")
    with pytest.raises(DisputeClosedError):
        disputes.add_evidence(number, "event", {"event": 1}, 1, 4, "", "recorder")
    with pytest.raises(DisputeClosedError):
        disputes.rule(number, "again", None, 4, "recorder")
    with pytest.raises(DisputeNotFoundError):
        disputes.add_evidence(number + 1, "event", {"event": 1}, 1, 4, "", "recorder")


def test_the_arbiter_rules_once_issued_and_else_the_recorder() -> None:
    check_ruler("arbiter", arbiter_issued=True)
    check_ruler("recorder", arbiter_issued=False)
    for grant, issued in (("recorder", True), ("seat:Ann", True), ("seat:Ann", False)):
        with pytest.raises(NotPermittedError):
            check_ruler(grant, arbiter_issued=issued)
