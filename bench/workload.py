"""The benchmark's workload: the moves of a seeded Roby bot game, computed once in memory."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bots import SeededChance, without_version
from bots.roby import moves
from domain.game import Game


@dataclass(frozen=True, slots=True)
class Move:
    """One action body, the version it was chosen at, and how many events it produced."""

    body: dict[str, Any]
    expected_version: int
    events: int


@dataclass(frozen=True, slots=True)
class Workload:
    """A seeded game's setup and its moves, ready to replay through the service."""

    seed: int
    players: list[str]
    moves: list[Move]

    @property
    def events(self) -> int:
        """Events the moves produce (creation events not counted)."""
        return sum(move.events for move in self.moves)

    @property
    def batches(self) -> list[int]:
        """Events per move, in order: the shape of the saves the raw baseline repeats."""
        return [move.events for move in self.moves]


def record_workload(seed: int, players: int) -> Workload:
    """Play a seeded Roby bot game in memory and keep each move's body, expected version and event count."""
    names = [f"p{i + 1}" for i in range(players)]
    chance = SeededChance(seed)
    game = Game.set_up("roby", names, {}, "shuffled", "", chance)
    game.collect_events()
    recorded = []
    for body in moves(game, random.Random(seed), chance):
        count = len(game.collect_events())
        recorded.append(Move(without_version(body), int(body["expected_version"]), count))
    return Workload(seed, names, recorded)
