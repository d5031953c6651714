"""Archives: many records in one file, split as they stream, so memory stays flat however long the file is.

A record starts at a tag line that follows a line of another record that is not a tag (a move, a result, a
comment); blank lines between records belong to none.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from domain.notation.errors import NotationError
from domain.notation.tags import is_tag


@dataclass(frozen=True, slots=True)
class ArchiveRecord:
    """One record of an archive: its index (from 0), the number of its first line in the file, and its text."""

    index: int
    first_line: int
    text: str


def split_archive(lines: Iterable[str]) -> Iterator[ArchiveRecord]:
    """The records of an archive, in order, read line by line (lines as a file yields them, endings kept or not)."""
    index, first, in_moves = 0, 0, False
    body: list[str] = []
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        stripped = line.strip()
        if not stripped:
            if body:
                body.append(line)
            continue
        if is_tag(stripped) and in_moves:
            yield ArchiveRecord(index, first, _text(body))
            index, body, in_moves = index + 1, [], False
        if not body:
            first = number
        if not is_tag(stripped):
            in_moves = True
        body.append(line)
    if body:
        yield ArchiveRecord(index, first, _text(body))


def _text(lines: list[str]) -> str:
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n"


def join_archive(texts: Iterable[str]) -> Iterator[str]:
    """An archive's text, piece by piece: each record's canonical text, a blank line between records."""
    for number, text in enumerate(texts):
        yield ("\n" if number else "") + text


def one_record(lines: Iterable[str]) -> Iterator[str]:
    """The lines of a text that must hold one record, passed on as they are read; refused (`notation-body`) at the
    line where a second record begins, or at the end of a text that holds no record at all."""
    in_moves, seen = False, False
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if stripped:
            tag = is_tag(stripped)
            if tag and in_moves:
                raise NotationError("the body holds one record: tag pairs, then its hands; a second record begins "
                                    "here", line=number, column=1, code="notation-body")
            in_moves, seen = in_moves or not tag, True
        yield raw
    if not seen:
        raise NotationError("the body holds one record: tag pairs, then its hands", line=1, column=1,
                            code="notation-body")
