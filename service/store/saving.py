"""What a save collects: each aggregate's pending events, gathered without eventsourcing's per-object Protocol checks,
and the snapshots it owes.

eventsourcing's `ProcessingEvent.collect_events` asks of every object saved whether it is a domain event and whether
it collects events, each an `isinstance` check against a runtime-checkable typing Protocol, which walks the Protocol's
members every time (on Python 3.11 about 5% of a move's CPU in `record_move`, two such checks a save). Every object
Meldbook saves is one of eventsourcing's aggregates, found by an ordinary class check; anything else is left to the
library's own collection, in the order given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from eventsourcing.application import ProcessingEvent
from eventsourcing.domain import BaseAggregate


class CollectedSave(ProcessingEvent[UUID]):
    """A save's events and aggregates, as eventsourcing's ProcessingEvent collects them."""

    def collect_events(self, *objs: Any, **kwargs: Any) -> None:
        """Collect each aggregate's pending events, in the order given; other objects as the library does."""
        for obj in objs:
            if isinstance(obj, BaseAggregate):
                self.events.extend(obj.collect_events())
                self.aggregates[obj.id] = obj
            elif obj is not None:
                super().collect_events(obj)
        self.saved_kwargs.update(kwargs)

    def snapshots_due(
        self, intervals: Mapping[type, int], snapshot_class: type | None
    ) -> tuple[list[Any], list[tuple[UUID, int]]]:
        """The snapshots the save owes, for each aggregate whose saved events reach a multiple of its type's interval:
        taken from the aggregate in hand, at its last event, when they are fewer than the interval (a move); as
        eventsourcing takes them, read again at each multiple once the events are stored, when they are more (an
        import, a whole game). Either way the state at any event is a snapshot plus fewer than twice the interval's
        events."""
        in_hand: list[Any] = []
        read_again: list[tuple[UUID, int]] = []
        for aggregate in self.aggregates.values():
            interval = intervals.get(type(aggregate))
            versions = [e.originator_version for e in self.events if e.originator_id == aggregate.id]
            if interval is None or not versions:
                continue
            multiples = range(interval * ((versions[0] - 1) // interval + 1), versions[-1] + 1, interval)
            if multiples and len(versions) < interval:
                in_hand.append(getattr(type(aggregate), "Snapshot", snapshot_class).take(aggregate))
            else:
                read_again += [(aggregate.id, version) for version in multiples]
        return in_hand, read_again
