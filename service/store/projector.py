"""How an aggregate is rebuilt from its events: each event mutates the aggregate the one before left."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any
from uuid import UUID

from domain.corrections.events import MovesUnknownError


def project(aggregate: Any, events: Iterable[Any]) -> Any:
    """The aggregate after the given events, in order (None before its first).

    eventsourcing's own projector does the same after an `isinstance` check of each event against a typing
    Protocol, which costs about 8.6 µs an event on Python 3.11 (half the cost of loading a game from its
    snapshot); every event Meldbook stores is an aggregate event that mutates, so the check is left out.
    """
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


def projector_reading(record: Callable[[UUID, int], Iterable[Any]], forget: Callable[[UUID], None]) -> Any:
    """A projector like `project` that, when a correction is folded onto a game that does not know its moves that
    count (loaded from a snapshot, or a copy, taken before the correction), folds the game's record from its creation
    up to the same last event instead: `record(game_id, version)` reads it; `forget(game_id)` drops the game from the
    aggregate cache, whose copy stopped before the correction (its next read loads the snapshot taken with it)."""

    def projected(aggregate: Any, events: Iterable[Any]) -> Any:
        remaining: Iterator[Any] = iter(events)
        try:
            return project(aggregate, remaining)
        except MovesUnknownError as unknown:
            last = unknown.version
            for last_event in remaining:
                last = last_event.originator_version
            forget(unknown.game_id)
            return project(None, record(unknown.game_id, last))

    return projected
