"""How a stream follows a game (service/streams.py): new events in batches, heartbeats while nothing happens, and an
end once its lifetime is over, the client has gone or the store does not answer. A fake store and a fake clock."""

from __future__ import annotations

from typing import Any, cast
from uuid import uuid4

from domain.access.visibility import Viewer
from service.application import Meldbook
from service.availability import StoreUnavailableError
from service.streams import Pace, follow


class Store:
    """A game whose events appear as the clock moves: `schedule` maps a time to the versions stored by then."""

    def __init__(self, schedule: dict[float, int], clock: list[float], down_at: float | None = None) -> None:
        self.schedule, self.clock, self.down_at = schedule, clock, down_at
        self.reads = 0

    def latest_version(self, game_id: Any) -> int:
        if self.down_at is not None and self.clock[0] >= self.down_at:
            raise StoreUnavailableError("the store did not answer")
        return max(v for t, v in self.schedule.items() if t <= self.clock[0])

    def stored_events(self, game_id: Any, after: int, limit: int, lookback: int = 0) -> list[Any]:
        self.reads += 1
        return [Event(v) for v in range(after + 1, min(self.latest_version(game_id), after + limit) + 1)]

    def hand_spans(self, game_id: Any, viewer: Viewer) -> None:
        return None


class Event:
    def __init__(self, version: int) -> None:
        self.version, self.move, self.type, self.topic, self.secret = version, version, "X", "x.X", ()
        self.data: dict[str, Any] = {}
        self.voided = None
        self.timestamp = type("T", (), {"isoformat": lambda self: "t"})()


def run(store: Store, clock: list[float], pace: Pace, gone: Any = lambda: False) -> list[list[int]]:
    def sleep(seconds: float) -> None:
        clock[0] += seconds

    batches = follow(cast(Meldbook, store), uuid4(), Viewer.SPECTATOR, 0, pace, gone, lambda: clock[0], sleep)
    return [[event["version"] for event in batch] for batch in batches]


def test_events_come_in_order_once_each_as_they_are_stored_then_the_stream_ends_with_its_lifetime() -> None:
    clock = [0.0]
    store = Store({0: 3, 2: 5, 4: 6}, clock)
    assert run(store, clock, Pace(poll=0.5, heartbeat=100, lifetime=10)) == [[1, 2, 3], [4, 5], [6]]
    assert clock[0] >= 10 and store.reads == 3  # while nothing is new, only the last version is asked


def test_a_silent_stream_sends_a_heartbeat_every_heartbeat_seconds() -> None:
    clock = [0.0]
    batches = run(Store({0: 1}, clock), clock, Pace(poll=1, heartbeat=3, lifetime=10))
    assert batches[0] == [1] and batches[1:] == [[], [], []]


def test_a_stream_ends_once_the_client_has_gone_or_the_store_stops_answering() -> None:
    clock = [0.0]
    assert run(Store({0: 2}, clock), clock, Pace(lifetime=300), gone=lambda: clock[0] >= 2) == [[1, 2]]
    assert clock[0] < 3
    clock = [0.0]
    assert run(Store({0: 2, 1: 4}, clock, down_at=2), clock, Pace(lifetime=300)) == [[1, 2], [3, 4]]
    assert clock[0] < 3


def test_a_stream_far_behind_catches_up_batch_by_batch_without_waiting() -> None:
    clock = [0.0]
    batches = run(Store({0: 1200}, clock), clock, Pace(lifetime=0))
    assert [len(b) for b in batches] == [500, 500, 200] and [v for b in batches for v in b] == list(range(1, 1201))
