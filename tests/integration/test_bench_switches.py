"""The benchmark's guarantee switches (bench/switches.py) take away what they say they take away, and nothing is left
switched off once their block ends: what bench/guarantees.py reports as a guarantee's cost is that guarantee's."""

from __future__ import annotations

import json
import pickle
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from api.app import create_app
from bench.switches import SWITCHES, parse_switches, switched_off
from bench.workload import Workload, record_workload
from domain.record.chain import LINK


@pytest.fixture(scope="module")
def workload() -> Workload:
    return record_workload(0, 2)


@pytest.fixture
def app(sqlite_env: dict[str, str]) -> Iterator[Flask]:
    made = create_app(env=sqlite_env)
    yield made
    made.extensions["meldbook"].close()


def _play(app: Flask, workload: Workload, moves: int) -> tuple[str, str, list[Any]]:
    """A new game with the workload's first moves recorded; its id, token and each move's answer."""
    client = app.test_client()
    created = client.post("/games", json={"variant": "roby", "players": workload.players, "deal_mode": "shuffled"})
    game_id, token = created.json["id"], created.json["token"]  # type: ignore[index]
    answers = []
    for move in workload.moves[:moves]:
        answer = client.post(f"/games/{game_id}/moves", json=move.body, headers={
            "Authorization": f"Bearer {token}", "If-Match": f'"{move.expected_version}"'})
        assert answer.status_code == 201, answer.get_data(as_text=True)
        answers.append(answer)
    return game_id, token, answers


def _stored_states(app: Flask, game_id: str) -> list[dict[str, Any]]:
    recorder = app.extensions["meldbook"].recorder
    from uuid import UUID

    return [json.loads(s.state) for s in recorder.select_events(UUID(game_id))]


def _snapshots(app: Flask, game_id: str) -> int:
    from uuid import UUID

    return len(list(app.extensions["meldbook"].snapshots.recorder.select_events(UUID(game_id))))


def test_every_switch_off_takes_each_guarantee_away_and_the_block_gives_them_back(
    app: Flask, workload: Workload
) -> None:
    with switched_off(app, parse_switches("all")):
        game_id, token, answers = _play(app, workload, 30)
        assert not [s for s in _stored_states(app, game_id)[1:] if LINK in s]  # chain: no links
        assert _snapshots(app, game_id) == 0  # snapshots: none at 20 or 40 events
        last = answers[-1]
        assert all(set(e) == {"version"} for e in last.json["events"])  # answer: versions alone
        assert "X-Content-Type-Options" not in last.headers and "X-Request-ID" not in last.headers  # headers, log
        client = app.test_client()
        rotated = client.post(f"/games/{game_id}/tokens/recorder", headers={"Authorization": f"Bearer {token}"})
        assert rotated.status_code == 201, rotated.get_data(as_text=True)
        move = workload.moves[30]
        stale_token = client.post(f"/games/{game_id}/moves", json=move.body, headers={
            "Authorization": f"Bearer {token}", "If-Match": f'"{move.expected_version}"'})
        assert stale_token.status_code == 201  # token: the rotated-out token still records
    game_id, token, answers = _play(app, workload, 30)
    assert all(LINK in s for s in _stored_states(app, game_id)[1:])
    assert _snapshots(app, game_id) >= 1
    last = answers[-1]
    assert all({"type", "data", "topic"} <= set(e) for e in last.json["events"])
    assert last.headers["X-Content-Type-Options"] == "nosniff" and last.headers["X-Request-ID"]


def test_without_the_schema_a_move_body_is_not_loaded_by_marshmallow(app: Flask, workload: Workload) -> None:
    game_id, token, _ = _play(app, workload, 0)
    body = {**workload.moves[0].body, "player": "x" * 200}  # the schema's Name refuses it, naming `player`
    headers = {"Authorization": f"Bearer {token}", "If-Match": f'"{workload.moves[0].expected_version}"'}
    with_schema = app.test_client().post(f"/games/{game_id}/moves", json=body, headers=headers)
    assert with_schema.status_code == 422 and with_schema.json["code"] == "validation-error"
    with switched_off(app, parse_switches("schema")):
        without = app.test_client().post(f"/games/{game_id}/moves", json=body, headers=headers)
    assert without.status_code == 422 and without.json["code"] != "validation-error"


def test_switch_names_are_checked() -> None:
    assert parse_switches("move") < parse_switches("all") == frozenset(SWITCHES)
    with pytest.raises(ValueError, match="no such switch: rules"):
        parse_switches("chain,rules")


def test_the_workload_pickles_for_the_counted_children(workload: Workload) -> None:
    assert pickle.loads(pickle.dumps(workload)) == workload
