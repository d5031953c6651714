"""Games stored before moves carried an envelope still load at every version, from their events and from their
old snapshots, are read as the moves they were recorded in, and number the moves recorded after them on.

tests/golden/old-games/<variant>.json holds one bot game per variant as the store held it then (see its
`about`), with each move as the bot recorded it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent

from domain.record.game import Game
from domain.record.grouping import group_moves
from domain.variants import variant_named
from service.application import Meldbook
from service.moving import record_move
from service.tokens import token_hash
from tests.integration.conftest import OpenMeldbook, service_settings
from tests.integration.service_play import doc_of
from tests.stores import sqlite_settings

OLD_GAMES = Path(__file__).resolve().parents[1] / "golden" / "old-games"
VARIANTS = ("roby", "robins", "royal")
TOKEN = "an-old-token"


def golden(variant: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((OLD_GAMES / f"{variant}.json").read_text())
    return loaded


def store_old_game(app: Meldbook, old: dict[str, Any], upto: int | None = None) -> UUID:
    """Write the old game's events (up to a version) and its old snapshots underneath the application.

    The bot game was created without a token: its creation (and the game in its snapshots) gets TOKEN's hash.
    """
    game_id = UUID(old["game_id"])
    stamp = json.loads(app.mapper.transcoder.encode({"timestamp": Game.Event.create_timestamp()}))
    hashed = {"token_hash": token_hash(TOKEN)}

    def rows(items: list[dict[str, Any]]) -> list[StoredEvent]:
        return [
            StoredEvent(game_id, item["version"], item["topic"], json.dumps({**stamp, **item["state"]}).encode())
            for item in items
            if upto is None or item["version"] <= upto
        ]

    events = [{**e, "state": {**e["state"], **hashed}} if e["version"] == 1 else e for e in old["events"]]
    snapshots = [{**s, "state": {**s["state"], "state": {**s["state"]["state"], **hashed}}} for s in old["snapshots"]]
    app.recorder.insert_events(rows(events))
    assert app.snapshots is not None
    app.snapshots.recorder.insert_events(rows(snapshots))
    return game_id


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_old_game_loads_at_every_version_from_its_events_and_its_old_snapshots(tmp_path: Path, variant: str) -> None:
    """On SQLite alone: what is read back is decoded the same way from either store (the tests below use both)."""
    old = golden(variant)
    sqlite = sqlite_settings(tmp_path / "old.sqlite")
    app = Meldbook(service_settings(sqlite))
    game_id = store_old_game(app, old)
    events = list(app.repository.event_store.get(game_id))
    assert [e.originator_version for e in events] == [e["version"] for e in old["events"]]
    assert old["snapshots"], "the old game has snapshots of the old shape"
    first_move = old["moves"][0]["first_version"]
    replayed = None
    for event in events:
        version = event.originator_version
        replayed = event.mutate(replayed)
        assert isinstance(replayed, Game)
        loaded = app.game(game_id, version=version)
        assert loaded.version == version
        assert doc_of(loaded) == doc_of(replayed), f"{variant}: differs at version {version}"
        # An old record's moves are counted when its next move is recorded, not while it loads.
        assert loaded.moves == (None if version >= first_move else 0), version
    app.close()


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_old_game_is_read_as_exactly_the_moves_it_was_recorded_in(open_meldbook: OpenMeldbook, variant: str) -> None:
    old = golden(variant)
    app = open_meldbook()
    game_id = store_old_game(app, old)
    events = list(app.repository.event_store.get(game_id))
    groups = group_moves(variant_named(variant), events)
    assert groups[0].number == 0 and groups[0].first_version == 1
    assert len(groups) - 1 == old["move_count"] == len(old["moves"])
    read = [(g.number, g.first_version, g.last_version) for g in groups[1:]]
    recorded = [(n, m["first_version"], m["last_version"]) for n, m in enumerate(old["moves"], start=1)]
    assert read == recorded
    listed = app.stored_events(game_id)
    assert [e.move for e in listed] == [
        next(g.number for g in groups if g.first_version <= e.version <= g.last_version) for e in listed
    ]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_next_move_of_an_old_game_in_progress_is_numbered_after_its_old_moves(
    open_meldbook: OpenMeldbook, variant: str
) -> None:
    old = golden(variant)
    middle = old["moves"][len(old["moves"]) // 2]
    app = open_meldbook()
    game_id = store_old_game(app, old, upto=middle["last_version"])
    game = app.game(game_id)
    body = next(b for entry in game.legal_actions() for b in entry.get("choices") or entry.get("examples") or [])
    record_move(app, game_id, {k: v for k, v in body.items() if k != "expected_version"}, game.version, TOKEN)
    again = app.stored_events(game_id, after=middle["last_version"])
    assert again[0].type == "MoveRecorded"
    assert again[0].data["move"] == old["moves"].index(middle) + 2
    assert {e.move for e in again} == {again[0].data["move"]}
    assert open_meldbook().game(game_id).moves == again[0].data["move"]
