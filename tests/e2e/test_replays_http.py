"""GET /games/{id}/replay: a hand's frames, one a move, through the one visibility filter, in a view no wider
than the token allows; bad parameters are refused naming the parameter, and nothing is stored."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.errors import ViewNotAllowedError
from api.replays import narrowed
from bots.twins import shuffled_again
from domain.access.visibility import Viewer
from tests.e2e.helpers import assert_problem, bearer, stored
from tests.e2e.test_every_version import GAMES
from tests.walk import TOKEN, Walked, store

AUTH = bearer(TOKEN)
DRAW = {"type": "draw", "source": "stock", "card": None}


@pytest.fixture(scope="module")
def roby(shared_sqlite_app: Flask) -> Walked:
    return store(shared_sqlite_app, lambda token: shuffled_again(GAMES["roby"][0](), token))


@pytest.fixture(scope="module")
def robins(shared_sqlite_app: Flask) -> Walked:
    return store(shared_sqlite_app, lambda token: shuffled_again(GAMES["robins"][0](), token))


def _replay(client: FlaskClient, game: Walked, headers: dict[str, str] | None = None, **query: Any) -> dict:
    response = client.get(f"/games/{game.id}/replay", headers=headers or {}, query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return response.get_json()


def _frames(client: FlaskClient, game: Walked, headers: dict[str, str] | None = None) -> list[dict]:
    hands = _replay(client, game, headers)["hands"]
    return [f for hand in hands for f in _replay(client, game, headers, hand=hand["hand"])["frames"]]


def test_without_a_hand_the_replay_answers_the_last_hand_and_lists_every_hand(
    shared_sqlite_client: FlaskClient, roby: Walked
) -> None:
    shown = _replay(shared_sqlite_client, roby)
    hands = shown["hands"]
    assert shown["view"] == "spectator" and shown["variant"] == "roby" and shown["hand"] == len(hands) > 1
    assert hands[0]["first_move"] == 0 and [h["hand"] for h in hands] == list(range(1, len(hands) + 1))
    assert all(a["last_move"] + 1 == b["first_move"] for a, b in itertools.pairwise(hands))
    assert [f["move"] for f in shown["frames"]] == list(range(hands[-1]["first_move"], hands[-1]["last_move"] + 1))
    assert shown["frames"][-1]["versions"]["last"] == roby.last
    for hand in hands[1:]:
        first = _replay(shared_sqlite_client, roby, hand=hand["hand"])["frames"][0]
        assert first["action"]["type"] == "deal" and first["words"] == f"{first['actor']} deals"


def test_a_drawn_card_is_blank_for_a_spectator_in_the_action_its_words_and_its_changes(
    shared_sqlite_client: FlaskClient, roby: Walked
) -> None:
    full = {f["move"]: f for f in _frames(shared_sqlite_client, roby, AUTH)}
    shown = {f["move"]: f for f in _frames(shared_sqlite_client, roby)}
    draws = [m for m, f in full.items() if {**(f["action"] or {}), "card": None} == {**DRAW, "player": f["actor"]}]
    assert draws
    for move in draws:
        card = full[move]["action"]["card"]
        assert shown[move]["action"]["card"] is None and card not in str(shown[move])
        assert full[move]["words"] == f"{full[move]['actor']} draws {card} from the stock"
        assert shown[move]["words"] == f"{shown[move]['actor']} draws from the stock"
        hand = next(z for z in full[move]["changes"]["zones"] if z["path"] == f"hands.{full[move]['actor']}")
        assert card in hand["added"] and hand["count"][1] == hand["count"][0] + 1


def test_a_discard_frame_names_the_card_moved_to_the_discard_pile(
    shared_sqlite_client: FlaskClient, roby: Walked
) -> None:
    frames = _frames(shared_sqlite_client, roby)
    discard = next(f for f in frames if f["action"] and f["action"]["type"] == "discard")
    card = discard["action"]["card"]
    assert discard["words"] == f"{discard['actor']} discards {card}"
    pile = next(z for z in discard["changes"]["zones"] if z["path"] == "discard")
    assert card in pile["added"] and pile["count"][1] == pile["count"][0] + 1


def test_a_pickup_with_its_meld_is_one_frame(shared_sqlite_client: FlaskClient, robins: Walked) -> None:
    frames = _frames(shared_sqlite_client, robins, AUTH)
    pickup = next(f for f in frames if f["action"] and f["action"]["type"] == "pick_up" and f["action"].get("cards"))
    assert pickup["versions"]["last"] - pickup["versions"]["first"] == 2
    assert pickup["words"].startswith(f"{pickup['actor']} picks up the discards down to {pickup['action']['card']}")
    assert [f["move"] for f in frames] == list(range(len(frames)))


def test_at_answers_the_frame_of_one_move_within_its_hand(shared_sqlite_client: FlaskClient, roby: Walked) -> None:
    hands = _replay(shared_sqlite_client, roby)["hands"]
    move = hands[1]["first_move"] + 3
    one = _replay(shared_sqlite_client, roby, AUTH, at=move)
    assert one["hand"] == 2 and [f["move"] for f in one["frames"]] == [move]
    whole = _replay(shared_sqlite_client, roby, AUTH, hand=2)["frames"]
    assert one["frames"][0] == next(f for f in whole if f["move"] == move)
    assert _replay(shared_sqlite_client, roby, AUTH, hand=2, at=move) == one


def test_the_recorder_narrows_the_view_to_a_seat_or_the_spectators(
    shared_sqlite_client: FlaskClient, roby: Walked
) -> None:
    spectator = _replay(shared_sqlite_client, roby)
    assert _replay(shared_sqlite_client, roby, AUTH, view="spectator") == spectator
    assert _replay(shared_sqlite_client, roby, AUTH)["view"] == "full"
    assert _replay(shared_sqlite_client, roby, AUTH, view="full") == _replay(shared_sqlite_client, roby, AUTH)
    player = spectator["frames"][0]["state"]["players"][0]
    assert _replay(shared_sqlite_client, roby, AUTH, view="seat", player=player)["view"] == "seat"
    assert _replay(shared_sqlite_client, roby, view="spectator") == spectator


@pytest.mark.parametrize(
    ("query", "headers", "status", "code", "field"),
    [
        ({"hand": 0}, {}, 422, "validation-error", "hand"),
        ({"hand": "two"}, {}, 422, "validation-error", "hand"),
        ({"hand": 99}, {}, 404, "hand-not-found", "hand"),
        ({"at": -1}, {}, 422, "validation-error", "at"),
        ({"at": 1.5}, {}, 422, "validation-error", "at"),
        ({"at": 9999}, {}, 404, "move-not-found", "at"),
        ({"at": 1, "hand": 2}, {}, 404, "move-not-found", "at"),
        ({"view": "god"}, {}, 422, "validation-error", "view"),
        ({"view": "full"}, {}, 403, "view-not-allowed", "view"),
        ({"view": "seat", "player": "p1"}, {}, 403, "view-not-allowed", "view"),
        ({"view": "seat"}, AUTH, 422, "validation-error", "player"),
        ({"view": "seat", "player": "zed"}, AUTH, 422, "unknown-player", "player"),
        ({"player": "p1"}, AUTH, 422, "validation-error", "player"),
        ({}, bearer("not-the-token"), 403, "invalid-token", None),
    ],
)
def test_a_bad_replay_request_is_refused_naming_its_parameter_and_stores_nothing(
    shared_sqlite_app: Flask,
    shared_sqlite_client: FlaskClient,
    roby: Walked,
    query: dict[str, Any],
    headers: dict[str, str],
    status: int,
    code: str,
    field: str | None,
) -> None:
    before = stored(shared_sqlite_app)
    response = shared_sqlite_client.get(f"/games/{roby.id}/replay", headers=headers, query_string=query)
    problem = assert_problem(response, status, code)
    if field is not None:
        assert problem.get("field") == field, problem
    assert stored(shared_sqlite_app) == before


def test_the_replay_of_a_game_that_does_not_exist_is_404(shared_sqlite_client: FlaskClient) -> None:
    response = shared_sqlite_client.get("/games/00000000-0000-4000-8000-000000000000/replay")
    assert_problem(response, 404, "game-not-found")


def test_a_view_only_narrows_what_the_token_allows() -> None:
    players = ["Ann", "Ben"]
    assert narrowed(Viewer.FULL, None, None, players) == Viewer.FULL
    assert narrowed(Viewer.FULL, "seat", "Ann", players) == Viewer.seat("Ann")
    assert narrowed(Viewer.seat("Ann"), "seat", None, players) == Viewer.seat("Ann")
    assert narrowed(Viewer.seat("Ann"), "spectator", None, players) == Viewer.SPECTATOR
    for allowed, view, player in (
        (Viewer.seat("Ann"), "full", None),
        (Viewer.seat("Ann"), "seat", "Ben"),
        (Viewer.SPECTATOR, "seat", "Ann"),
        (Viewer.SPECTATOR, "full", None),
    ):
        with pytest.raises(ViewNotAllowedError):
            narrowed(allowed, view, player, players)
