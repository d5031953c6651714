"""A random legal Roby player: it plays whole games from the cut to the last payout."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from domain.game import Game
from tests.bots import SeededChance, pick

PREFERRED = ("go_out", "meld", "lay_off")
MAX_ACTIONS = 20000


def play_roby(
    seed: int,
    players: int = 4,
    options: dict[str, object] | None = None,
    after_each: Callable[[Game], None] | None = None,
) -> Game:
    """Play one shuffled game with random legal moves (table plays first) and return it, finished."""
    rng = random.Random(seed)
    chance = SeededChance(seed)
    game = Game.set_up("roby", [f"p{i + 1}" for i in range(players)], options or {}, "shuffled", "", chance)
    for _ in moves(game, rng, chance):
        if after_each is not None:
            after_each(game)
    return game


def moves(game: Game, rng: random.Random, chance: SeededChance) -> Iterator[dict[str, object]]:
    """Record random legal moves until the game ends; yield each body recorded."""
    for _ in range(MAX_ACTIONS):
        if game.rules.is_over(game.state):
            return
        body = pick(game.legal_actions(), rng, PREFERRED if rng.random() < 0.9 else ())
        game.record(body, chance)
        yield body
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")
