"""Random legal players for every variant: they choose only among the listed legal actions, and record each in
place, as the service records moves (Game.record): a listed body is legal by the listing's own decision, and one
refused would spoil the game and stop the bot with the refusal."""

from __future__ import annotations

import json
import random
from typing import Any

import domain.variants  # noqa: F401  (each variant registers itself when imported: the bots play every one)
from domain.record.game import Game
from domain.rules.variant import Chance


class SeededChance(Chance):
    """Seeds drawn from a seeded generator, so a bot game can be replayed exactly."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def seed(self) -> int:
        """The next seed of the generator."""
        return self._random.getrandbits(63)


class NothingListed(Exception):
    """A bot is to play and the rules list nothing it could: a player left without a legal way to go on, which the
    rules must never allow (RULINGS.md). It names the position: the game's version, who is to act, and the state in
    the full view."""

    def __init__(self, game: Game) -> None:
        self.version = game.version
        self.players = game.rules.to_move(game.state)
        self.position = game.rules.to_doc(game.state)
        super().__init__(
            f"nothing is listed for {' or '.join(self.players) or 'anyone'} to play at version {self.version} of a "
            f"{game.variant} game; the position: {json.dumps(self.position, sort_keys=True)}"
        )


def listed(game: Game) -> list[dict[str, Any]]:
    """The legal actions open now, at least one of them concrete (NothingListed when none is)."""
    legal = game.legal_actions()
    if not any(concrete_bodies(entry) for entry in legal):
        raise NothingListed(game)
    return legal


def concrete_bodies(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The concrete bodies a legal-actions entry lists (its choices, or a template's examples)."""
    return list(entry.get("choices") or entry.get("examples") or [])


def pick(legal: list[dict[str, Any]], rng: random.Random, preferred: tuple[str, ...] = ()) -> dict[str, Any]:
    """One listed concrete body, from the first preferred kind that is open, else from any kind."""
    for kind in preferred:
        bodies = [b for entry in legal if entry["type"] == kind for b in concrete_bodies(entry)]
        if bodies:
            return rng.choice(bodies)
    entries = [entry for entry in legal if concrete_bodies(entry)]
    return rng.choice(concrete_bodies(rng.choice(entries)))


def without_version(body: dict[str, Any]) -> dict[str, Any]:
    """A listed body less its expected version."""
    return {k: v for k, v in body.items() if k != "expected_version"}
