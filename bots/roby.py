"""A legal Roby player: it plays whole games from the cut to the last payout, choosing only listed bodies.

Mostly it plays like a plain club player (table what it can, keep cards that belong together, take the
discard when it makes a meld); now and then it picks any listed body at random, so every kind of action
comes up. It re-enlists now and then, not always, so that games end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from bots import SeededChance, concrete_bodies, listed, pick
from domain.cards.card import Card
from domain.cards.melds import candidate_melds
from domain.record.game import Game

PREFERRED = ("go_out", "meld", "lay_off")
MAX_ACTIONS = 20000
RANDOM_MOVES = 0.1
REENLIST_CHANCE = 0.3


def play_roby(
    seed: int,
    players: int = 4,
    options: dict[str, object] | None = None,
    after_each: Callable[[Game], None] | None = None,
    rules_version: int | None = None,
) -> Game:
    """Play one shuffled game and return it, finished (under the newest rules, or the rules version given)."""
    rng = random.Random(seed)
    chance = SeededChance(seed)
    game = Game.set_up(
        "roby", [f"p{i + 1}" for i in range(players)], options or {}, "shuffled", "", chance,
        rules_version=rules_version,
    )
    for _ in moves(game, rng, chance):
        if after_each is not None:
            after_each(game)
    return game


def sample_game(seed: int) -> list[Any]:
    """A whole shuffled game for the samples (bots/samples.py): two to six players, by the seed."""
    return list(play_roby(seed, players=2 + seed % 5).collect_events())


def moves(game: Game, rng: random.Random, chance: SeededChance) -> Iterator[dict[str, object]]:
    """Record legal moves until the game ends; yield each body recorded."""
    for _ in range(MAX_ACTIONS):
        if game.rules.is_over(game.state):
            return
        body = choose(game, listed(game), rng)
        game.record(body, chance, in_place=True)
        yield body
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def choose(game: Game, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """One listed body: table plays first, then a sensible draw or discard; sometimes any body at random."""
    if rng.random() < RANDOM_MOVES:
        return pick(legal, rng)
    by_kind = {entry["type"]: concrete_bodies(entry) for entry in legal if concrete_bodies(entry)}
    for kind in PREFERRED:
        if by_kind.get(kind):
            return rng.choice(by_kind[kind])
    if "reenlist" in by_kind:
        return by_kind["reenlist" if rng.random() < REENLIST_CHANCE else "leave"][0]
    draws = [b for entry in legal if entry["type"] == "draw" for b in concrete_bodies(entry)]
    if draws:
        return _draw(game, draws, rng)
    if by_kind.get("discard"):
        return _discard(game, by_kind["discard"])
    return pick(legal, rng)


def _draw(game: Game, draws: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Take the discard when it makes a new meld with the hand, else draw from the stock."""
    pickups = [b for b in draws if b["source"] == "discard"]
    if pickups:
        hand = [Card.parse(c) for c in game.state.hands[pickups[0]["player"]].known]
        top = Card.parse(game.state.discard[-1])
        if len(candidate_melds([*hand, top])) > len(candidate_melds(hand)):
            return pickups[0]
    stock = [b for b in draws if b["source"] == "stock"]
    return rng.choice(stock or draws)


def _discard(game: Game, discards: list[dict[str, Any]]) -> dict[str, Any]:
    """Discard the card with the fewest partners in hand (same rank, or a suit neighbour), the highest first."""
    hand = [Card.parse(c) for c in game.state.hands[discards[0]["player"]].known]

    def partners(card: Card) -> int:
        return sum(
            1
            for other in hand
            if other != card
            and (other.rank == card.rank or (other.suit == card.suit and abs(other.rank - card.rank) <= 2))
        )

    return min(discards, key=lambda b: (partners(Card.parse(b["card"])), -min(Card.parse(b["card"]).rank, 10)))
