"""A game recorded by its seats, over HTTP: the game, each seat's token, and helpers to record as a seat or as the
recorder, to check that a refusal stores nothing, and to read the game as a token sees it; every reading a token gets
as one text, and whether a card shows in a text."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, assert_problem, bearer, create, stored, streamed


class SeatedGame:
    """A recorded game whose players record their own moves, with a seat token for each."""

    def __init__(self, client: FlaskClient, players: Sequence[str], **setup: Any) -> None:
        self.client = client
        self.game: Created = create(client, players=tuple(players), recording="seats", deal_mode="recorded", **setup)
        self.seats: dict[str, str] = {}
        for player in players:
            response = client.post(f"{self.game.url}/tokens/seats/{player}", headers=self.game.auth)
            self.seats[player] = response.get_json()["token"]

    def version(self) -> int:
        version: int = self.client.get(self.game.url, headers=self.game.auth).get_json()["version"]
        return version

    def post(self, token: str, **body: Any) -> Any:
        return self.client.post(
            f"{self.game.url}/moves", json={**body, "expected_version": self.version()}, headers=bearer(token)
        )

    def move(self, player: str, token: str | None = None, **body: Any) -> list[dict[str, Any]]:
        """Record the player's action with his seat's token (or the token given); the events stored."""
        response = self.post(token or self.seats[player], player=player, **body)
        assert response.status_code == 201, (body, response.get_json())
        events: list[dict[str, Any]] = response.get_json()["events"]
        return events

    def recorder(self, **body: Any) -> dict[str, Any]:
        """Record an action as the recorder (the table's, or a hand nobody entered at the end); the answer."""
        response = self.post(self.game.token, **body)
        assert response.status_code == 201, response.get_json()
        answer: dict[str, Any] = response.get_json()
        return answer

    def refused(self, app: Flask, token: str, status: int, code: str, **body: Any) -> dict[str, Any]:
        before = stored(app)
        problem = assert_problem(self.post(token, **body), status, code)
        assert stored(app) == before, "a refused move stores nothing"
        return problem

    def shown(self, token: str | None) -> dict[str, Any]:
        shown: dict[str, Any] = self.client.get(self.game.url, headers=bearer(token) if token else {}).get_json()
        return shown


def everything_seen(table: SeatedGame, token: str | None) -> str:
    """Every reading of the game a token gets, as one text: the game, its events, a past state, the replay, the
    stream and the notation."""
    client, url, headers = table.client, table.game.url, bearer(token) if token else {}
    version = table.version()
    readings = [
        client.get(url, headers=headers).get_json(),
        client.get(f"{url}/events", headers=headers, query_string={"limit": 500}).get_json(),
        *(client.get(f"{url}/state", headers=headers, query_string={"at": at}).get_json() for at in (version - 1,)),
        client.get(f"{url}/replay", headers=headers).get_json(),
        streamed(client, url, headers),
    ]
    notation = client.get(f"{url}/notation", headers=headers).get_data(as_text=True)
    return json.dumps(readings) + notation


def shows(text: str, card: str) -> bool:
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])", text) is not None


def offers_each_seat_its_own_entry(table: SeatedGame) -> None:
    """Each seat is offered the entry of its own hand, and nothing of another player's."""
    for player, token in table.seats.items():
        listed = {(e["type"], e["player"]) for e in table.shown(token)["legal_actions"]}
        assert ("enter_hand", player) in listed and {p for _, p in listed} == {player}


def enters_own_hand(table: SeatedGame, player: str, cards: list[str]) -> None:
    """The player enters his hand from his seat, and his seat sees it whole."""
    table.move(player, type="enter_hand", cards=cards)
    own = table.shown(table.seats[player])["state"]["hands"][player]
    assert sorted(own["cards"]) == sorted(cards) and own["unknown"] == 0


def refuses_bad_entries(app: Flask, table: SeatedGame, player: str, cards: list[str], conflicting: str) -> None:
    """A short entry, an unreadable card, a card the record places elsewhere, another seat's or the recorder's entry
    of the player's hand, and a stated count during play are each refused naming the rule, storing nothing."""
    seat, short = table.seats[player], cards[:-1]
    other = next(token for name, token in table.seats.items() if name != player)
    table.refused(app, seat, 422, "hand.entry-count", type="enter_hand", player=player, cards=short)
    table.refused(app, seat, 422, "unknown-card", type="enter_hand", player=player, cards=[*short, "1X"])
    table.refused(app, seat, 422, "card-conflict", type="enter_hand", player=player, cards=[*short, conflicting])
    table.refused(app, other, 403, "not-permitted", type="enter_hand", player=player, cards=cards)
    table.refused(app, table.game.token, 403, "not-permitted", type="enter_hand", player=player, cards=cards)
    table.refused(app, seat, 422, "wrong-phase", type="state_count", player=player, points=10)
