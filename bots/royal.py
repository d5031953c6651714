"""A random legal Royal Rummy player: whole sessions of several deals, ended by the recorder or by the chips."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bots import SeededChance, concrete_bodies, listed
from domain.record.game import Game

MAX_ACTIONS = 40000
# Kinds the bot picks more often, so that auctions, ace bets and all-ins (side pots) come up in most sessions.
WEIGHTS = {"bid": 3, "ace_bet": 3, "cover": 2, "all_in": 3, "call": 3, "raise": 2, "keep": 3, "fold": 0.5}


def options_for(rng: random.Random) -> dict[str, Any]:
    """A random but playable option set: small stacks end sessions sooner and make all-ins likely."""
    return {
        "stack": rng.choice([9, 20, 40, 100]),
        "ante": 1,
        "aces": rng.choice(["high", "low"]),
        "ace_betting": rng.random() < 0.7,
        "poker": rng.random() < 0.8,
        "poker_wheel": rng.random() < 0.7,
        "losers_pay": rng.random() < 0.3,
        "leftover": rng.choice(["banker", "split"]),
    }


def choose(legal: list[dict[str, Any]], rng: random.Random, may_end: bool) -> dict[str, Any]:
    """A listed concrete body: a kind weighted by WEIGHTS, then one of its bodies at random."""
    entries = [e for e in legal if concrete_bodies(e) and (may_end or e["type"] != "end_game")]
    weights = [WEIGHTS.get(e["type"], 1) for e in entries]
    entry = rng.choices(entries, weights)[0]
    return dict(rng.choice(concrete_bodies(entry)))


def play_royal(
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    deals: int = 6,
    after_each: Callable[[Game], None] | None = None,
) -> Game:
    """Play one shuffled session; the recorder ends it after `deals` deals unless the chips end it first."""
    rng = random.Random(seed)
    chance = SeededChance(seed)
    count = players or rng.randint(3, 8)
    chosen = options_for(rng) if options is None else options
    game = Game.set_up("royal", [f"p{i + 1}" for i in range(count)], chosen, "shuffled", "", chance)
    for _ in range(MAX_ACTIONS):
        if game.rules.is_over(game.state):
            return game
        body = choose(listed(game), rng, game.state.deal_number > deals)
        if game.state.deal_number > deals and rng.random() < 0.2:
            body = {"type": "end_game", "confirm": True}
        game.record(body, chance, in_place=True)
        if after_each is not None:
            after_each(game)
    raise AssertionError(f"the session did not end within {MAX_ACTIONS} actions")


def sample_game(seed: int) -> list[Any]:
    """A whole shuffled session for the samples (bots/samples.py): three deals, then the recorder may end it."""
    return list(play_royal(seed, deals=3).collect_events())
