"""What a save collects: each aggregate's pending events, gathered without eventsourcing's per-object Protocol checks.

eventsourcing's `ProcessingEvent.collect_events` asks of every object saved whether it is a domain event and whether
it collects events, each an `isinstance` check against a runtime-checkable typing Protocol, which walks the Protocol's
members every time (on Python 3.11 about 5% of a move's CPU in `record_move`, two such checks a save). Every object
Meldbook saves is one of eventsourcing's aggregates, found by an ordinary class check; anything else is left to the
library's own collection, in the order given.
"""

from __future__ import annotations

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
