"""A game recorded through the service is in the store, unchanged, when a new application is built on it."""

from __future__ import annotations

import pytest

from tests.integration.conftest import OpenMeldbook
from tests.integration.service_play import canonical, doc_of, play_through_service

SEEDS = [45]
SLOW_SEEDS = [22, 19, 0]


def _check_a_game_survives_a_restart(open_meldbook: OpenMeldbook, seed: int) -> None:
    before = open_meldbook()
    played = play_through_service(before, seed)
    game = before.game(played.game_id)
    events = before.stored_events(played.game_id)
    before.close()
    del before

    after = open_meldbook()
    reloaded = after.game(played.game_id)
    assert reloaded.version == game.version == played.live.version
    assert (reloaded.variant, reloaded.players, reloaded.options, reloaded.deal_mode, reloaded.title) == (
        game.variant,
        game.players,
        game.options,
        game.deal_mode,
        game.title,
    )
    assert reloaded.token_hash == game.token_hash
    assert reloaded.created_on == game.created_on
    assert doc_of(reloaded) == doc_of(game) == doc_of(played.live)
    assert reloaded.rules.is_over(reloaded.state)
    assert after.stored_events(played.game_id) == events
    assert after.is_recorder(played.game_id, played.token)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_recorded_through_the_service_is_unchanged_after_a_restart(
    open_meldbook: OpenMeldbook, seed: int
) -> None:
    _check_a_game_survives_a_restart(open_meldbook, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
def test_longer_games_are_unchanged_after_a_restart(open_meldbook: OpenMeldbook, seed: int) -> None:
    _check_a_game_survives_a_restart(open_meldbook, seed)


def test_the_events_record_move_returned_are_the_events_the_store_holds(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEEDS[0])
    returned = [event for move in played.moves for event in move.returned]
    created = app.stored_events(played.game_id)[: played.moves[0].expected_version]
    assert canonical(app.stored_events(played.game_id)) == canonical(created + returned)
    restarted = open_meldbook()
    assert restarted.stored_events(played.game_id) == created + returned
