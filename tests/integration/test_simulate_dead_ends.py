"""`meldbook simulate` and the rules' dead ends: the seed that once stopped on a Roby player left without a listed
action now writes every game, and a bot that finds nothing to play is reported as an error naming the game, the seed
and the position, the other games written."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from api.cli import main
from domain.roby import legal
from domain.roby.state import RobyState
from domain.roby.variant import Roby

ROBY_RECORD = '[Variant "roby"]'


def test_simulate_roby_seed_3007_writes_all_ten_games() -> None:
    """Its third game (six players, two packs) stopped with an IndexError: p6, at 94, had melded down to 2C AS 2S AS 2S
    and nothing was listed, although laying off 2S, then AS, then discarding AS keeps 4 points (tests/unit/roby/
    test_look_ahead.py holds the position)."""
    made = CliRunner().invoke(main, ["simulate", "--variant", "roby", "--games", "10", "--seed", "3007"])
    assert made.exit_code == 0, made.output
    assert made.stdout.count(ROBY_RECORD) == 10
    assert "10 roby games written, 0 failed" in made.stderr


def test_a_bot_that_finds_nothing_to_play_is_an_error_naming_the_game_the_seeds_and_the_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rules made to list nothing once a player of the five-player game (the second of seed 3007) has tabled cards."""
    listing = legal.actions

    def dead_end(variant: Any, state: RobyState, version: int) -> list[dict[str, Any]]:
        if len(state.players) == 5 and state.tabled_this_turn:
            return []
        return listing(variant, state, version)

    monkeypatch.setattr(Roby, "list_legal", dead_end)  # the rules list through the variant's `list_legal`
    made = CliRunner().invoke(main, ["simulate", "--variant", "roby", "--games", "2", "--seed", "3007"])
    assert made.exit_code == 1
    assert made.stdout.count(ROBY_RECORD) == 1, "the first game is written"
    error = next(line for line in made.stderr.splitlines() if line.startswith("error: "))
    assert error.startswith("error: game 2 of 2 of seed 3007 (the bot's seed 1480206518): nothing is listed for p")
    assert " to play at version " in error and "IndexError" not in made.stderr
    position = json.loads(error.partition("the position: ")[2])
    turn = position["turn"]
    assert position["tabled_this_turn"] and error.split("nothing is listed for ")[1].startswith(f"{turn} to play")
    assert position["hands"][turn]["cards"] and len(position["players"]) == 5
    assert "1 roby games written, 1 failed" in made.stderr
