"""A random legal Robins Rummy player: it plays whole games, preferring exchanges, big pickups and Rummies."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bots import SeededChance, concrete_bodies, listed
from domain.record.game import Game

MAX_ACTIONS = 6000
"""No game needs more: a hand is at most 39 turns of a few actions each, and the bot tables eagerly."""


def _uses_card(body: dict[str, Any]) -> bool:
    return body["type"] == "pick_up" and ("cards" in body or "meld" in body)


PREFERENCES: tuple[Callable[[dict[str, Any]], bool], ...] = (
    lambda b: b["type"] == "exchange",
    lambda b: b["type"] == "claim",
    _uses_card,
    lambda b: b["type"] == "meld",
    lambda b: b["type"] == "lay_off",
)


def choose(legal: list[dict[str, Any]], rng: random.Random, eager: bool = True, idle: bool = False) -> dict[str, Any]:
    """One listed concrete body: a plain draw or discard when idle, else the first preferred sort that is
    open (when eager), else any."""
    bodies = [b for entry in legal for b in concrete_bodies(entry)]
    plain = [b for b in bodies if b["type"] in ("draw", "discard")]
    if idle and plain:
        return rng.choice(plain)
    if eager:
        for wanted in PREFERENCES:
            preferred = [b for b in bodies if wanted(b)]
            if preferred:
                return rng.choice(preferred)
    return rng.choice(bodies)


def play_robins(
    seed: int,
    options: dict[str, object] | None = None,
    after_each: Callable[[Game, list[Any]], None] | None = None,
    eagerness: float = 0.9,
    idleness: float = 0.0,
) -> tuple[Game, list[Any]]:
    """Play one shuffled game to its end; return the game and every event it stored, in order.

    `eagerness` is how often the bot takes a preferred play (exchange, Rummy, pickup with use, meld,
    lay-off) when one is open; `idleness` how often it only draws or discards, which lets hands run the
    stock out.
    """
    rng = random.Random(seed)
    chance = SeededChance(seed)
    game = Game.set_up("robins", ["ann", "bob"], options or {}, "shuffled", "", chance)
    events = list(game.collect_events())
    for _ in range(MAX_ACTIONS):
        if game.rules.is_over(game.state):
            return game, events
        body = choose(listed(game), rng, eager=rng.random() < eagerness, idle=rng.random() < idleness)
        game.record(body, chance, in_place=True)
        new = list(game.collect_events())
        events.extend(new)
        if after_each is not None:
            after_each(game, new)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def sample_game(seed: int) -> list[Any]:
    """A whole shuffled game for the samples (bots/samples.py)."""
    return play_robins(seed)[1]
