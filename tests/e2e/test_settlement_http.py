"""GET /games/{id}/settlement and /settlement/players/{player}: every movement of a finished game of each variant,
its balances and conservation checks, one player's balance explained, in the caller's view; SQLite and PostgreSQL."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.variants import CATALOGUE
from tests.e2e.helpers import all_events, assert_problem, bearer, create
from tests.e2e.settled_games import TOKEN, new_record, store

VARIANTS = ("roby", "robins", "royal")
UNITS = {"roby": {"money", "points"}, "robins": {"points"}, "royal": {"chips"}}
CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")


@pytest.fixture(scope="module")
def games(shared_app: Flask) -> dict[str, str]:
    """One finished game of each variant, stored through the application (recorded as at a real table)."""
    return {variant: store(shared_app, new_record(variant, recorded=True)) for variant in VARIANTS}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_settlement_lists_every_movement_with_its_event_move_hand_action_accounts_unit_and_catalogued_rule(
    shared_client: FlaskClient, games: dict[str, str], variant: str
) -> None:
    body = shared_client.get(f"/games/{games[variant]}/settlement").get_json()
    entries = body["entries"]
    assert entries and {e["unit"] for e in entries} == UNITS[variant]
    versions = [e["version"] for e in entries]
    assert versions == sorted(versions)
    events = {e["version"]: e for e in all_events(shared_client, f"/games/{games[variant]}")}
    for entry in entries:
        stored = events[entry["version"]]
        assert stored["move"] == entry["move"]
        assert entry["rule"]["id"] in CATALOGUE and entry["rule"]["sentence"] == CATALOGUE[entry["rule"]["id"]].sentence
        assert entry["rule"]["id"] == stored["data"].get("rule", entry["rule"]["id"])
        assert entry["status"] == "counted" and entry["action"]
        if stored["type"] == "AmountTransferred":
            data = stored["data"]
            assert (entry["source"], entry["destination"], entry["amount"]) == (
                data["source"], data["destination"], data["amount"]
            )
    assert [c["held"] for c in body["conservation"]] == [True] * len(body["conservation"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_balances_add_up_the_entries_per_hand_and_in_total_and_match_the_state(
    shared_client: FlaskClient, games: dict[str, str], variant: str
) -> None:
    body = shared_client.get(f"/games/{games[variant]}/settlement").get_json()
    expected: Counter[tuple[str, str]] = Counter()
    for e in body["entries"]:
        expected[(e["source"], e["unit"])] -= e["amount"]
        expected[(e["destination"], e["unit"])] += e["amount"]
    for balance in body["balances"]:
        assert balance["total"] == expected[(balance["account"], balance["unit"])]
        assert sum(h["change"] for h in balance["by_hand"]) == balance["total"]
    state = shared_client.get(f"/games/{games[variant]}", headers=bearer(TOKEN)).get_json()["state"]
    players = {b["player"]: b["total"] for b in body["balances"] if b["player"] and b["unit"] in ("money", "chips")}
    if "ledger" in state:
        assert players == {p: state["ledger"]["balances"][f"player:{p}"] for p in players}
    points = {b["player"]: b["total"] for b in body["balances"] if b["player"] and b["unit"] == "points"}
    if points:
        assert points == state["scores"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_players_balance_is_explained_entry_by_entry_with_a_running_total_that_ends_at_the_balance(
    shared_client: FlaskClient, games: dict[str, str], variant: str
) -> None:
    settlement = shared_client.get(f"/games/{games[variant]}/settlement").get_json()
    player = next(b["player"] for b in settlement["balances"] if b["player"])
    body = shared_client.get(f"/games/{games[variant]}/settlement/players/{player}").get_json()
    account = f"player:{player}"
    mine = [e for e in settlement["entries"] if account in (e["source"], e["destination"])]
    assert [e["version"] for e in body["entries"]] == [e["version"] for e in mine]
    running: Counter[str] = Counter()
    for entry in body["entries"]:
        sign = 1 if entry["destination"] == account else -1
        assert entry["change"] == sign * entry["amount"]
        running[entry["unit"]] += entry["change"]
        assert entry["running_total"] == running[entry["unit"]]
        assert entry["rule"]["sentence"] and entry["action"]
    totals = {b["unit"]: b["total"] for b in settlement["balances"] if b["account"] == account}
    assert {b["unit"]: b["total"] for b in body["balances"]} == totals == dict(running)


def _cards(text: Any) -> Counter[str]:
    return Counter(CARD.findall(str(text)))


def _headers(client: FlaskClient, url: str, role: str, player: str) -> dict[str, str]:
    """The headers of a caller in a role: none for a spectator, else a token issued by the recorder."""
    if role == "spectator":
        return {}
    path = {"seat": f"seats/{player}", "arbiter": "arbiter", "viewer": "viewers"}[role]
    response = client.post(f"{url}/tokens/{path}", json={} if role == "viewer" else None, headers=bearer(TOKEN))
    assert response.status_code == 201, response.get_json()
    return bearer(response.get_json()["token"])


@pytest.mark.parametrize("role", ["spectator", "seat", "arbiter"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_caller_reads_no_card_in_an_entrys_action_that_the_moves_envelope_does_not_show_him(
    shared_client: FlaskClient, games: dict[str, str], variant: str, role: str
) -> None:
    url = f"/games/{games[variant]}"
    first = shared_client.get(url).get_json()["players"][0]
    headers = _headers(shared_client, url, role, first)
    shown_events = all_events(shared_client, url, headers)
    envelopes = {e["move"]: e["data"] for e in shown_events if e["type"] == "MoveRecorded"}
    full = shared_client.get(f"{url}/settlement", headers=bearer(TOKEN)).get_json()["entries"]
    shown = shared_client.get(f"{url}/settlement", headers=headers).get_json()["entries"]
    assert len(full) == len(shown)
    for entry in shown:
        if entry["move"]:
            assert _cards(entry["action"]) <= _cards(envelopes[entry["move"]]["action"]), entry
    explained = shared_client.get(f"{url}/settlement/players/{first}", headers=headers).get_json()["entries"]
    assert [e["action"] for e in explained] == [
        e["action"] for e in shown if f"player:{first}" in (e["source"], e["destination"])
    ]
    assert sum(map(len, map(_cards, (e["action"] for e in full)))) >= sum(
        map(len, map(_cards, (e["action"] for e in shown)))
    )


def test_a_new_games_settlement_holds_its_buy_ins_and_the_pot_and_nothing_else(shared_client: FlaskClient) -> None:
    game = create(shared_client, options={"buy_in": 300})
    body = shared_client.get(f"{game.url}/settlement").get_json()
    assert [(e["source"], e["destination"], e["amount"], e["rule"]["id"]) for e in body["entries"]] == [
        (f"player:{p}", "pot", 300, "roby.stakes.buy-in") for p in ("ann", "bob", "cy")
    ]
    assert {b["account"]: b["total"] for b in body["balances"]} == {
        "player:ann": -300, "player:bob": -300, "player:cy": -300, "pot": 900
    }


def test_the_explanation_of_someone_not_at_the_table_is_refused_naming_the_player(shared_client: FlaskClient) -> None:
    game = create(shared_client)
    response = shared_client.get(f"{game.url}/settlement/players/zed")
    assert_problem(response, 422, "unknown-player", names="player")


def test_the_settlement_of_no_game_is_a_404(shared_client: FlaskClient) -> None:
    missing = "/games/00000000-0000-4000-8000-000000000000"
    assert_problem(shared_client.get(f"{missing}/settlement"), 404, "game-not-found")
    assert_problem(shared_client.get(f"{missing}/settlement/players/ann"), 404)
