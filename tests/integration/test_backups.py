"""`meldbook backup` and `meldbook restore`: a mixed store of every variant goes from SQLite into PostgreSQL and back,
byte for byte, and its tokens still work; a cut or edited backup, and a non-empty target, are refused."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from api.app import create_app
from api.cli import main
from bots import SeededChance, pick, without_version
from bots.robins import play_robins
from bots.roby import play_roby
from bots.royal import play_royal
from service.application import Meldbook
from service.config import store_env
from service.idempotency import Retry
from tests import pg

Row = tuple[int, str, int, str, bytes]


@pytest.fixture(autouse=True)
def no_meldbook_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands read the store from the environment: only what each test sets counts."""
    for name in [k for k in os.environ if k.startswith("MELDBOOK_")]:
        monkeypatch.delenv(name)


def sqlite_settings(path: Path) -> dict[str, str]:
    return {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": str(path)}


def postgres_settings(dbname: str) -> dict[str, str]:
    return {
        "MELDBOOK_STORE": "postgres",
        "MELDBOOK_POSTGRES_DBNAME": dbname,
        "MELDBOOK_POSTGRES_HOST": pg.host(),
        "MELDBOOK_POSTGRES_PORT": pg.port(),
    }


def run(settings: dict[str, str], *args: str) -> Result:
    return CliRunner().invoke(main, list(args), env=settings)


def rows(settings: dict[str, str]) -> list[Row]:
    """Every stored event of a store as its raw row: log id, aggregate id, version, topic, serialised state."""
    app = Meldbook(store_env(settings))
    try:
        found = app.recorder.select_notifications(1, 1_000_000)
        return [(n.id, str(n.originator_id), n.originator_version, n.topic, bytes(n.state)) for n in found]
    finally:
        app.close()


def mixed_store(settings: dict[str, str]) -> dict[str, Any]:
    """Finished bot games of every variant, games in progress with seat tokens, and a game created under an
    Idempotency-Key (which stores the service secret and a retry record); the tokens to try afterwards."""
    app = Meldbook(store_env(settings), chance=SeededChance(11))
    try:
        app.save(play_roby(1, 3), *play_robins(2)[1], play_royal(3, 4, deals=1))
        open_games = []
        tables = (("roby", ["ann", "bob", "cy"]), ("robins", ["ann", "bob"]), ("royal", ["a", "b", "c"]))
        for variant, players in tables:
            game, token = app.create_game(variant, players, {}, "shuffled", title=f"{variant} night")
            rng = random.Random(len(variant))
            for _ in range(12):
                body = pick(app.game(game.id).legal_actions(), rng)
                app.record_move(game.id, without_version(body), body["expected_version"], token)
            seat, _ = app.issue_seat_token(game.id, players[0])
            open_games.append({"id": str(game.id), "token": token, "seat": seat, "player": players[0]})
        app.create_game("roby", ["dee", "eve"], {}, "shuffled", retry=Retry("night-1", "fingerprint"))
        return {"games": open_games}
    finally:
        app.close()


@pytest.fixture
def target_dbname(postgres_admin: Any) -> Iterator[str]:
    name = pg.create_database(postgres_admin)
    yield name
    pg.drop_database(postgres_admin, name)


def test_a_mixed_store_goes_from_sqlite_to_postgres_and_back_byte_for_byte_and_its_tokens_still_work(
    tmp_path: Path, target_dbname: str
) -> None:
    source, back = sqlite_settings(tmp_path / "source.sqlite"), sqlite_settings(tmp_path / "back.sqlite")
    postgres = postgres_settings(target_dbname)
    made = mixed_store(source)

    dumped = run(source, "backup", str(tmp_path / "one.jsonl"))
    assert dumped.exit_code == 0, dumped.output
    restored = run(postgres, "restore", str(tmp_path / "one.jsonl"))
    assert restored.exit_code == 0, restored.output
    original = rows(source)
    assert len(original) > 500 and f"{len(original)} events restored" in restored.output
    assert rows(postgres) == original

    assert run(postgres, "backup", str(tmp_path / "two.jsonl")).exit_code == 0
    assert run(back, "restore", str(tmp_path / "two.jsonl")).exit_code == 0
    assert rows(back) == original
    one, two = (Path(tmp_path / f"{n}.jsonl").read_text().splitlines()[1:] for n in ("one", "two"))
    assert one == two, "the event lines of both backups are the same bytes"

    client = create_app(env=store_env(postgres)).test_client()
    for game in made["games"]:
        moves, recorder = f"/games/{game['id']}/moves", {"Authorization": f"Bearer {game['token']}"}
        version = client.get(f"/games/{game['id']}").get_json()["version"]
        state = f"/games/{game['id']}/state?at={version}"
        seat = client.get(state, headers={"Authorization": f"Bearer {game['seat']}"})
        assert seat.status_code == 200, seat.get_json()
        assert seat.get_json()["state"] != client.get(state).get_json()["state"], "the seat sees its own cards"
        body = pick(client.get(state, headers=recorder).get_json()["legal_actions"], random.Random(5))
        moved = client.post(moves, json=body, headers=recorder)
        assert moved.status_code == 201, moved.get_json()
        refused = client.post(moves, json=body, headers={"Authorization": "Bearer not-the-token-at-all"})
        assert refused.status_code in (401, 403)
    listed = client.get("/games?limit=50").get_json()
    assert {g["title"] for g in listed["items"]} >= {"roby night", "robins night", "royal night"}


def test_restore_refuses_a_non_empty_store_unless_told(tmp_path: Path) -> None:
    source, target = sqlite_settings(tmp_path / "a.sqlite"), sqlite_settings(tmp_path / "b.sqlite")
    app = Meldbook(store_env(source), chance=SeededChance(1))
    app.save(*play_robins(4)[1])
    app.close()
    other = Meldbook(store_env(target), chance=SeededChance(2))
    other.save(*play_robins(5)[1])
    other.close()
    assert run(source, "backup", str(tmp_path / "a.jsonl")).exit_code == 0
    before = rows(target)

    refused = run(target, "restore", str(tmp_path / "a.jsonl"))
    assert refused.exit_code == 1 and "already holds events" in refused.output and "--into-non-empty" in refused.output
    assert rows(target) == before

    merged = run(target, "restore", "--into-non-empty", str(tmp_path / "a.jsonl"))
    assert merged.exit_code == 0, merged.output
    assert [r[1:] for r in rows(target)] == [r[1:] for r in before + rows(source)]
    again = run(target, "restore", "--into-non-empty", str(tmp_path / "a.jsonl"))
    assert again.exit_code == 1 and "already holds an event" in again.output


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda lines: lines[:-1], "without its closing line"),
        (lambda lines: [lines[0], *lines[2:]], "does not match"),
        (lambda lines: [*lines[:3], lines[3].replace('"topic"', '"topik"'), *lines[4:]], "line 4: an event line needs"),
        (lambda lines: ["{}", *lines[1:]], "line 1: not a Meldbook backup"),
        (lambda lines: [*lines[:2], "not json", *lines[2:]], "line 3: not a JSON line"),
    ],
    ids=["cut", "line-removed", "field-renamed", "no-header", "garbage"],
)
def test_a_damaged_backup_is_refused_with_its_line_and_nothing_is_stored(
    tmp_path: Path, damage: Any, message: str
) -> None:
    source, target = sqlite_settings(tmp_path / "a.sqlite"), sqlite_settings(tmp_path / "b.sqlite")
    app = Meldbook(store_env(source), chance=SeededChance(1))
    app.save(play_roby(6, 2))
    app.close()
    assert run(source, "backup", str(tmp_path / "a.jsonl")).exit_code == 0
    lines = (tmp_path / "a.jsonl").read_text().splitlines()
    (tmp_path / "bad.jsonl").write_text("\n".join(damage(lines)) + "\n")

    refused = run(target, "restore", str(tmp_path / "bad.jsonl"))
    assert refused.exit_code == 1 and message in refused.output, refused.output
    assert rows(target) == []
