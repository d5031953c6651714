"""The bare apps the benchmarks measure Meldbook's ceilings with (bench/bare.py), a WSGI function and the same as
Flask views: each move is one save of two events through the recorder Meldbook saves through, and nothing else."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from werkzeug.test import Client

import bench.bare
from service.config import store_env as configured_store

MOVE = {"type": "discard", "player": "p1", "card": "QH"}


def _meldbook_variables(store_env: dict[str, str]) -> dict[str, str]:
    """Meldbook's own variables (MELDBOOK_STORE, ...) for the test's store, as the benchmark's servers get them."""
    if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        return {"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": store_env["SQLITE_DBNAME"]}
    keys = ("DBNAME", "HOST", "PORT", "USER", "PASSWORD")
    return {"MELDBOOK_STORE": "postgres", **{f"MELDBOOK_POSTGRES_{k}": store_env[f"POSTGRES_{k}"] for k in keys}}


@pytest.fixture(params=["wsgi", "flask"])
def bare(
    request: pytest.FixtureRequest, store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> Iterator[Client]:
    """The bare app (a WSGI function, or Flask views) on the test's store, as a fresh process would open it."""
    for name, value in _meldbook_variables(store_env).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(bench.bare, "_store", None)
    yield Client(bench.bare.app if request.param == "wsgi" else bench.bare.flask_app())
    if bench.bare._store is not None:
        bench.bare._store.close()


def test_a_move_is_one_save_of_two_events_through_meldbooks_recorder(bare: Client) -> None:
    created = bare.post("/games", json={"variant": "roby", "players": ["p1", "p2"]})
    assert created.status_code == 201 and created.json is not None
    before = bench.bare.store().recorder.max_notification_id() or 0
    answers = [bare.post(f"/games/{created.json['id']}/moves", json=MOVE) for _ in range(3)]
    assert [a.status_code for a in answers] == [201] * 3
    assert [a.json["version"] for a in answers if a.json] == [2, 2, 2]
    store = bench.bare.store()
    assert type(store.recorder).__name__ == configured_store()["APPLICATION_RECORDER_TOPIC"].rsplit(":", 1)[1]
    assert (store.recorder.max_notification_id() or 0) - before == 6, "three saves of two events each"


def test_health_answers_without_the_store_and_anything_else_is_refused(bare: Client) -> None:
    assert bare.get("/health").json == {"status": "ok"}
    assert bench.bare._store is None, "GET /health opened no store"
    assert bare.get("/games/x/moves").status_code in (404, 405)
    assert bare.post("/games/x/moves", data=b"[1]", content_type="application/json").status_code == 404
    assert bench.bare._store is None, "nothing was saved"
