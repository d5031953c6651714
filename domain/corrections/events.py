"""The one event a correction stores last: which moves no longer count and which were amended."""

from __future__ import annotations

from typing import Any, ClassVar
from uuid import UUID

from domain.corrections.listing import amendable_moves, voidable_moves
from domain.events import GameEvent


class RecordCorrected(GameEvent):
    """The moves that count were corrected: `voided` (move numbers) count no more, and each of `amended` (a
    move number with its action as amended) counts as amended. The game's state is then the moves that count,
    re-executed through the rules; the reversal and replacement entries posted before this event are the
    payouts that changed."""

    TOPIC = "meldbook.RecordCorrected"
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("amended",)
    kind: str
    reason: str
    requested_by: str
    voided: list[int]
    amended: list[dict[str, Any]]

    def apply(self, aggregate: Any) -> None:
        """Edit the list of moves that count, then rebuild the state by re-executing it (never raises on a game
        folded from its creation: the correction re-executed the same list before it was accepted). A game that does
        not know its moves that count (loaded from a snapshot, a copy) is left as it was, and MovesUnknownError
        says its record must be read."""
        if aggregate.counted is None:
            raise MovesUnknownError(self.originator_id, self.originator_version)
        counted = corrected_moves(aggregate.counted, self.voided, self.amended)
        state = aggregate.rebuilt_state(counted)
        aggregate.counted, aggregate.state = counted, state
        aggregate.voided = [*aggregate.voided, *([move, self.originator_version] for move in self.voided)]
        aggregate.hand_moves = voidable_moves(counted)
        aggregate.amendable = amendable_moves(counted, aggregate.deal_mode)


class MovesUnknownError(LookupError):
    """A correction folded onto a game that does not know its moves that count: fold its record from its creation
    instead (service/application.py does)."""

    def __init__(self, game_id: UUID, version: int) -> None:
        super().__init__(f"game {game_id} does not know its moves that count: its correction at version {version} "
                         "needs its record folded from its creation")
        self.game_id, self.version = game_id, version


def corrected_moves(
    counted: list[dict[str, Any]], voided: list[int], amended: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The moves that count ({"move", "action"} each) after voiding some and amending others."""
    gone, changed = set(voided), {entry["move"]: entry["action"] for entry in amended}
    return [
        {"move": entry["move"], "action": dict(changed.get(entry["move"], entry["action"]))}
        for entry in counted
        if entry["move"] not in gone
    ]
