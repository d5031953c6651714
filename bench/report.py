"""The benchmark's results and the tables they print as."""

from __future__ import annotations

import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bench.http_runs import HttpResult, ReadResult


@dataclass(frozen=True, slots=True)
class Result:
    """One store's figures: median seconds for the service run and for the raw runs of the same run."""

    store: str
    moves: int
    events: int
    service_seconds: float
    raw_seconds: float
    single_seconds: float
    service_cpu: float
    """Median CPU seconds of this process for the service runs, and for the raw runs."""
    raw_cpu: float

    @property
    def service_rate(self) -> float:
        """Moves recorded per second through moving.record_move."""
        return self.moves / self.service_seconds

    @property
    def raw_rate(self) -> float:
        """Bare saves per second, with the moves' event counts per save."""
        return self.moves / self.raw_seconds

    @property
    def single_rate(self) -> float:
        """Bare saves per second, one event per save, as many events as the moves produced."""
        return self.events / self.single_seconds

    @property
    def ratio(self) -> float:
        """The service's rate as a fraction of the raw rate for the same saves and events."""
        return self.service_rate / self.raw_rate

    @property
    def cpu_ratio(self) -> float:
        """The same ratio from this process's CPU: what the service computes beside the raw append, without the
        waits for the disk or for a busy machine's cores."""
        return self.raw_cpu / self.service_cpu


@dataclass(frozen=True, slots=True)
class FlatCost:
    """Seconds and CPU seconds of each of the first and the last moves of one long game, recorded through the
    service."""

    store: str
    first: list[tuple[float, float]]
    last: list[tuple[float, float]]
    moves: int

    def median(self, moves: list[tuple[float, float]], which: int = 0) -> float:
        """The median seconds (0) or CPU seconds (1) of some moves."""
        return statistics.median(move[which] for move in moves)

    @property
    def ratio(self) -> float:
        """The last moves' median cost as a multiple of the first moves'."""
        return self.median(self.last) / self.median(self.first)

    @property
    def cpu_ratio(self) -> float:
        """The same from this process's CPU, which the database's own work (a checkpoint, an autovacuum of the
        growing table) and a busy machine's other work do not inflate."""
        return self.median(self.last, 1) / self.median(self.first, 1)


@dataclass(frozen=True, slots=True)
class HttpCeiling:
    """Meldbook over HTTP on one server and store, and the bare app (bench/bare.py) on the same kind of server and
    store just after: its saves per second are what no move over HTTP can beat there."""

    store: str
    meldbook: HttpResult
    bare: HttpResult

    @property
    def ceiling(self) -> float:
        """The HTTP ratio a move costing no more than the bare app's save would reach against Meldbook's /health."""
        return self.bare.move_rate / self.meldbook.health_rate

    @property
    def cpu_ceiling(self) -> float:
        """The same from the servers' CPU per request: Meldbook's /health over the bare app's save."""
        health = self.meldbook.health_cpu / self.meldbook.health
        return health / (self.bare.move_cpu / self.bare.moves)


def load_line(when: str) -> str:
    """The machine's cores and load average now, with the time."""
    load = " ".join(f"{figure:.2f}" for figure in os.getloadavg())
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return f"machine: {os.cpu_count()} cores, load average {load} {when} ({now})"


def table(results: Sequence[Result]) -> str:
    """Recording through the service beside raw appends."""
    headers = (
        "store", "moves", "events", "service moves/s", "raw saves/s", "service/raw", "by CPU", "raw 1-event saves/s"
    )
    rows = [
        (r.store, str(r.moves), str(r.events), f"{r.service_rate:,.0f}", f"{r.raw_rate:,.0f}", f"{r.ratio:.2f}",
         f"{r.cpu_ratio:.2f}", f"{r.single_rate:,.0f}")
        for r in results
    ]
    return render("Recording (target: service/raw >= 0.7)", headers, rows)


def flat_table(results: Sequence[FlatCost]) -> str:
    """The first moves of the long game beside its last ones."""
    headers = ("store", "moves", "first 100 ms/move", "last 100 ms/move", "last/first", "by CPU")
    rows = [
        (r.store, str(r.moves), f"{r.median(r.first) * 1000:.2f}", f"{r.median(r.last) * 1000:.2f}",
         f"{r.ratio:.2f}", f"{r.cpu_ratio:.2f}")
        for r in results
    ]
    return render("Flat cost (target: last/first about 1)", headers, rows)


def http_table(results: Sequence[HttpCeiling]) -> str:
    """HTTP moves beside /health on the same server, and the bare app's saves on the same kind of server."""
    headers = ("store", "server", "clients", "moves/s", "/health/s", "moves//health", "by server CPU",
               "bare saves/s", "ceiling", "by server CPU")
    rows = [
        (c.store, c.meldbook.server, str(c.meldbook.clients), f"{c.meldbook.move_rate:,.0f}",
         f"{c.meldbook.health_rate:,.0f}", f"{c.meldbook.ratio:.2f}", f"{c.meldbook.cpu_ratio:.2f}",
         f"{c.bare.move_rate:,.0f}", f"{c.ceiling:.2f}", f"{c.cpu_ceiling:.2f}")
        for c in results
    ]
    return render("HTTP (target: moves//health >= 0.5; ceiling: bare saves//health)", headers, rows)


def reads_table(results: Sequence[tuple[str, ReadResult]]) -> str:
    """Reading the long game's past beside reading it now, and its events a page at a time."""
    headers = ("store", "caller", "GET game ms", "state/game median", "worst N", "by server CPU", "pages",
               "first pages ms", "last pages ms")
    rows = [
        (store, who, f"{r.game_ms[who]:.1f}", f"{statistics.median(r.ratios[who]):.2f}", f"{max(r.ratios[who]):.2f}",
         f"{r.cpu_ratio[who]:.2f}", str(r.pages), f"{r.first_page_ms:.1f}", f"{r.last_page_ms:.1f}")
        for store, r in results
        for who in r.game_ms
    ]
    return render("Reading the past (target: ratio <= 1.5)", headers, rows)


def render(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A titled, aligned text table."""
    every = [tuple(headers), *map(tuple, rows)]
    widths = [max(len(row[i]) for row in every) for i in range(len(headers))]
    lines = ["  ".join(_align(i, cell, width) for i, (cell, width) in enumerate(zip(row, widths, strict=True)))
             for row in every]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join([title, *lines])


def _align(column: int, cell: str, width: int) -> str:
    return cell.ljust(width) if column == 0 else cell.rjust(width)


NOTES = """\
Recording: moving.record_move per move (token check, load, version check, decide, save, answer from what the
  save returned), replaying a seeded Roby bot game's moves; raw: a bare eventsourcing Application saving a trivial
  aggregate, as many saves as moves with as many events each (no load, no rules); raw 1-event: the same number of
  events, one event per save. Medians of the repeats. "by CPU": raw CPU / service CPU of this process for the
  same runs, without the waits for the disk (the raw run's commits) or for a busy machine's cores.
Flat cost: each move of the long game timed through moving.record_move; medians of its first and last 100 moves
  (by CPU: this process's CPU for the same moves).
HTTP: one keep-alive client recording the workload's moves (If-Match) beside GET /health on the same server; under
  gunicorn, 4 client processes on 4 games, then 4 hammering /health. The clients share the 2 cores with the server.
  bare saves/s: the same clients posting the same moves to the bare app (bench/bare.py: each move one save of a
  trivial aggregate, two events, through Meldbook's recorder, and nothing else) on the same kind of server and
  store, just after; ceiling: those saves per second over Meldbook's /health per second, the ratio no move over
  HTTP can beat there.
Reading the past: GET /games/{id}/state?at=N at 20 values of N over the long game, each read 15 times in turn
  with GET /games/{id} (medians), with the recorder token and without one: the median and the worst ratio over N,
  and the ratio of the server's CPU for all of them; then its events, 100 a page by cursor (medians of the first
  and of the last full pages).
"by server CPU": the same ratio from the CPU the server's processes used (not the database's), which waiting for a
  busy machine's cores does not inflate.
All figures are measured in this run on this machine; the load average says how busy it was."""
