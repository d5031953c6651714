"""The benchmark's results and the table they print as."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Result:
    """One store's figures: median seconds for the service run and for the raw runs of the same run."""

    store: str
    moves: int
    events: int
    service_seconds: float
    raw_seconds: float
    single_seconds: float

    @property
    def service_rate(self) -> float:
        """Moves recorded per second through Meldbook.record_move."""
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


HEADERS = (
    "store",
    "moves",
    "events",
    "service moves/s",
    "raw saves/s",
    "service/raw",
    "raw 1-event saves/s",
)


def table(results: list[Result]) -> str:
    """The results as an aligned text table."""
    rows = [HEADERS] + [
        (
            r.store,
            str(r.moves),
            str(r.events),
            f"{r.service_rate:,.0f}",
            f"{r.raw_rate:,.0f}",
            f"{r.ratio:.2f}",
            f"{r.single_rate:,.0f}",
        )
        for r in results
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    lines = [
        "  ".join(_align(i, cell, width) for i, (cell, width) in enumerate(zip(row, widths, strict=True)))
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _align(column: int, cell: str, width: int) -> str:
    return cell.ljust(width) if column == 0 else cell.rjust(width)


NOTES = """\
service moves/s: Meldbook.record_move per move (load with snapshots every 50, token and version checks,
  decide, save, read back the stored events), replaying a seeded Roby bot game's moves.
raw saves/s: a bare eventsourcing Application saving a trivial aggregate, as many saves as moves and as many
  events per save as each move stored (no load, no rules). service/raw: the first as a fraction of the second.
raw 1-event saves/s: the same number of events, one event per save.
Figures are medians of the repeats, all measured in this run on this machine."""
