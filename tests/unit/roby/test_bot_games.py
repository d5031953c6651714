"""Property tests over random legal Roby games played by the bot, from the cut to the last payout."""

from __future__ import annotations

import pytest

from bots.roby import MAX_ACTIONS, play_roby
from tests.unit.roby.referee import Referee

DEFAULT_GAMES = range(150)  # another 150 run in test_bot_games_second_half.py, on the other xdist worker
MORE_GAMES = range(300, 1000)
OPTION_SETS = [{}, {"reenlist_fee": "buy_in"}, {"measure_99": "before_discard"}, {"per_roby": 0, "buy_in": 0}]


def check_game(seed: int) -> None:
    players = 2 + seed % 7
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    game = play_roby(seed, players, dict(options))
    assert game.rules.is_over(game.state) and game.version < MAX_ACTIONS * 20
    referee = Referee(game)
    rebuilt = referee.replay()
    assert game.rules.to_doc(rebuilt.state) == game.rules.to_doc(game.state)
    assert referee.checked["GameWon"] == 1 and referee.checked["WentOut"] >= 1
    balances = game.state.ledger.balances
    assert balances.get("pot", 0) == 0 and sum(balances.values()) == 0


@pytest.mark.parametrize("seed", DEFAULT_GAMES)
def test_every_bot_game_ends_with_every_card_score_fee_and_payment_accounted_for(seed: int) -> None:
    check_game(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", MORE_GAMES)
def test_hundreds_more_bot_games_keep_every_invariant(seed: int) -> None:
    check_game(seed)
