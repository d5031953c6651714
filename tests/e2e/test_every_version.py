"""Property: every version of bot games of every variant, shuffled and recorded, reads through the HTTP API as a
spectator and as the recorder, and passes every check of the one walk (tests/walk.py).

Versions inside a move are walked too: the discard whose move also rebuilt the stock, a going out before its
scores, a cut before the deal it chose.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.game import Game
from tests.bots.robins import play_robins
from tests.bots.roby import play_roby
from tests.bots.royal import play_royal
from tests.bots.twins import recorded_twin, shuffled_again
from tests.e2e.helpers import all_events
from tests.walk import CHECKS, TOKEN, store, walk

Events = Callable[[], list[Any]]
TOKEN_HEADER = {"Authorization": f"Bearer {TOKEN}"}


def roby(seed: int, players: int) -> Events:
    return lambda: play_roby(seed, players).collect_events()


def robins(seed: int) -> Events:
    return lambda: play_robins(seed)[1]


def royal(seed: int, players: int, deals: int) -> Events:
    return lambda: play_royal(seed, players, deals=deals).collect_events()


# Short games, chosen for what they hold: Roby seed 9 rebuilds its stock in a discard's move.
GAMES: dict[str, tuple[Events, Events]] = {
    "roby": (roby(9, 3), roby(4, 2)),
    "robins": (robins(2), robins(1)),
    "royal": (royal(2, 3, 1), royal(0, 3, 1)),
}
SLOW_GAMES: dict[str, tuple[Events, ...]] = {
    "roby": (roby(2, 4), roby(6, 3), roby(0, 2)),
    "robins": (robins(5), robins(9)),
    "royal": (royal(4, 5, 2), royal(7, 8, 2)),
}


def _walk(app: Flask, client: FlaskClient, make: Callable[[str], Game]) -> int:
    return walk(client, store(app, make), CHECKS)


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_every_version_of_bot_games_reads_both_ways_and_passes_every_check(
    sqlite_app: Flask, sqlite_client: FlaskClient, variant: str
) -> None:
    shuffled, recorded = GAMES[variant]
    walked = _walk(sqlite_app, sqlite_client, lambda token: shuffled_again(shuffled(), token))
    walked += _walk(sqlite_app, sqlite_client, lambda token: recorded_twin(recorded(), token))
    assert walked > 300


def test_every_version_of_a_recorded_game_reads_both_ways_on_each_store(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    walked = _walk(shared_app, shared_client, lambda token: recorded_twin(GAMES["royal"][1](), token))
    assert walked > 100


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(SLOW_GAMES))
def test_every_version_of_longer_bot_games_reads_both_ways(
    sqlite_app: Flask, sqlite_client: FlaskClient, variant: str
) -> None:
    for events in SLOW_GAMES[variant]:
        _walk(sqlite_app, sqlite_client, lambda token, events=events: shuffled_again(events(), token))
        _walk(sqlite_app, sqlite_client, lambda token, events=events: recorded_twin(events(), token))


def test_the_recorder_reads_the_state_between_a_discard_and_the_stock_it_rebuilt(
    sqlite_app: Flask, sqlite_client: FlaskClient
) -> None:
    walked = store(sqlite_app, lambda token: shuffled_again(GAMES["roby"][0](), token))
    events = all_events(sqlite_client, f"/games/{walked.id}")
    rebuilt = next(e for e in events if e["type"] == "StockReshuffled")
    discard = events[rebuilt["version"] - 2]
    assert discard["type"] == "CardDiscarded" and discard["move"] == rebuilt["move"]
    response = sqlite_client.get(f"/games/{walked.id}/state?at={discard['version']}", headers=TOKEN_HEADER)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    shown = response.get_json()
    assert shown["state"]["stock"]["count"] == 0 and shown["to_move"] == [discard["data"]["next_player"]]
    assert shown["latest"] is False and shown["legal_actions"] == [] and shown["table_actions"] == []
