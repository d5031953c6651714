"""A move's token check against the access stream as the process kept it, on SQLite and PostgreSQL
(service/access.py, service/store/recorders.py): the move reads no access stream, its save goes through only while that
stream is unchanged, and a token rotated in another process, even between the check and the save, records nothing more,
learns nothing about the move it sent, and replays no answer; a token the kept stream does not know is read, not
refused."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import pytest
from eventsourcing.persistence import StoredEvent

from bots import concrete_bodies, without_version
from domain.access.game_access import access_id
from service.access import SAVE_ATTEMPTS
from service.application import Meldbook
from service.grants import rotate_recorder_token
from service.idempotency import Retry
from service.moving import StaleVersionError, TokenError, record_move
from service.store.recorders import StreamMovedError
from tests.integration.conftest import OpenMeldbook
from tests.integration.service_play import play_through_service

SEED = 45


def next_body(app: Meldbook, game_id: UUID) -> dict[str, Any]:
    """The first legal action of the game as it is now."""
    return next(without_version(b) for e in app.game(game_id).legal_actions() for b in concrete_bodies(e))


def access_reads(app: Meldbook, monkeypatch: pytest.MonkeyPatch, game_id: UUID) -> list[UUID]:
    """Every read of the game's access stream this application makes from now on."""
    reads: list[UUID] = []
    store = app.repository.event_store
    real = store.get

    def counted(*args: Any, **kwargs: Any) -> Any:
        stream_id = kwargs.get("originator_id", args[0] if args else None)
        if stream_id == access_id(game_id):
            reads.append(stream_id)
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "get", counted)
    return reads


def test_a_save_naming_a_stream_that_moved_on_stores_nothing(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=2)
    version = app.game(played.game_id).version
    stray = uuid4()
    first, second = (StoredEvent(stray, n, "tests:Stray", b'{"n": 1}') for n in (1, 2))
    with pytest.raises(StreamMovedError):
        app.recorder.insert_events([first], unchanged=(played.game_id, version - 1))
    assert app.recorder.select_events(stray) == []
    app.recorder.insert_events([first], unchanged=(played.game_id, version))
    with pytest.raises(StreamMovedError):  # a stream with no event is at version 0
        app.recorder.insert_events([second], unchanged=(uuid4(), 1))
    app.recorder.insert_events([second], unchanged=(uuid4(), 0))
    assert [e.originator_version for e in app.recorder.select_events(stray)] == [1, 2]


def test_moves_check_their_token_on_the_kept_access_stream(
    open_meldbook: OpenMeldbook, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=4)
    reads = access_reads(app, monkeypatch, played.game_id)
    for _ in range(3):
        version = app.game(played.game_id).version
        assert record_move(app, played.game_id, next_body(app, played.game_id), version, played.token)
    assert reads == []


def test_a_token_rotated_in_another_process_records_nothing_more_and_the_new_one_is_read(
    open_meldbook: OpenMeldbook,
) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=4)  # the first keeps the access stream its moves read
    rotated = rotate_recorder_token(second, played.game_id)
    version = first.game(played.game_id).version
    body = next_body(first, played.game_id)
    with pytest.raises(TokenError):
        record_move(first, played.game_id, body, version, played.token)
    assert first.game(played.game_id).version == version
    assert record_move(first, played.game_id, body, version, rotated)  # not in the kept stream: read, not refused
    assert first.game(played.game_id).version > version


def test_a_token_rotated_between_the_check_and_the_save_records_nothing(open_meldbook: OpenMeldbook) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=4)
    asking = first.caller(played.game_id, played.token)  # read now, as a request's check reads it
    rotate_recorder_token(second, played.game_id)
    version = first.game(played.game_id).version
    with pytest.raises(TokenError):
        record_move(first, played.game_id, next_body(first, played.game_id), version, played.token, asking=asking)
    assert first.game(played.game_id).version == version


def test_a_rotated_token_learns_nothing_of_its_move_nor_replays_an_answer(open_meldbook: OpenMeldbook) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=4)
    version = first.game(played.game_id).version
    retry = Retry("move-1", "fingerprint")
    record_move(first, played.game_id, next_body(first, played.game_id), version, played.token, retry=retry)
    rotate_recorder_token(second, played.game_id)
    with pytest.raises(TokenError):  # the same key again: the answer is not given to a dead token
        record_move(first, played.game_id, next_body(first, played.game_id), version, played.token, retry=retry)
    with pytest.raises(TokenError):  # a move its rules refuse: the token is refused first, the move not judged
        record_move(first, played.game_id, {"type": "no-such-action"}, first.game(played.game_id).version, played.token)


def test_a_move_whose_access_stream_moves_on_at_every_attempt_is_refused_as_stale(
    open_meldbook: OpenMeldbook, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=4)
    version = app.game(played.game_id).version
    body = next_body(app, played.game_id)
    attempts: list[object] = []

    def always_moved(stored_events: Any, **kwargs: Any) -> Any:
        attempts.append(kwargs["unchanged"])
        raise StreamMovedError(*kwargs["unchanged"])

    monkeypatch.setattr(app.recorder, "insert_events", always_moved)
    with pytest.raises(StaleVersionError, match="tokens changed"):
        record_move(app, played.game_id, body, version, played.token)
    assert attempts == [(access_id(played.game_id), 0)] * SAVE_ATTEMPTS
    monkeypatch.undo()
    assert app.game(played.game_id).version == version
    assert record_move(app, played.game_id, body, version, played.token)  # the game in hand was not spoiled
