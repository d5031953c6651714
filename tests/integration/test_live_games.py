"""Streams on an event loop (service/live.py, service/streams.py `follow_live`), on SQLite and PostgreSQL: one
process's reader of the notification log wakes a stream when another process records a move, and the stream sends
each event once, in order, as the same read shows it; a quiet stream sends heartbeats and ends with its lifetime;
reads made at once with the same key are made once, for every waiter, whoever goes away."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bots import concrete_bodies, without_version
from domain.access.visibility import Viewer
from service.live import LiveGames, SharedReads
from service.moving import record_move
from service.streams import Pace, follow_live, new_events
from tests.integration.conftest import OpenMeldbook
from tests.integration.service_play import play_through_service

SEED = 45
DEADLINE = 60.0
"""Generous: how long a stream may take to get a move, on a busy machine (never asserted as a duration)."""


def test_a_stream_is_woken_by_the_moves_another_process_records_and_sends_each_event_once_in_order(
    open_meldbook: OpenMeldbook,
) -> None:
    recording, streaming = open_meldbook(), open_meldbook()
    played = play_through_service(recording, SEED, max_moves=6)
    game_id, token = played.game_id, played.token
    reader = ThreadPoolExecutor(1)

    def record_one() -> None:
        game = recording.game(game_id)
        body = next(without_version(b) for e in game.legal_actions() for b in concrete_bodies(e))
        record_move(recording, game_id, body, game.version, token)

    async def run() -> list[list[dict[str, Any]]]:
        live = LiveGames(streaming.recorder, reader, poll=0.05)
        await live.start()
        batches: list[list[dict[str, Any]]] = []
        done = asyncio.Event()
        recorded: list[asyncio.Future[None]] = []

        async def read(after: int) -> list[dict[str, Any]]:
            return await live.run(new_events, streaming, game_id, Viewer.SPECTATOR, after)

        async def record_later() -> None:  # while the stream waits: only the log's reader can wake it
            await asyncio.sleep(0.2)
            await asyncio.get_running_loop().run_in_executor(None, record_one)

        with live.watch(game_id) as woken:
            pace = Pace(heartbeat=3600, lifetime=3600)  # no heartbeat read: every read after the first is a wake's
            async for batch in follow_live(read, woken, 0, pace, done.is_set):
                batches.append(batch)
                if len(batches) <= 3:
                    recorded.append(asyncio.ensure_future(record_later()))
                else:
                    done.set()
            assert live.watched == 1
        assert live.watched == 0
        return batches

    batches = asyncio.run(asyncio.wait_for(run(), DEADLINE))
    reader.shutdown()
    sent = [event for batch in batches for event in batch]
    assert [event["version"] for event in sent] == list(range(1, recording.latest_version(game_id) + 1))
    assert sent == new_events(streaming, game_id, Viewer.SPECTATOR, 0)
    assert len(batches) == 4


def test_a_quiet_stream_sends_heartbeats_and_ends_with_its_lifetime(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=2)
    reader = ThreadPoolExecutor(1)

    async def run() -> list[list[dict[str, Any]]]:
        live = LiveGames(app.recorder, reader, poll=0.05)
        await live.start()

        async def read(after: int) -> list[dict[str, Any]]:
            return await live.run(new_events, app, played.game_id, Viewer.FULL, after)

        with live.watch(played.game_id) as woken:
            return [batch async for batch in follow_live(read, woken, 0, Pace(heartbeat=0.1, lifetime=0.5))]

    batches = asyncio.run(run())
    reader.shutdown()
    assert batches[0] == new_events(app, played.game_id, Viewer.FULL, 0)
    assert len(batches) >= 2 and all(batch == [] for batch in batches[1:])


def test_reads_made_at_once_with_one_key_are_made_once_for_every_waiter_whoever_goes_away() -> None:
    async def run() -> None:
        shared, made = SharedReads(), []
        release = asyncio.Event()

        async def make() -> list[int]:
            made.append(1)
            await release.wait()
            return [7]

        first = asyncio.ensure_future(shared.read("k", make))
        second = asyncio.ensure_future(shared.read("k", make))
        other = asyncio.ensure_future(shared.read("other", make))
        await asyncio.sleep(0)
        first.cancel()  # one waiter goes away: the read goes on for the others
        release.set()
        assert await second == [7] and await other == [7]
        assert first.cancelled() and len(made) == 2
        assert await shared.read("k", make) == [7] and len(made) == 3  # nothing kept once done

        async def fail() -> list[int]:
            raise LookupError("the store said no")

        waiters = [asyncio.ensure_future(shared.read("bad", fail)) for _ in range(2)]
        for waiter in waiters:
            with pytest.raises(LookupError):
                await waiter

    asyncio.run(run())
