"""The notation benchmark's runs measure what they say (figures are printed by `make bench`, never asserted here):
every action is validated, the raw appends store the very events the import stored, the RSS child imports them all."""

from __future__ import annotations

import io
from pathlib import Path

import chess.pgn
import pytest

from bench.notation import write_repeated
from bench.notation_runs import count_actions, peak_rss_importing, random_pgn, time_import, time_pgn, time_validation
from domain.notation.archive import split_archive
from service.simulation import simulated_archive
from tests.stores import sqlite_settings


@pytest.fixture(scope="module")
def archive() -> str:
    return "".join(simulated_archive("robins", 3, 5))


def test_validation_reads_every_action_and_refuses_to_time_a_bad_archive(archive: str) -> None:
    assert count_actions(archive) == sum(
        1 for r in split_archive(archive.splitlines()) for line in r.text.split("\n") if line[:1].isdigit()
    )
    assert time_validation(archive) > 0
    broken = archive.replace(" draw ", " juggle ", 1)
    with pytest.raises(RuntimeError, match="record 0 of the bench archive was refused"):
        time_validation(broken)


def test_pgn_plies_are_every_move_of_every_game() -> None:
    texts = random_pgn(3, 1)
    plies, _ = time_pgn(texts)
    games = [chess.pgn.read_game(io.StringIO(t)) for t in texts]
    assert plies == sum(len(list(g.mainline_moves())) for g in games if g is not None) > 0


def test_the_raw_appends_store_the_events_the_import_stored_in_its_batches(
    archive: str, store_env: dict[str, str], tmp_path: Path
) -> None:
    raw_env = sqlite_settings(tmp_path / "raw.sqlite")
    run = time_import(store_env, raw_env, archive)
    assert run.games == 3 and len(run.batches) == 3 and run.events == sum(run.batches) > 3 * 100


def test_the_rss_child_imports_every_game_of_a_repeated_archive(archive: str, tmp_path: Path) -> None:
    records = [r.text.rstrip("\n") for r in split_archive(archive.splitlines())]
    write_repeated(tmp_path / "five.txt", records, 5)
    assert [r.index for r in split_archive((tmp_path / "five.txt").read_text().splitlines())] == list(range(5))
    games, peak = peak_rss_importing(tmp_path / "five.txt", tmp_path)
    assert games == 5 and peak > 10_000


def test_the_refusal_bench_bodies_are_one_record_wrong_at_line_10_at_both_sizes(tmp_path: Path) -> None:
    from api.app import create_app
    from bench.refusals import SIZES, body, cpu_per_request

    app = create_app(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "r.sqlite")})
    client = app.test_client()
    for size in SIZES.values():
        data = body(size)
        assert size - 100 < len(data) <= size and data.count(b"\n") > size // 100
        spent = cpu_per_request(lambda d: client.post("/games/import", data=d,
                                                      content_type="application/vnd.meldbook.notation"), data)
        assert spent >= 0
    app.extensions["meldbook"].close()
