"""Tamper evidence in the store: stored events are changed underneath the application, with SQL on the events
table of SQLite and of PostgreSQL, and verify (service/verify.py) names the first broken link; a kept digest
catches a cut tail and a consistent rewrite of the whole chain, which the links alone cannot."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent

from domain.access.visibility import Viewer
from domain.beside.annotations import annotations_id
from domain.beside.disputes import disputes_id
from domain.record.chain import LINK, genesis, link_of
from domain.record.game import Game
from service.annotations import add_annotation
from service.application import Meldbook
from service.disputes import add_evidence, open_dispute
from service.moving import record_move
from service.store.chain import chain_pending, decoded
from service.verify import digest_at, verify_game
from tests import pg
from tests.integration.conftest import OpenMeldbook
from tests.integration.service_play import play_through_service
from tests.integration.test_old_games import TOKEN, golden, store_old_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def execute(app: Meldbook, store_env: dict[str, str], statement: str, *params: Any) -> None:
    """Run one SQL statement on the events table (`{table}`), with %s placeholders, in a connection of its own."""
    table = app.recorder.events_table_name  # type: ignore[attr-defined]
    text = statement.format(table=table)
    if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":  # SQLite keeps an id as its hex text
        with sqlite3.connect(store_env["SQLITE_DBNAME"]) as connection:
            connection.execute(text.replace("%s", "?"), [p.hex if isinstance(p, UUID) else p for p in params])
        connection.close()
        return
    with pg.connect(store_env["POSTGRES_DBNAME"]) as connection:
        connection.execute(text, params)


def raw_state(app: Meldbook, stream: UUID, version: int) -> dict[str, Any]:
    (stored,) = app.recorder.select_events(stream, gt=version - 1, lte=version)
    return decoded(stored)


def write_state(app: Meldbook, store_env: dict[str, str], stream: UUID, version: int, state: dict[str, Any]) -> None:
    update = "UPDATE {table} SET state = %s WHERE originator_id = %s AND originator_version = %s"
    execute(app, store_env, update, json.dumps(state).encode(), stream, version)


def move_version(app: Meldbook, store_env: dict[str, str], stream: UUID, old: int, new: int) -> None:
    update = "UPDATE {table} SET originator_version = %s WHERE originator_id = %s AND originator_version = %s"
    execute(app, store_env, update, new, stream, old)


def broken(app: Meldbook, game_id: UUID, stream: str = "game") -> tuple[int, str]:
    report = verify_game(app, game_id)
    found = report["streams"][stream]["broken"]
    assert not report["ok"] and found is not None, report
    return found["version"], found["kind"]


@pytest.fixture
def game(open_meldbook: OpenMeldbook) -> tuple[Meldbook, UUID]:
    """A Roby game of a few moves, recorded through the service, whose chain holds."""
    app = open_meldbook()
    game_id = play_through_service(app, seed=5, max_moves=12).game_id
    report = verify_game(app, game_id)
    assert report["ok"] and report["streams"]["game"]["first_linked"] == 1, report
    return app, game_id


def test_an_edited_stored_event_is_located(game: tuple[Meldbook, UUID], store_env: dict[str, str]) -> None:
    app, game_id = game
    state = raw_state(app, game_id, 9)
    field = next(k for k in state if not k.startswith("_") and k != "timestamp")
    write_state(app, store_env, game_id, 9, {**state, field: "tampered"})
    assert broken(app, game_id) == (9, "edited")


def test_two_reordered_stored_events_are_located(game: tuple[Meldbook, UUID], store_env: dict[str, str]) -> None:
    app, game_id = game
    move_version(app, store_env, game_id, 8, -1)
    move_version(app, store_env, game_id, 9, 8)
    move_version(app, store_env, game_id, -1, 9)
    assert broken(app, game_id) == (8, "reordered")


def test_a_deleted_mid_chain_event_is_located(game: tuple[Meldbook, UUID], store_env: dict[str, str]) -> None:
    app, game_id = game
    execute(app, store_env, "DELETE FROM {table} WHERE originator_id = %s AND originator_version = %s", game_id, 7)
    assert broken(app, game_id) == (7, "missing")
    last = app.latest_version(game_id)
    for version in range(8, last + 1):  # the later events renumbered to close the gap
        move_version(app, store_env, game_id, version, version - 1)
    assert broken(app, game_id) == (7, "missing")


def test_a_cut_tail_is_caught_against_a_kept_digest(game: tuple[Meldbook, UUID], store_env: dict[str, str]) -> None:
    app, game_id = game
    at = app.latest_version(game_id)
    kept = digest_at(app, game_id, at)
    assert kept is not None and verify_game(app, game_id, kept, at)["ok"]
    execute(app, store_env, "DELETE FROM {table} WHERE originator_id = %s AND originator_version > %s", game_id, 10)
    cut = verify_game(app, game_id, kept, at)
    assert cut["streams"]["game"]["ok"], "the links that remain still hold"
    assert not cut["ok"] and cut["digest"]["broken"]["kind"] == "missing"
    assert cut["digest"]["broken"]["version"] == 11


def test_a_consistent_rewrite_of_the_whole_chain_is_caught_against_a_kept_digest(
    game: tuple[Meldbook, UUID], store_env: dict[str, str]
) -> None:
    app, game_id = game
    at = app.latest_version(game_id)
    kept = digest_at(app, game_id, at)
    assert kept is not None
    previous = genesis(game_id)
    for stored in app.recorder.select_events(game_id):  # event 3 edited, and every link from there recomputed
        state = decoded(stored)
        if stored.originator_version == 3:
            state["tampered"] = True
        state[LINK] = previous = link_of(stored.topic, stored.originator_version, state, previous)
        write_state(app, store_env, game_id, stored.originator_version, state)
    rewritten = verify_game(app, game_id, kept, at)
    assert rewritten["streams"]["game"]["ok"], "a consistent rewrite holds link by link"
    assert not rewritten["ok"] and rewritten["digest"]["broken"]["kind"] == "edited"
    assert digest_at(app, game_id, at) != kept


def test_annotations_and_dispute_evidence_are_chained_and_an_edit_of_either_is_located(
    game: tuple[Meldbook, UUID], store_env: dict[str, str]
) -> None:
    app, game_id = game
    add_annotation(app, game_id, "recorder", Viewer.FULL, "game", "a note")
    number = open_dispute(app, game_id, "recorder", "event", "the payout is wrong", at=5, figure=40)
    add_evidence(app, game_id, "recorder", number, "event", {"event": 5}, 5, "see event 5")
    report = verify_game(app, game_id)
    assert report["ok"] and report["streams"]["annotations"]["length"] == 2
    assert report["streams"]["disputes"]["length"] == 3 and report["streams"]["disputes"]["first_linked"] == 1
    evidence = raw_state(app, disputes_id(game_id), 3)
    write_state(app, store_env, disputes_id(game_id), 3, {**evidence, "note": "see event 6"})
    assert broken(app, game_id, "disputes") == (3, "edited")
    note = raw_state(app, annotations_id(game_id), 2)
    write_state(app, store_env, annotations_id(game_id), 2, {**note, "comment": "another note"})
    assert broken(app, game_id, "annotations") == (2, "edited")
    assert verify_game(app, game_id)["streams"]["game"]["ok"]


def test_an_old_game_stored_before_the_chain_verifies_from_its_first_linked_event(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    old = golden("roby")
    middle = old["moves"][len(old["moves"]) // 2]
    game_id = store_old_game(app, old, upto=middle["last_version"])
    game = app.game(game_id)
    body = next(b for entry in game.legal_actions() for b in entry.get("choices") or entry.get("examples") or [])
    record_move(app, game_id, {k: v for k, v in body.items() if k != "expected_version"}, game.version, TOKEN)
    chain = verify_game(app, game_id)["streams"]["game"]
    assert chain["ok"] and chain["first_linked"] == middle["last_version"] + 1
    assert chain["unlinked"] == middle["last_version"] and "before the chain existed" in chain["note"]
    assert digest_at(app, game_id, middle["last_version"]) is None
    assert digest_at(app, game_id, app.latest_version(game_id)) == chain["head"]


def test_an_event_of_an_older_class_version_is_hashed_as_stored_not_as_upcast(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    old = json.loads((GOLDEN / "v1" / "meldbook.GameCreated.json").read_text())
    assert "class_version" not in old["state"]
    game_id = UUID("00000000-0000-4000-8000-0000000000c1")
    stamp = json.loads(app.mapper.transcoder.encode({"timestamp": Game.Event.create_timestamp()}))
    stored = StoredEvent(game_id, 1, old["topic"], json.dumps({**stamp, **old["state"]}).encode())
    app.recorder.insert_events(chain_pending(app.recorder, [stored])[0])
    loaded = app.game(game_id)
    assert (loaded.recording, loaded.access) == ("recorder", "public"), "upcast to the current class version"
    report = verify_game(app, game_id)
    assert report["ok"] and report["streams"]["game"]["first_linked"] == 1, report
    assert "recording" not in raw_state(app, game_id, 1), "the store keeps what was stored"
