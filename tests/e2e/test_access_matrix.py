"""Every route of Flask's URL map, with every method it takes, called by every role, answers as the role table
(api/roles.py) says, and a refusal stores nothing.

The roles: no token, a viewer, the seat of the acting player, the seat of another player, the arbiter, the
recorder, a revoked token and another game's token; each game-scoped route is called on a public and on a private
game recorded by seats, a fresh one for each route and method. A route the table does not list fails here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from api.notation import MEDIA_TYPE as NOTATION
from api.roles import ASSET_ROUTES, CONFIRM, MANAGE, OPEN, READ, RECORD, RULE, SEAT, action_of, may
from tests.e2e.helpers import Created, bearer, create, stored

PLAYERS = ("Ann", "Bob", "Cy")
ACTING, OTHER = "Ann", "Bob"
ROLES = ("anonymous", "viewer", "seat", "other-seat", "arbiter", "recorder", "revoked", "other-game")
"""Those the table refuses are tried first: a role it allows may change the game."""
ALLOWED = "allowed"
PATH_VALUES = {
    "player": ACTING, "label": "club", "code": "not-permitted", "filename": "x.css", "name": "x.css", "hand": 1
}
QUERIES: dict[str, dict[str, Any]] = {"/games/<uuid:game_id>/state": {"at": 1}}
BODIES: dict[tuple[str, str], Any] = {
    ("/games", "POST"): {"variant": "roby", "players": ["p1", "p2"], "deal_mode": "shuffled"},
    ("/games/<uuid:game_id>/tokens/viewers", "POST"): {"label": "another"},
    ("/games/<uuid:game_id>/seats/<player>", "PUT"): {"device": False},
    ("/games/<uuid:game_id>/annotations", "POST"): {"target": "game", "comment": "a note"},
    ("/games/<uuid:game_id>/annotations/<int:annotation_id>", "PATCH"): {"comment": "an edited note"},
    ("/games/<uuid:game_id>/stream-tickets", "POST"): {},
    ("/games/<uuid:game_id>/what-if", "POST"): {"options": {"per_roby": 50}},
    ("/games/<uuid:game_id>/disputes", "POST"): {"target": "event", "at": 1, "claim": "a claim"},
    ("/games/<uuid:game_id>/disputes/<int:dispute_id>/evidence", "POST"): {"event": 1, "note": "evidence"},
    ("/games/<uuid:game_id>/disputes/<int:dispute_id>/ruling", "POST"): {"ruling": "upheld"},
    ("/games/import", "POST"): '[Variant "roby"]\n[Seat1 "p1"]\n[Seat2 "p2"]\n[DealMode "shuffled"]\n',
    ("/games/<uuid:game_id>/hands/<int:hand>/confirmations", "POST"): {"player": ACTING},
    ("/nights", "POST"): {"title": "Friday", "chip_value": {"amount": 50, "currency": "NOK"}},
    ("/games/<uuid:game_id>/setup", "PATCH"): {"rename": {"Cy": "Cyd"}},
    ("/games/<uuid:game_id>/discard", "POST"): {"reason": "created by mistake"},
    ("/games/<uuid:game_id>/pairings", "POST"): {"player": "Cy"},
}
NIGHT_TOKEN = "night token"
"""The X-Night-Token header of a night's routes, made for the night at hand."""
NIGHT_GAMES = ("/nights/<uuid:night_id>/games", "POST")
"""Taking a game into a night: the game named in its body answers to the game's own access rules, as managing it."""
CORRECTION = "made body"
"""A body made for the game at hand: the corrections route's voids a move recorded for it, and the redemption's
carries a pairing code offered for it."""
WRITERS = ("seat", "other-seat", "recorder")
"""The roles that write annotations and open disputes: an annotation's or a dispute's route is called on one its
caller wrote (the recorder's for the others), so that only the role decides the answer."""


@dataclass(frozen=True)
class Table:
    """A game recorded by seats and a token of each role."""

    game: Created
    tokens: dict[str, str]
    move: dict[str, Any]
    """A legal move of the acting player."""


def table(client: FlaskClient, access: str) -> Table:
    game = create(client, players=PLAYERS, recording="seats", access=access)
    tokens = {"recorder": game.token, "other-game": create(client).token}

    def issue(path: str, body: Any = None) -> str:
        response = client.post(f"{game.url}/tokens/{path}", json=body, headers=game.auth)
        assert response.status_code == 201, response.get_json()
        token: str = response.get_json()["token"]
        return token

    tokens["seat"], tokens["other-seat"] = issue(f"seats/{ACTING}"), issue(f"seats/{OTHER}")
    tokens["arbiter"] = issue("arbiter")
    tokens["viewer"] = issue("viewers", {"label": "club"})
    tokens["revoked"] = issue("viewers", {"label": "gone"})
    assert client.delete(f"{game.url}/tokens/viewers/gone", headers=game.auth).status_code == 204
    legal = client.get(game.url, headers=bearer(tokens["seat"])).get_json()["legal_actions"]
    return Table(game, tokens, legal[0]["choices"][0])


REDIRECTING = frozenset({"/language/<code>"})
"""Routes whose success is a redirect (the language switch goes back to the page it was asked from)."""


def expectation(rule: Rule, method: str, role: str, access: str) -> int | str:
    """The status the role table implies, or ALLOWED (a success)."""
    action = action_of(rule.rule, method)
    game_scoped = "game_id" in rule.arguments
    if (rule.rule, method) == NIGHT_GAMES:
        action, game_scoped = MANAGE, True
    if action == OPEN or not game_scoped:
        return ALLOWED
    private = access == "private"
    if role in ("revoked", "other-game"):
        return 404 if private else 403
    if role == "anonymous":
        return 404 if private else (ALLOWED if action == READ else 401)
    if not may(SEAT if role in ("seat", "other-seat") else role, action):
        return 403
    if action == RECORD and role != "seat":  # the domain's rule: only the acting player's seat, in a seats game
        return 403
    if action == RULE and role != "arbiter":  # the domain's rule: the arbiter rules, once the recorder issued one
        return 403
    if action == CONFIRM:  # the domain's rules: a seat confirms for its own player, the hand is not scored yet
        return 409 if role == "seat" else 403
    return ALLOWED


def path_values(client: FlaskClient, rule: Rule, at: Table, role: str) -> dict[str, Any]:
    values: dict[str, Any] = {name: PATH_VALUES.get(name, at.game.id) for name in rule.arguments}
    if "annotation_id" in rule.arguments:
        writer = bearer(at.tokens[role if role in WRITERS else "recorder"])
        body = BODIES[("/games/<uuid:game_id>/annotations", "POST")]
        response = client.post(f"{at.game.url}/annotations", json=body, headers=writer)
        assert response.status_code == 201, response.get_json()
        values["annotation_id"] = response.get_json()["id"]
    if rule.rule.endswith("/corrections"):
        values[CORRECTION] = void_of_the_last_move(client, at)
    if rule.rule == "/pairings/redeem":
        response = client.post(f"{at.game.url}/pairings", json={"player": "Cy"}, headers=bearer(at.tokens["recorder"]))
        assert response.status_code == 201, response.get_json()
        values[CORRECTION] = {"code": response.get_json()["code"]}
    if "dispute_id" in rule.arguments:
        writer = bearer(at.tokens[role if role in WRITERS else "recorder"])
        body = BODIES[("/games/<uuid:game_id>/disputes", "POST")]
        response = client.post(f"{at.game.url}/disputes", json=body, headers=writer)
        assert response.status_code == 201, response.get_json()
        values["dispute_id"] = response.get_json()["id"]
    if "night_id" in rule.arguments:
        values["night_id"], values[NIGHT_TOKEN] = night_of(client, at, holding=rule.rule.endswith("<uuid:game_id>"))
    return values


def night_of(client: FlaskClient, at: Table, holding: bool) -> tuple[str, dict[str, str]]:
    """A new night (holding the table's game, if asked) and its token's header."""
    response = client.post("/nights", json=BODIES[("/nights", "POST")])
    assert response.status_code == 201, response.get_json()
    night, token = response.get_json()["id"], {"X-Night-Token": response.get_json()["token"]}
    if holding:
        headers = {**token, **bearer(at.tokens["recorder"])}
        response = client.post(f"/nights/{night}/games", json={"game": at.game.id}, headers=headers)
        assert response.status_code == 201, response.get_json()
    return night, token


def void_of_the_last_move(client: FlaskClient, at: Table) -> dict[str, Any]:
    """A void of the acting seat's move (recorded first when it is his to make again), as the recorder's table
    actions list it."""
    seat, recorder = bearer(at.tokens["seat"]), bearer(at.tokens["recorder"])
    if ACTING in client.get(at.game.url, headers=seat).get_json()["to_move"]:
        version = client.get(at.game.url, headers=seat).get_json()["version"]
        response = client.post(f"{at.game.url}/moves", json={**at.move, "expected_version": version}, headers=seat)
        assert response.status_code == 201, response.get_json()
    listed = client.get(at.game.url, headers=recorder).get_json()["table_actions"]
    void: dict[str, Any] = next(entry for entry in listed if entry["type"] == "void")["examples"][0]
    return void


def call(client: FlaskClient, rule: Rule, method: str, at: Table, role: str, values: dict[str, Any]) -> Any:
    path = rule.build(values, append_unknown=False)[1]  # type: ignore[index]
    body = at.move if rule.rule.endswith("/moves") else values.get(CORRECTION, BODIES.get((rule.rule, method)))
    if (rule.rule, method) == NIGHT_GAMES:
        body = {"game": at.game.id}
    headers = {**(bearer(at.tokens[role]) if role != "anonymous" else {}), **values.get(NIGHT_TOKEN, {})}
    if isinstance(body, str):  # a record in the notation
        return client.open(path, method=method, data=body, content_type=NOTATION, headers=headers)
    return client.open(path, method=method, json=body, headers=headers, query_string=QUERIES.get(rule.rule))


def routes(app: Flask) -> list[tuple[Rule, str]]:
    return [
        (rule, method)
        for rule in app.url_map.iter_rules()
        if rule.rule not in ASSET_ROUTES
        for method in sorted(rule.methods or ())
    ]


@pytest.mark.parametrize("access", ["public", "private"])
def test_every_route_method_and_role_answers_as_the_role_table_says_and_a_refusal_stores_nothing(
    sqlite_app: Flask, sqlite_client: FlaskClient, access: str
) -> None:
    app = sqlite_app.extensions["meldbook"]
    checked = 0
    for rule, method in routes(sqlite_app):
        at = table(sqlite_client, access)
        for role in sorted(ROLES, key=lambda role: expectation(rule, method, role, access) == ALLOWED):
            expected = expectation(rule, method, role, access)
            values = path_values(sqlite_client, rule, at, role)
            before = stored(sqlite_app), app.game(UUID(at.game.id)).version
            response = call(sqlite_client, rule, method, at, role, values)
            where = (method, rule.rule, role, response.status_code, response.get_data(as_text=True)[:300])
            if expected == ALLOWED:
                assert 200 <= response.status_code < (400 if rule.rule in REDIRECTING else 300), where
                continue
            assert response.status_code == expected, where
            assert (stored(sqlite_app), app.game(UUID(at.game.id)).version) == before, where
            checked += 1
    assert checked > 70


def test_every_route_of_the_url_map_is_in_the_role_table(sqlite_app: Flask) -> None:
    for rule, method in routes(sqlite_app):
        action_of(rule.rule, method)


def test_a_route_without_an_entry_in_the_role_table_is_refused_not_served(sqlite_app: Flask) -> None:
    sqlite_app.add_url_rule("/games/<uuid:game_id>/secret", "secret", lambda game_id: "served")
    game = create(sqlite_app.test_client())
    response = sqlite_app.test_client().get(f"{game.url}/secret", headers=game.auth)
    assert response.status_code == 500 and b"served" not in response.data
