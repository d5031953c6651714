"""`meldbook replay GAME`: a hand's frames in the terminal, from the store or from a server's URL."""

from __future__ import annotations

import io
import json
import os
import random
import re
import urllib.request
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from click.testing import CliRunner

from api.app import create_app
from api.cli import main
from bots import SeededChance, pick, without_version
from service.application import Meldbook
from service.config import store_env
from service.moving import record_move
from service.setup import create_game

ANSI = re.compile(r"\x1b\[")


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[UUID, str]:
    """A Roby game of 40 moves in a data directory this test's commands use; its id and recorder token."""
    for name in [k for k in os.environ if k.startswith("MELDBOOK_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("MELDBOOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "160")
    app = Meldbook(store_env(), chance=SeededChance(3))
    created, token = create_game(app, "roby", ["ann", "bob", "cy"], {}, "shuffled")
    rng = random.Random(3)
    for _ in range(40):
        body = pick(app.game(created.id).legal_actions(), rng, ("go_out", "meld", "lay_off"))
        record_move(app, created.id, without_version(body), body["expected_version"], token)
    app.close()
    return created.id, token


def test_replay_all_prints_every_frame_of_the_hand_with_suit_symbols_and_no_colour(game: tuple[UUID, str]) -> None:
    result = CliRunner().invoke(main, ["replay", str(game[0]), "--all"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "roby game" in out and "hand 1 of 1 (spectator view)" in out and not ANSI.search(out)
    assert all(f"move {n} (" in out for n in range(41))
    assert "the game is set up" in out and re.search(r"ann discards (10|[2-9AJQK])[♣♦♥♠]", out)
    assert re.search(r"hands\.ann +- +\(\d+ hidden\)", out) and "changes" in out
    assert "draws from the stock" in out and not re.search(r"draws (10|[2-9AJQK])[♣♦♥♠]", out)


def test_replay_steps_a_frame_per_key_press_and_q_stops(game: tuple[UUID, str]) -> None:
    result = CliRunner().invoke(main, ["replay", str(game[0]), "--hand", "1"], input=" xq")
    assert result.exit_code == 0, result.output
    assert [f"move {n} (" in result.stdout for n in range(5)] == [True, True, True, False, False]


def test_replay_refuses_a_bad_id_a_missing_hand_and_a_seat_without_a_player(game: tuple[UUID, str]) -> None:
    bad = CliRunner().invoke(main, ["replay", "not-a-uuid"])
    assert bad.exit_code == 2 and "not a game id" in bad.output
    missing = CliRunner().invoke(main, ["replay", str(game[0]), "--hand", "9"])
    assert missing.exit_code == 1 and "1 hands, not 9" in missing.output
    seat = CliRunner().invoke(main, ["replay", str(game[0]), "--view", "seat"])
    assert seat.exit_code == 2 and "--player" in seat.output


def test_replay_from_a_url_sends_the_token_from_the_environment(
    game: tuple[UUID, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    server = create_app(env=store_env()).test_client()
    sent: list[dict[str, str]] = []
    urls: list[str] = []

    def urlopen(request: urllib.request.Request, timeout: float) -> Any:
        headers = dict(request.header_items())
        sent.append(headers)
        urls.append(request.full_url)
        answer = server.get(request.full_url.removeprefix("http://meldbook.test"), headers=headers)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        return io.BytesIO(json.dumps(answer.get_json()).encode())

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    monkeypatch.setenv("MELDBOOK_TOKEN", game[1])
    result = CliRunner().invoke(main, ["replay", str(game[0]), "--all", "--url", "http://meldbook.test"])
    assert result.exit_code == 0, result.output
    assert "(full view)" in result.stdout and re.search(r"draws (10|[2-9AJQK])[♣♦♥♠] from the stock", result.stdout)
    assert sent == [{"Accept": "application/json", "Authorization": f"Bearer {game[1]}"}]
    spectator = CliRunner().invoke(
        main, ["replay", str(game[0]), "--all", "--url", "http://meldbook.test", "--view", "spectator"]
    )
    assert "(spectator view)" in spectator.stdout and not re.search(r"draws (10|[2-9AJQK])[♣♦♥♠]", spectator.stdout)
    replay_url = f"http://meldbook.test/games/{game[0]}/replay"
    assert urls == [replay_url, f"{replay_url}?view=spectator"]
