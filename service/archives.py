"""Archives in and out of the store: many records in the notation, imported one game at a time and exported one
game at a time, so that memory stays flat however many games an archive holds.

Each record of an archive is imported on its own (service/notation_import.py): a bad one is reported with its
index, line and column and the rest carry on; nothing of a bad record is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.errors import MeldbookError
from domain.game import Game
from domain.notation.archive import ArchiveRecord, join_archive, split_archive
from domain.notation.errors import NotationError
from domain.visibility import Viewer
from service.notation_export import export_record
from service.notation_import import ImportedGame, import_record

LISTING_BATCH = 500
"""Games' first events read per round trip when every game is exported."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A record of an archive that was not imported: where it is, the problem's code, and the sentence."""

    index: int
    line: int
    column: int
    problem: str
    detail: str

    def __str__(self) -> str:
        return f"game {self.index} (line {self.line}, column {self.column}): {self.problem}: {self.detail}"


@dataclass
class Tally:
    """What an archive run did so far: games done, games refused, and the events the imported games stored."""

    games: int = 0
    refused: int = 0
    events: int = 0


Imported = Callable[[ArchiveRecord, ImportedGame | Refusal], None]
"""Told of each record as it is done: the game imported, or why it was refused."""


def import_archive(app: Any, lines: Iterable[str], tally: Tally, told: Imported, claims: str = "refuse") -> None:
    """Import every record of an archive's lines, one at a time, adding to `tally` and telling `told` of each."""
    for record in split_archive(lines):
        outcome = import_one(app, record, claims)
        if isinstance(outcome, Refusal):
            tally.refused += 1
        else:
            tally.games += 1
            tally.events += outcome.version
        told(record, outcome)


def import_one(app: Any, record: ArchiveRecord, claims: str = "refuse") -> ImportedGame | Refusal:
    """One record imported, or the refusal that says where and why it was not (nothing of it is stored)."""
    try:
        return import_record(app, record.text, claims=claims, first_line=record.first_line)
    except NotationError as error:
        return Refusal(record.index, error.line, error.column, error.code, error.detail)
    except MeldbookError as error:
        return Refusal(record.index, record.first_line, 1, error.code, error.message)


def every_game_id(app: Any) -> Iterator[UUID]:
    """The id of every stored game, oldest first, read from the store's log a batch at a time."""
    start = 1
    while True:
        batch = app.recorder.select_notifications(start, LISTING_BATCH, topics=[Game.Created.TOPIC])
        for notification in batch:
            yield UUID(str(notification.originator_id))
        if len(batch) < LISTING_BATCH:
            return
        start = batch[-1].id + 1


def export_archive(
    app: Any, game_ids: Iterable[UUID], viewer: Viewer, refused: Callable[[UUID, MeldbookError], None]
) -> Iterator[str]:
    """The archive of these games in the viewer's view, piece by piece; a game that cannot be exported is told to
    `refused` and left out."""
    return join_archive(_texts(app, game_ids, viewer, refused))


def _texts(
    app: Any, game_ids: Iterable[UUID], viewer: Viewer, refused: Callable[[UUID, MeldbookError], None]
) -> Iterator[str]:
    for game_id in game_ids:
        try:
            text = export_record(app, game_id, viewer)
        except MeldbookError as error:
            refused(game_id, error)
            continue
        yield text
