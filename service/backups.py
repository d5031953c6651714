"""Backups: the raw stored events of every aggregate (games, access, annotations, idempotency records, the service
secret, and whatever else the application stores), dumped and loaded as JSON lines, a batch at a time.

A backup is not an exchange format (the notation is): it copies the store's own rows, each event's aggregate id,
version, topic and serialised state (which holds its timestamp) byte for byte, in the order of the application's
notification log. The first line names the format, the last one counts the events and carries the SHA-256 of the
lines between, so that a cut or edited file is refused before anything is written. The games index and the
snapshots are not copied: the index catches up from the restored log, and a game without a snapshot is rebuilt
from its events (the next snapshot is taken as usual). A restore stores the events in the backup's order; the
target numbers them in its own log (the same numbers as the backup's when the target was empty and the source's
log had no gaps).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TextIO
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, IntegrityError, StoredEvent

FORMAT = "meldbook-backup"
FORMAT_VERSION = 1
BATCH = 500
"""Events read or written per round trip to the store: memory holds one batch, whatever the store's size."""

Progress = Callable[[int], None]
"""Told how many more events were dumped or restored."""


class BackupError(ValueError):
    """A backup file that cannot be restored, or a target store that must not receive it."""


@dataclass(frozen=True, slots=True)
class BackupSummary:
    """What a dump or a restore did: how many events, and the digest of their lines."""

    events: int
    sha256: str


def is_empty(recorder: ApplicationRecorder) -> bool:
    """Whether the store holds no event at all."""
    return not recorder.max_notification_id()


def dump(recorder: ApplicationRecorder, out: TextIO, progress: Progress | None = None) -> BackupSummary:
    """Write every event stored up to now (the log's last id when the dump starts) to `out`, a line each."""
    last = recorder.max_notification_id() or 0
    header = {"format": FORMAT, "version": FORMAT_VERSION, "taken_at": datetime.now(UTC).isoformat(), "last_id": last}
    out.write(json.dumps(header) + "\n")
    digest, count, start = hashlib.sha256(), 0, 1
    while start <= last:
        batch = recorder.select_notifications(start, BATCH, stop=last)
        if not batch:
            break
        for notification in batch:
            line = json.dumps(_row(notification), ensure_ascii=False) + "\n"
            digest.update(line.encode("utf8"))
            out.write(line)
        count += len(batch)
        start = batch[-1].id + 1
        if progress:
            progress(len(batch))
    out.write(json.dumps({"end": FORMAT, "events": count, "sha256": digest.hexdigest()}) + "\n")
    return BackupSummary(count, digest.hexdigest())


def count_events(lines: Iterable[str]) -> BackupSummary:
    """Check a whole backup (its first line, every event line, the closing count and digest) without writing."""
    digest, count = hashlib.sha256(), 0
    for _ in _events(lines, digest):
        count += 1
    return BackupSummary(count, digest.hexdigest())


def restore(
    recorder: ApplicationRecorder, lines: Iterable[str], progress: Progress | None = None, into_non_empty: bool = False
) -> BackupSummary:
    """Store the events of a backup, in their order, a batch per transaction.

    An empty target is required unless `into_non_empty`; then an event whose aggregate and version the target
    already holds stops the restore (the batches before it stay stored). Check the file with `count_events` first:
    a file found broken here has had its earlier batches stored.
    """
    if not into_non_empty and not is_empty(recorder):
        raise BackupError("the target store is not empty: restore into an empty store (or say --into-non-empty)")
    digest, count, batch = hashlib.sha256(), 0, []
    for event in _events(lines, digest):
        batch.append(event)
        if len(batch) == BATCH:
            count += _insert(recorder, batch, count, progress)
            batch = []
    count += _insert(recorder, batch, count, progress)
    return BackupSummary(count, digest.hexdigest())


def _insert(recorder: ApplicationRecorder, batch: list[StoredEvent], before: int, progress: Progress | None) -> int:
    if not batch:
        return 0
    try:
        recorder.insert_events(batch)
    except IntegrityError:
        raise BackupError(
            f"the target already holds an event of an aggregate in the batch of events {before + 1} to "
            f"{before + len(batch)}: {before} events were restored before it"
        ) from None
    if progress:
        progress(len(batch))
    return len(batch)


def _row(notification: Any) -> dict[str, Any]:
    """One event as a backup line: the log id, aggregate id, version, topic, timestamp (to read) and state."""
    row: dict[str, Any] = {
        "id": notification.id,
        "originator_id": str(notification.originator_id),
        "originator_version": notification.originator_version,
        "topic": notification.topic,
    }
    try:
        state = notification.state.decode("utf8")
    except UnicodeDecodeError:  # a compressed or enciphered store: the bytes as they are
        row["state_base64"] = base64.b64encode(notification.state).decode("ascii")
        return row
    row["timestamp"] = _timestamp(state)
    row["state"] = state
    return row


def _timestamp(state: str) -> str | None:
    """The event's timestamp as its serialised state holds it, for a person reading the backup."""
    try:
        stamp = json.loads(state).get("timestamp")
    except (ValueError, AttributeError):
        return None
    return stamp.get("_data_") if isinstance(stamp, dict) else stamp


def _events(lines: Iterable[str], digest: Any) -> Iterator[StoredEvent]:
    """The stored events of a backup's lines, checked line by line, then against the closing line."""
    numbered = enumerate(lines, start=1)
    first = next(numbered, (1, ""))[1]
    header = _loaded(first, 1)
    if header.get("format") != FORMAT or header.get("version") != FORMAT_VERSION:
        raise BackupError(f"line 1: not a Meldbook backup of format version {FORMAT_VERSION}")
    count = 0
    for number, line in numbered:
        row = _loaded(line, number)
        if row.get("end") == FORMAT:
            if row.get("events") != count or row.get("sha256") != digest.hexdigest():
                raise BackupError(f"line {number}: the closing line does not match the {count} events before it")
            if next(numbered, None) is not None:
                raise BackupError(f"line {number + 1}: lines after the closing line")
            return
        digest.update(line.encode("utf8"))
        count += 1
        yield _stored(row, number)
    raise BackupError(f"the backup ends after {count} events without its closing line: it is cut short")


def _loaded(line: str, number: int) -> dict[str, Any]:
    try:
        row = json.loads(line)
    except ValueError:
        raise BackupError(f"line {number}: not a JSON line") from None
    if not isinstance(row, dict):
        raise BackupError(f"line {number}: not a JSON object")
    return row


def _stored(row: dict[str, Any], number: int) -> StoredEvent:
    try:
        state = row["state"].encode("utf8") if "state" in row else base64.b64decode(row["state_base64"], validate=True)
        version, topic = row["originator_version"], row["topic"]
        if not isinstance(version, int) or not isinstance(topic, str):
            raise TypeError
        return StoredEvent(UUID(row["originator_id"]), version, topic, state)
    except (KeyError, TypeError, ValueError, AttributeError):
        needs = "originator_id, originator_version, topic and state"
        raise BackupError(f"line {number}: an event line needs {needs}") from None
