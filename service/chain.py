"""The hash chain beside the store: links stored with the events, in the same transaction, and read back to verify.

Where the links live: in each event's stored state, under `_link` (with its `_salt`, domain/chain.py), set by one
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

from domain.chain import LINK, SALT, ChainReport, RawEvent, genesis, link_of, walk


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


class ChainedEventStore(EventStore[UUID]):
    """The event store, chaining the events it puts just before the recorder inserts them."""

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
        """A stream's events as the library reads them; the link of the newest read is kept as the stream's head."""
        stored = self.recorder.select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
        if stored:
            self.heads.read(UUID(str(originator_id)), stored[0] if desc else stored[-1])
        return map(self.mapper.to_domain_event, stored)

    def put(self, domain_events: Sequence[DomainEventProtocol[UUID]], **kwargs: Any) -> list[Recording[UUID]]:
        """Store domain events as the library does, each with its link."""
        stored_events, heads = chain_pending(
            self.recorder, [self.mapper.to_stored_event(e) for e in domain_events], self.heads
        )
        notification_ids = self.recorder.insert_events(stored_events, **kwargs) or []
        self.heads.stored(heads)
        return [
            Recording(event, Notification(s.originator_id, s.originator_version, s.topic, s.state, id=n))
            for event, s, n in zip(domain_events, stored_events, notification_ids, strict=True)
        ]


class ChainMapper(Mapper[UUID]):
    """The library's mapper, which drops an event's link and salt as it reads it back."""

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
