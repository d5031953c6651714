"""`meldbook simulate`, `meldbook import` and `meldbook export` on both stores: an archive of bot games with bad
games in it imports the rest and reports the bad ones by index, line and column; the store exports them back."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from uuid import UUID

import pytest
from click.testing import CliRunner, Result

from api.cli import main
from api.problem_table import PROBLEMS
from domain.notation.archive import split_archive
from service.application import Meldbook
from service.archives import every_game_id
from service.config import store_env
from tests.notation_games import without_digest

GAMES = 6


@pytest.fixture
def settings(store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The MELDBOOK_ variables that name the test's empty store (SQLite file or fresh PostgreSQL database)."""
    for name in [k for k in os.environ if k.startswith("MELDBOOK_")]:
        monkeypatch.delenv(name)
    if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        return {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": store_env["SQLITE_DBNAME"]}
    names = ("DBNAME", "HOST", "PORT", "USER", "PASSWORD")
    return {"MELDBOOK_STORE": "postgres", **{f"MELDBOOK_POSTGRES_{n}": store_env[f"POSTGRES_{n}"] for n in names}}


def run(settings: dict[str, str], *args: str) -> Result:
    return CliRunner().invoke(main, list(args), env=settings)


def stored_game_count(settings: dict[str, str]) -> int:
    app = Meldbook(store_env(settings))
    try:
        return len(list(every_game_id(app)))
    finally:
        app.close()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Six bot games, two of each variant in turn, as `meldbook simulate` writes them."""
    made = CliRunner().invoke(main, ["simulate", "--variant", "mixed", "--games", str(GAMES), "--seed", "7"])
    assert made.exit_code == 0, made.output
    return made.stdout


def damaged(text: str) -> tuple[str, dict[int, tuple[int, str]]]:
    """The archive with a draw of game 1 (Robins Rummy, two players) made by the player not to move, and game 4's
    fifth move made unreadable; the file line of each damage and the column of its actor, by game index."""
    lines = text.split("\n")
    records = list(split_archive(text.splitlines(keepends=True)))
    where = {}
    for index in (1, 4):
        first = records[index].first_line - 1
        moves = [n for n in range(first, len(lines)) if re.match(r"\d+\. ", lines[n])]
        number, actor, rest = lines[moves[4]].split(" ", 2)
        if index == 1:
            at = next(n for n in moves[5:] if " draw " in lines[n])
            number, actor, rest = lines[at].split(" ", 2)
            lines[at] = f"{number} {'bob' if actor == 'ann' else 'ann'} {rest}"
        else:
            at = moves[4]
            lines[at] = f"{number} {actor} juggles 3 cards"
        where[index] = (at + 1, actor)
    return "\n".join(lines), where


def test_simulate_writes_the_same_archive_for_a_seed_in_any_process(tmp_path: Path, archive: str) -> None:
    out = tmp_path / "three.txt"
    command = [sys.executable, "-c", "from api.cli import main; main()", "simulate", "--variant", "mixed", "--games",
               "3", "--seed", "7", "-o", str(out)]
    env = {**os.environ, "PYTHONHASHSEED": "4321"}  # a fixed hash seed: this process runs on a random one
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert archive.startswith(out.read_text() + "\n"), "the first three games of the seed, the same text"
    other = CliRunner().invoke(main, ["simulate", "--variant", "robins", "--games", "1", "--seed", "8"])
    first_robins = next(r.text for r in split_archive(archive.splitlines()) if "robins" in r.text.split("\n")[0])
    assert other.exit_code == 0 and other.stdout.startswith('[Variant "robins"]') and other.stdout != first_robins
    assert [r.text.split("\n")[0] for r in split_archive(archive.splitlines())] == [
        '[Variant "roby"]', '[Variant "robins"]', '[Variant "royal"]'] * 2


def test_an_archive_with_bad_games_imports_the_rest_and_reports_each_by_index_line_and_column(
    settings: dict[str, str], tmp_path: Path, archive: str
) -> None:
    text, where = damaged(archive)
    (tmp_path / "night.txt").write_text(text)
    (tmp_path / "more.txt").write_text(archive)

    done = run(settings, "import", str(tmp_path / "night.txt"), str(tmp_path / "more.txt"))
    assert done.exit_code == 1, done.output
    imported = [line.split("\t") for line in done.stdout.splitlines()]
    assert [(Path(f).name, int(i)) for f, i, _ in imported] == [
        *(("night.txt", i) for i in (0, 2, 3, 5)), *(("more.txt", i) for i in (1, 4))
    ], "the records imported from night.txt are not imported again from more.txt"
    reports = {}
    for index, (line, _) in where.items():
        report = re.search(rf"night.txt: game {index} \(line {line}, column (\d+)\): (\S+): (.+)", done.stderr)
        assert report is not None, (index, line, done.stderr)
        assert report.group(2) in PROBLEMS and 1 <= int(report.group(1)) <= len(text.split("\n")[line - 1])
        reports[index] = report.group(2)
    assert reports == {1: "out-of-turn", 4: "invalid-action"}, "a refused move gives the rules' own code"
    assert "6 games imported" in done.stderr and "4 imported before (skipped), 2 refused, from 2 files" in done.stderr
    assert re.search(r"more.txt: game 2 was imported before, as game [0-9a-f-]{36}: skipped", done.stderr)
    assert stored_game_count(settings) == 6, "nothing of a refused game is stored, nor any game twice"


def test_export_writes_the_stored_games_back_as_the_same_archive(
    settings: dict[str, str], tmp_path: Path, archive: str
) -> None:
    (tmp_path / "night.txt").write_text(archive)
    imported = run(settings, "import", str(tmp_path / "night.txt"), "--tokens", str(tmp_path / "tokens"))
    assert imported.exit_code == 0, imported.output
    assert "6 games imported" in imported.stderr and "0 refused" in imported.stderr
    assert (tmp_path / "tokens").stat().st_mode & 0o777 == 0o600
    tokens = dict(line.split(" ") for line in (tmp_path / "tokens").read_text().splitlines())
    app = Meldbook(store_env(settings))
    try:
        assert len(tokens) == GAMES and all(app.is_recorder(UUID(game), token) for game, token in tokens.items())
    finally:
        app.close()

    everything = run(settings, "export", "--all", "-o", str(tmp_path / "back.txt"))
    assert everything.exit_code == 0, everything.output
    back = (tmp_path / "back.txt").read_text()
    assert without_digest(back) == archive and back.count("\n[DigestAt ") == GAMES, "each stored game's own digest"
    ids = [line.split("\t")[2] for line in imported.stdout.splitlines()]
    two = run(settings, "export", ids[4], ids[1])
    records = [r.text for r in split_archive(archive.splitlines())]
    assert two.exit_code == 0 and without_digest(two.stdout) == records[4] + "\n" + records[1]


def test_export_refuses_unknown_games_and_a_confused_command_line(settings: dict[str, str]) -> None:
    unknown = run(settings, "export", "00000000-0000-4000-8000-000000000000")
    assert unknown.exit_code == 1 and "game-not-found" in unknown.stderr
    assert "0 games exported, 1 failed" in unknown.stderr
    assert run(settings, "export", "not-a-game").exit_code == 2
    both = run(settings, "export", "--all", "00000000-0000-4000-8000-000000000000")
    assert both.exit_code == 2 and "not both" in both.output


def test_an_import_run_again_after_stopping_half_way_imports_each_game_once_and_force_imports_again(
    settings: dict[str, str], tmp_path: Path, archive: str
) -> None:
    records = list(split_archive(archive.splitlines()))
    (tmp_path / "half.txt").write_text("\n".join(r.text for r in records[:4]))  # what a run killed half way stored
    (tmp_path / "all.txt").write_text(archive)
    assert run(settings, "import", str(tmp_path / "half.txt")).exit_code == 0
    first = {line.split("\t")[1]: line.split("\t")[2] for line in run(settings, "import", str(tmp_path / "half.txt"),
                                                                      "--force").stdout.splitlines()}
    assert stored_game_count(settings) == 8, "--force imports the same records again, as new games"

    again = run(settings, "import", str(tmp_path / "all.txt"), "--tokens", str(tmp_path / "tokens"))
    assert again.exit_code == 0, again.output
    assert [line.split("\t")[1] for line in again.stdout.splitlines()] == ["4", "5"]
    assert "2 games imported" in again.stderr and "4 imported before (skipped), 0 refused" in again.stderr
    assert len((tmp_path / "tokens").read_text().splitlines()) == 2, "a token for each game imported now"
    named = re.findall(r"game (\d) was imported before, as game ([0-9a-f-]{36})", again.stderr)
    assert len(named) == 4 and all(first[i] != game for i, game in named), "the first import's game is named"
    assert stored_game_count(settings) == 10
    assert run(settings, "import", str(tmp_path / "all.txt")).stdout == "", "nothing left to import"
    assert stored_game_count(settings) == 10


@pytest.mark.slow
def test_an_import_killed_at_random_moments_and_run_again_stores_every_game_once(
    settings: dict[str, str], tmp_path: Path
) -> None:
    made = CliRunner().invoke(main, ["simulate", "--variant", "mixed", "--games", "24", "--seed", "11"])
    (tmp_path / "night.txt").write_text(made.stdout)
    command = [str(Path(sys.executable).with_name("meldbook")), "import", str(tmp_path / "night.txt")]
    environment = {**{k: v for k, v in os.environ.items() if not k.startswith("MELDBOOK_")}, **settings}
    rng = random.Random(29)
    for _ in range(5):
        importing = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(1.0, 4.0))
        importing.send_signal(signal.SIGKILL)
        importing.wait(timeout=60)
    finished = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=600, check=False)
    assert finished.returncode == 0, finished.stderr
    assert stored_game_count(settings) == 24, "every game once, however often the import was killed"
