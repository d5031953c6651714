"""Re-executing a record: its stored actions recorded again, in order, into a game set up the same way.

There is one rules engine: the same `Game.record` that accepted the moves decides them again. Every action
that drew chance stored the seeds it drew, so re-execution needs no chance of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.record.game import Game
from domain.record.moves import MoveRecorded
from domain.rules.decision import NoChance as NoChance  # re-exported: re-execution's chance


def reexecute(created: Any, envelopes: Iterable[MoveRecorded]) -> Game:
    """A new game set up as `created` (a stored creation event) with each envelope's action recorded in turn."""
    game = Game.set_up_again(created)
    for envelope in envelopes:
        game.record(envelope.action, NoChance(), envelope.recorded_by, envelope.device)
    return game
