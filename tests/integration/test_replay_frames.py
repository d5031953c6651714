"""A hand's frames are built in one pass over the game's events (never by loading the game once per frame), and
an old game's frames are the moves its variant's reading gives."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bots import SeededChance, pick, without_version
from domain.grouping import group_moves
from domain.variants import variant_named
from domain.visibility import Viewer
from replays.frames import replay_hand
from service.application import Meldbook
from service.presenting import present_state
from tests.integration.conftest import service_settings
from tests.integration.test_old_games import VARIANTS, golden, store_old_game


def _played(app: Meldbook, moves: int) -> Any:
    game, token = app.create_game("roby", ["ann", "bob", "cy"], {}, "shuffled")
    rng = random.Random(3)
    for _ in range(moves):
        body = pick(app.game(game.id).legal_actions(), rng, ("go_out", "meld", "lay_off"))
        app.record_move(game.id, without_version(body), body["expected_version"], token)
    return game.id


def _sqlite(tmp_path: Path) -> Meldbook:
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "frames.sqlite")}
    return Meldbook(service_settings(env), chance=SeededChance(3))


def test_a_hands_frames_read_the_events_once_and_never_load_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _sqlite(tmp_path)
    game_id = _played(app, 120)
    expected = {v: present_state(app.game(game_id, version=v), Viewer.FULL, app.latest_version(game_id))
                for v in (20, 60, app.latest_version(game_id))}
    reads: list[Any] = []
    event_store_get = app.repository.event_store.get

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(args)
        return event_store_get(*args, **kwargs)

    def no_load(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a frame loaded the game")

    monkeypatch.setattr(app.repository.event_store, "get", counted)
    monkeypatch.setattr(app.repository, "get", no_load)
    monkeypatch.setattr(app, "game", no_load)
    replay = replay_hand(app, game_id, Viewer.FULL, hand=1)
    assert len(reads) == 1 and len(replay.frames) > 40 and replay.frames[-1]["versions"]["last"] in expected
    for frame in replay.frames:
        version = frame["versions"]["last"]
        if version in expected:
            assert frame["state"] == {k: v for k, v in expected[version].items() if not k.endswith("_actions")}
    app.close()


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_old_games_frames_are_the_moves_its_variant_reads_in_it(tmp_path: Path, variant: str) -> None:
    app = _sqlite(tmp_path)
    game_id = store_old_game(app, golden(variant))
    groups = group_moves(variant_named(variant), list(app.repository.event_store.get(game_id)))
    replay = replay_hand(app, game_id, Viewer.SPECTATOR)
    frames = [f for h in replay.hands for f in replay_hand(app, game_id, Viewer.SPECTATOR, h.number).frames]
    assert [(f["move"], f["versions"]["first"], f["versions"]["last"]) for f in frames] == [
        (g.number, g.first_version, g.last_version) for g in groups
    ]
    assert len(replay.hands) > 1 and all(f["action"] is None and f["words"] for f in frames)
    assert all(f["actor"] in (None, *frames[0]["state"]["players"]) for f in frames)
    app.close()
