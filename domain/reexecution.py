"""Re-executing a record: its stored actions recorded again, in order, into a game set up the same way.

There is one rules engine: the same `Game.record` that accepted the moves decides them again. Every action
that drew chance stored the seeds it drew, so re-execution needs no chance of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.decision import Chance
from domain.errors import InvalidActionError
from domain.game import Game
from domain.moves import MoveRecorded


class NoChance(Chance):
    """Chance for re-execution: a stored action brings its seeds, so asking for a fresh one is an error."""

    def seed(self) -> int:
        """Refuse: the action should have brought the seeds it drew."""
        raise InvalidActionError("this action drew chance but stored no seeds to draw it again", field="seeds")


def reexecute(created: Any, envelopes: Iterable[MoveRecorded]) -> Game:
    """A new game set up as `created` (a stored creation event) with each envelope's action recorded in turn."""
    game = Game.set_up(
        created.variant,
        list(created.players),
        dict(created.options),
        created.deal_mode,
        created.token_hash,
        NoChance(),
        created.title,
        created.recording,
        created.access,
    )
    for envelope in envelopes:
        game.record(envelope.action, NoChance(), envelope.recorded_by, envelope.device)
    return game
