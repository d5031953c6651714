"""The hash chain beside the store: links stored with the events, in the same transaction, and read back to verify.

Where the links live: in each event's stored state, under `_link` (with its `_salt`, domain/record/chain.py), set by one
function (`chain_pending`) on the stored events just before the recorder inserts them. They are therefore written
in the insert that writes the events, and commit or fail with them; a concurrent writer at the same version fails
on the store's version constraint before its links matter. Every stream the application saves is chained, by the
same code: a game's, its annotations', its disputes' (and its access stream and idempotency records, at no cost
to anyone). The mapper drops both keys again when it reads an event, so no domain event, golden class or view
ever sees them.

The previous link of the first pending event is the link this process stored or read last for the stream, when that
was the event just before it (`ChainHeads`: no read), else read from the store: the event just before it, by its
exact version (stored events never change, so no lock is needed). A head is kept once the insert that wrote it has
committed, or as it is read back from the store (the newest event of each read: a move that finds its game stored
by another process reads the events since its own copy, the newest of which is the one before the move), with the
version it belongs to, so it is the link the store holds at that version for good: whatever
other processes store after it, a save of the next version that uses it either is right or is refused by the
store's version constraint (that version exists already), and a save of any other version reads the store. The
aggregates therefore hold no chain head, and their snapshots need none: a snapshot is not chained, and loading from
one is untouched.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.application import Application, LRUCache
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import (
    AggregateRecorder,
    EventStore,
    Mapper,
    Notification,
    Recording,
    StoredEvent,
)

from domain.errors import MeldbookError, Problem
from domain.record.chain import LINK, SALT, ChainReport, RawEvent, genesis, link_of, walk
from service.store.newer import NewerRecordMapper
from service.store.recorders import StreamGapError


def decoded(stored: StoredEvent) -> dict[str, Any]:
    """A stored event's state as plain JSON, as stored: no transcoding, no upcasting (Meldbook configures no
    compressor or cipher, so the state is JSON)."""
    state: dict[str, Any] = json.loads(stored.state)
    return state


def stored_link(recorder: AggregateRecorder, stream_id: UUID, version: int) -> str | None:
    """The link stored with a stream's event at a version; None when there is no such event or it has no link."""
    if version < 1:
        return None
    found = recorder.select_events(stream_id, gt=version - 1, lte=version, limit=1)
    link = decoded(found[0]).get(LINK) if found else None
    return link if isinstance(link, str) else None


class ChainHeads:
    """The last link this process stored for each stream, with its version; at most `size` streams."""

    def __init__(self, size: int) -> None:
        self._heads: LRUCache[UUID, tuple[int, str]] = LRUCache(maxsize=size)

    def at(self, stream_id: UUID, version: int) -> str | None:
        """The link of the stream's event at `version`, if it is the last this process stored for it; else None."""
        try:
            kept_version, link = self._heads.get(stream_id)
        except KeyError:
            return None
        return link if kept_version == version else None

    def stored(self, heads: dict[UUID, tuple[int, str]]) -> None:
        """Keep the last links of streams just inserted (after the insert committed)."""
        for stream_id, head in heads.items():
            self._heads.put(stream_id, head)

    def read(self, stream_id: UUID, stored: StoredEvent) -> None:
        """Keep the link of an event read back from the store, unless a later one of the stream is kept."""
        try:
            kept_version = self._heads.get(stream_id)[0]
        except KeyError:
            kept_version = 0
        link = decoded(stored).get(LINK)
        if stored.originator_version > kept_version and isinstance(link, str):
            self._heads.put(stream_id, (stored.originator_version, link))


def chain_pending(
    recorder: AggregateRecorder, pending: Sequence[StoredEvent], known: ChainHeads | None = None
) -> tuple[list[StoredEvent], dict[UUID, tuple[int, str]]]:
    """The stored events about to be inserted, each with its salt and link, and each stream's last (version, link).

    The link of the event before each stream's first pending one is the known head at that version, if there is
    one; else one read (the stream's id when it has none: a new stream, or an old record)."""
    heads: dict[UUID, tuple[int, str]] = {}
    chained = []
    for stored in pending:
        stream, version = as_uuid(stored.originator_id), stored.originator_version
        if stream in heads:
            previous = heads[stream][1]
        else:
            known_link = known.at(stream, version - 1) if known is not None else None
            previous = known_link or stored_link(recorder, stream, version - 1) or genesis(stream)
        salt = secrets.token_hex(16)
        state = decoded(stored)  # a fresh dict, the salt added in place
        state[SALT] = salt
        link = link_of(stored.topic, version, state, previous)
        heads[stream] = (version, link)
        chained.append(StoredEvent(stream, version, stored.topic, with_link(stored.state, salt, link)))
    return chained, heads


def as_uuid(originator_id: Any) -> UUID:
    """A stored event's originator id as a UUID (the library's ids are UUIDs already; a string is read as one)."""
    return originator_id if type(originator_id) is UUID else UUID(str(originator_id))


def with_link(state: bytes, salt: str, link: str) -> bytes:
    """A stored state with its salt and link added as its last keys: the bytes `json.dumps` of the state with them
    would give (the transcoder writes compact JSON, unescaped, as `json.dumps` does here), spliced in rather than the
    whole state encoded a second time. Both are hexadecimal, so they are written as JSON strings as they are."""
    if not (_HEX.fullmatch(salt) and _HEX.fullmatch(link)):
        raise ValueError("a salt and a link are hexadecimal digits")
    keys = f'{{"{SALT}":"{salt}","{LINK}":"{link}"}}'.encode()
    if state == b"{}":
        return keys
    if not state.endswith(b"}"):  # not an object as the transcoder writes one: encoded again, as before
        whole = {**json.loads(state), SALT: salt, LINK: link}
        return json.dumps(whole, separators=(",", ":"), ensure_ascii=False).encode()
    return state[:-1] + b"," + keys[1:]


_HEX = re.compile(r"[0-9a-f]+")


def read_chain(recorder: AggregateRecorder, stream_id: UUID) -> ChainReport:
    """A stream's chain recomputed from its stored events, read raw through the recorder, against their links."""
    raw = [RawEvent(s.originator_version, s.topic, decoded(s)) for s in recorder.select_events(stream_id)]
    return walk(stream_id, raw)


class RecordDamagedError(MeldbookError):
    """A stream's stored events that no longer hold together: an event whose content or topic no longer matches
    its link, one missing between two others, or the version a reader held no longer stored (a tail cut off)."""

    problem = Problem(
        "record-damaged",
        "Stored record damaged",
        "a game's stored events, altered underneath the service: an event whose content or topic no longer matches "
        "its hash-chain link, one missing between two others, or the version a read held no longer stored (a tail "
        "cut off); `version` names where, `damage` how (edited or missing), and GET /games/{id}/verify shows each "
        "stream's chain",
        "the stored record of stream 00000000-0000-4000-8000-000000000000 is damaged at version 352 (edited): its "
        "stored content no longer matches its link; ...",
    )

    def __init__(self, stream_id: UUID, version: int, kind: str, detail: str) -> None:
        super().__init__(
            f"the stored record of stream {stream_id} is damaged at version {version} ({kind}): {detail}; it is "
            "not served as it stands (GET /games/{id}/verify shows each stream's chain)",
            details={"stream": str(stream_id), "version": version, "damage": kind},
        )
        self.stream_id = stream_id
        self.version = version


def checked_run(stream_id: UUID, stored: Sequence[StoredEvent], after: StoredEvent | None) -> None:
    """Check a run of a stream's stored events, read in order: each follows the one before (the version `after`
    holds, when the run was read from there; the stream's start otherwise) and holds the link its content makes.
    RecordDamagedError at the first that does not. Events stored before the chain existed carry no link; after a
    linked one, each must."""
    stream = as_uuid(stream_id)
    previous = None if after is None else decoded(after).get(LINK)
    expected = 1 if after is None else after.originator_version + 1
    for event in stored:
        if event.originator_version != expected:
            gap = f"no event {expected}: the record goes from version {expected - 1} to {event.originator_version}"
            raise RecordDamagedError(stream, expected, "missing", gap)
        state = decoded(event)
        link = state.get(LINK)
        if not isinstance(link, str):
            if previous is not None:
                raise RecordDamagedError(stream, expected, "edited", "its link is gone")
        elif link_of(event.topic, expected, state, previous or genesis(stream)) != link:
            raise RecordDamagedError(stream, expected, "edited", "its stored content no longer matches its link")
        else:
            previous = link
        expected += 1


class ChainedEventStore(EventStore[UUID]):
    """The event store, chaining the events it puts just before the recorder inserts them, and checking the events
    it reads against their links (`checked_run`): a damaged record is refused as such, never served or folded."""

    HEADS = 10_000
    """The streams whose last link each process keeps (ChainHeads): about 150 bytes each."""

    def __init__(self, mapper: Mapper[UUID], recorder: AggregateRecorder) -> None:
        super().__init__(mapper=mapper, recorder=recorder)
        self.heads = ChainHeads(self.HEADS)

    def get(
        self,
        originator_id: UUID,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Iterator[DomainEventProtocol[UUID]]:
        """A stream's events as the library reads them, each checked against its link; the link of the newest read is
        kept as the stream's head.

        `gt` is a version the caller holds (a cached or kept aggregate's, a snapshot's, a page's last): the store
        must still hold it, else the record is damaged (its tail was cut, or that event deleted), and it is read too,
        for the link the next event chains from. Read newest first (`desc`), the events are not checked."""
        if desc:
            stored = self.recorder.select_events(originator_id, gt=gt, lte=lte, desc=True, limit=limit)
            if stored:
                self.heads.read(as_uuid(originator_id), stored[0])
            return map(self.mapper.to_domain_event, stored)
        return map(self.mapper.to_domain_event, self._checked(originator_id, gt or None, lte, limit, held=True))

    def page(
        self, originator_id: UUID, *, gt: int | None = None, lte: int | None = None, limit: int | None = None
    ) -> list[DomainEventProtocol[UUID]]:
        """A page of a stream's events after any version (none when the stream ends before it), each checked against
        its link as `get` checks them."""
        return [self.mapper.to_domain_event(s) for s in self._checked(originator_id, gt or None, lte, limit, False)]

    def _checked(
        self, originator_id: UUID, gt: int | None, lte: int | None, limit: int | None, held: bool
    ) -> Sequence[StoredEvent]:
        """The stream's events after `gt`, checked; the event at `gt` is read and checked too (against the one before
        it), so a reader that holds it knows the store still holds the same."""
        stream = as_uuid(originator_id)
        if gt is None:
            stored = self.recorder.select_events(originator_id, lte=lte, limit=limit)
            checked_run(stream, stored, None)
        else:
            start = max(gt - 1, 1)  # the event before the one at gt, whose link that one chains from
            more = gt - start + 1
            stored = self.recorder.select_events(
                originator_id, gt=start - 1 or None, lte=lte, limit=None if limit is None else limit + more
            )
            if not any(event.originator_version == gt for event in stored[:more]):
                if any(event.originator_version > gt for event in stored) or held:
                    cut = "which was read from it before: its tail was cut off" if held else "though later ones are"
                    raise RecordDamagedError(stream, gt, "missing", f"the store no longer holds event {gt}, {cut}")
                return []
            if gt > 1:
                checked_run(stream, stored[1:], stored[0])
            else:
                checked_run(stream, stored, None)
            stored = stored[more:]
        if stored:
            self.heads.read(stream, stored[-1])
        return stored

    def put(self, domain_events: Sequence[DomainEventProtocol[UUID]], **kwargs: Any) -> list[Recording[UUID]]:
        """Store domain events as the library does, each with its link."""
        stored_events, heads = chain_pending(
            self.recorder, [self.mapper.to_stored_event(e) for e in domain_events], self.heads
        )
        try:
            notification_ids = self.recorder.insert_events(stored_events, **kwargs) or []
        except StreamGapError as gap:  # decided on a copy at a version the store no longer holds
            cut = f"the store no longer holds event {gap.version - 1}, which a save was to follow: its tail was cut off"
            raise RecordDamagedError(gap.stream or UUID(int=0), gap.version - 1, "missing", cut) from None
        self.heads.stored(heads)
        return [
            Recording(event, Notification(s.originator_id, s.originator_version, s.topic, s.state, id=n))
            for event, s, n in zip(domain_events, stored_events, notification_ids, strict=True)
        ]


class ChainMapper(NewerRecordMapper):
    """The mapper that refuses a newer Meldbook's events (service/store/newer.py), and drops an event's link and salt
    as it reads it back."""

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        """The domain event, without the chain's keys."""
        event = super().to_domain_event(stored_event)
        vars(event).pop(LINK, None)
        vars(event).pop(SALT, None)
        return event


class ChainedApplication(Application):
    """An application whose event store chains every stream it saves (not its snapshots)."""

    def construct_mapper(self) -> Mapper[UUID]:
        """The chain's mapper, over the application's transcoder; no compressor or cipher (states stay JSON)."""
        return ChainMapper(transcoder=self.construct_transcoder())

    def construct_event_store(self) -> EventStore[UUID]:
        """The chaining event store."""
        return ChainedEventStore(mapper=self.mapper, recorder=self.recorder)
