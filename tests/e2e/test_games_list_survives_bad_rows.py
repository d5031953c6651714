"""The games list keeps answering when the store holds a game it cannot index as it is, or an event it cannot read.

These events are written underneath the API (straight into the event store), as an older version or another
writer could have stored them: the API itself refuses such text.
"""

from __future__ import annotations

import logging
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import StoredEvent

from api.app import create_app
from bots import SeededChance
from domain.record.game import Game
from domain.variants import variant_named

PLAYERS = ["ann\x1fbob", "cy"]


def _created(title: str, players: list[str]) -> Game:
    """A Roby game built without any of the checks the API makes."""
    options = variant_named("roby").resolve_options(players, {})
    return Game(variant="roby", players=players, options=options, deal_mode="recorded", token_hash="0", title=title)


def _store_underneath(meldbook: Any, title: str, players: list[str]) -> str:
    """Save a GameCreated event through the store alone; return its id."""
    game = _created(title, players)
    meldbook.save(game)
    return str(game.id)


def _store_lone_surrogate_title(meldbook: Any) -> str:
    """A GameCreated event whose stored JSON escapes a lone surrogate, which no encoder of ours would write."""
    game = _created("SURROGATE", ["dee", "eve"])
    stored = meldbook.mapper.to_stored_event(game.collect_events()[0])
    state = stored.state.replace(b"SURROGATE", b"x\\ud800")
    meldbook.recorder.insert_events([StoredEvent(stored.originator_id, 1, stored.topic, state)])
    return str(game.id)


@pytest.mark.parametrize("store_env", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)
def test_the_games_list_answers_despite_a_nul_a_lone_surrogate_and_an_unreadable_event_stored_underneath(
    store_env: dict[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(env=store_env, chance=SeededChance(3))
    client = app.test_client()
    good = client.post("/games", json={"variant": "roby", "players": ["ann", "bob"], "title": "good"}).get_json()
    meldbook = app.extensions["meldbook"]
    nul = _store_underneath(meldbook, "x\x00", PLAYERS)
    surrogate = _store_lone_surrogate_title(meldbook)
    unreadable = uuid4()
    meldbook.recorder.insert_events([StoredEvent(unreadable, 1, Game.Created.TOPIC, b"{not json")])

    with caplog.at_level(logging.WARNING):
        listed = client.get("/games")
    assert listed.status_code == 200, listed.get_data(as_text=True)[:500]
    games = {game["id"]: game for game in listed.get_json()["items"]}
    assert set(games) == {good["id"], nul, surrogate}
    assert games[nul]["title"] == "x\ufffd" and games[nul]["players"] == PLAYERS
    assert games[surrogate]["title"] == "x\ufffd"
    assert str(unreadable) not in games and "cannot be read" in caplog.text
    assert client.get("/games", query_string={"player": "cy"}).get_json()["total"] == 1
    assert meldbook.index.position() == meldbook.recorder.max_notification_id()
    meldbook.close()

    restarted = create_app(env=store_env).test_client()
    again = restarted.get("/games")
    assert again.status_code == 200
    assert {game["id"] for game in again.get_json()["items"]} == set(games)
    restarted.application.extensions["meldbook"].close()
