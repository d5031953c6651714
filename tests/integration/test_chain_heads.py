"""The chain's head kept per process (service/store/chain.py ChainHeads), on SQLite and PostgreSQL: a move made where
this process stored or read the last event reads no link from the store; two applications on one store taking turns
(each with a head the other has moved past) and a stale move refused leave a chain that verifies, link by link."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import pytest

import service.store.chain
from bots import concrete_bodies, without_version
from service.application import Meldbook
from service.moving import StaleVersionError, record_move
from service.store.chain import ChainHeads
from service.verify import verify_game
from tests.integration.conftest import OpenMeldbook
from tests.integration.service_play import play_through_service

SEED = 45


def next_body(app: Meldbook, game_id: UUID) -> dict[str, Any]:
    """The first legal action of the game as it is now."""
    return next(without_version(b) for e in app.game(game_id).legal_actions() for b in concrete_bodies(e))


def links_read(monkeypatch: pytest.MonkeyPatch) -> list[tuple[UUID, int]]:
    """The (stream, version) of every link the chain reads from the store from now on."""
    read: list[tuple[UUID, int]] = []
    real = service.store.chain.stored_link

    def counted(recorder: Any, stream_id: UUID, version: int) -> str | None:
        read.append((stream_id, version))
        return real(recorder, stream_id, version)

    monkeypatch.setattr(service.store.chain, "stored_link", counted)
    return read


def test_a_move_after_this_process_stored_the_last_event_reads_no_link(
    open_meldbook: OpenMeldbook, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=12)
    read = links_read(monkeypatch)
    version = first.game(played.game_id).version
    record_move(first, played.game_id, next_body(first, played.game_id), version, played.token)
    assert [r for r in read if r[0] == played.game_id] == []
    version = second.game(played.game_id).version
    second.repository.event_store.heads = ChainHeads(10)  # as if it had never read the game's last event
    record_move(second, played.game_id, next_body(second, played.game_id), version, played.token)
    assert [r for r in read if r[0] == played.game_id] == [(played.game_id, version)], "the second has no head"
    assert verify_game(first, played.game_id)["ok"]


def test_a_move_on_a_game_another_process_moved_on_reads_no_link_once_the_game_is_read(
    open_meldbook: OpenMeldbook, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=12)
    second.game(played.game_id)  # the second keeps the game as it is now
    read = links_read(monkeypatch)
    for turn in range(6):  # each records where the other stored last: its copy is fast-forwarded from the store
        app = (second, first)[turn % 2]
        record_move(app, played.game_id, next_body(app, played.game_id), app.game(played.game_id).version, played.token)
    assert [r for r in read if r[0] == played.game_id] == []
    assert verify_game(open_meldbook(), played.game_id)["ok"]


def test_two_applications_taking_turns_and_a_stale_move_leave_a_chain_that_verifies(
    open_meldbook: OpenMeldbook,
) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=8)
    for turn in range(6):  # each records where the other stored last: its own head is out of date
        app = (second, first)[turn % 2]
        record_move(app, played.game_id, next_body(app, played.game_id), app.game(played.game_id).version, played.token)
    version = first.game(played.game_id).version
    record_move(first, played.game_id, next_body(first, played.game_id), version, played.token)
    kept = first.game(played.game_id).version  # the first's head and kept copy are at this version
    body = next_body(first, played.game_id)
    theirs = record_move(second, played.game_id, body, kept, played.token)
    with pytest.raises(StaleVersionError):  # legal on the first's kept copy, chained on its head: the store refuses
        record_move(first, played.game_id, body, kept, played.token)
    assert open_meldbook().stored_events(played.game_id, after=kept) == theirs
    record_move(first, played.game_id, next_body(first, played.game_id), theirs[-1].version, played.token)
    report = verify_game(open_meldbook(), played.game_id)
    assert report["ok"], report
    assert report["streams"]["game"]["first_linked"] == 1


def test_each_stored_state_is_the_events_json_with_its_salt_and_link_last(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=30)
    stored = app.recorder.select_events(played.game_id)
    assert len(stored) > 30
    for event in stored:
        state = json.loads(event.state)
        assert list(state)[-2:] == ["_salt", "_link"]
        assert event.state == json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode()
    assert verify_game(app, played.game_id)["ok"]
