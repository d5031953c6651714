"""A private game is absent from GET /games and answers 404 on every read path without one of its tokens, as if
it did not exist; its viewer, seat, arbiter and recorder tokens read it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.helpers import Created, assert_problem, bearer, create

PLAYERS = ("Ann", "Bob", "Cy")
SHELLS = ("/record",)
"""Pages that hold no game data (their script reads the game with the tab's token): open to anyone, the same for a
private game as for a game that does not exist."""


def read_paths(app: Flask, game: Created) -> list[str]:
    """Every GET route of a game in Flask's URL map, for this game."""
    paths = []
    for rule in app.url_map.iter_rules():
        if "GET" in (rule.methods or ()) and set(rule.arguments) == {"game_id"}:
            path = rule.build({"game_id": game.id}, append_unknown=False)[1]  # type: ignore[index]
            paths.append(f"{path}?at=1" if path.endswith("/state") else path)
    return [path for path in paths if not path.endswith(SHELLS)]


def listed_ids(client: FlaskClient) -> set[str]:
    return {entry["id"] for entry in client.get("/games", query_string={"limit": 100}).get_json()["items"]}


def test_a_private_game_is_absent_from_anonymous_listings(shared_client: FlaskClient) -> None:
    private = create(shared_client, players=PLAYERS, access="private")
    public = create(shared_client, players=PLAYERS)
    listed = listed_ids(shared_client)
    assert public.id in listed and private.id not in listed
    assert private.id not in {e["id"] for e in shared_client.get("/games?player=Ann").get_json()["items"]}


def test_a_private_game_answers_404_on_every_read_path_without_one_of_its_tokens(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game = create(shared_client, players=PLAYERS, access="private")
    other = create(shared_client, players=PLAYERS)
    paths = read_paths(shared_app, game)
    assert len(paths) >= 3
    for path in paths:
        for headers in ({}, bearer("wrong"), other.auth):
            problem = assert_problem(shared_client.get(path, headers=headers), 404, "game-not-found")
            missing = shared_client.get(path.replace(game.id, "00000000-0000-4000-8000-000000000000"), headers=headers)
            assert missing.status_code == 404 and missing.get_json()["code"] == problem["code"]
        assert shared_client.get(path, headers=game.auth).status_code == 200, path


def test_a_private_games_viewer_seat_and_arbiter_tokens_read_it(shared_client: FlaskClient) -> None:
    game = create(shared_client, players=PLAYERS, access="private")
    issued = [
        shared_client.post(f"{game.url}/tokens/viewers", json={}, headers=game.auth),
        shared_client.post(f"{game.url}/tokens/seats/Ann", headers=game.auth),
        shared_client.post(f"{game.url}/tokens/arbiter", headers=game.auth),
    ]
    for response in issued:
        assert response.status_code == 201, response.get_json()
        shown = shared_client.get(game.url, headers=bearer(response.get_json()["token"]))
        assert shown.status_code == 200 and shown.get_json()["access"] == "private"
        assert shown.headers["Cache-Control"] == "no-store"
    viewer = issued[0].get_json()["token"]
    assert_problem(shared_client.post(f"{game.url}/tokens/arbiter", headers=bearer(viewer)), 403, "not-permitted")


def test_a_moves_post_to_a_private_game_without_its_token_is_a_404(shared_client: FlaskClient) -> None:
    game = create(shared_client, players=PLAYERS, access="private")
    body = {"type": "cut", "player": "Ann", "expected_version": game.version}
    assert_problem(shared_client.post(f"{game.url}/moves", json=body), 404, "game-not-found")


def test_a_page_that_holds_no_game_data_tells_a_private_game_from_a_missing_one_in_nothing_but_the_address(
    shared_client: FlaskClient,
) -> None:
    game = create(shared_client, players=PLAYERS, access="private")
    missing = "00000000-0000-4000-8000-000000000000"
    for shell in SHELLS:
        private = shared_client.get(f"/games/{game.id}{shell}")
        absent = shared_client.get(f"/games/{missing}{shell}")
        assert private.status_code == absent.status_code == 200
        assert private.get_data(as_text=True).replace(game.id, missing) == absent.get_data(as_text=True)
