"""`meldbook backup` and `meldbook restore`: a mixed store of every variant goes from SQLite into PostgreSQL and back,
byte for byte, and its tokens still work; a cut or edited backup, and a non-empty target, are refused."""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from click.testing import CliRunner, Result
from eventsourcing.persistence import IntegrityError
from eventsourcing.postgres import PostgresAggregateRecorder

from api.app import create_app
from api.cli import main
from bots import SeededChance, pick, without_version
from service.application import Meldbook
from service.config import store_env
from service.grants import issue_seat_token
from service.idempotency import Retry
from service.moving import record_move
from service.setup import create_game
from service.verify import verify_game
from tests import pg
from tests.bot_games import play_robins, play_roby, play_royal
from tests.result_hands import RESULT_HAND_GAMES

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
        carried = [make() for make in RESULT_HAND_GAMES.values()]  # result hands, standings brought forward
        app.save(*carried)
        open_games = []
        tables = (("roby", ["ann", "bob", "cy"]), ("robins", ["ann", "bob"]), ("royal", ["a", "b", "c"]))
        for variant, players in tables:
            game, token = create_game(app, variant, players, {}, "shuffled", title=f"{variant} night")
            rng = random.Random(len(variant))
            for _ in range(12):
                body = pick(app.game(game.id).legal_actions(), rng)
                record_move(app, game.id, without_version(body), body["expected_version"], token)
            seat, _ = issue_seat_token(app, game.id, players[0])
            open_games.append({"id": str(game.id), "token": token, "seat": seat, "player": players[0]})
        create_game(app, "roby", ["dee", "eve"], {}, "shuffled", retry=Retry("night-1", "fingerprint"))
        return {"games": open_games, "carried": [str(game.id) for game in carried]}
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
    assert len(original) > 500 and f"{len(original)} events of " in restored.output
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
    for game_id in made["carried"]:
        assert client.get(f"/games/{game_id}/verify").get_json()["ok"] is True
        audited = client.get(f"/games/{game_id}/audit").get_json()
        assert audited["ok"] is True and audited["stated"], "the stated figures come back with the record"
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
    after = rows(target)
    again = run(target, "restore", "--into-non-empty", str(tmp_path / "a.jsonl"))
    assert again.exit_code == 0 and "already" in again.output and "nothing to do" in again.output, again.output
    assert rows(target) == after
    assert run(target, "backup", str(tmp_path / "b.jsonl")).exit_code == 0
    overlapping = run(target, "restore", "--into-non-empty", str(tmp_path / "b.jsonl"))
    assert overlapping.exit_code == 1 and "already holds an event" in overlapping.output, overlapping.output
    assert "nothing of the backup was restored" in overlapping.output and rows(target) == after


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


V1_BACKUP = Path(__file__).resolve().parents[1] / "golden" / "backups" / "meldbook-backup-v1.jsonl"
"""A backup written by `meldbook backup` before backups carried their streams' last versions and digests (format
version 1): a Robins Rummy bot game, a Roby game in progress with a seat token, and a game created under an
Idempotency-Key. Its game, recorder token and seat token:"""
V1_GAME, V1_TOKEN, V1_SEAT = ("a2817aae-957d-4b4d-bacf-284cf2e5469b", "1gfcrcvAnWgXwEtg-rpoLlkLCbbqV7dB",
                              "zDMW15ykQmJ4hLCzVHUZaybUXo3Kvrmy")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def empty_store(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    if request.param == "sqlite":
        return sqlite_settings(tmp_path / "target.sqlite")
    return postgres_settings(request.getfixturevalue("target_dbname"))


def event_lines(path: Path) -> list[str]:
    """A backup's event lines (neither its first line nor its stream lines nor its closing line)."""
    return [line for line in path.read_text().splitlines()[1:] if line.startswith('{"id": ')]


def test_a_backup_written_before_stream_lines_restores_with_its_log_ids_tokens_and_chains(
    tmp_path: Path, empty_store: dict[str, str]
) -> None:
    restored = run(empty_store, "restore", str(V1_BACKUP))
    assert restored.exit_code == 0 and "310 events of 6 streams" in restored.output, restored.output
    written = [json.loads(line) for line in event_lines(V1_BACKUP)]
    assert [(r[0], r[1], r[2]) for r in rows(empty_store)] == [
        (w["id"], w["originator_id"], w["originator_version"]) for w in written
    ]
    app = Meldbook(store_env(empty_store))
    try:
        game = UUID(V1_GAME)
        assert app.is_recorder(game, V1_TOKEN) and app.caller(game, V1_SEAT).grant == "seat:ann"
        assert verify_game(app, game)["ok"] is True
    finally:
        app.close()
    assert run(empty_store, "backup", str(tmp_path / "again.jsonl")).exit_code == 0
    assert event_lines(tmp_path / "again.jsonl") == event_lines(V1_BACKUP), "the same event lines, byte for byte"
    assert json.loads((tmp_path / "again.jsonl").read_text().splitlines()[0])["version"] == 2
    again = run(empty_store, "restore", str(V1_BACKUP))
    assert again.exit_code == 0 and "already" in again.output and len(rows(empty_store)) == 310


def gapped_postgres_store(settings: dict[str, str]) -> None:
    """A PostgreSQL store whose log has gaps, as a refused save leaves them (its ids are drawn, then not stored)."""
    app = Meldbook(store_env(settings), chance=SeededChance(3))
    try:
        app.save(*play_robins(6)[1])
        taken = app.recorder.select_notifications(1, 1)[0]
        for _ in range(3):
            with pytest.raises(IntegrityError):
                app.recorder.insert_events([taken])
        app.save(play_roby(7, 2))
    finally:
        app.close()


def test_log_ids_are_kept_across_store_kinds_so_a_round_trip_is_byte_for_byte(
    tmp_path: Path, postgres_admin: Any
) -> None:
    names = [pg.create_database(postgres_admin) for _ in range(2)]
    try:
        source, middle = postgres_settings(names[0]), sqlite_settings(tmp_path / "middle.sqlite")
        postgres, back = postgres_settings(names[1]), sqlite_settings(tmp_path / "back.sqlite")
        gapped_postgres_store(source)
        original = rows(source)
        ids = [row[0] for row in original]
        assert ids != list(range(1, len(ids) + 1)), "the source's log has gaps"
        files = []
        for number, (giver, taker) in enumerate([(source, middle), (middle, postgres), (postgres, back)]):
            files.append(tmp_path / f"{number}.jsonl")
            assert run(giver, "backup", str(files[-1])).exit_code == 0
            assert run(taker, "restore", str(files[-1])).exit_code == 0
            assert rows(taker) == original, "every row, its log id included"
        assert run(back, "backup", str(tmp_path / "last.jsonl")).exit_code == 0
        files.append(tmp_path / "last.jsonl")
        bodies = [f.read_text().splitlines()[1:] for f in files]
        assert all(body == bodies[0] for body in bodies), "every backup's lines after the first, byte for byte"
        app = Meldbook(store_env(postgres))
        try:
            app.save(play_roby(8, 2))  # the restored store goes on numbering after the backup's last id
            assert rows(postgres)[len(original)][0] == ids[-1] + 1
        finally:
            app.close()
    finally:
        for name in names:
            pg.drop_database(postgres_admin, name)


def test_a_restore_is_one_transaction_a_refusal_late_in_the_file_leaves_nothing(
    tmp_path: Path, empty_store: dict[str, str]
) -> None:
    source = sqlite_settings(tmp_path / "a.sqlite")
    app = Meldbook(store_env(source), chance=SeededChance(1))
    app.save(*play_robins(4)[1])
    app.save(play_roby(6, 2))
    last_game, _ = create_game(app, "robins", ["ann", "bob"], {}, "shuffled")
    app.close()
    assert run(source, "backup", str(tmp_path / "a.jsonl")).exit_code == 0
    assert len(event_lines(tmp_path / "a.jsonl")) > 3 * 500, "more than three batches"
    target = Meldbook(store_env(empty_store), chance=SeededChance(2))
    target.save(*play_robins(5)[1])
    # the backup's last game already in the target: the restore meets it in its last batch, after three others
    target.recorder.insert_events(Meldbook(store_env(source)).recorder.select_events(last_game.id))
    target.close()
    before = rows(empty_store)
    refused = run(empty_store, "restore", "--into-non-empty", str(tmp_path / "a.jsonl"))
    assert refused.exit_code == 1 and "nothing of the backup was restored" in refused.output, refused.output
    assert "events 1501 to " in refused.output and rows(empty_store) == before


def test_a_backup_missing_a_streams_tail_is_refused_even_with_its_counts_and_digest_made_to_match(
    tmp_path: Path,
) -> None:
    source, target = sqlite_settings(tmp_path / "a.sqlite"), sqlite_settings(tmp_path / "b.sqlite")
    app = Meldbook(store_env(source), chance=SeededChance(1))
    game = play_roby(6, 2)
    app.save(game, *play_robins(4)[1])
    app.close()
    assert run(source, "backup", str(tmp_path / "a.jsonl")).exit_code == 0
    lines = (tmp_path / "a.jsonl").read_text().splitlines()
    events = [line for line in lines[1:-1] if f'"originator_id": "{game.id}"' not in line
              or json.loads(line).get("originator_version") != game.version]
    digest = hashlib.sha256("".join(line + "\n" for line in events).encode()).hexdigest()
    closing = {"end": "meldbook-backup", "events": len(events) - 16, "streams": 16, "sha256": digest}
    streams = sum(1 for line in events if line.startswith('{"stream": '))
    closing.update(events=len(events) - streams, streams=streams)
    (tmp_path / "cut.jsonl").write_text("\n".join([lines[0], *events, json.dumps(closing)]) + "\n")
    refused = run(target, "restore", str(tmp_path / "cut.jsonl"))
    assert refused.exit_code == 1 and "the backup is incomplete" in refused.output, refused.output
    assert f"stream {game.id} ends at version {game.version}" in refused.output
    assert rows(target) == []


def test_verify_says_a_stream_was_cut_short_of_what_the_restored_backup_held(
    tmp_path: Path, empty_store: dict[str, str]
) -> None:
    assert run(empty_store, "restore", str(V1_BACKUP)).exit_code == 0
    app = Meldbook(store_env(empty_store))
    try:
        game = UUID(V1_GAME)
        version = app.latest_version(game)
        cut_last_event(app, game, version)
        checked = verify_game(app, game)
        assert checked["ok"] is False
        broken = checked["streams"]["game"]["broken"]
        assert (broken["version"], broken["kind"]) == (version, "missing")
        assert f"holds this stream up to version {version}" in broken["detail"] and "cut off" in broken["detail"]
    finally:
        app.close()


def cut_last_event(app: Meldbook, stream: UUID, version: int) -> None:
    """Delete a stream's last event underneath the application, as a damaged store or a careless hand would."""
    datastore: Any = app.recorder.datastore  # type: ignore[attr-defined]
    table = app.recorder.events_table_name  # type: ignore[attr-defined]
    with datastore.transaction(commit=True) as cursor:
        if isinstance(app.recorder, PostgresAggregateRecorder):
            cursor.execute(f"DELETE FROM {table} WHERE originator_id = %s AND originator_version = %s",
                           (stream, version))
        else:
            cursor.execute(f"DELETE FROM {table} WHERE originator_id = ? AND originator_version = ?",
                           (stream.hex, version))
