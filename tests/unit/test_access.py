"""The access of a game as pure rules: who may record for whom, which grant a token's hash opens, and the events
that issue, revoke and mark, none of which touch the game's own stream."""

from __future__ import annotations

from uuid import uuid4

import pytest

from domain.access.game_access import GameAccess, Recording, TokenNotFoundError, access_id

PLAYERS = ["Ann", "Bob", "Cy"]


def test_in_a_game_recorded_by_its_recorder_only_the_recorder_records() -> None:
    recording = Recording("recorder")
    assert all(recording.may_record("recorder", p) for p in ["", *PLAYERS])
    assert not any(recording.may_record("seat:Ann", p) for p in ["", *PLAYERS])
    assert not recording.may_record_any("seat:Ann")


def test_in_a_game_recorded_by_seats_a_seat_records_its_own_player_and_the_recorder_the_table_and_no_device_seats() -> (
    None
):
    recording = Recording("seats", frozenset({"Cy"}))
    assert [p for p in ["", *PLAYERS] if recording.may_record("seat:Ann", p)] == ["Ann"]
    assert [p for p in ["", *PLAYERS] if recording.may_record("recorder", p)] == ["", "Cy"]
    assert recording.players_listed_to("seat:Bob", PLAYERS) == ["Bob"]


@pytest.mark.parametrize("grant", ["viewer:club", "arbiter"])
def test_a_viewer_or_the_arbiter_records_nothing(grant: str) -> None:
    for recording in (Recording("recorder"), Recording("seats", frozenset(PLAYERS))):
        assert not recording.may_record_any(grant)
        assert not any(recording.may_record(grant, p) for p in ["", *PLAYERS])


def test_a_token_opens_its_grant_until_it_is_issued_again_or_revoked() -> None:
    access = GameAccess.open(uuid4())
    assert access.id == access_id(access.game_id)
    access.issue("seat:Ann", "h1", "recorder")
    assert access.grant_of("h1", "r0") == "seat:Ann" and access.grant_of("r0", "r0") == "recorder"
    access.issue("seat:Ann", "h2", "recorder")
    assert access.grant_of("h1", "r0") is None and access.grant_of("h2", "r0") == "seat:Ann"
    access.issue("recorder", "r1", "operator")
    assert access.grant_of("r0", "r0") is None and access.grant_of("r1", "r0") == "recorder"
    access.revoke("seat:Ann", "recorder")
    assert access.grant_of("h2", "r0") is None
    with pytest.raises(TokenNotFoundError):
        access.revoke("seat:Ann", "recorder")


def test_marking_a_seat_records_an_event_only_when_it_changes() -> None:
    access = GameAccess.open(uuid4())
    assert access.mark_device("Bob", device=False) and not access.mark_device("Bob", device=False)
    assert access.recording("seats").no_device == {"Bob"}
    assert access.mark_device("Bob", device=True) and access.no_device == []
    assert [type(e).__name__ for e in access.collect_events()] == ["Created", "DeviceMarked", "DeviceMarked"]
