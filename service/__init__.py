"""Meldbook's use cases over the event store (the eventsourcing Application)."""
