"""No Roby player is ever left without a legal way to go on (RULINGS.md): in bot games of every pack count and player
count, whenever a player is to act at least one action is listed for him, and every body listed is accepted.

A sample runs by default (each pack count with each player count it allows); two hundred games run behind `slow`.
"""

from __future__ import annotations

from typing import Any

import pytest

from bots import SeededChance, concrete_bodies
from bots.roby import play_roby
from domain.errors import MeldbookError
from domain.record.game import Game
from domain.rules.actions import parse_action
from domain.rules.variant import Decision

SETUPS = [(1, players) for players in range(2, 5)] + [(2, players) for players in range(2, 9)]
"""(packs, players): one pack seats two to four, two packs two to eight."""
MEASURES = ("after_discard", "before_discard")
"""The 99 rule's option, the one way then the other each time every setup has been played."""
SAMPLE = range(len(SETUPS))
MORE = range(len(SETUPS), 200)
"""Each setup under each option about ten times: every listed body is decided at every position, so a game costs
seconds."""


def accepted(game: Game, body: dict[str, Any]) -> MeldbookError | None:
    """Why the rules refuse a listed body at the game's version, if they do (None: accepted)."""
    try:
        game.rules.decide(
            Decision(game.state, game.version, SeededChance(0)), parse_action(game.rules.action_kinds, body)
        )
    except MeldbookError as refusal:
        return refusal
    return None


def check_position(game: Game) -> None:
    """Whoever is to act has an action listed, and every body listed is accepted."""
    if game.rules.is_over(game.state):
        return
    to_act = game.rules.to_move(game.state)
    legal = game.legal_actions()
    assert to_act, f"nobody is to act at version {game.version}, and the game is not over"
    for player in to_act:
        assert any(e["player"] == player and concrete_bodies(e) for e in legal), (
            f"nothing listed for {player} at version {game.version}: {game.rules.to_doc(game.state)}"
        )
    for body in (b for e in legal for b in concrete_bodies(e)):
        assert accepted(game, body) is None, (body, accepted(game, body))


def play_and_check(seed: int) -> Game:
    packs, players = SETUPS[seed % len(SETUPS)]
    options = {"packs": packs, "measure_99": MEASURES[seed // len(SETUPS) % len(MEASURES)]}
    game = play_roby(seed, players, options, after_each=check_position)
    assert game.rules.is_over(game.state)
    return game


@pytest.mark.parametrize("seed", SAMPLE)
def test_every_player_to_act_has_an_action_listed_and_every_listed_body_is_accepted(seed: int) -> None:
    packs, players = SETUPS[seed % len(SETUPS)]
    game = play_and_check(seed)
    assert game.options["packs"] == packs and len(game.state.players) == players


@pytest.mark.slow
@pytest.mark.parametrize("seed", MORE)
def test_two_hundred_bot_games_never_leave_a_player_without_a_listed_action(seed: int) -> None:
    play_and_check(seed)
