"""A game corrected over HTTP, through its notation, on SQLite and PostgreSQL: the recorder's export writes the
voided move marked ~ and the correction's line, a spectator's hides the amended cards, the text imports as a game
that exports the same text (less the digest), and a correction line the rules refuse is a located 4xx problem with
the correction's own code, nothing stored."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.helpers import assert_problem, bearer, stored
from tests.e2e.test_corrections import post, recorded_roby, table_actions
from tests.e2e.test_notation_http import send
from tests.notation_games import without_digest


def test_a_corrected_game_s_notation_imports_again_and_a_refused_correction_line_is_located(
    shared_app: Flask, shared_client: FlaskClient
) -> None:
    game, draw = recorded_roby(shared_client)
    amend = table_actions(shared_client, game)["amend"]
    body = {"kind": "amend", "move": draw, "card": "2D", "replacement": "3D", "reason": "misread", "then": "void-rest",
            "expected_version": amend["template"]["expected_version"]}
    assert post(shared_client, game, body).status_code == 201
    text = shared_client.get(f"{game.url}/notation", headers=game.auth).get_data(as_text=True)
    line = f"{draw + 2}. * amend {draw} 2D 3D then=void-rest reason=misread by=recorder"
    assert f"\n~{draw + 1}. ann discard 2D\n{line}\n" in text
    spectator = shared_client.get(f"{game.url}/notation").get_data(as_text=True)
    assert f"\n{draw + 2}. * amend {draw} ?? ?? then=void-rest" in spectator and "3D" not in spectator
    imported = send(shared_client, text)
    assert imported.status_code == 201, imported.get_json()  # type: ignore[attr-defined]
    created = imported.get_json()  # type: ignore[attr-defined]
    notation = shared_client.get(f"/games/{created['id']}/notation", headers=bearer(created["token"]))
    again = notation.get_data(as_text=True)
    assert without_digest(again) == without_digest(text)
    before = stored(shared_app)
    refused = text.replace(" then=void-rest reason=misread", " reason=misread")
    problem = assert_problem(send(shared_client, refused), 422, "correction.later-move-breaks", "then")
    assert problem["line"] == text.split("\n").index(line) + 1 and problem["move"] == draw + 1
    assert stored(shared_app) == before
