"""A save collects what eventsourcing's own collection would: each aggregate's pending events, in order, beside
domain events given bare, and the aggregates by id (service/store/saving.py)."""

from __future__ import annotations

from eventsourcing.application import ProcessingEvent
from eventsourcing.domain import Aggregate, event

from service.store.saving import CollectedSave


class Counter(Aggregate):
    """An aggregate with one event."""

    def __init__(self) -> None:
        self.count = 0

    @event("Bumped")
    def bump(self) -> None:
        """Add one."""
        self.count += 1


def _objects() -> tuple[list[object], list[object]]:
    first, second, stray = Counter(), Counter(), Counter()
    first.bump()
    second.bump()
    second.bump()
    stray.bump()
    bare = stray.collect_events()[-1]  # a domain event saved on its own
    return [first, None, bare, second], [first, second]


def test_a_save_collects_the_same_events_in_the_same_order_as_the_library() -> None:
    objects, aggregates = _objects()
    pending = [list(a._pending_events) for a in aggregates]  # type: ignore[attr-defined]
    ours = CollectedSave()
    ours.collect_events(*objects, note="kept")
    for aggregate, events in zip(aggregates, pending, strict=True):  # pending again, for the library's collection
        aggregate._pending_events = list(events)  # type: ignore[attr-defined]
    theirs: ProcessingEvent = ProcessingEvent()
    theirs.collect_events(*objects, note="kept")
    assert ours.events == theirs.events and len(ours.events) == 2 + 1 + 3  # first's, the bare one, second's
    assert ours.aggregates == theirs.aggregates == {a.id: a for a in aggregates}  # type: ignore[attr-defined]
    assert ours.saved_kwargs == theirs.saved_kwargs == {"note": "kept"}
