"""The work one record may cost to import, counted in steps as it is read and recorded, so that no record (however
its text was made) costs more than a long game does: lines read, actions recorded, and the events a variation plays
the game through again before its own moves. A record that would spend more is refused at the line where it runs out
(`notation-too-long`), having cost no more than the budget."""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.notation.errors import NotationError

MAX_LINES = 50_000
"""Lines a record may take, blank lines and comments included (a long bot game takes about 1,000)."""
MAX_ACTIONS = 10_000
"""Actions a record may record, its variations' moves included (the longest of 60 bot games records 907)."""
MAX_REPLAYED = 200_000
"""Events the record's variations may play again from the game's start to the move each is an alternative to
(a variation late in a long game plays about 2,000)."""
MAX_LINE_CHARACTERS = 20_000
"""The longest line a record may hold: a comment holds at most 4,000 characters, a deal of every card about 300."""
LIMITS = {"lines": MAX_LINES, "actions": MAX_ACTIONS, "replayed": MAX_REPLAYED}
WHAT = {"lines": "lines", "actions": "actions (its variations' moves included)",
        "replayed": "events played again to reach its variations"}


@dataclass
class StepBudget:
    """What one record has spent so far of each kind of step, against its limit."""

    limits: dict[str, int] = field(default_factory=lambda: dict(LIMITS))
    spent: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LIMITS, 0))

    def spend(self, kind: str, steps: int, line: int) -> None:
        """Spend `steps` of a kind at line `line`; refused there when that passes the kind's limit."""
        self.spent[kind] += steps
        if self.spent[kind] > self.limits[kind]:
            raise NotationError(
                f"a record takes at most {self.limits[kind]:,} {WHAT[kind]}: this one needs more by this line, "
                "so it is not imported (split a longer session into one record a game)",
                line=line, column=1, code="notation-too-long",
            )

    def check_line(self, text: str, line: int) -> None:
        """Refuse a line longer than any a record writes, before it is read."""
        if len(text) > MAX_LINE_CHARACTERS:
            raise NotationError(
                f"a line of a record holds at most {MAX_LINE_CHARACTERS:,} characters, this one {len(text):,}",
                line=line, column=MAX_LINE_CHARACTERS + 1, code="notation-too-long",
            )
