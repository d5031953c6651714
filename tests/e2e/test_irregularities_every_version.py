"""Every version of a game of each variant holding every irregularity its table may record (a card exposed, a
misdeal, a card drawn out of turn, a hand called off, the players leaving), shuffled and recorded, passes every
check of the one walk (tests/walk.py): among them, every view shows in each place as many cards as the oracle
allows, the stream sends what the events show, and each replay frame is the state at its move."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.irregular_games import irregular_game
from tests.walk import CHECKS, store, walk


@pytest.mark.parametrize("variant", ["roby", "robins", "royal"])
def test_every_version_of_an_irregular_game_passes_every_check_of_the_walk(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient, variant: str, walk_versions: str
) -> None:
    walked = 0
    for mode in ("shuffled", "recorded"):
        game = store(shared_sqlite_app, lambda token, mode=mode: irregular_game(variant, mode, token))  # type: ignore[misc]
        walked += walk(shared_sqlite_client, game, CHECKS, walk_versions)
    assert walked > 50
