"""The move profile's runs measure what they say (figures are printed by `python -m bench.profile`, never asserted
here): the HTTP run records every move of its workload, the profile's parts add up to the whole, and on PostgreSQL
the statements of the moves are counted."""

from __future__ import annotations

from dataclasses import replace
from uuid import UUID

import pytest

from bench.profile import HttpMoves, cpu_rules, measure, profile_moves
from bench.profile_steps import by_part, by_step
from bench.stores import settings
from bench.workload import Workload, record_workload
from tests import pg


@pytest.fixture(scope="module")
def workload() -> Workload:
    whole = record_workload(0, 2)
    return replace(whole, moves=whole.moves[:12])


def test_the_http_run_records_every_move_of_the_workload(tmp_path: object, workload: Workload) -> None:
    variables = {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": f"{tmp_path}/bench.sqlite"}
    http = HttpMoves(settings(variables), workload)
    try:
        game_id, token = http.new_game()
        http.moves(game_id, token)
        shown = http.client.get(f"/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).get_json()
        assert shown["version"] == workload.final_version
    finally:
        http.close()


def test_the_rules_alone_decide_every_move_of_the_workload_as_the_service_records_them(
    tmp_path: object, workload: Workload
) -> None:
    cpu, decided = cpu_rules(workload)
    variables = {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": f"{tmp_path}/bench.sqlite"}
    http = HttpMoves(settings(variables), workload)
    try:
        game_id, token = http.new_game()
        http.moves(game_id, token)
        stored = http.app.extensions["meldbook"].game(UUID(game_id))
    finally:
        http.close()
    assert cpu > 0 and decided.version == stored.version == workload.final_version
    assert decided.rules.to_doc(decided.state) == stored.rules.to_doc(stored.state)


def test_the_parts_of_a_profile_add_up_to_the_whole(tmp_path: object, workload: Workload) -> None:
    variables = {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": f"{tmp_path}/bench.sqlite"}
    stats = profile_moves(variables, workload, "service")
    parts = by_part(stats, len(workload.moves))
    assert sum(share for _, _, share in parts) == pytest.approx(1.0)
    assert {"rules and the game (domain/)", "eventsourcing (save, mapper, transcoder, recorder)"} <= {
        part for part, _, _ in parts
    }


def test_the_steps_of_record_move_are_found_and_add_up_to_it(tmp_path: object, workload: Workload) -> None:
    variables = {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": f"{tmp_path}/bench.sqlite"}
    steps = dict(by_step(profile_moves(variables, workload, "service"), len(workload.moves), "service"))
    whole = steps.pop("the whole move")
    assert whole > 0, "record_move was not found where the profile looks for it"
    assert sum(steps.values()) == pytest.approx(whole)
    assert {
        "record_move: the rules (Game.record, on the state in hand)",
        "record_move: the insert, snapshots with it (driver, SQL, commit)",
        "record_move: snapshots taken from the game in hand (every 20 events)",
        "record_move: the game to decide on (kept, else loaded)",
    } <= set(steps)


def test_on_postgres_the_statements_of_the_moves_are_counted(fresh_postgres_dbname: str, workload: Workload) -> None:
    variables = {
        "MELDBOOK_STORE": "postgres",
        "MELDBOOK_POSTGRES_DBNAME": fresh_postgres_dbname,
        "MELDBOOK_POSTGRES_HOST": pg.host(),
        "MELDBOOK_POSTGRES_PORT": pg.port(),
        "MELDBOOK_POSTGRES_USER": pg.USER,
        "MELDBOOK_POSTGRES_PASSWORD": pg.PASSWORD,
    }
    figures = measure("postgres", variables, workload, repeat=1)
    assert figures.statements is not None and figures.statements >= 1  # at least each move's save
    assert figures.service_move_ms > 0 and figures.http_move_ms > 0 and figures.raw_save_ms > 0
    assert figures.rules_ms > 0 and 0 < figures.rules_share < 1
