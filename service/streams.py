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

from domain.visibility import Viewer
from service.application import Meldbook
from service.availability import STORE_DOWN, StoreUnavailableError
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


def follow(
    app: Meldbook,
    game_id: UUID,
    viewer: Viewer,
    after: int,
    pace: Pace,
    gone: Callable[[], bool] = lambda: False,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Iterator[list[dict[str, Any]]]:
    """Batches of the game's events after version `after`, as the viewer sees them, until the stream ends."""
    started = sent = clock()
    while True:
        try:
            batch = new_events(app, game_id, viewer, after)
        except (StoreUnavailableError, *STORE_DOWN):  # the client reconnects from the last event it got
            LOG.warning("stream of game %s ended: the store does not answer", game_id)
            return
        if batch:
            yield batch
            after, sent = batch[-1]["version"], clock()
            continue
        now = clock()
        if now - started >= pace.lifetime or gone():
            return
        if now - sent >= pace.heartbeat:
            yield []
            sent = now
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
    started = sent = clock()
    due = True
    while True:
        if due:
            woken.clear()  # before the read: news arriving during it wakes the next wait at once
            try:
                batch = await read(after)
            except (StoreUnavailableError, *STORE_DOWN):  # the client reconnects from the last event it got
                LOG.warning("a stream ended: the store does not answer")
                return
            if batch:
                yield batch
                after, sent = batch[-1]["version"], clock()
                continue
        now = clock()
        if now - started >= pace.lifetime or ended():
            return
        if now - sent >= pace.heartbeat:
            yield []
            sent = now
        wait = min(CHECK_SECONDS, pace.heartbeat - (now - sent), pace.lifetime - (now - started))
        try:
            await asyncio.wait_for(woken.wait(), max(wait, 0.0))
            due = True
        except TimeoutError:
            due = clock() - sent >= pace.heartbeat


def new_events(app: Meldbook, game_id: UUID, viewer: Viewer, after: int) -> list[dict[str, Any]]:
    """The events after a version, at most BATCH of them, as the viewer sees them; asks only for the last version
    while there is nothing new."""
    if app.latest_version(game_id) <= after:
        return []
    events = app.stored_events(game_id, after=after, limit=BATCH, lookback=LOOKBACK)
    hands = app.hand_spans(game_id, viewer)
    return [present_event(event, viewer, hands) for event in events]
