"""Timed runs: the workload's moves through moving.record_move, and bare eventsourcing appends of the same shape."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from bench.workload import Workload
from bots import SeededChance
from service.application import Meldbook
from service.moving import record_move
from service.setup import create_game


class Tally(Aggregate):
    """A trivial aggregate: one integer, bumped by one event."""

    def __init__(self) -> None:
        self.count = 0

    @event("Bumped")
    def bump(self) -> None:
        """Add one."""
        self.count += 1


class BareApplication(Application[UUID]):
    """An Application with no snapshots, no index and no rules: the raw append path."""

    name = "RawAppends"


def time_service(env: Mapping[str, str], workload: Workload) -> tuple[float, float]:
    """Seconds to record every move of the workload through moving.record_move (load, decide, save), and this
    process's CPU seconds for them."""
    app = Meldbook(dict(env), chance=SeededChance(workload.seed))
    try:
        game, token = create_game(app, "roby", workload.players, {}, "shuffled")
        started, cpu = time.perf_counter(), time.process_time()
        for move in workload.moves:
            record_move(app, game.id, move.body, move.expected_version, token)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        final = app.game(game.id)
        if final.version != workload.moves[-1].expected_version + workload.moves[-1].events:
            raise RuntimeError(f"the replayed game ended at version {final.version}: the workload did not replay")
        return elapsed, cpu
    finally:
        app.close()


def time_each_move(env: Mapping[str, str], workload: Workload) -> tuple[list[tuple[float, float]], UUID, str]:
    """Seconds and CPU seconds (this process's) each move of the workload takes through moving.record_move, in
    order, on a new game; and the game's id and recorder token (the long game that the reading runs read)."""
    app = Meldbook(dict(env), chance=SeededChance(workload.seed))
    try:
        game, token = create_game(app, "roby", workload.players, {}, "shuffled")
        times = []
        for move in workload.moves:
            started, cpu = time.perf_counter(), time.process_time()
            record_move(app, game.id, move.body, move.expected_version, token)
            times.append((time.perf_counter() - started, time.process_time() - cpu))
        return times, game.id, token
    finally:
        app.close()


def time_raw(env: Mapping[str, Any], batches: list[int]) -> tuple[float, float]:
    """Seconds for a bare Application to save a trivial aggregate once per batch, with that many events each, and
    this process's CPU seconds for them. It saves through eventsourcing's own recorder, not the one Meldbook chooses
    on PostgreSQL (service/store/recorders.py): the baseline stays the library's append."""
    app = BareApplication(env={k: v for k, v in env.items() if k != "APPLICATION_RECORDER_TOPIC"})
    try:
        warm_up = Tally()
        app.save(warm_up)
        tally = Tally()
        app.save(tally)
        started, cpu = time.perf_counter(), time.process_time()
        for size in batches:
            for _ in range(size):
                tally.bump()
            app.save(tally)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        if app.repository.get(tally.id).count != sum(batches):
            raise RuntimeError("the raw appends were not all stored")
        return elapsed, cpu
    finally:
        app.close()
