"""A record as the notation holds it: tag pairs, then hand sections of moves, each move with its annotations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TABLE_ACTOR = "*"
"""The actor written for an action of the table (ending the game), which belongs to no player."""
HIDDEN = "??"
"""A card the record does not know, or the reader may not see."""
GLYPHS = ("!!", "??", "!?", "?!", "!", "?", "missed-lay-off", "wrong-discard", "wrong-payout")
"""The glyphs a move may carry (domain/beside/annotations.py GLYPHS)."""


@dataclass
class Note:
    """A comment and/or glyph on a move (or on the game), as an annotation holds it."""

    comment: str = ""
    glyph: str | None = None
    line: int = 0
    """The line of the record that wrote it (0 for one the writer was given)."""


@dataclass
class Move:
    """One move line: its number if written, actor, kind, the action body the API would take, and where it is.

    `columns` maps each field of the body to the column of its value, for errors that name the field.
    """

    line: int
    column: int
    actor: str
    body: dict[str, Any]
    number: int | None = None
    voided: bool = False
    notes: list[Note] = field(default_factory=list)
    variations: list[Variation] = field(default_factory=list)
    columns: dict[str, int] = field(default_factory=dict)
    first_version: int = 0
    """The version of a stored move's envelope (its first event), when the move comes from a stored game."""
    last_version: int = 0
    """The version of a stored move's last event."""
    requested_by: str | None = None
    """Who asked for a correction (recorder or arbiter), written `by=`; None on a move of the game."""

    def column_of(self, field_path: str | None) -> int:
        """The column of the value a field path (`cards[1]`, `hands.ann`) points into; the line's start if none."""
        if not field_path:
            return self.column
        head = field_path.split(".", 1)[0].split("[", 1)[0]
        return self.columns.get(head, self.column)


@dataclass
class Variation:
    """An alternative line to the move it follows, played from the position before that move."""

    line: int
    column: int
    moves: list[Move]
    note: Note = field(default_factory=Note)


@dataclass(frozen=True, slots=True)
class Figure:
    """One stated figure of a hand's result: a player's net points, money or chips in that hand."""

    player: str
    what: str
    amount: int
    column: int = 0


@dataclass
class Result:
    """A result line: the figures the table states for the hand it closes."""

    line: int
    figures: list[Figure]


@dataclass
class Hand:
    """One hand section: its number as written, and its moves, results and standalone comments in order."""

    number: int
    line: int
    moves: list[Move] = field(default_factory=list)
    result: Result | None = None
    dealer: str | None = None
    """The dealer the header names (`Hand 2 dealer bob`), if it names one: the actor of the hand's deal."""
    dealer_column: int = 0

    def deal(self) -> Move | None:
        """The hand's deal line, if it has one."""
        return next((move for move in self.moves if move.body.get("type") == "deal"), None)


@dataclass
class Record:
    """One whole game record: its tag pairs (canonical names, values as JSON gives them) and its hands."""

    tags: dict[str, Any]
    tag_lines: dict[str, int] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)
    """Comments on the whole game, written before the first hand."""
    hands: list[Hand] = field(default_factory=list)
    first_line: int = 1

    @property
    def players(self) -> list[str]:
        """The players in seat order, from the Seat tags."""
        seats = sorted((int(name[4:]), value) for name, value in self.tags.items() if name.startswith("Seat"))
        return [str(value) for _, value in seats]

    @property
    def options(self) -> dict[str, Any]:
        """The house-rule options, from the Option.<name> tags."""
        return {name[7:]: value for name, value in self.tags.items() if name.startswith("Option.")}
