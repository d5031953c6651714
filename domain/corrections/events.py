"""The one event a correction stores last: which moves no longer count and which were amended."""

from __future__ import annotations

from typing import Any, ClassVar

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
        """Edit the list of moves that count, then rebuild the state by re-executing it (never raises: the
        correction re-executed the same list before it was accepted)."""
        aggregate.counted = corrected_moves(aggregate.counted, self.voided, self.amended)
        aggregate.voided = [*aggregate.voided, *([move, self.originator_version] for move in self.voided)]
        aggregate.state = aggregate.rebuilt_state()


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
