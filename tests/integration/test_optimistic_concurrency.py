"""Two applications on one store record at the same version: exactly one succeeds, the other stores nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from eventsourcing.persistence import IntegrityError

from bots import SeededChance, concrete_bodies, without_version
from domain.record.game import Game
from service.application import Meldbook
from service.moving import StaleVersionError, record_move
from service.presenting import StoredEvent
from tests.integration.conftest import AfterLoad, OpenMeldbook
from tests.integration.service_play import Played, doc_of, play_through_service, twin_moves

pytestmark = pytest.mark.usefixtures("hooked_loads")  # AfterLoad's hook runs on the move path

SEED = 45
MOVES = 20  # mid-hand: the player to move may draw from the stock or take the discard


def _two_bodies(game: Game) -> list[dict[str, Any]]:
    bodies = [without_version(b) for entry in game.legal_actions() for b in concrete_bodies(entry)]
    assert bodies[0] != bodies[-1], "the seeded position should offer two different moves"
    return [bodies[0], bodies[-1]]


def _set_up(open_meldbook: OpenMeldbook, cls: type[Meldbook] = Meldbook) -> tuple[Meldbook, Meldbook, Played]:
    first, second = open_meldbook(cls), open_meldbook(cls)
    played = play_through_service(first, SEED, max_moves=MOVES)
    return first, second, played


def test_the_store_refuses_a_second_save_at_the_same_version(open_meldbook: OpenMeldbook) -> None:
    first, second, played = _set_up(open_meldbook)
    mine, theirs = first.game(played.game_id), second.game(played.game_id)
    version = mine.version
    assert theirs.version == version
    mine_body, their_body = _two_bodies(mine)
    mine.record(mine_body, SeededChance(1))
    theirs.record(their_body, SeededChance(2))
    first.save(mine)
    with pytest.raises(IntegrityError):
        second.save(theirs)
    stored = open_meldbook().stored_events(played.game_id, after=version)
    assert [e.version for e in stored] == list(range(version + 1, mine.version + 1))
    assert stored[0].type == "MoveRecorded" and stored[0].data["action"]["player"] == mine_body["player"]
    assert [e.data["player"] for e in stored[1:]] == [mine_body["player"]] * (len(stored) - 1)
    reloaded = open_meldbook().game(played.game_id)
    assert reloaded.version == mine.version
    assert doc_of(reloaded) == doc_of(mine)


def test_two_concurrent_moves_at_the_same_version_one_succeeds_and_the_other_is_stale(
    open_meldbook: OpenMeldbook,
) -> None:
    first, second, played = _set_up(open_meldbook, AfterLoad)
    version = first.game(played.game_id).version
    bodies = _two_bodies(first.game(played.game_id))
    both_loaded = threading.Barrier(2, timeout=30)
    outcomes: list[list[StoredEvent] | BaseException] = [[], []]

    def wait_for_the_other(_: Game) -> None:
        both_loaded.wait()

    def record(index: int, app: Meldbook) -> None:
        assert isinstance(app, AfterLoad)
        app.after_load = wait_for_the_other
        try:
            outcomes[index] = record_move(app, played.game_id, bodies[index], version, played.token)
        except BaseException as error:  # the test inspects it below
            outcomes[index] = error

    threads = [threading.Thread(target=record, args=(i, app)) for i, app in enumerate((first, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    won = [o for o in outcomes if isinstance(o, list)]
    lost = [o for o in outcomes if not isinstance(o, list)]
    assert len(won) == 1 and len(lost) == 1, outcomes
    assert isinstance(lost[0], StaleVersionError), repr(lost[0])
    stored = open_meldbook().stored_events(played.game_id, after=version)
    assert stored == won[0]
    assert [e.version for e in stored] == list(range(version + 1, version + len(stored) + 1))


def test_a_move_against_a_version_another_application_moved_past_is_stale(open_meldbook: OpenMeldbook) -> None:
    first, second, played = _set_up(open_meldbook)
    seen = second.game(played.game_id)
    version = seen.version
    body, other_body = _two_bodies(seen)
    returned = record_move(first, played.game_id, body, version, played.token)
    with pytest.raises(StaleVersionError):
        record_move(second, played.game_id, other_body, version, played.token)
    assert second.stored_events(played.game_id, after=version) == returned


class AfterSave(Meldbook):
    """A Meldbook that runs a hook right after a save commits: a window for another writer."""

    name = Meldbook.name
    after_save: Callable[[], None] | None = None

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save as usual; then the hook, once."""
        recordings = super().save(*objs, **kwargs)
        hook, self.after_save = self.after_save, None
        if hook is not None:
            hook()
        return recordings


def test_a_move_returns_only_its_own_events_when_another_follows_at_once(open_meldbook: OpenMeldbook) -> None:
    first = open_meldbook(AfterSave)
    assert isinstance(first, AfterSave)
    second = open_meldbook()
    played = play_through_service(first, SEED, max_moves=MOVES)
    (body, _), (next_body, _) = twin_moves(SEED)[MOVES : MOVES + 2]
    version = first.game(played.game_id).version
    followed: list[StoredEvent] = []

    def the_other_records_the_next_move() -> None:
        second.chance = first.chance
        at = second.game(played.game_id).version
        followed.extend(record_move(second, played.game_id, next_body, at, played.token))

    first.after_save = the_other_records_the_next_move
    returned = record_move(first, played.game_id, body, version, played.token)

    assert followed, "the other application recorded its move"
    assert [e.version for e in returned] == list(range(version + 1, followed[0].version))
    assert first.stored_events(played.game_id, after=version) == returned + followed
