"""The annotations of one game: comments on the game, a hand or one event, each with an optional glyph and an
optional alternative line of moves, written by the recorder or a seat.

Its events are a stream of their own, beside the game's (as the access stream is): annotating never changes the
game's version, and editing or deleting is a new event, so every version of an annotation is kept. Its id is
derived from the game's, so it needs no index.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

from domain.errors import MeldbookError, Problem

NAMESPACE = UUID("0c7e5f0a-4b1d-5e8a-b1f2-3d4c5e6f7a81")
TARGETS = ("game", "hand", "event")
"""What an annotation is attached to: the whole game, the hand holding its position, or the event at it."""
GLYPHS = ("!", "?", "!!", "??", "!?", "?!", "missed-lay-off", "wrong-discard", "wrong-payout")
"""PGN's move glyphs, and Meldbook's own for the mistakes of a rummy table."""


class AnnotationNotFoundError(MeldbookError):
    """An annotation this game does not hold, or one deleted already."""

    problem = Problem(
        "annotation-not-found",
        "No such annotation",
        "the annotation number in the path: the game holds no annotation of that number, or it was deleted",
        "this game has no annotation 4",
    )


def annotations_id(game_id: UUID) -> UUID:
    """The id of a game's annotations stream."""
    return uuid5(NAMESPACE, str(game_id))


class GameAnnotations(Aggregate):
    """Every annotation of one game, numbered from 1 in the order written, and every version of each."""

    TOPIC = "meldbook.GameAnnotations"

    class Created(Aggregate.Created):
        """A game's annotations stream was opened, with its first annotation."""

        TOPIC = "meldbook.AnnotationsOpened"
        class_version = 1
        game_id: UUID

    class Added(Aggregate.Event):
        """An annotation was written: where, by whom, what it says, and the line it proposes (as accepted)."""

        TOPIC = "meldbook.AnnotationAdded"
        class_version = 1
        number: int
        target: str
        at: int
        written_at: int
        comment: str
        glyph: str | None
        author: str
        role: str
        line: list[dict[str, Any]]

        def apply(self, aggregate: Any) -> None:
            """Keep the annotation as written, and it as its first version."""
            aggregate.notes[self.number] = {
                "id": self.number,
                "target": self.target,
                "at": self.at,
                "written_at": self.written_at,
                "comment": self.comment,
                "glyph": self.glyph,
                "author": self.author,
                "role": self.role,
                "line": list(self.line),
                "revision": 1,
                "deleted": False,
                "changed_by": self.role,
                "timestamp": self.timestamp.isoformat(),
            }
            aggregate.history.append(dict(aggregate.notes[self.number]))

    class Edited(Aggregate.Event):
        """An annotation's comment, glyph and author name were replaced."""

        TOPIC = "meldbook.AnnotationEdited"
        class_version = 1
        number: int
        comment: str
        glyph: str | None
        author: str
        by: str

        def apply(self, aggregate: Any) -> None:
            """The annotation's next version."""
            note = aggregate.notes[self.number]
            note.update(comment=self.comment, glyph=self.glyph, author=self.author, changed_by=self.by)
            note.update(revision=note["revision"] + 1, timestamp=self.timestamp.isoformat())
            aggregate.history.append(dict(note))

    class Deleted(Aggregate.Event):
        """An annotation was deleted: it is listed no more, but its history keeps it."""

        TOPIC = "meldbook.AnnotationDeleted"
        class_version = 1
        number: int
        by: str

        def apply(self, aggregate: Any) -> None:
            """The annotation's last version, marked deleted."""
            note = aggregate.notes[self.number]
            note.update(deleted=True, changed_by=self.by, revision=note["revision"] + 1)
            note.update(timestamp=self.timestamp.isoformat())
            aggregate.history.append(dict(note))

    def __init__(self, game_id: UUID) -> None:
        self.game_id = game_id
        self.notes: dict[int, dict[str, Any]] = {}
        self.history: list[dict[str, Any]] = []

    @classmethod
    def open(cls, game_id: UUID) -> GameAnnotations:
        """A game's annotations stream, before anything is written in it."""
        return cls._create(cls.Created, id=annotations_id(game_id), game_id=game_id)

    def add(
        self,
        target: str,
        at: int,
        written_at: int,
        comment: str,
        glyph: str | None,
        author: str,
        role: str,
        line: list[dict[str, Any]],
    ) -> int:
        """Write an annotation (its text and line already checked); its number."""
        if target not in TARGETS:
            raise ValueError(f"an annotation is attached to one of {TARGETS}, not {target}")
        if glyph is not None and glyph not in GLYPHS:
            raise ValueError(f"{glyph} is not a glyph")
        number = len(self.notes) + 1
        self.trigger_event(
            self.Added,
            number=number,
            target=target,
            at=at,
            written_at=written_at,
            comment=comment,
            glyph=glyph,
            author=author,
            role=role,
            line=line,
        )
        return number

    def current(self, number: int) -> dict[str, Any]:
        """An annotation as it stands; refused when there is none, or it is deleted."""
        note = self.notes.get(number)
        if note is None or note["deleted"]:
            raise AnnotationNotFoundError(f"this game has no annotation {number}")
        return note

    def edit(self, number: int, comment: str, glyph: str | None, author: str, by: str) -> None:
        """Replace an annotation's comment, glyph and author name."""
        self.current(number)
        if glyph is not None and glyph not in GLYPHS:
            raise ValueError(f"{glyph} is not a glyph")
        self.trigger_event(self.Edited, number=number, comment=comment, glyph=glyph, author=author, by=by)

    def delete(self, number: int, by: str) -> None:
        """Delete an annotation (its history keeps it)."""
        self.current(number)
        self.trigger_event(self.Deleted, number=number, by=by)
