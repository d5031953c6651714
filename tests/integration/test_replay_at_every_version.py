"""The state loaded back from the store at every version equals the live state after that event; a snapshot is
taken at the end of each move that reaches a multiple of the interval."""

from __future__ import annotations

import pytest

from domain.record.game import Game
from service.application import Meldbook
from tests.integration.conftest import OpenMeldbook
from tests.integration.service_play import Played, doc_of, play_through_service

SNAPSHOT_INTERVAL = Meldbook.snapshotting_intervals[Game]
SEEDS = [45, 22]
SLOW_SEEDS = [19, 0, 1, 3]


def _snapshot_versions(app: Meldbook, played: Played) -> list[int]:
    assert app.snapshots is not None
    return [snapshot.originator_version for snapshot in app.snapshots.get(played.game_id)]


def _check_every_version(open_meldbook: OpenMeldbook, seed: int) -> None:
    played = play_through_service(open_meldbook(), seed)
    app = open_meldbook()  # a fresh application: nothing cached, everything comes from the store
    last = played.live.version
    assert last > 2 * SNAPSHOT_INTERVAL
    move_of = {event.version: event.move for event in app.stored_events(played.game_id)}
    end_of_move = {move: version for version, move in sorted(move_of.items())}  # each move's last version
    reached = range(SNAPSHOT_INTERVAL, last + 1, SNAPSHOT_INTERVAL)  # snapshotted at the end of the move reaching it
    assert _snapshot_versions(app, played) == [end_of_move[move_of[version]] for version in reached]
    assert sorted(played.docs) == list(range(1, last + 1))
    for version in range(1, last + 1):
        loaded = app.game(played.game_id, version=version)
        assert loaded.version == version
        assert doc_of(loaded) == played.docs[version], f"seed {seed}: the state at version {version} differs"
    assert doc_of(app.game(played.game_id)) == played.docs[last]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_state_loaded_at_every_version_equals_the_live_state_after_that_event(
    open_meldbook: OpenMeldbook, seed: int
) -> None:
    _check_every_version(open_meldbook, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
def test_longer_games_load_back_equal_at_every_version(open_meldbook: OpenMeldbook, seed: int) -> None:
    _check_every_version(open_meldbook, seed)


def test_a_game_loaded_from_a_snapshot_equals_one_replayed_from_its_first_event(open_meldbook: OpenMeldbook) -> None:
    played = play_through_service(open_meldbook(), SEEDS[0])
    app = open_meldbook()
    from_snapshot = app.game(played.game_id)
    events = list(app.repository.event_store.get(played.game_id))
    replayed = None
    for event in events:
        replayed = event.mutate(replayed)
    assert isinstance(replayed, Game)
    assert replayed.version == from_snapshot.version
    assert doc_of(replayed) == doc_of(from_snapshot) == doc_of(played.live)
