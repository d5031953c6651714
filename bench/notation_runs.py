"""The notation benchmark's timed runs: parse plus full rules validation, python-chess reading and replaying PGN,
a full import into the store beside raw appends of the same events, and peak RSS of imports in subprocesses."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import chess
import chess.pgn

from domain.notation.archive import split_archive
from domain.rules.decision import NoChance
from service.application import Meldbook
from service.archives import Tally, import_archive, import_one

MOVE_LINE = re.compile(r"^\d+\. ", re.MULTILINE)
MAX_PLIES = 300
"""A random chess game is cut here (most end sooner, by mate, stalemate or material)."""


def count_actions(archive: str) -> int:
    """The actions (move lines) of an archive."""
    return len(MOVE_LINE.findall(archive))


class _ValidateOnly:
    """What `import_record` asks of an application, storing nothing: chance (never asked of a recorded game, whose
    every card is named) and a save that keeps nothing."""

    chance = NoChance()

    def save(self, *_: Any) -> None:
        """Keep nothing."""


def time_validation(archive: str) -> float:
    """Seconds to read every record of the archive and replay each action through the rules (the import path, less
    the store); fails if any record is refused."""
    app = _ValidateOnly()
    started = time.perf_counter()
    for record in split_archive(archive.splitlines()):
        outcome = import_one(app, record, force=True)  # nothing is stored, so nothing was imported before
        if not hasattr(outcome, "version"):
            raise RuntimeError(f"record {record.index} of the bench archive was refused: {outcome}")
    return time.perf_counter() - started


def random_pgn(games: int, seed: int) -> list[str]:
    """PGN texts of random legal chess games played by python-chess itself."""
    rng = random.Random(seed)
    texts = []
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < MAX_PLIES:
            board.push(rng.choice(list(board.legal_moves)))
        texts.append(str(chess.pgn.Game.from_board(board)))
    return texts


def time_pgn(texts: Sequence[str]) -> tuple[int, float]:
    """The plies of the PGN games and the seconds python-chess takes to read each and replay its moves on a board."""
    plies = 0
    started = time.perf_counter()
    for text in texts:
        game = chess.pgn.read_game(io.StringIO(text))
        assert game is not None
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            plies += 1
    return plies, time.perf_counter() - started


class CountingMeldbook(Meldbook):
    """Meldbook that notes how many events each save stored (the batch sizes of an import)."""

    def __init__(self, env: Mapping[str, str]) -> None:
        super().__init__(dict(env), chance=NoChance())
        self.batches: list[int] = []

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save, and note the batch."""
        recordings = super().save(*objs, **kwargs)
        self.batches.append(len(recordings))
        return recordings


@dataclass
class ImportRun:
    """One import of an archive into an empty store, and the raw appends of the same events there after."""

    games: int
    events: int
    import_seconds: float
    raw_seconds: float
    batches: list[int] = field(default_factory=list)


def time_import(import_env: Mapping[str, str], raw_env: Mapping[str, str], archive: str) -> ImportRun:
    """Seconds to import the archive into an empty store (every game: parse, rules, save), then seconds for the raw
    eventsourcing path (serialise each event, insert each batch) to store the very same events, in the same batches,
    into another empty store."""
    app = CountingMeldbook(import_env)
    try:
        tally = Tally()
        started = time.perf_counter()
        import_archive(app, archive.splitlines(), tally, lambda record, outcome: None)
        import_seconds = time.perf_counter() - started
        if tally.refused:
            raise RuntimeError(f"{tally.refused} records of the bench archive were refused")
        stored = app.recorder.select_notifications(1, sum(app.batches) + 10)
        events = [app.mapper.to_domain_event(n) for n in stored if n.topic != "meldbook.ServiceSecretDrawn"]
        batches = list(app.batches)
    finally:
        app.close()
    if len(events) != sum(batches):
        raise RuntimeError(f"{len(events)} events stored, {sum(batches)} saved")
    return ImportRun(tally.games, len(events), import_seconds, time_raw_appends(raw_env, events, batches), batches)


def time_raw_appends(env: Mapping[str, str], events: Sequence[Any], batches: Sequence[int]) -> float:
    """Seconds for eventsourcing's own path to store these events in these batches: map each to a stored event
    (serialise) and insert each batch in one transaction; no aggregate, no rules."""
    app = Meldbook(dict(env))
    try:
        mapper, recorder = app.mapper, app.recorder
        started = time.perf_counter()
        position = 0
        for size in batches:
            recorder.insert_events([mapper.to_stored_event(e) for e in events[position : position + size]])
            position += size
        elapsed = time.perf_counter() - started
        if (recorder.max_notification_id() or 0) != len(events):
            raise RuntimeError("the raw appends were not all stored")
        return elapsed
    finally:
        app.close()


def peak_rss_importing(archive: Path, folder: Path) -> tuple[int, int]:
    """Games imported and peak RSS (KiB) of a fresh process importing the archive into a new SQLite file."""
    store = folder / f"rss-{archive.stem}.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "bench.notation_rss", str(archive), str(store)],
        capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the import of {archive} failed: {done.stderr[-2000:]}")
    games, peak = done.stdout.split()
    return int(games), int(peak)
