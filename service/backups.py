"""Backups: the raw stored events of every aggregate (games, access, annotations, idempotency records, the service
secret, and whatever else the application stores), dumped and loaded as JSON lines, a batch at a time.

A backup is not an exchange format (the notation is): it copies the store's own rows, each event's log id, aggregate
id, version, topic and serialised state (which holds its timestamp) byte for byte, in the order of the application's
notification log. The first line names the format; after the events, a line for each stream (aggregate) gives the
version of its last event and its digest (the hash-chain link stored with that event, as GET /games/{id} shows a
game's; null for a stream stored before the chain existed); the last line counts the events and the streams and
carries the SHA-256 of the lines between, so that a cut or edited file is refused before anything is written.

A restore stores the whole backup in one transaction, or nothing (a restore killed half way leaves the store as it
was, and the next run does it all): the events in the backup's order, with the backup's own log ids when the target
is empty (so a backup goes from one store kind to the other and back byte for byte), then each stream is checked in
the target against its stream line, and the backup's streams are kept beside the store (service/restored.py), so
that GET /games/{id}/verify finds a stream cut short of what the backup held, and a second run of the same backup
knows it is done. The games index and the snapshots are not copied: the index catches up from the restored log,
and a game without a snapshot is rebuilt from its events (the next snapshot is taken as usual).

Backups of format version 1 (before the stream lines) still restore: the streams' last versions and digests are
then read from their event lines.
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

from service.restored import BackupError, Head, head_digest, loading

FORMAT = "meldbook-backup"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
"""Version 1: no stream lines (written before they existed); version 2: a line per stream before the closing one."""
BATCH = 500
"""Events read or written per round trip to the store: memory holds one batch, and each stream's last version and
digest (about 150 bytes a stream), whatever the store's size."""

Progress = Callable[[int], None]
"""Told how many more events were dumped or restored."""


@dataclass(frozen=True, slots=True)
class BackupSummary:
    """What a dump, a check or a restore did: how many events and streams, the digest of their lines, and (for a
    restore) whether the store held this very backup already, so nothing was done."""

    events: int
    sha256: str
    streams: int = 0
    done_before: bool = False


def is_empty(recorder: ApplicationRecorder) -> bool:
    """Whether the store holds no event at all."""
    return not recorder.max_notification_id()


def dump(recorder: ApplicationRecorder, out: TextIO, progress: Progress | None = None) -> BackupSummary:
    """Write every event stored up to now (the log's last id when the dump starts) to `out`, a line each, then a
    line for each stream with its last version and digest, then the closing line."""
    last = recorder.max_notification_id() or 0
    header = {"format": FORMAT, "version": FORMAT_VERSION, "taken_at": datetime.now(UTC).isoformat(), "last_id": last}
    out.write(json.dumps(header) + "\n")
    digest, count, start = hashlib.sha256(), 0, 1
    heads: dict[UUID, Head] = {}
    while start <= last:
        batch = recorder.select_notifications(start, BATCH, stop=last)
        if not batch:
            break
        for notification in batch:
            _write(out, digest, _row(notification))
            heads[UUID(str(notification.originator_id))] = Head(notification.originator_version,
                                                                 head_digest(notification.state))
        count += len(batch)
        start = batch[-1].id + 1
        if progress:
            progress(len(batch))
    for stream in sorted(heads, key=str):
        _write(out, digest, {"stream": str(stream), "version": heads[stream].version, "digest": heads[stream].digest})
    out.write(json.dumps({"end": FORMAT, "events": count, "streams": len(heads), "sha256": digest.hexdigest()}) + "\n")
    return BackupSummary(count, digest.hexdigest(), len(heads))


def _write(out: TextIO, digest: Any, row: dict[str, Any]) -> None:
    line = json.dumps(row, ensure_ascii=False) + "\n"
    digest.update(line.encode("utf8"))
    out.write(line)


def count_events(lines: Iterable[str]) -> BackupSummary:
    """Check a whole backup (its first line, every event and stream line, the closing counts and digest) without
    writing."""
    digest, count = hashlib.sha256(), 0
    reading = _Reading(digest)
    for _ in reading.events(lines):
        count += 1
    return BackupSummary(count, digest.hexdigest(), len(reading.heads))


def restore(
    recorder: ApplicationRecorder,
    lines: Iterable[str],
    progress: Progress | None = None,
    into_non_empty: bool = False,
    checked: BackupSummary | None = None,
) -> BackupSummary:
    """Store the events of a backup, in their order, in one transaction: all of them, checked stream by stream in
    the target, or none (a BackupError says why).

    An empty target is required unless `into_non_empty` (the events then take the target's next log ids, and an
    event whose aggregate and version the target already holds refuses the whole restore); into an empty target the
    events keep their log ids. `checked` (from `count_events` over the same file) names the backup: a store that
    holds that very backup already is left as it is (`done_before`)."""
    with loading(recorder) as load:
        if checked is not None and load.restored(checked.sha256):
            return BackupSummary(checked.events, checked.sha256, checked.streams, done_before=True)
        empty = load.empty()
        if not into_non_empty and not empty:
            raise BackupError("the target store is not empty: restore into an empty store (or say --into-non-empty)")
        digest, count, batch = hashlib.sha256(), 0, []
        reading = _Reading(digest)
        for event in reading.events(lines):
            batch.append(event)
            if len(batch) == BATCH:
                count += _insert(load, batch, empty, count, progress)
                batch = []
        count += _insert(load, batch, empty, count, progress)
        _check_streams(load, reading.heads)
        load.keep(digest.hexdigest(), count, reading.heads)
    return BackupSummary(count, digest.hexdigest(), len(reading.heads))


def _insert(load: Any, batch: list[tuple[int, StoredEvent]], keep_ids: bool, before: int,
            progress: Progress | None) -> int:
    if not batch:
        return 0
    try:
        load.insert(batch, keep_ids)
    except IntegrityError:
        raise BackupError(
            f"the target already holds an event of an aggregate in the batch of events {before + 1} to "
            f"{before + len(batch)}: nothing of the backup was restored"
        ) from None
    if progress:
        progress(len(batch))
    return len(batch)


def _check_streams(load: Any, heads: dict[UUID, Head]) -> None:
    """Each stream of the backup, as the target now holds it, ends where the backup says, with its digest."""
    streams = list(heads)
    for start in range(0, len(streams), BATCH):
        part = streams[start : start + BATCH]
        held = load.heads(part)
        for stream in part:
            want, got = heads[stream], held.get(stream)
            if got is None or got.version != want.version or got.digest != want.digest:
                where = "holds none of it" if got is None else f"ends at version {got.version} ({got.digest})"
                raise BackupError(
                    f"stream {stream} ends at version {want.version} ({want.digest}) in the backup, but the target "
                    f"{where}: nothing of the backup was restored"
                )


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


class _Reading:
    """A backup's lines read in order: the stored events with their log ids, each stream's last version and digest
    as its events give it (checked against its stream line, in a backup that has them), then the closing line."""

    def __init__(self, digest: Any) -> None:
        self.digest = digest
        self.heads: dict[UUID, Head] = {}

    def events(self, lines: Iterable[str]) -> Iterator[tuple[int, StoredEvent]]:
        numbered = enumerate(lines, start=1)
        header = _loaded(next(numbered, (1, ""))[1], 1)
        version = header.get("version")
        if header.get("format") != FORMAT or version not in READABLE_VERSIONS:
            readable = " or ".join(str(v) for v in READABLE_VERSIONS)
            raise BackupError(f"line 1: not a Meldbook backup of format version {readable}")
        count, streams = 0, 0
        for number, line in numbered:
            row = _loaded(line, number)
            if row.get("end") == FORMAT:
                self._close(row, number, count, streams, version)
                if next(numbered, None) is not None:
                    raise BackupError(f"line {number + 1}: lines after the closing line")
                return
            self.digest.update(line.encode("utf8"))
            if "stream" in row and version >= 2:
                self._stream(row, number)
                streams += 1
                continue
            if streams:
                raise BackupError(f"line {number}: an event line after the stream lines")
            log_id, event = _stored(row, number)
            count += 1
            self.heads[_uuid(event.originator_id)] = Head(event.originator_version, head_digest(event.state))
            yield log_id, event
        raise BackupError(f"the backup ends after {count} events without its closing line: it is cut short")

    def _stream(self, row: dict[str, Any], number: int) -> None:
        try:
            stream, version, digest = UUID(row["stream"]), row["version"], row["digest"]
        except (KeyError, TypeError, ValueError, AttributeError):
            raise BackupError(f"line {number}: a stream line needs stream, version and digest") from None
        held = self.heads.get(stream)
        if held != Head(version, digest):
            found = "are none" if held is None else f"end at version {held.version} ({held.digest})"
            raise BackupError(
                f"line {number}: stream {stream} ends at version {version} ({digest}), but its events in the backup "
                f"{found}: the backup is incomplete"
            )

    def _close(self, row: dict[str, Any], number: int, count: int, streams: int, version: int) -> None:
        if row.get("events") != count or row.get("sha256") != self.digest.hexdigest():
            raise BackupError(f"line {number}: the closing line does not match the {count} events before it")
        if version >= 2 and (row.get("streams") != streams or streams != len(self.heads)):
            raise BackupError(
                f"line {number}: the backup's events make {len(self.heads)} streams, its stream lines {streams} and "
                f"its closing line {row.get('streams')}: the backup is incomplete"
            )


def _uuid(value: Any) -> UUID:
    return value if isinstance(value, UUID) else UUID(str(value))


def _loaded(line: str, number: int) -> dict[str, Any]:
    try:
        row = json.loads(line)
    except ValueError:
        raise BackupError(f"line {number}: not a JSON line") from None
    if not isinstance(row, dict):
        raise BackupError(f"line {number}: not a JSON object")
    return row


def _stored(row: dict[str, Any], number: int) -> tuple[int, StoredEvent]:
    try:
        state = row["state"].encode("utf8") if "state" in row else base64.b64decode(row["state_base64"], validate=True)
        log_id, version, topic = row["id"], row["originator_version"], row["topic"]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (log_id, version)):
            raise TypeError
        if not isinstance(topic, str) or log_id < 1 or version < 1:
            raise TypeError
        return log_id, StoredEvent(UUID(row["originator_id"]), version, topic, state)
    except (KeyError, TypeError, ValueError, AttributeError):
        needs = "id, originator_id, originator_version, topic and state"
        raise BackupError(f"line {number}: an event line needs {needs}") from None
