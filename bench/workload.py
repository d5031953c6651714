"""The benchmark's workload: the moves of a seeded Roby bot game, computed once in memory.

Each move is kept as its envelope stores it (the accepted action, with the seeds chance gave it), so the moves
replay on any server, whatever chance it draws from.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bots import SeededChance
from bots.roby import moves
from domain.record.game import Game
from domain.record.moves import MoveRecorded


@dataclass(frozen=True, slots=True)
class Move:
    """One action body (as its envelope stored it), the version it was chosen at, and how many events it produced."""

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
    def final_version(self) -> int:
        """The game's version once every move is recorded."""
        return self.moves[-1].expected_version + self.moves[-1].events

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
        events = game.collect_events()
        envelope = next(e for e in events if isinstance(e, MoveRecorded))
        recorded.append(Move(dict(envelope.action), int(body["expected_version"]), len(events)))
    return Workload(seed, names, recorded)


LONG_GAME = (5, 4)
"""The seed and players of the longest seeded Roby bot game found (943 moves, 2,006 events): the long game of the
flat-cost and reading runs."""
