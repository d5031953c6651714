"""The contract fuzzing harness (tests/fuzz): positive_data_acceptance expects of each operation what its contract
declares a schema-valid request may get, the pinned game is kept from what would end it, and aimed moves are moves the
game lists as legal."""

from __future__ import annotations

import tomllib
from types import SimpleNamespace
from typing import Any

import pytest

from tests.fuzz import hooks
from tests.fuzz.__main__ import POSITIVE_STATUSES, VALID_REQUEST_REFUSALS, fuzz_config

CONTRACT: dict[str, Any] = {
    "paths": {
        "/games/{game_id}/moves": {"post": {VALID_REQUEST_REFUSALS: {"422": "a move the rules refuse", "412": "x"}}},
        "/games/{game_id}": {"get": {"responses": {}}, "parameters": []},
    }
}


def test_each_declared_refusal_is_expected_of_its_operation_alone() -> None:
    config = tomllib.loads(fuzz_config('seed = 1\n[checks]\nenabled = true\n', CONTRACT))
    assert config["seed"] == 1 and config["checks"] == {"enabled": True}
    assert config["operations"] == [{
        "include-name": "POST /games/{game_id}/moves",
        "checks": {"positive_data_acceptance": {"expected-statuses": [*POSITIVE_STATUSES, "412", "422"]}},
    }]


def case(path: str, body: Any = None, game: str = "pinned") -> Any:
    return SimpleNamespace(operation=SimpleNamespace(path=path), body=body, path_parameters={"game_id": game},
                           headers={"Authorization": "Bearer pinned-token"}, meta=None)


def test_what_would_end_the_pinned_game_goes_to_the_spare_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MELDBOOK_FUZZ_SPARE_ID", "spare")
    monkeypatch.setenv("MELDBOOK_FUZZ_SPARE_TOKEN", "spare-token")
    for ending in (case("/games/{game_id}/discard", {"reason": "x"}), case("/games/{game_id}/moves",
                                                                           {"type": "abandon", "confirm": True})):
        assert hooks.ends_the_game(ending)
        hooks.to_the_spare_game(ending)
        assert ending.path_parameters["game_id"] == "spare"
        assert ending.headers["Authorization"] == "Bearer spare-token"
    assert not hooks.ends_the_game(case("/games/{game_id}/moves", {"type": {"nested": 1}}))
    assert not hooks.ends_the_game(case("/games/{game_id}/moves", {"type": "discard"}))


def test_aimed_moves_are_the_games_listed_moves_or_those_with_another_card() -> None:
    legal = [{"type": "discard", "player": "bob", "choices": [{"type": "discard", "player": "bob", "card": "2C"}]}]
    bodies = [{"type": "draw", "player": str(n), "card": "x"} for n in range(200)]
    aimed = [hooks.aimed(body, ("bob",), legal) for body in bodies]
    untouched = [a for a, b in zip(aimed, bodies, strict=True) if a == b]
    assert 60 < len(untouched) < 140, "about half go as generated"
    changed = [a for a in aimed if a not in bodies]
    assert all(a["type"] == "discard" and a["player"] == "bob" and a["card"] in hooks.CARDS for a in changed)
    assert {"type": "discard", "player": "bob", "card": "2C"} in changed, "some as listed, which the rules accept"
