"""Nights: games of three variants recorded through the API, gathered into one night (at creation, and later), whose
sheet nets every player's money across them, traced to each game's settlement, adds up to zero, settles up with the
fewest transfers, and reads the same as CSV; who may change a night and read its sheet; every refusal stores
nothing."""

from __future__ import annotations

import csv
import io
import random
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient

from service.nights import created_in_night
from service.setup import create_game
from tests.e2e.helpers import Created, assert_problem, bearer, create, play, stored
from tests.unit.test_night_transfers import brute_force_minimum

NOK = "NOK"
CHIP, STAKE = 50, 10
"""A Royal Rummy chip is worth 50 øre, a Robins Rummy point 10 øre."""


def open_night(client: FlaskClient, **body: Any) -> tuple[str, dict[str, str]]:
    body = {"title": "Friday at the club", **body}
    response = client.post("/nights", json=body)
    assert response.status_code == 201, response.get_json()
    shown = response.get_json()
    assert response.headers["Location"].endswith(f"/nights/{shown['id']}")
    return shown["id"], {"X-Night-Token": shown["token"]}


def money_night(client: FlaskClient) -> tuple[str, dict[str, str]]:
    return open_night(
        client, chip_value={"amount": CHIP, "currency": NOK}, robins_stake={"amount": STAKE, "currency": NOK}
    )


def create_in_night(client: FlaskClient, night: str, token: dict[str, str], **body: Any) -> Created:
    response = client.post("/games", json={"deal_mode": "shuffled", "night": night, **body}, headers=token)
    assert response.status_code == 201, response.get_json()
    shown = response.get_json()
    return Created(shown["id"], shown["token"], shown["version"])


def join(client: FlaskClient, night: str, token: dict[str, str], game: Created) -> Any:
    return client.post(f"/nights/{night}/games", json={"game": game.id}, headers={**token, **game.auth})


def balance(client: FlaskClient, game: Created, player: str, unit: str) -> tuple[int, list[dict[str, Any]]]:
    """A player's balance in a unit from GET /games/{id}/settlement/players/{player}, and the entries behind it."""
    shown = client.get(f"{game.url}/settlement/players/{player}").get_json()
    total = next((b["total"] for b in shown["balances"] if b["unit"] == unit), 0)
    return total, [e for e in shown["entries"] if e["unit"] == unit]


def expected_money(client: FlaskClient, games: dict[str, tuple[Created, tuple[str, ...]]]) -> dict[str, dict[str, int]]:
    """Each party's money in each game, worked out here from the games' settlements as the README says."""
    expected: dict[str, dict[str, int]] = {}
    roby, players = games["roby"]
    for player in players:  # while the pot is in play, what a player has in it is left aside
        money, entries = balance(client, roby, player, "money")
        staked = sum(e["amount"] if e["destination"] == "pot" else -e["amount"] for e in entries if "pot" in
                     (e["source"], e["destination"]))
        expected.setdefault(player, {})[roby.id] = money + staked
    royal, players = games["royal"]
    for player in players:
        chips, entries = balance(client, royal, player, "chips")
        stack = sum(e["amount"] for e in entries if e["source"] == "bank")
        expected.setdefault(player, {})[royal.id] = (chips - stack) * CHIP
    expected.setdefault("[banker]", {})[royal.id] = -sum(expected[p][royal.id] for p in players)
    robins, players = games["robins"]
    points = {p: balance(client, robins, p, "points")[0] for p in players}
    for player in players:
        owed = sum((points[player] - points[other]) * STAKE for other in players if other != player)
        expected.setdefault(player, {})[robins.id] = owed
    return expected


def test_a_night_of_three_variants_nets_to_zero_traces_to_the_settlements_and_settles_in_the_fewest_transfers(
    shared_client: FlaskClient,
) -> None:
    client = shared_client
    night, token = money_night(client)
    royal_players, robins_players, roby_players = ("Bob", "Cy", "Dan"), ("ann", "Dan"), ("Ann", "Bob", "Cy")
    royal = create_in_night(client, night, token, variant="royal", players=list(royal_players))
    robins, roby = create(client, robins_players, "robins"), create(client, roby_players, "roby")
    for game in (robins, roby):
        response = join(client, night, token, game)
        assert response.status_code == 201, response.get_json()
    assert play(client, royal, random.Random(1), 3000) < 3000
    assert play(client, robins, random.Random(1), 3000) < 3000
    play(client, roby, random.Random(1), 60)
    sheet = client.get(f"/nights/{night}").get_json()
    assert [g["id"] for g in sheet["games"]] == [royal.id, robins.id, roby.id]
    assert sheet["currency"] == NOK and sheet["chip_value"] == {"amount": CHIP, "currency": NOK}
    games = {"royal": (royal, royal_players), "robins": (robins, robins_players), "roby": (roby, roby_players)}
    expected: dict[str, dict[str, int]] = {}
    for name, by_game in expected_money(client, games).items():  # "ann" and "Ann" are one party
        expected.setdefault(name.casefold(), {}).update(by_game)
    assert [party["name"] for party in sheet["parties"] if party["name"].casefold() == "ann"] == ["ann"]
    nets = {party["name"]: party["net"] for party in sheet["parties"]}
    assert {name.casefold(): net for name, net in nets.items()} == {
        party: sum(by_game.values()) for party, by_game in expected.items()
    }
    for party in sheet["parties"]:
        assert {line["game"]: line["money"] for line in party["lines"]} == expected[party["name"].casefold()]
        assert sum(line["money"] for line in party["lines"]) == party["net"]
        for line in party["lines"]:
            if party["name"] != "[banker]":
                _, entries = balance(client, Created(line["game"], "", 0), line["player"], line["unit"])
                assert [e["version"] for e in line["entries"]] == [e["version"] for e in entries]
    (in_play,) = [game["in_play"] for game in sheet["games"] if game["in_play"]]  # the Roby game is being played
    assert in_play["money"] == client.get(roby.url, headers=roby.auth).get_json()["state"]["pot"] > 0
    assert "[pot]" not in nets and all("[pot]" not in game["nets"] for game in sheet["games"])
    assert any(nets.values()) and sum(nets.values()) == 0
    assert sheet["check"] == {"total": 0, "holds": True, "detail": sheet["check"]["detail"]}
    assert sheet["check"]["detail"].endswith("= 0")
    left = dict(nets)
    for transfer in sheet["transfers"]:
        assert transfer["amount"] > 0
        left[transfer["from"]] += transfer["amount"]
        left[transfer["to"]] -= transfer["amount"]
    assert not any(left.values())
    assert len(sheet["transfers"]) == brute_force_minimum(nets) <= sheet["greedy_transfers"]
    check_csv(client.get(f"/nights/{night}/sheet.csv"), sheet)
    check_csv(client.get(f"/nights/{night}", headers={"Accept": "text/csv"}), sheet)


def check_csv(response: Any, sheet: dict[str, Any]) -> None:
    """The CSV parses: a row per party whose game columns add up to its net, columns and nets adding up to zero, and
    transfers that settle the nets."""
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    header, *rest = rows
    assert header[0] == "party" and header[-1] == "net" and len(header) == 2 + len(sheet["games"])
    blank = rest.index([])
    parties, total, transfers = rest[: blank - 1], rest[blank - 1], rest[blank + 2 :]
    assert total[0] == "total" and rest[blank + 1] == ["from", "to", "amount"]
    nets = {}
    for name, *figures, net in parties:
        assert sum(map(int, figures)) == int(net)
        nets[name] = int(net)
    assert nets == {party["name"]: party["net"] for party in sheet["parties"]}
    for column in range(1, len(header)):
        assert sum(int(row[column]) for row in parties) == 0 == int(total[column])
    for payer, payee, amount in transfers:
        nets[payer] += int(amount)
        nets[payee] -= int(amount)
    assert not any(nets.values()) and len(transfers) == len(sheet["transfers"])


def test_games_leave_a_night_with_both_tokens_and_a_public_nights_sheet_is_anyones(shared_client: FlaskClient) -> None:
    client = shared_client
    night, token = money_night(client)
    game = create(client, ("Ann", "Bob"), "robins")
    assert join(client, night, token, game).status_code == 201
    assert client.get(f"/nights/{night}").get_json()["games"][0]["id"] == game.id
    response = client.delete(f"/nights/{night}/games/{game.id}", headers={**token, **game.auth})
    assert response.status_code == 204
    sheet = client.get(f"/nights/{night}").get_json()
    assert sheet["games"] == [] and sheet["parties"] == [] and sheet["transfers"] == []


def test_a_night_holding_a_private_game_shows_its_sheet_only_with_its_token(shared_client: FlaskClient) -> None:
    client = shared_client
    night, token = money_night(client)
    create_in_night(client, night, token, variant="robins", players=["Ann", "Bob"], access="private")
    for path in (f"/nights/{night}", f"/nights/{night}/sheet.csv"):
        assert_problem(client.get(path), 404, "night-not-found")
        assert_problem(client.get(path, headers={"X-Night-Token": "wrong"}), 404, "night-not-found")
        assert client.get(path, headers=token).status_code == 200
    assert client.get(f"/nights/{night}", headers=token).get_json()["access"] == "private"


def test_every_refusal_is_a_problem_and_stores_nothing(shared_app: Flask, shared_client: FlaskClient) -> None:
    client = shared_client
    night, token = open_night(client, robins_stake={"amount": STAKE, "currency": NOK})
    game, other = create(client, ("Ann", "Bob"), "robins"), create(client, ("Ann", "Bob"), "robins")
    seat = client.post(f"{game.url}/tokens/seats/Ann", headers=game.auth).get_json()["token"]
    assert join(client, night, token, other).status_code == 201
    many = {"variant": "roby", "players": [f"p{i}" for i in range(8)], "deal_mode": "shuffled", "options": {"packs": 2}}
    create_in_night(client, night, token, **many)  # Ann, Bob and 8 more: 10 parties of the 12 a night settles
    many["players"] = [f"q{i}" for i in range(8)]
    before = stored(shared_app)
    royal = {"variant": "royal", "players": ["Ann", "Bob"], "deal_mode": "shuffled", "night": night}
    refusals = [
        (client.post("/nights", json={}), 422, "validation-error"),
        (client.post("/nights", json={"title": "x", "chip_value": {"amount": 0, "currency": NOK}}), 422, None),
        (client.post("/nights", json={"title": "x", "chip_value": {"amount": 5, "currency": "kr"}}), 422, None),
        (
            client.post(
                "/nights",
                json={"title": "x", "chip_value": {"amount": 5, "currency": NOK}, "robins_stake": {"amount": 1,
                                                                                            "currency": "EUR"}},
            ),
            422,
            "night.currency-mismatch",
        ),
        (client.get("/nights/00000000-0000-4000-8000-000000000000"), 404, "night-not-found"),
        (client.get(f"/nights/{game.id}"), 404, "night-not-found"),
        (client.post(f"/nights/{night}/games", json={"game": game.id}, headers=game.auth), 401, "night.missing-token"),
        (
            client.post(f"/nights/{night}/games", json={"game": game.id}, headers={**game.auth, "X-Night-Token": "x"}),
            403,
            "night.invalid-token",
        ),
        (client.post(f"/nights/{night}/games", json={"game": game.id}, headers=token), 401, "missing-token"),
        (
            client.post(f"/nights/{night}/games", json={"game": game.id}, headers={**token, **bearer(seat)}),
            403,
            "not-permitted",
        ),
        (
            client.post(f"/nights/{night}/games", json={"game": game.id}, headers={**token, **other.auth}),
            403,
            "invalid-token",
        ),
        (join(client, night, token, other), 409, "night.game-already-in"),
        (client.post(f"/nights/{night}/games", json={"game": "nope"}, headers=token), 422, "validation-error"),
        (client.post("/games", json=royal, headers=token), 422, "night.no-chip-value"),
        (client.post("/games", json={**royal, "variant": "robins"}), 401, "night.missing-token"),
        (client.post("/games", json={**many, "night": night}, headers=token), 422, "night.too-many-players"),
        (client.delete(f"/nights/{night}/games/{game.id}", headers={**token, **game.auth}), 404, "night.game-not-in"),
        (client.delete(f"/nights/{night}/games/{other.id}", headers=other.auth), 401, "night.missing-token"),
        (client.delete(f"/nights/{night}/games/{other.id}", headers=token), 401, "missing-token"),
    ]
    for response, status, code in refusals:
        assert_problem(response, status, code)
    assert stored(shared_app) == before


def test_a_game_created_into_a_night_that_changed_meanwhile_is_saved_with_it_on_a_second_try(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    app = shared_app.extensions["meldbook"]
    night_id, token = money_night(shared_client)
    elsewhere = create(shared_client, ("Ann", "Bob"), "robins")
    tries = []

    def create_late(beside: Any, currency: str | None) -> Any:
        if not tries:  # another request takes a game into the night between this one's reading and its saving
            assert join(shared_client, night_id, token, elsewhere).status_code == 201
        tries.append(1)
        return create_game(app, "robins", ["Cy", "Dan"], {}, "shuffled", beside=beside, currency=currency)

    game, _ = created_in_night(app, UUID(night_id), token["X-Night-Token"], "robins", ["Cy", "Dan"], None, create_late)
    assert len(tries) == 2
    games = shared_client.get(f"/nights/{night_id}").get_json()["games"]
    assert [g["id"] for g in games] == [elsewhere.id, str(game.id)]
