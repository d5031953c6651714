"""The application base with the store's speed-ups: eventsourcing's `Application` with its save, event store and
mapper replaced by the ones of this package, the rest left to the library.

`save` does what `Application.save` does (record, snapshot, notify) through the library's own steps (`_record`,
`_notify`, `take_snapshot`), with the events collected by `CollectedSave` (saving.py) and a snapshot taken from the
aggregate in hand stored in the save's own transaction where the recorder can take it (recorders.py).
tests/integration/test_store_adapter.py checks it against the library's own `Application.save`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Recording

from service.store.chain import ChainedApplication, ChainedEventStore
from service.store.projector import project
from service.store.saving import CollectedSave


class StoreApplication(ChainedApplication):
    """An eventsourcing application whose saves and streams go through this package's adapters."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        super().__init__(env)
        self._snapshots_with_events = self.snapshots is not None and getattr(
            self.snapshots.recorder, "events_table_name", None
        ) == getattr(self.recorder, "snapshots_table_name", "")
        """Whether the recorder inserts a save's snapshots with its events, into the snapshot store's own table."""
        self.fold: Any = project
        """How a snapshot read again after a save is folded from its aggregate's events (projector.py; an
        application may give one that reads the store)."""

    def save(self, *objs: Any, **kwargs: Any) -> list[Recording[UUID]]:
        """Save as eventsourcing's `Application.save` does (record, snapshot, notify), the events collected by
        `CollectedSave`, without the library's Protocol checks per object.

        A snapshot taken from the aggregate in hand goes into the store with the events, in the save's own
        transaction, where the recorder can take it; the others once the events are stored."""
        processing_event = CollectedSave()
        processing_event.collect_events(*objs, **kwargs)
        in_hand, read_again = ([], []) if self.snapshots is None else processing_event.snapshots_due(
            self.snapshotting_intervals, self.snapshot_class
        )
        if in_hand and self._snapshots_with_events:
            assert self.snapshots is not None
            processing_event.saved_kwargs["snapshots"] = [self.snapshots.mapper.to_stored_event(s) for s in in_hand]
            in_hand = []
        recordings = self._record(processing_event)
        if in_hand:
            assert self.snapshots is not None
            self.snapshots.put(in_hand)
        for aggregate_id, version in read_again:
            self.take_snapshot(aggregate_id, version, self.fold)
        self._notify(recordings)
        self.notify(processing_event.events)  # the library's older hook, which Application.save still calls
        return recordings

    @property
    def event_pages(self) -> ChainedEventStore:
        """The event store, for pages of a stream's events after any version (chain.py)."""
        store = self.repository.event_store
        assert isinstance(store, ChainedEventStore)
        return store
