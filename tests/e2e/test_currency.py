"""A game's currency over HTTP: an optional ISO 4217 code in its setup, shown with the game, written and read by the
notation; a game joining a night takes the night's, or must name the same; a code ISO 4217 does not know is refused
by name, and nothing is stored. A creation stored before games named a currency reads as naming none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain.record.game import Game
from tests.e2e.helpers import assert_problem, bearer
from tests.integration.test_golden_events import load_golden

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
NOTATION = "application/vnd.meldbook.notation"
ROBY = {"variant": "roby", "players": ["Ann", "Bob", "Cy"], "deal_mode": "shuffled"}


def created(client: FlaskClient, headers: dict[str, str] | None = None, **body: Any) -> Any:
    return client.post("/games", json={**ROBY, **body}, headers=headers or {})


def total(client: FlaskClient) -> int:
    return int(client.get("/games").get_json()["total"])


def open_night(client: FlaskClient, currency: str) -> tuple[str, dict[str, str]]:
    answer = client.post("/nights", json={"title": "Friday", "robins_stake": {"amount": 10, "currency": currency}})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"], {"X-Night-Token": answer.get_json()["token"]}


def test_a_game_names_its_currency_and_the_notation_carries_it(shared_client: FlaskClient) -> None:
    answer = created(shared_client, currency="NOK")
    assert answer.status_code == 201, answer.get_json()
    game, token = answer.get_json()["id"], answer.get_json()["token"]
    assert shared_client.get(f"/games/{game}").get_json()["currency"] == "NOK"
    text = shared_client.get(f"/games/{game}/notation", headers=bearer(token)).get_data(as_text=True)
    assert '[Currency "NOK"]' in text.splitlines()
    again = shared_client.post("/games/import", data=text.encode(), content_type=NOTATION)
    assert again.status_code == 201, again.get_json()
    assert shared_client.get(f"/games/{again.get_json()['id']}").get_json()["currency"] == "NOK"
    plain = created(shared_client).get_json()
    assert shared_client.get(f"/games/{plain['id']}").get_json()["currency"] is None
    written = shared_client.get(f"/games/{plain['id']}/notation", headers=bearer(plain["token"])).get_data(as_text=True)
    assert "[Currency" not in written


@pytest.mark.parametrize(("currency", "status", "code"), [("XQZ", 422, "invalid-setup"), ("nok", 422, None),
                                                          (7, 422, None)])
def test_a_currency_iso_4217_does_not_know_is_refused_by_name_and_nothing_is_stored(
    shared_client: FlaskClient, currency: Any, status: int, code: str | None
) -> None:
    before = total(shared_client)
    assert_problem(created(shared_client, currency=currency), status, code, "currency")
    assert total(shared_client) == before


def test_an_imported_record_with_an_unknown_currency_is_refused_at_its_tag(shared_client: FlaskClient) -> None:
    plain = created(shared_client).get_json()
    text = shared_client.get(f"/games/{plain['id']}/notation", headers=bearer(plain["token"])).get_data(as_text=True)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("[Access"))
    lines.insert(at + 1, '[Currency "XQZ"]')
    before = total(shared_client)
    refused = assert_problem(shared_client.post("/games/import", data="\n".join(lines).encode(), content_type=NOTATION),
                             422)
    assert refused["line"] == at + 2 and "currency" in refused["detail"]
    assert total(shared_client) == before


def test_a_game_joining_a_night_takes_its_currency_or_must_name_the_same(shared_client: FlaskClient) -> None:
    night, token = open_night(shared_client, "NOK")
    joined = created(shared_client, token, variant="robins", players=["Ann", "Bob"], night=night)
    assert joined.status_code == 201, joined.get_json()
    assert shared_client.get(f"/games/{joined.get_json()['id']}").get_json()["currency"] == "NOK"
    before, sheet = total(shared_client), shared_client.get(f"/nights/{night}", headers=token).get_json()
    assert_problem(created(shared_client, token, variant="robins", players=["Ann", "Bob"], night=night, currency="SEK"),
                   422, "night.currency-mismatch", "currency")
    assert total(shared_client) == before
    swedish = created(shared_client, variant="robins", players=["Cy", "Dan"], currency="SEK").get_json()
    answer = shared_client.post(f"/nights/{night}/games", json={"game": swedish["id"]},
                                headers={**token, **bearer(swedish["token"])})
    assert_problem(answer, 422, "night.currency-mismatch", "game")
    assert shared_client.get(f"/nights/{night}", headers=token).get_json() == sheet
    unnamed = created(shared_client, variant="robins", players=["Cy", "Dan"]).get_json()
    answer = shared_client.post(f"/nights/{night}/games", json={"game": unnamed["id"]},
                                headers={**token, **bearer(unnamed["token"])})
    assert answer.status_code == 201, answer.get_json()  # a game naming no currency is counted in the night's


def test_a_creation_stored_before_games_named_a_currency_names_none() -> None:
    old: dict[str, Any] = json.loads((GOLDEN / "v3" / "meldbook.GameCreated.json").read_text())
    assert old["state"]["class_version"] == 3 and "currency" not in old["state"]
    assert load_golden(old).currency is None
    state: dict[str, Any] = {}
    Game.upcast_v7_v8(state)
    assert state == {"currency": None}, "a snapshot of a game from before currencies names none"
