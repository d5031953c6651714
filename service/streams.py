"""A game's new events as they are stored, for a stream, so that a move recorded through any worker reaches a
stream served by any other.

Both ways below yield a batch of presented events when there are new ones, an empty batch as a heartbeat when
nothing was sent for `heartbeat` seconds, and end once `lifetime` seconds have passed (the client reconnects from the
last event it got), when the client has gone, or when the store stops answering. Neither holds a store connection
while it waits.

- `follow_live`, on an event loop (api/asgi.py, what production runs): woken by the process's one reader of the
  notification log (service/live.py) when the game has new events; it reads them then, and at each heartbeat.
- `follow`, on a thread of its own (a WSGI server: `meldbook serve`, the tests' client): it asks the store for the
  game's last version every `poll` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.access.visibility import Viewer
from service.availability import STORE_DOWN, StoreUnavailableError
from service.ports import GameStore
from service.presenting import present_event

LOG = logging.getLogger(__name__)
BATCH = 500
"""At most this many events are read at once; a stream that starts far behind catches up batch by batch."""
LOOKBACK = 8
"""Events read before a stream's new ones, for the envelope of the move the first of them belongs to: a stream reads
whole moves as they are stored, so the first new event is usually an envelope itself (service/application.py reads
the record from its start when none is there, so a shorter look back is never wrong, only slower)."""
CHECK_SECONDS = 1.0
"""How often a stream on an event loop asks whether its client has gone or its worker is stopping."""


@dataclass(frozen=True, slots=True)
class Pace:
    """How often a stream polls, how long it may stay silent, and how long one connection lives (seconds)."""

    poll: float = 0.5
    heartbeat: float = 15.0
    lifetime: float = 300.0


END, BEAT, WAIT = "end", "beat", "wait"
"""What a stream does once a read found nothing new (`Beat.idle`)."""


class Beat:
    """A stream's time: when it started and when it last sent something; what it does once a read found nothing."""

    def __init__(self, pace: Pace, clock: Callable[[], float]) -> None:
        self.pace, self.clock = pace, clock
        self.started = self.sent = clock()

    def sending(self) -> None:
        """Something was sent just now."""
        self.sent = self.clock()

    def idle(self, ended: Callable[[], bool]) -> str:
        """After a read that found nothing new: END once the lifetime is over or `ended()` says so; BEAT when nothing
        was sent for a heartbeat (counted as sent); WAIT otherwise."""
        now = self.clock()
        if now - self.started >= self.pace.lifetime or ended():
            return END
        if now - self.sent >= self.pace.heartbeat:
            self.sent = now
            return BEAT
        return WAIT

    def heartbeat_due(self) -> bool:
        """Whether nothing was sent for a heartbeat."""
        return self.clock() - self.sent >= self.pace.heartbeat

    def next_due(self) -> float:
        """Seconds until the next heartbeat or the end of the lifetime, whichever comes first."""
        now = self.clock()
        return max(0.0, min(self.pace.heartbeat - (now - self.sent), self.pace.lifetime - (now - self.started)))


def store_down(game_id: UUID | None = None) -> None:
    """Log a stream that ends because the store does not answer (its client reconnects from the last event it got)."""
    LOG.warning("a stream of game %s ended: the store does not answer", game_id or "?")


def follow(
    app: GameStore,
    game_id: UUID,
    viewer: Viewer,
    after: int,
    pace: Pace,
    gone: Callable[[], bool] = lambda: False,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Iterator[list[dict[str, Any]]]:
    """Batches of the game's events after version `after`, as the viewer sees them, until the stream ends."""
    beat = Beat(pace, clock)
    while True:
        try:
            batch = new_events(app, game_id, viewer, after)
        except (StoreUnavailableError, *STORE_DOWN):
            store_down(game_id)
            return
        if batch:
            yield batch
            after = batch[-1]["version"]
            beat.sending()
        elif (step := beat.idle(gone)) == END:
            return
        else:
            if step == BEAT:
                yield []
            sleep(pace.poll)


async def follow_live(
    read: Callable[[int], Awaitable[list[dict[str, Any]]]],
    woken: asyncio.Event,
    after: int,
    pace: Pace,
    ended: Callable[[], bool] = lambda: False,
    clock: Callable[[], float] = time.monotonic,
) -> AsyncIterator[list[dict[str, Any]]]:
    """Batches of the events after version `after`, as `read(after)` presents them, until the stream ends: read
    at the start, whenever `woken` is set (the game has new events) and before each heartbeat."""
    beat = Beat(pace, clock)
    due = True
    while True:
        if due:
            woken.clear()  # before the read: news arriving during it wakes the next wait at once
            try:
                news = await read(after)
            except (StoreUnavailableError, *STORE_DOWN):
                store_down()
                return
            if news:
                yield news
                after = news[-1]["version"]
                beat.sending()
                continue
        step = beat.idle(ended)
        if step == END:
            return
        if step == BEAT:
            yield []
        try:
            await asyncio.wait_for(woken.wait(), min(CHECK_SECONDS, beat.next_due()))
            due = True
        except TimeoutError:
            due = beat.heartbeat_due()  # a read before each heartbeat: a stream that missed a wake catches up


def new_events(app: GameStore, game_id: UUID, viewer: Viewer, after: int) -> list[dict[str, Any]]:
    """The events after a version, at most BATCH of them, as the viewer sees them; asks only for the last version
    while there is nothing new."""
    if app.latest_version(game_id) <= after:
        return []
    events = app.stored_events(game_id, after=after, limit=BATCH, lookback=LOOKBACK)
    hands = app.hand_spans(game_id, viewer)
    return [present_event(event, viewer, hands) for event in events]
