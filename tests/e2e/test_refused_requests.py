"""Bad game setups and bad reads are refused with 4xx problem documents, never a 500, and store nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.listing import encode_cursor
from tests.e2e.helpers import assert_problem, bearer, create, footprint, stored

ROBY = {"variant": "roby", "players": ["ann", "bob"]}
JSON = {"Content-Type": "application/json"}
UNKNOWN_GAME = "/games/00000000-0000-4000-8000-000000000000"

BOARD_WITH_A_NUL = [{"id": "pot\u0000", "pays": "pot"}, {"id": "kitty", "pays": "kitty"}]
BAD_SETUPS: dict[str, tuple[dict[str, Any], int, str]] = {
    "malformed JSON": ({"data": '{"variant": "roby"', "headers": JSON}, 400, "body"),
    "a JSON array": ({"data": '["roby"]', "headers": JSON}, 422, "body"),
    "a JSON number": ({"data": "5", "headers": JSON}, 422, "body"),
    "NaN": (
        {"data": '{"variant": "roby", "players": ["a", "b"], "options": {"buy_in": NaN}}', "headers": JSON},
        400,
        "body",
    ),
    "Infinity by overflow": (
        {"data": '{"variant": "roby", "players": ["a", "b"], "options": {"buy_in": 1e999}}', "headers": JSON},
        400,
        "body",
    ),
    "a 5000-digit number": (
        {
            "data": '{"variant": "roby", "players": ["a", "b"], "options": {"buy_in": 1' + "0" * 5000 + "}}",
            "headers": JSON,
        },
        400,
        "body",
    ),
    "nesting 30000 deep": (
        {
            "data": '{"variant": "roby", "players": ["a", "b"], "title": ' + "[" * 30000 + "]" * 30000 + "}",
            "headers": JSON,
        },
        400,
        "body",
    ),
    "an oversized body": ({"json": {**ROBY, "title": "x" * 70_000}}, 413, "request-entity-too-large"),
    "a JSON body sent as text/plain": (
        {"data": '{"variant": "roby", "players": ["ann", "bob"]}', "headers": {"Content-Type": "text/plain"}},
        415,
        "application/json",
    ),
    "a JSON body without a content type": (
        {"data": '{"variant": "roby", "players": ["ann", "bob"]}'},
        415,
        "application/json",
    ),
    "a form body": ({"data": {"variant": "roby", "players": "ann"}}, 415, "application/json"),
    "an unknown field": ({"json": {**ROBY, "colour": "red"}}, 422, "colour"),
    "no variant": ({"json": {"players": ["ann", "bob"]}}, 422, "variant"),
    "an invalid variant": ({"json": {**ROBY, "variant": "gin"}}, 422, "variant"),
    "a variant that is not text": ({"json": {**ROBY, "variant": 3}}, 422, "variant"),
    "too few players": ({"json": {**ROBY, "players": ["ann"]}}, 422, "players"),
    "no players": ({"json": {**ROBY, "players": []}}, 422, "players"),
    "too many players": ({"json": {**ROBY, "players": [f"p{i}" for i in range(9)]}}, 422, "players"),
    "too many for the variant": ({"json": {"variant": "robins", "players": ["a", "b", "c"]}}, 422, "players"),
    "too few for the variant": ({"json": {"variant": "royal", "players": ["a", "b"]}}, 422, "players"),
    "duplicate player names": ({"json": {**ROBY, "players": ["ann", "ann"]}}, 422, "players"),
    "a blank player name": ({"json": {**ROBY, "players": ["ann", "  "]}}, 422, "players"),
    "a player name that is not text": ({"json": {**ROBY, "players": ["ann", 7]}}, 422, "players.1"),
    "players as text": ({"json": {**ROBY, "players": "ann,bob"}}, 422, "players"),
    "an unknown option": ({"json": {**ROBY, "options": {"jokers": 2}}}, 422, "options.jokers"),
    "a bad option choice": ({"json": {**ROBY, "options": {"packs": 3}}}, 422, "options.packs"),
    "an option out of range": ({"json": {**ROBY, "options": {"buy_in": -5}}}, 422, "options.buy_in"),
    "a huge option value": ({"json": {**ROBY, "options": {"buy_in": 10**40}}}, 422, "options.buy_in"),
    "a boolean option value": ({"json": {**ROBY, "options": {"buy_in": True}}}, 422, "options.buy_in"),
    "a string option value": ({"json": {**ROBY, "options": {"buy_in": "500"}}}, 422, "options.buy_in"),
    "a fractional option value": ({"json": {**ROBY, "options": {"buy_in": 2.5}}}, 422, "options.buy_in"),
    "options as a list": ({"json": {**ROBY, "options": ["packs"]}}, 422, "options"),
    "one pack for five players": ({"json": {**ROBY, "players": list("abcde"), "options": {"packs": 1}}}, 422, "packs"),
    "an unknown deal mode": ({"json": {**ROBY, "deal_mode": "dealt"}}, 422, "deal_mode"),
    "a title that is not text": ({"json": {**ROBY, "title": 5}}, 422, "title"),
    "a NUL in the title": ({"json": {**ROBY, "title": "x\u0000"}}, 422, "title"),
    "a NUL in a player's name": ({"json": {**ROBY, "players": ["ann\u0000", "bob"]}}, 422, "players.0"),
    "a lone surrogate in a player's name": ({"json": {**ROBY, "players": ["\ud800", "B"]}}, 422, "players.0"),
    "a lone surrogate in the title": ({"json": {**ROBY, "title": "a\udfffb"}}, 422, "title"),
    "a unit separator in a name": ({"json": {**ROBY, "players": ["ann\x1fbob", "cy"]}}, 422, "players.0"),
    "a tab in a name": ({"json": {**ROBY, "players": ["ann\tlee", "cy"]}}, 422, "players.0"),
    "a line break in the title": ({"json": {**ROBY, "title": "Friday\nnight"}}, 422, "title"),
    "a DEL in the title": ({"json": {**ROBY, "title": "x\x7f"}}, 422, "title"),
    "a C1 control in a name": ({"json": {**ROBY, "players": ["ann", "b\x85"]}}, 422, "players.1"),
    "a line separator in the title": ({"json": {**ROBY, "title": "a\u2028b"}}, 422, "title"),
    "a non-character in a name": ({"json": {**ROBY, "players": ["ann", "bob\uffff"]}}, 422, "players.1"),
    "a NUL in an option's name": ({"json": {**ROBY, "options": {"x\u0000": 1}}}, 422, "options"),
    "a NUL in the variant": ({"json": {**ROBY, "variant": "roby\u0000"}}, 422, "variant"),
    "names that differ only in case": ({"json": {**ROBY, "players": ["Ann", "ann"]}}, 422, "players"),
    "names that differ only in spacing": ({"json": {**ROBY, "players": ["Ann Lee", " Ann  Lee"]}}, 422, "players"),
    "names that differ only in composition": (
        {"json": {**ROBY, "players": ["Zo\u00e9", "zoe\u0301"]}},
        422,
        "players",
    ),
    "a NUL in a board space id": (
        {"json": {"variant": "royal", "players": ["a", "b", "c"], "options": {"board": BOARD_WITH_A_NUL}}},
        422,
        "options.board.id",
    ),
}


@pytest.mark.parametrize("case", list(BAD_SETUPS))
def test_a_bad_game_setup_is_refused_with_a_problem_naming_its_fault_and_creates_nothing(
    shared_app: Flask, shared_client: FlaskClient, case: str
) -> None:
    before, listed = stored(shared_app), shared_client.get("/games").get_json()["total"]
    request, status, names = BAD_SETUPS[case]
    assert_problem(shared_client.post("/games", **request), status, names=names)
    assert stored(shared_app) == before
    assert shared_client.get("/games").get_json()["total"] == listed


EVENTS_CURSOR, GAMES_CURSOR = encode_cursor("events", 2), encode_cursor("games", ["2024-01-01", "x"])
BAD_QUERIES: dict[str, tuple[str, int, str]] = {
    "a negative limit": ("/games?limit=-1", 422, "limit"),
    "a fractional limit": ("/games?limit=1.5", 422, "limit"),
    "a boolean limit": ("/games?limit=true", 422, "limit"),
    "a textual limit": ("/games?limit=two", 422, "limit"),
    "a huge limit": ("/games?limit=" + "9" * 400, 422, "limit"),
    "a limit over 100": ("/games?limit=101", 422, "limit"),
    "a limit of zero": ("/games?limit=0", 422, "limit"),
    "a cursor that is not one": ("/games?cursor=abc", 422, "cursor"),
    "a cursor of the events list": ("/games?cursor=" + EVENTS_CURSOR, 422, "cursor"),
    "an events cursor of another list": ("{game}/events?cursor=" + GAMES_CURSOR, 422, "cursor"),
    "both a cursor and after": ("{game}/events?after=1&cursor=" + EVENTS_CURSOR, 422, "cursor"),
    "an events limit over 500": ("{game}/events?limit=501", 422, "limit"),
    "a bad since date": ("/games?since=2024-13-01", 422, "since"),
    "a since that is not a date": ("/games?since=yesterday", 422, "since"),
    "a five-digit year": ("/games?until=99999-01-01", 422, "until"),
    "an empty player": ("/games?player=", 422, "player"),
    "a NUL in the player": ("/games?player=ann%00", 422, "player"),
    "a NUL in the variant": ("/games?variant=roby%00", 422, "variant"),
    "a huge at": ("{game}/state?at=" + "9" * 40, 422, "at"),
    "no at": ("{game}/state", 422, "at"),
    "an at of zero": ("{game}/state?at=0", 422, "at"),
    "a fractional at": ("{game}/state?at=2.5", 422, "at"),
    "an at beyond the last event": ("{game}/state?at=999", 404, "game-not-found"),
    "a huge after": ("{game}/events?after=" + "9" * 40, 422, "after"),
    "a negative after": ("{game}/events?after=-1", 422, "after"),
    "a boolean after": ("{game}/events?after=false", 422, "after"),
    "an unknown game": (UNKNOWN_GAME, 404, "game-not-found"),
    "the events of an unknown game": (UNKNOWN_GAME + "/events", 404, "game-not-found"),
    "later events of an unknown game": (UNKNOWN_GAME + "/events?after=3", 404, "game-not-found"),
    "the state of an unknown game": (UNKNOWN_GAME + "/state?at=1", 404, "game-not-found"),
    "a bad uuid": ("/games/not-a-uuid", 404, "not-found"),
    "a bad uuid's events": ("/games/12345/events", 404, "not-found"),
    "a bad uuid's state": ("/games/zzzzzzzz-0000-4000-8000-000000000000/state?at=1", 404, "not-found"),
    "an unknown path": ("/gamez", 404, "not-found"),
}


@pytest.mark.parametrize("case", list(BAD_QUERIES))
def test_a_bad_read_is_refused_with_a_problem_naming_its_fault(shared_client: FlaskClient, case: str) -> None:
    game = create(shared_client)
    path, status, names = BAD_QUERIES[case]
    assert_problem(shared_client.get(path.format(game=game.url)), status, names=names)
    assert footprint(shared_client, game)[0] == game.version


@pytest.mark.parametrize("read", ["", "/events", "/state?at=1"])
def test_a_wrong_token_on_a_read_is_a_403(shared_client: FlaskClient, read: str) -> None:
    game = create(shared_client)
    assert_problem(shared_client.get(game.url + read, headers=bearer("wrong")), 403, "invalid-token")
    other = create(shared_client)
    assert_problem(shared_client.get(game.url + read, headers=other.auth), 403, "invalid-token")
    assert shared_client.get(game.url + read, headers=game.auth).status_code == 200


NOT_ALLOWED = [
    ("post", "/health", "GET"),
    ("delete", "/variants", "GET"),
    ("put", "/games", "POST"),
    ("delete", "{game}", "GET"),
    ("patch", "{game}", "GET"),
    ("post", "{game}/events", "GET"),
    ("put", "{game}/state?at=1", "GET"),
    ("get", "{game}/moves", "POST"),
    ("post", "/openapi.yaml", "GET"),
    ("post", "/openapi.json", "GET"),
    ("post", "/docs", "GET"),
]


@pytest.mark.parametrize(("method", "path", "allowed"), NOT_ALLOWED)
def test_a_method_an_endpoint_does_not_take_is_a_405_with_an_allow_header(
    shared_app: Flask, shared_client: FlaskClient, method: str, path: str, allowed: str
) -> None:
    game = create(shared_client)
    before = stored(shared_app)
    response = getattr(shared_client, method)(path.format(game=game.url), json={})
    assert_problem(response, 405, "method-not-allowed")
    assert allowed in {m.strip() for m in response.headers["Allow"].split(",")}
    assert stored(shared_app) == before


@pytest.mark.parametrize(
    "headers", [{"Content-Type": "text/plain"}, {}, {"Content-Type": "application/x-www-form-urlencoded"}]
)
def test_a_move_sent_without_a_json_content_type_is_a_415_naming_application_json_and_stores_nothing(
    shared_app: Flask, shared_client: FlaskClient, headers: dict[str, str]
) -> None:
    game = create(shared_client)
    before = stored(shared_app)
    move = json.dumps({"type": "cut", "player": "ann", "expected_version": game.version})
    response = shared_client.post(f"{game.url}/moves", data=move, headers={**game.auth, **headers})
    problem = assert_problem(response, 415, "unsupported-media-type", names="application/json")
    assert "application/json" in problem["detail"]
    assert stored(shared_app) == before
