"""A move that reaches a snapshot's version stores the snapshot in its own save's transaction
(service/store/recorders.py): the snapshot store's own insert is never called for it, a save the store refuses stores
no snapshot either, and a game loaded from such a snapshot is the game its events make."""

from __future__ import annotations

from uuid import UUID

import pytest

from bots import SeededChance
from domain.access.game_access import access_id
from domain.record.game import Game
from service.application import Meldbook
from service.store.recorders import StreamMovedError
from tests.integration.conftest import OpenMeldbook
from tests.integration.service_play import PLAYERS, doc_of, play_through_service, twin_moves

SEED = 3
INTERVAL = Meldbook.snapshotting_intervals[Game]


def _refuse_separate_snapshot_inserts(app: Meldbook, monkeypatch: pytest.MonkeyPatch) -> None:
    assert app.snapshots is not None

    def separate(*args: object, **kwargs: object) -> None:
        raise AssertionError("a move's snapshot was inserted in a transaction of its own")

    monkeypatch.setattr(app.snapshots.recorder, "insert_events", separate)


def _snapshot_versions(app: Meldbook, game_id: UUID) -> list[int]:
    assert app.snapshots is not None
    return [s.originator_version for s in app.snapshots.recorder.select_events(game_id)]


def test_each_move_reaching_a_multiple_of_the_interval_stores_its_snapshot_with_its_events(
    open_meldbook: OpenMeldbook, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_meldbook()
    _refuse_separate_snapshot_inserts(app, monkeypatch)
    played = play_through_service(app, SEED, max_moves=60)
    reaching = [
        move.returned[-1].version
        for move in played.moves
        if move.expected_version // INTERVAL < move.returned[-1].version // INTERVAL
    ]
    assert len(reaching) >= 3, "the game should pass several multiples of the interval"
    assert app.snapshots is not None
    stored = _snapshot_versions(app, played.game_id)
    assert stored == reaching, "one snapshot at the last event of each move that reached a multiple, and no other"
    fresh = open_meldbook()
    for version in reaching:
        assert doc_of(fresh.game(played.game_id, version=version)) == played.docs[version]
    latest = fresh.game(played.game_id)
    assert doc_of(latest) == played.docs[latest.version]


def _move_reaching_a_multiple(after: int) -> int:
    """The index of the first move of the seeded game, past `after` events, whose events reach a multiple of the
    interval."""
    version = Game.set_up("roby", PLAYERS, {}, "shuffled", "", SeededChance(SEED)).version  # its setup's events
    for index, (_, events) in enumerate(twin_moves(SEED)):
        if version > after and version // INTERVAL < (version + len(events)) // INTERVAL:
            return index
        version += len(events)
    raise AssertionError("the seeded game never reaches a multiple of the interval")


def test_a_save_the_store_refuses_stores_neither_its_events_nor_its_snapshot(
    open_meldbook: OpenMeldbook, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_meldbook()
    _refuse_separate_snapshot_inserts(app, monkeypatch)
    index = _move_reaching_a_multiple(after=INTERVAL)
    played = play_through_service(app, SEED, max_moves=index)
    before = _snapshot_versions(app, played.game_id)
    game = app.game(played.game_id)
    stored_version = game.version
    game.record(twin_moves(SEED)[index][0], app.chance)
    assert game.version // INTERVAL > stored_version // INTERVAL, "the move reaches a multiple of the interval"
    with pytest.raises(StreamMovedError):  # the access stream named as unchanged was never at version 5
        app.save(game, unchanged=(access_id(played.game_id), 5))
    fresh = open_meldbook()
    assert fresh.game(played.game_id).version == stored_version, "the refused save stored no event"
    assert _snapshot_versions(fresh, played.game_id) == before, "nor a snapshot"


def test_a_snapshot_inserted_twice_at_one_version_is_kept_once(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=_move_reaching_a_multiple(after=0) + 1)
    assert app.snapshots is not None
    stored = app.snapshots.recorder.select_events(played.game_id)
    assert len(stored) == 1
    app.recorder.insert_events([], snapshots=stored)  # nothing to insert: the call stores nothing
    game = app.game(played.game_id)
    game.record(twin_moves(SEED)[len(played.moves)][0], app.chance)
    app.save(game, snapshots=stored)  # the save goes through; the snapshot already stored is left as it is
    assert app.snapshots.recorder.select_events(played.game_id) == stored
    assert open_meldbook().game(played.game_id).version == game.version
