"""Which games have new events, for the streams one process serves on its event loop (api/asgi.py): one reader of
the store's notification log per process, however many streams are open.

While any stream waits, `LiveGames` reads the notification log after the last id it has seen, every `poll` seconds,
on the process's stream-reading thread (`reader`, one thread: so the streams of a process never hold more than one
store connection, and never a thread that answers requests), and wakes the streams of each game that has new
events. The log holds every event of every process's saves in the order they committed (eventsourcing's recorder
takes a table lock per insert on PostgreSQL; SQLite has one writer), so a move recorded through any worker wakes the
streams of every worker.

A woken stream then reads its events after the last one it sent, through its viewer (service/streams.py
`new_events`, the same read a stream under a thread makes); streams of one game that would make the very same read
at once (same viewer, same last event) share it (`SharedReads`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, TypeVar
from uuid import UUID

from service.availability import STORE_DOWN, StoreUnavailableError

LOG = logging.getLogger(__name__)
BATCH = 500
"""Notifications read at once; a reader that is far behind reads batch after batch."""
T = TypeVar("T")


class LiveGames:
    """One process's reader of the notification log, waking the streams of the games that have new events."""

    def __init__(self, recorder: Any, reader: Executor, poll: float = 0.25) -> None:
        self.recorder, self.reader, self.poll = recorder, reader, poll
        self._waiting: dict[UUID, set[asyncio.Event]] = {}
        self._position: int | None = None
        self._task: asyncio.Task[None] | None = None
        self._down = False

    @property
    def watched(self) -> int:
        """How many streams are waiting for news right now."""
        return sum(len(events) for events in self._waiting.values())

    async def start(self) -> None:
        """Know where the log ends before the first stream reads anything, so that no event stored after that
        read goes unnoticed."""
        if self._position is None:
            self._position = await self.run(self._last_id)

    @contextmanager
    def watch(self, game_id: UUID) -> Iterator[asyncio.Event]:
        """An event that is set whenever the game gets new events, for as long as the block runs (`start` first)."""
        assert self._position is not None, "LiveGames.start() comes before the first watch"
        woken = asyncio.Event()
        self._waiting.setdefault(game_id, set()).add(woken)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._follow(), name="meldbook-live-games")
        try:
            yield woken
        finally:
            waiting = self._waiting.get(game_id)
            if waiting is not None:
                waiting.discard(woken)
                if not waiting:
                    del self._waiting[game_id]

    async def run(self, read: Callable[..., T], *args: Any) -> T:
        """A blocking store read, on the stream-reading thread."""
        return await asyncio.get_running_loop().run_in_executor(self.reader, read, *args)

    async def _follow(self) -> None:
        """Read the log every `poll` seconds while anyone waits; wake the waiters of each game with news."""
        while self._waiting:
            await asyncio.sleep(self.poll)
            try:
                games = await self.run(self._news)
            except (StoreUnavailableError, *STORE_DOWN) as error:  # the streams' own reads will find it too
                if not self._down:
                    LOG.warning("streams: the notification log did not answer (%s)", type(error).__name__)
                self._down = True
                continue
            self._down = False
            for game_id in games:
                for woken in self._waiting.get(game_id, ()):
                    woken.set()

    def _last_id(self) -> int:
        return int(self.recorder.max_notification_id() or 0)

    def _news(self) -> set[UUID]:
        """The aggregates with events stored since the last call (games among them)."""
        assert self._position is not None
        games: set[UUID] = set()
        while batch := self.recorder.select_notifications(self._position + 1, BATCH):
            games.update(notification.originator_id for notification in batch)
            self._position = batch[-1].id
            if len(batch) < BATCH:
                break
        return games


class SharedReads:
    """Reads that several waiters would make at the very same moment with the same key, made once: the others
    await the first one's answer (or its error). The read runs as a task of its own, so a waiter that goes away
    does not cancel it for the others; nothing is kept once it is done."""

    def __init__(self) -> None:
        self._running: dict[Hashable, asyncio.Task[Any]] = {}

    async def read(self, key: Hashable, make: Callable[[], Awaitable[T]]) -> T:
        """The answer of `make()`, shared with every caller that asks for the same key while it runs."""
        task = self._running.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._running[key] = task
            task.add_done_callback(lambda done: self._done(key, done))
        return await asyncio.shield(task)  # type: ignore[no-any-return]

    def _done(self, key: Hashable, task: asyncio.Task[Any]) -> None:
        if self._running.get(key) is task:
            del self._running[key]
        if not task.cancelled():
            task.exception()  # retrieved, so that a read whose waiters have all gone logs nothing
