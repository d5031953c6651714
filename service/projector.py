"""How an aggregate is rebuilt from its events: each event mutates the aggregate the one before left."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def project(aggregate: Any, events: Iterable[Any]) -> Any:
    """The aggregate after the given events, in order (None before its first).

    eventsourcing's own projector does the same after an `isinstance` check of each event against a typing
    Protocol, which costs about 8.6 µs an event on Python 3.11 (half the cost of loading a game from its
    snapshot); every event Meldbook stores is an aggregate event that mutates, so the check is left out.
    """
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate
