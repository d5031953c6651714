"""A branch of a stored game, on SQLite and PostgreSQL: read from the store, played on, and nothing stored."""

from __future__ import annotations

from uuid import uuid4

import pytest

from domain.record.moves import MoveRecorded
from service.application import GameNotFoundError
from service.branching import branch_game
from tests.bot_games import play_roby
from tests.integration.conftest import OpenMeldbook


def test_a_stored_game_branches_as_its_events_say_and_the_branch_stores_nothing(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    game = play_roby(5, players=3)
    app.save(game)
    stored = list(app.repository.event_store.get(game.id))
    envelopes = [e for e in stored if isinstance(e, MoveRecorded)]
    at = envelopes[30].originator_version - 1
    before = app.recorder.max_notification_id()
    branched = branch_game(app, game.id, at, [e.action for e in envelopes[30:33]])
    upto = envelopes[33].originator_version - 1
    assert [(type(e), e.originator_version) for e in branched.events] == [
        (type(e), e.originator_version) for e in stored if at < e.originator_version <= upto
    ]
    assert app.recorder.max_notification_id() == before
    assert app.game(game.id).version == stored[-1].originator_version
    with pytest.raises(GameNotFoundError):
        branch_game(app, uuid4(), 1)
