"""The `meldbook` console command: it serves the API from one data directory whatever the working directory,
says where the games are kept, and lists and shows the stored games for the operator."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from uuid import UUID, uuid4

import pytest
from click.testing import CliRunner

from api.cli import main
from api.version import __version__
from domain.access.game_access import access_id
from service.application import Meldbook
from service.config import store_env
from service.nights import open_night
from service.setup import create_game

MELDBOOK = Path(sys.executable).with_name("meldbook")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def clean_env(**settings: str) -> dict[str, str]:
    """This process's environment without any Meldbook or XDG setting, plus the given ones."""
    kept = {k: v for k, v in os.environ.items() if not k.startswith(("MELDBOOK_", "XDG_"))}
    return {**kept, **settings}


@contextmanager
def serving(cwd: Path, env: dict[str, str]) -> Iterator[tuple[str, Path]]:
    """`meldbook serve` started in `cwd`; yields its URL and the file its output goes to."""
    port, output = free_port(), cwd / f"serve-{uuid4().hex}.log"
    with output.open("wb") as log:
        server = subprocess.Popen(
            [str(MELDBOOK), "serve", "--port", str(port)], cwd=cwd, env=env, stdout=log, stderr=log
        )
        try:
            for _ in range(200):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1) as answer:
                        assert json.load(answer) == {"status": "ok", "store": "sqlite", "version": __version__}
                        break
                except OSError:
                    assert server.poll() is None, output.read_text()
                    time.sleep(0.1)
            else:
                raise AssertionError(f"meldbook serve did not answer: {output.read_text()}")
            yield f"http://127.0.0.1:{port}", output
        finally:
            server.terminate()
            server.wait(timeout=10)


def post_game(url: str, title: str) -> str:
    body = json.dumps({"variant": "roby", "players": ["ann", "bob"], "title": title}).encode()
    request = urllib.request.Request(f"{url}/games", body, {"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return str(json.load(answer)["id"])


def listed_titles(url: str) -> list[str]:
    with urllib.request.urlopen(f"{url}/games", timeout=10) as answer:
        return [game["title"] for game in json.load(answer)["items"]]


@pytest.mark.server
def test_meldbook_serve_answers_on_the_given_port_with_a_sqlite_file(tmp_path: Path) -> None:
    env = clean_env(MELDBOOK_STORE="sqlite", MELDBOOK_SQLITE_PATH=str(tmp_path / "games.sqlite"))
    with serving(tmp_path, env) as (_, output):
        assert (tmp_path / "games.sqlite").exists()
    assert f"SQLite file {tmp_path / 'games.sqlite'}" in output.read_text()


@pytest.mark.server
def test_meldbook_serve_from_any_directory_keeps_games_in_the_one_data_directory_and_says_where(tmp_path: Path) -> None:
    data, first, second = tmp_path / "data", tmp_path / "here", tmp_path / "there"
    first.mkdir()
    second.mkdir()
    env = clean_env(MELDBOOK_DATA_DIR=str(data))
    with serving(first, env) as (url, output):
        post_game(url, "kept")
    said = output.read_text()
    assert f"data directory, {data}" in said and f"SQLite file {data / 'meldbook.sqlite'}" in said
    assert (data / "meldbook.sqlite").exists()
    assert not (first / "var").exists()
    with serving(second, env) as (url, _):
        assert listed_titles(url) == ["kept"]
    assert not (second / "var").exists()


@pytest.mark.server
def test_without_a_data_directory_the_games_go_to_the_users_data_directory(tmp_path: Path) -> None:
    home, cwd = tmp_path / "home", tmp_path / "work"
    cwd.mkdir()
    with serving(cwd, clean_env(HOME=str(home))) as (url, output):
        post_game(url, "at home")
    assert (home / ".local" / "share" / "meldbook" / "meldbook.sqlite").exists()
    assert str(home / ".local" / "share" / "meldbook" / "meldbook.sqlite") in output.read_text()


@pytest.fixture
def stored_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Three games in a data directory this test's commands use; their ids, oldest first."""
    for name in [k for k in os.environ if k.startswith("MELDBOOK_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("MELDBOOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "200")
    app = Meldbook(store_env())
    ids = []
    for title, players, variant in (
        ("Monday", ["ann", "bob"], "roby"),
        ("Tuesday", ["ann", "cy"], "robins"),
        ("[bold]Wed[/bold]", ["dee", "eve", "fay"], "royal"),
    ):
        game, _ = create_game(app, variant, players, {}, "shuffled", title)
        ids.append(str(game.id))
    app.close()
    return ids


def test_games_list_shows_the_newest_games_with_their_variant_title_and_players(stored_games: list[str]) -> None:
    result = CliRunner().invoke(main, ["games", "list"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "3 of 3 games" in out and all(game_id in out for game_id in stored_games)
    assert out.index(stored_games[2]) < out.index(stored_games[1]) < out.index(stored_games[0])
    assert "[bold]Wed[/bold]" in out and "dee, eve, fay" in out and "robins" in out
    only_ann = CliRunner().invoke(main, ["games", "list", "--player", "ann", "--limit", "1"]).stdout
    assert "1 of 2 games" in only_ann and stored_games[1] in only_ann and stored_games[0] not in only_ann


def test_games_show_gives_a_games_setup_state_and_last_events(stored_games: list[str]) -> None:
    result = CliRunner().invoke(main, ["games", "show", stored_games[0], "--events", "2"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert stored_games[0] in out and "roby" in out and "Monday" in out and "ann, bob" in out
    assert "last 2 of 3 events" in out and "AmountTransferred" in out and "GameCreated" not in out


def test_games_show_refuses_an_id_that_is_not_one_or_names_no_game(stored_games: list[str]) -> None:
    bad = CliRunner().invoke(main, ["games", "show", "not-a-uuid"])
    assert bad.exit_code == 2 and "not a game id" in bad.output
    unknown = CliRunner().invoke(main, ["games", "show", "00000000-0000-4000-8000-000000000000"])
    assert unknown.exit_code == 1 and "there is no game" in unknown.output


def test_games_token_rotates_the_recorder_token_prints_it_once_and_stores_the_operators_rotation(
    stored_games: list[str],
) -> None:
    game_id = UUID(stored_games[0])
    result = CliRunner().invoke(main, ["games", "token", stored_games[0]])
    assert result.exit_code == 0, result.output
    token = result.stdout.strip()
    assert token and "\n" not in token and "shown once" in result.stderr
    app = Meldbook(store_env())
    assert app.is_recorder(game_id, token) and app.game(game_id).version == 3
    rotations = list(app.repository.event_store.get(access_id(game_id)))
    assert [(type(e).__name__, e.grant, e.by) for e in rotations[1:]] == [("TokenIssued", "recorder", "operator")]
    assert token not in str(vars(rotations[1]))
    app.close()
    again = CliRunner().invoke(main, ["games", "token", stored_games[0]])
    assert again.exit_code == 0 and again.stdout.strip() != token
    unknown = CliRunner().invoke(main, ["games", "token", "00000000-0000-4000-8000-000000000000"])
    assert unknown.exit_code == 1 and "there is no game" in unknown.output


def test_nights_show_gives_each_partys_net_by_game_and_the_transfers(stored_games: list[str]) -> None:
    app = Meldbook(store_env())
    night, _ = open_night(app, "[bold]Friday[/bold]", None, {"amount": 10, "currency": "NOK"})
    private, _ = create_game(app, "robins", ["ann", "cy"], {}, "shuffled", "Hidden", access="private")
    for game_id in (UUID(stored_games[0]), private.id):
        night.add_game(game_id)
    app.save(night)
    app.close()
    result = CliRunner().invoke(main, ["nights", "show", str(night.id)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "[bold]Friday[/bold]" in out and "NOK" in out and "roby Monday" in out
    assert "robins Hidden" in out and "= 0 (holds)" in out and "transfers settle" in out
    bad = CliRunner().invoke(main, ["nights", "show", stored_games[0]])
    assert bad.exit_code == 1 and "there is no night" in bad.output
