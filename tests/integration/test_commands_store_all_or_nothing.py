"""A rejected command stores nothing; a command that produces several events stores them in one transaction."""

from __future__ import annotations

from typing import Any

import pytest
from eventsourcing.persistence import StoredEvent as RecordedEvent
from eventsourcing.postgres import PostgresAggregateRecorder

from domain.errors import IllegalMoveError, InvalidActionError, MeldbookError, OutOfTurnError
from domain.record.game import Game
from service.application import Meldbook
from service.moving import StaleVersionError, TokenError, record_move
from tests.integration.conftest import AfterLoad, OpenMeldbook
from tests.integration.service_play import Played, play_through_service, twin_moves

pytestmark = pytest.mark.usefixtures("hooked_loads")  # AfterLoad's hook runs on the move path

SEED = 45


def _play_to_the_hand_ending_move(app: Meldbook) -> tuple[Played, dict[str, Any], list[str]]:
    """Play the seeded game up to its first move that ends a hand (WentOut, PointsScored, AmountTransferred...)."""
    index, body, names = next(
        (i, body, names)
        for i, (body, names) in enumerate(twin_moves(SEED))
        if "WentOut" in names and "AmountTransferred" in names and len(names) > 3
    )
    return play_through_service(app, SEED, max_moves=index), body, names


def _stored(app: Meldbook, played: Played) -> tuple[int, list[Any]]:
    return app.recorder.max_notification_id() or 0, app.stored_events(played.game_id)


def test_rejected_commands_store_nothing(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played, body, _ = _play_to_the_hand_ending_move(app)
    game = app.game(played.game_id)
    player, version, token = body["player"], game.version, played.token
    other = next(p for p in game.players if p != player)
    before = _stored(app, played)
    rejected: list[tuple[type[MeldbookError], dict[str, Any], int, str | None]] = [
        (IllegalMoveError, {"type": "draw", "player": player, "source": "stock"}, version, token),
        (OutOfTurnError, {"type": "draw", "player": other, "source": "stock"}, version, token),
        (InvalidActionError, {**body, "flourish": True}, version, token),
        (StaleVersionError, body, version - 1, token),
        (StaleVersionError, body, version + 1, token),
        (TokenError, body, version, "not-the-token"),
        (TokenError, body, version, None),
    ]
    for error, rejected_body, expected_version, presented in rejected:
        with pytest.raises(error):
            record_move(app, played.game_id, rejected_body, expected_version, presented)
        assert _stored(app, played) == before, f"{error.__name__} stored something"
    assert _stored(open_meldbook(), played) == before


def test_a_hand_ending_move_stores_all_its_events_together(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played, body, names = _play_to_the_hand_ending_move(app)
    version = app.game(played.game_id).version
    first_notification = (app.recorder.max_notification_id() or 0) + 1

    returned = record_move(app, played.game_id, body, version, played.token)

    assert [event.type for event in returned] == names
    assert [event.version for event in returned] == list(range(version + 1, version + len(names) + 1))
    assert app.game(played.game_id).version == version + len(names)
    assert open_meldbook().stored_events(played.game_id, after=version) == returned
    notifications = app.recorder.select_notifications(first_notification, 100)
    assert [(n.originator_version, n.topic) for n in notifications] == [(e.version, e.topic) for e in returned]


def test_a_move_whose_last_event_conflicts_stores_none_of_its_events(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook(AfterLoad)
    assert isinstance(app, AfterLoad)
    played, body, names = _play_to_the_hand_ending_move(app)
    version = app.game(played.game_id).version
    planted_version = version + len(names)
    intruder = open_meldbook()

    def plant_the_last_version(_: Game) -> None:
        # Past the game's last event: the recorders refuse such a gap, so it is planted underneath them.
        planted = RecordedEvent(played.game_id, planted_version, "meldbook.test.Planted", b"{}")
        plant(intruder, planted)

    app.after_load = plant_the_last_version
    with pytest.raises(StaleVersionError):
        record_move(app, played.game_id, body, version, played.token)
    app.after_load = None

    left = app.recorder.select_events(played.game_id, gt=version)
    assert [(e.originator_version, e.topic) for e in left] == [(planted_version, "meldbook.test.Planted")]


def plant(app: Meldbook, event: RecordedEvent) -> None:
    """Insert an event with the store's own SQL, past every check of the service's recorders."""
    recorder: Any = app.recorder
    postgres = isinstance(recorder, PostgresAggregateRecorder)
    mark = "%s" if postgres else "?"
    stream = event.originator_id if postgres else event.originator_id.hex
    with recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute(
            f"INSERT INTO {recorder.events_table_name} (originator_id, originator_version, topic, state) "
            f"VALUES ({mark}, {mark}, {mark}, {mark})", (stream, event.originator_version, event.topic, event.state)
        )
