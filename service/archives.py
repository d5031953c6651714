"""Archives in and out of the store: many records in the notation, imported one game at a time and exported one
game at a time, so that memory stays flat however many games an archive holds.

Each record of an archive is imported on its own (service/notation_import.py): a bad one is reported with its
index, line and column and the rest carry on; nothing of a bad record is stored.

An import is idempotent per game record: each game imported keeps beside it, in the same transaction, an import record
(an idempotency record, service/answered.py) under an id derived from the SHA-256 of the record's text, so an
archive imported again (after a crash half way, say) imports only the records it did not store before, and tells the
others apart with the game each became. `force` imports them again all the same (a new game each, and the first import's
record kept).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.access.visibility import Viewer
from domain.errors import MeldbookError
from domain.notation.archive import ArchiveRecord, join_archive, split_archive
from domain.notation.errors import NotationError
from domain.record.game import Game
from service.answered import IdempotencyRecord
from service.notation_export import export_record
from service.notation_import import ImportedGame, import_record
from service.ports import GameStore

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


@dataclass(frozen=True, slots=True)
class ImportedBefore:
    """A record of an archive imported before (the same text, by its SHA-256): the game it became, left as it is."""

    index: int
    game_id: UUID

    def __str__(self) -> str:
        return f"game {self.index} was imported before, as game {self.game_id}: skipped (--force imports it again)"


@dataclass
class Tally:
    """What an archive run did so far: games done, games refused, games imported before (skipped), and the events
    the imported games stored."""

    games: int = 0
    refused: int = 0
    events: int = 0
    before: int = 0


Outcome = ImportedGame | Refusal | ImportedBefore
Imported = Callable[[ArchiveRecord, Outcome], None]
"""Told of each record as it is done: the game imported, why it was refused, or the game it became before."""
OPERATION = "meldbook import"
"""The operation an import record is kept for (an idempotency record's `operation`)."""
IMPORTED_RECORDS = UUID("3f0c2a8e-5b7d-4e19-9a64-1d2e3f4a5b6c")
"""The namespace of import records' ids: uuid5 of this namespace and the SHA-256 of the record's text."""


def import_archive(
    app: GameStore, lines: Iterable[str], tally: Tally, told: Imported, claims: str = "refuse", force: bool = False
) -> None:
    """Import every record of an archive's lines, one at a time, adding to `tally` and telling `told` of each; a
    record imported before is skipped unless `force`."""
    for record in split_archive(lines):
        outcome = import_one(app, record, claims, force)
        if isinstance(outcome, Refusal):
            tally.refused += 1
        elif isinstance(outcome, ImportedBefore):
            tally.before += 1
        else:
            tally.games += 1
            tally.events += outcome.version
        told(record, outcome)


def import_one(app: GameStore, record: ArchiveRecord, claims: str = "refuse", force: bool = False) -> Outcome:
    """One record imported, the game it became before, or the refusal that says where and why it was not imported
    (nothing of it is stored)."""
    fingerprint = hashlib.sha256(record.text.encode("utf8")).hexdigest()
    record_id = uuid.uuid5(IMPORTED_RECORDS, fingerprint)
    if not force and (before := imported_before(app, record_id, fingerprint)) is not None:
        return ImportedBefore(record.index, before)

    def kept(game: Game) -> list[IdempotencyRecord]:
        """The import record saved with the game (none when forced: the first import's stays)."""
        if force:
            return []
        return [IdempotencyRecord.answered(record_id, OPERATION, fingerprint, game.id, 0, game.version)]

    try:
        return import_record(app, record.text, claims=claims, first_line=record.first_line, beside=kept)
    except IntegrityError:  # the same record imported at the same time by another run, which committed first
        before = imported_before(app, record_id, fingerprint)
        if before is None:
            raise
        return ImportedBefore(record.index, before)
    except NotationError as error:
        return Refusal(record.index, error.line, error.column, error.code, error.detail)
    except MeldbookError as error:
        return Refusal(record.index, record.first_line, 1, error.code, error.message)


def imported_before(app: GameStore, record_id: UUID, fingerprint: str) -> UUID | None:
    """The game a record with this fingerprint became when it was imported before; None if it never was."""
    try:
        kept: object = app.repository.get(record_id)
    except AggregateNotFoundError:
        return None
    if not isinstance(kept, IdempotencyRecord) or (kept.operation, kept.fingerprint) != (OPERATION, fingerprint):
        return None
    return UUID(kept.game_id)


def every_game_id(app: GameStore) -> Iterator[UUID]:
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
    app: GameStore, game_ids: Iterable[UUID], viewer: Viewer, refused: Callable[[UUID, MeldbookError], None]
) -> Iterator[str]:
    """The archive of these games in the viewer's view, piece by piece; a game that cannot be exported is told to
    `refused` and left out."""
    return join_archive(_texts(app, game_ids, viewer, refused))


def _texts(
    app: GameStore, game_ids: Iterable[UUID], viewer: Viewer, refused: Callable[[UUID, MeldbookError], None]
) -> Iterator[str]:
    for game_id in game_ids:
        try:
            text = export_record(app, game_id, viewer)
        except MeldbookError as error:
            refused(game_id, error)
            continue
        yield text
