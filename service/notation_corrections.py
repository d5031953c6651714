"""Corrections in an imported record: a move line marked voided (~) is recorded as it was, and a correction line
after it voids it. Each correction is decided and stored by the corrections service's own path (`plan_for`, then
`Game.store_correction`), so a correction the rules refuse is refused at its line with the correction's own code,
and every move a correction voids must be a line marked ~, as every line marked ~ must be voided by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.corrections.kinds import REQUESTED_BY
from domain.errors import MeldbookError
from domain.notation.errors import NotationError
from domain.notation.record import Move
from domain.record.game import Game
from domain.record.moves import RECORDER
from service.corrections import CORRECTING, plan_for

VOIDED_MARK = "notation-voided-mark"
"""The code of a voided marker (~) no correction answers: a marked move left counting, or a voided move unmarked."""


@dataclass
class VoidMarks:
    """The moves of an import marked voided (~) that no correction has voided yet, each with its line."""

    marked: dict[int, int] = field(default_factory=dict)

    def mark(self, move: int, line: int) -> None:
        """Note that a move just recorded was marked voided."""
        self.marked[move] = line

    def correct(self, game: Game, move: Move) -> None:
        """Decide and store a correction line as the corrections service does, by whom its `by=` names (the
        recorder unless it says); every move it voids must have been marked voided."""
        by = move.requested_by or RECORDER
        if by not in CORRECTING:
            raise NotationError(
                f"{REQUESTED_BY}= names who asked for the correction: {' or '.join(CORRECTING)}, not {by}",
                line=move.line, column=move.column_of(REQUESTED_BY), code="validation-error", field=REQUESTED_BY,
            )
        try:
            plan = plan_for(game, list(game.pending_events), move.body, by)
        except MeldbookError as error:
            raise NotationError.at(error, move.line, move.column_of(error.field)) from None
        unmarked = [voided for voided in plan.corrected["voided"] if voided not in self.marked]
        if unmarked:
            raise NotationError(
                f"this correction voids move {unmarked[0]}, whose line is not marked voided: write it ~{unmarked[0]}.",
                line=move.line, column=move.column, code=VOIDED_MARK, details={"move": unmarked[0]},
            )
        game.store_correction(plan, by)
        for voided in plan.corrected["voided"]:
            del self.marked[voided]

    def finish(self) -> None:
        """Refuse the record if a move marked voided was voided by no correction after it."""
        if self.marked:
            move, line = min(self.marked.items())
            raise NotationError(
                f"move {move} is marked voided (~), but no correction after it voids it: a voided move is followed "
                "by the correction line that voided it (void or amend)",
                line=line, column=1, code=VOIDED_MARK, details={"move": move},
            )
