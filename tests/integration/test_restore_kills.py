"""`meldbook restore` killed with SIGKILL at a random moment leaves the store as it was (empty), or the whole backup
restored, never a part of it: nothing is served as a live game in between, and the next run finishes the job (or says
it was done). Once on PostgreSQL in the default run; ten times on each store behind the `slow` marker."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from click.testing import CliRunner

from api.app import create_app
from api.cli import main
from bots import SeededChance
from service.application import Meldbook
from service.config import store_env
from tests import pg
from tests.bot_games import play_robins, play_roby

MELDBOOK = str(Path(sys.executable).with_name("meldbook"))


def rows(settings: dict[str, str]) -> list[tuple[Any, ...]]:
    app = Meldbook(store_env(settings))
    try:
        return [(n.id, n.originator_id, n.originator_version, n.topic, bytes(n.state))
                for n in app.recorder.select_notifications(1, 1_000_000)]
    finally:
        app.close()


@pytest.fixture(scope="module")
def backup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[Any, ...]], list[str]]:
    """A backup of a few thousand events (two long games, a dozen streams), its rows and its games' ids."""
    folder = tmp_path_factory.mktemp("kills")
    source = {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(folder / "source.sqlite")}
    app = Meldbook(store_env(source), chance=SeededChance(9))
    games = [play_roby(seed, 3) for seed in (21, 22)]
    app.save(*games, *play_robins(23)[1])
    app.close()
    result = CliRunner().invoke(main, ["backup", str(folder / "backup.jsonl")], env=source)
    assert result.exit_code == 0, result.output
    held = rows(source)
    created = [str(row[1]) for row in held if row[3] == "meldbook.GameCreated"]
    assert len(created) == len(games) + 1
    return folder / "backup.jsonl", held, created


@pytest.fixture
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, str]]:
    if request.param == "sqlite":
        yield {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(tmp_path / "target.sqlite")}
        return
    admin = request.getfixturevalue("postgres_admin")
    name = pg.create_database(admin)
    try:
        yield {"MELDBOOK_STORE": "postgres", "MELDBOOK_POSTGRES_DBNAME": name, "MELDBOOK_POSTGRES_HOST": pg.host(),
               "MELDBOOK_POSTGRES_PORT": pg.port()}
    finally:
        pg.drop_database(admin, name)


def restore_command(settings: dict[str, str], file: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([MELDBOOK, "restore", str(file)], env={**clean_environment(), **settings},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def served_games(settings: dict[str, str], game_ids: list[str]) -> dict[str, int | None]:
    """What the API serves of each game: its version, or None when it answers 404."""
    app = create_app(env=store_env(settings))
    client = app.test_client()
    try:
        found = {}
        for game_id in game_ids:
            answer = client.get(f"/games/{game_id}")
            assert answer.status_code in (200, 404), answer.get_json()
            found[game_id] = answer.get_json()["version"] if answer.status_code == 200 else None
        listed = client.get("/games?limit=50").get_json()["items"]
        assert {g["id"] for g in listed} <= {g for g, v in found.items() if v is not None}
        return found
    finally:
        app.extensions["meldbook"].close()


def writing(settings: dict[str, str]) -> bool:
    """Whether a process is writing to the store now: holds the events table's lock (PostgreSQL) or the file's
    write lock (SQLite)."""
    if settings["MELDBOOK_STORE"] == "sqlite":
        try:
            with contextlib.closing(sqlite3.connect(settings["MELDBOOK_SQLITE_PATH"], timeout=0)) as probe:
                probe.execute("BEGIN IMMEDIATE")
                probe.rollback()
        except sqlite3.OperationalError:
            return True
        return False
    with contextlib.closing(pg.connect(settings["MELDBOOK_POSTGRES_DBNAME"])) as probe:
        found = probe.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = "
            "'meldbook_events' AND l.mode = 'ExclusiveLock' AND l.granted AND l.database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())"
        ).fetchone()
        return bool(found and found[0])


def started_writing(settings: dict[str, str], process: subprocess.Popen[bytes]) -> float:
    """Wait until the restore holds the store's write lock; the moment it was seen."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if writing(settings) or process.poll() is not None:
            return time.monotonic()
        time.sleep(0.002)
    raise AssertionError("the restore never began writing")


def writing_lasts(settings: dict[str, str], file: Path) -> float:
    """How long a whole restore holds the store's write lock here: its transaction, from its first write to its
    commit (the store is emptied again after)."""
    process = restore_command(settings, file)
    begun = started_writing(settings, process)
    while writing(settings):
        time.sleep(0.002)
    lasted = time.monotonic() - begun
    assert process.wait(timeout=600) == 0
    return lasted


def kill_and_run_again(settings: dict[str, str], backup: tuple[Path, list[tuple[Any, ...]], list[str]],
                       rng: random.Random, window: float, reach: float = 1.25) -> str:
    """Start a restore, kill it at a random moment of the first `reach` times `window` seconds of its writing (past
    1: now and then just after its commit), check the store and what the API serves, then run it again."""
    file, original, game_ids = backup
    restoring = restore_command(settings, file)
    started_writing(settings, restoring)
    time.sleep(rng.uniform(0, window * reach))
    restoring.send_signal(signal.SIGKILL)
    restoring.communicate(timeout=60)
    finished = restoring.returncode == 0
    held = rows(settings)
    assert held in ([], original), f"a killed restore left {len(held)} of {len(original)} events"
    versions = {row[1]: row[2] for row in original}
    assert served_games(settings, game_ids) == {g: (versions[UUID(g)] if held else None) for g in game_ids}
    again = subprocess.run([MELDBOOK, "restore", str(file)], env={**clean_environment(), **settings},
                           capture_output=True, text=True, timeout=600, check=False)
    assert again.returncode == 0, again.stderr
    assert ("already" in again.stderr) == bool(held), again.stderr
    assert rows(settings) == original
    return "finished before the kill" if finished else ("whole" if held else "empty")


def clean_environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("MELDBOOK_")}


@pytest.mark.postgres
@pytest.mark.parametrize("target", ["postgres"], indirect=True)
def test_a_restore_killed_at_a_random_moment_leaves_nothing_or_everything_and_the_next_run_completes(
    target: dict[str, str], backup: tuple[Path, list[tuple[Any, ...]], list[str]], request: pytest.FixtureRequest
) -> None:
    window = writing_lasts(target, backup[0])
    empty_again(target, request)
    outcome = kill_and_run_again(target, backup, random.Random(29), window, reach=0.8)
    print(f"restore killed within its {window:.2f} s of writing: {outcome}")


@pytest.mark.slow
@pytest.mark.parametrize("target", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)
def test_ten_restores_killed_at_random_moments_each_leave_nothing_or_everything(
    target: dict[str, str], backup: tuple[Path, list[tuple[Any, ...]], list[str]], request: pytest.FixtureRequest
) -> None:
    rng = random.Random(2029)
    window = writing_lasts(target, backup[0])
    empty_again(target, request)
    outcomes = []
    for _ in range(10):
        outcomes.append(kill_and_run_again(target, backup, rng, window))
        empty_again(target, request)
    print(f"restores killed within their {window:.2f} s of writing: {outcomes}")
    assert "empty" in outcomes, outcomes


def empty_again(settings: dict[str, str], request: pytest.FixtureRequest) -> None:
    """Empty the target store for the next kill (its file removed, or its database made anew)."""
    if settings["MELDBOOK_STORE"] == "sqlite":
        for suffix in ("", "-wal", "-shm"):
            Path(settings["MELDBOOK_SQLITE_PATH"] + suffix).unlink(missing_ok=True)
        return
    admin = request.getfixturevalue("postgres_admin")
    name = settings["MELDBOOK_POSTGRES_DBNAME"]
    pg.drop_database(admin, name)
    admin.execute(f'CREATE DATABASE "{name}"')
