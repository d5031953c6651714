"""A hand's frames are built from the record read a page at a time and the game as it was before the hand (never
by loading the game once per frame), and an old game's frames are the moves its variant's reading gives."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bots import SeededChance, pick, without_version
from domain.access.visibility import Viewer
from domain.record.grouping import group_moves
from domain.variants import variant_named
from replays.frames import PAGE, replay_hand
from service.application import Meldbook
from service.moving import record_move
from service.presenting import present_state
from service.setup import create_game
from tests.integration.conftest import service_settings
from tests.integration.test_old_games import VARIANTS, golden, store_old_game
from tests.stores import sqlite_settings


def _played(app: Meldbook, moves: int) -> Any:
    game, token = create_game(app, "roby", ["ann", "bob", "cy"], {}, "shuffled")
    rng = random.Random(3)
    for _ in range(moves):
        body = pick(app.game(game.id).legal_actions(), rng, ("go_out", "meld", "lay_off"))
        record_move(app, game.id, without_version(body), body["expected_version"], token)
    return game.id


def _sqlite(tmp_path: Path) -> Meldbook:
    return Meldbook(service_settings(sqlite_settings(tmp_path / "frames.sqlite")), chance=SeededChance(3))


@pytest.mark.parametrize("hand", [1, 2])
def test_a_hands_frames_read_the_record_in_pages_and_load_the_game_only_before_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hand: int
) -> None:
    app = _sqlite(tmp_path)
    game_id = _played(app, 400)
    latest = app.latest_version(game_id)
    expected = {v: present_state(app.game(game_id, version=v), Viewer.FULL, latest) for v in range(1, latest + 1)}
    reads: list[dict[str, Any]] = []
    loads: list[int | None] = []
    event_store_get, load = app.repository.event_store.get, app.game

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append({"by_a_load": bool(loading), **kwargs})
        return event_store_get(*args, **kwargs)

    loading: list[bool] = []

    def counted_load(game_id: Any, version: int | None = None) -> Any:
        loads.append(version)
        loading.append(True)
        try:
            return load(game_id, version)
        finally:
            loading.pop()

    monkeypatch.setattr(app.repository.event_store, "get", counted)
    monkeypatch.setattr(app, "game", counted_load)
    replay = replay_hand(app, game_id, Viewer.FULL, hand=hand)
    first = replay.hands[hand - 1].first_move
    assert len(replay.hands) >= 2 and len(replay.frames) > 40 and replay.frames[0]["move"] == first
    # The latest game (its version and voided moves) and, for a hand after the first, the game before its first
    # move: never a load per frame.
    assert loads[0] is None and len(loads) == (1 if first == 0 else 2)
    if first > 0:
        assert loads[1] == replay.frames[0]["versions"]["first"] - 1
    # Every read of the record itself takes a page at most.
    pages = [read for read in reads if not read["by_a_load"]]
    assert pages and all(read["limit"] == PAGE for read in pages)
    hand_events = replay.frames[-1]["versions"]["last"] - (loads[1] if first else 0)
    assert len(pages) <= (latest // PAGE + 1) + (hand_events // PAGE + 1)
    for frame in replay.frames:
        version = frame["versions"]["last"]
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
