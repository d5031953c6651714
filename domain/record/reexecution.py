"""Re-executing a record: its stored actions recorded again, in order, into a game set up the same way.

There is one rules engine: the same `Game.record` that accepted the moves decides them again, through the one replay
driver (replay.py). Every action that drew chance stored the seeds it drew, so re-execution needs no chance of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.record.game import Game
from domain.record.moves import MoveRecorded
from domain.record.replay import envelope_steps, replay


def reexecute(created: Any, envelopes: Iterable[MoveRecorded]) -> Game:
    """A new game set up as `created` (a stored creation event) with each envelope's action recorded in turn."""
    game = Game.set_up_again(created)
    replay(game, envelope_steps(envelopes))
    return game
