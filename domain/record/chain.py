"""The hash chain of a stream's events (a game's, its annotations', its disputes'): tamper evidence.

Each stored event carries a link: SHA-256 over a canonical JSON (sorted keys, no spaces) of the event as stored,
its topic, its version and its stored state decoded as plain JSON, without upcasting, less the timestamp, the
token hash and the link itself, together with the previous event's link. An upcast event is therefore hashed as it
was stored, never as the current class reads it. The first event's previous link is the stream's id, so an event
moved from another stream does not fit.

Each event also carries a salt: 16 random bytes, hashed with it and never shown over the API. Without it, anyone who
kept the digest before a hidden draw could try the 52 cards against the digest after it, and learn the card.

Events stored before the chain existed have no link: a chain then starts at the first linked event, and the
events before it are reported as unlinked. This module only computes and checks; service/store/chain.py stores the links
and reads them back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from hashlib import sha256
from typing import Any
from uuid import UUID

LINK = "_link"
"""The key of the link in an event's stored state."""
SALT = "_salt"
"""The key of the salt in an event's stored state (hashed as part of the state)."""
UNCHAINED = frozenset({"timestamp", "token_hash", LINK})
"""Stored keys left out of the hash: the time the store stamps, a token's hash (rotations replace tokens, and a
hash of a secret has no place in a digest players keep), and the link itself."""
BROKEN_KINDS = ("edited", "missing", "reordered")
"""What a broken link can be: an event whose content or link changed, an event gone, an event moved."""


@dataclass(frozen=True, slots=True)
class RawEvent:
    """One event as the store holds it: its version, topic and decoded state."""

    version: int
    topic: str
    state: Mapping[str, Any]

    @property
    def link(self) -> str | None:
        """The link stored with it; None for an event stored before the chain existed."""
        stored = self.state.get(LINK)
        return stored if isinstance(stored, str) else None


@dataclass(frozen=True, slots=True)
class BrokenLink:
    """The first place where the record and its chain disagree: the version, what happened there, in words."""

    version: int
    kind: str
    detail: str


@dataclass(frozen=True, slots=True)
class ChainReport:
    """A stream's chain recomputed against its stored links."""

    length: int
    """The last version stored (0: nothing stored)."""
    first_linked: int | None
    """The first event that carries a link; those before it were stored before the chain existed."""
    head: str | None
    """The link of the last event, when the chain holds up to it."""
    broken: BrokenLink | None
    links: dict[int, str] = field(default_factory=dict, repr=False)
    """Each version's recomputed link, up to the first broken one."""

    @property
    def ok(self) -> bool:
        """Whether every link holds."""
        return self.broken is None


def canonical(doc: Any) -> bytes:
    """A JSON document as one canonical string of bytes: sorted keys, no spaces, UTF-8."""
    return _CANONICAL.encode(doc).encode()


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""The encoder of `canonical`, made once (json.dumps makes one per call when given options)."""


def genesis(stream_id: UUID) -> str:
    """The previous link of a stream's first linked event: the stream's id."""
    return stream_id.hex


def link_of(topic: str, version: int, state: Mapping[str, Any], previous: str) -> str:
    """The link of an event: SHA-256 over its topic, version and stored state (less UNCHAINED) and the previous
    link, as canonical JSON."""
    hashed = {k: v for k, v in state.items() if k not in UNCHAINED}
    return sha256(canonical({"previous": previous, "state": hashed, "topic": topic, "version": version})).hexdigest()


def walk(stream_id: UUID, events: Sequence[RawEvent]) -> ChainReport:
    """Recompute a stream's chain from its stored events (in stored order) and name the first broken link."""
    previous, expected, first_linked = genesis(stream_id), 1, None
    links: dict[int, str] = {}
    for index, event in enumerate(events):
        if event.version != expected:
            gap = f"the record goes from version {expected - 1} to {event.version}"
            return _report(events, first_linked, links, BrokenLink(expected, "missing", f"no event {expected}: {gap}"))
        if event.link is None:
            if first_linked is not None:
                lost = "its link is gone, though every event after the first linked one carries one"
                return _report(events, first_linked, links, BrokenLink(event.version, "edited", lost))
            expected += 1
            continue
        first_linked = first_linked or event.version
        if link_of(event.topic, event.version, event.state, previous) != event.link:
            return _report(events, first_linked, links, diagnose(events, index, previous))
        links[event.version] = previous = event.link
        expected += 1
    return _report(events, first_linked, links, None)


def diagnose(events: Sequence[RawEvent], index: int, previous: str) -> BrokenLink:
    """Why the link of the event at `index` does not hold, given the link before it (which holds)."""
    event, version = events[index], events[index].version
    for other in events[index + 1 :]:
        if other.link is not None and link_of(other.topic, version, other.state, previous) == other.link:
            where = f"the event stored as version {other.version} belongs at version {version}"
            return BrokenLink(version, "reordered", f"{where}: the events were moved")
    following = events[index + 1] if index + 1 < len(events) else None
    if event.link is not None and following is not None and following.link is not None:
        if link_of(following.topic, following.version, following.state, event.link) == following.link:
            return BrokenLink(version, "edited", "its stored content no longer matches its link")
        for shift in range(1, len(events) + 1):
            if link_of(following.topic, following.version + shift, following.state, event.link) == following.link:
                gone = f"{shift} events were" if shift > 1 else "an event was"
                where = f"before the event stored as version {version}"
                return BrokenLink(version, "missing", f"{gone} deleted {where}, and the later ones renumbered")
    return BrokenLink(version, "edited", "its stored content or its link was changed")


def check_digest(report: ChainReport, digest: str, at: int) -> BrokenLink | None:
    """Whether a digest kept at version `at` (the link of the event there) matches the record; what is wrong if not.

    A whole chain rewritten consistently, or a tail cut off, still holds link by link: only a kept digest shows it.
    """
    if at > report.length:
        cut = f"the record ends at version {report.length}, but the digest was kept at version {at}"
        return BrokenLink(report.length + 1, "missing", f"{cut}: its tail was cut off")
    if report.first_linked is None or at < report.first_linked:
        return BrokenLink(at, "edited", f"version {at} carries no link: it was stored before the chain existed")
    recomputed = report.links.get(at)
    if recomputed is None:
        assert report.broken is not None
        return report.broken
    if recomputed != digest.lower():
        return BrokenLink(at, "edited", f"the record up to version {at} is not the one the digest was kept from")
    return None


def _report(
    events: Sequence[RawEvent], first_linked: int | None, links: dict[int, str], broken: BrokenLink | None
) -> ChainReport:
    length = events[-1].version if events else 0
    head = links.get(length) if broken is None else None
    return ChainReport(length, first_linked, head, broken, links)
