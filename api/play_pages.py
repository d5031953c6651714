"""The table-side pages: / (the home: start a game, continue one on this device, join a seat, open a night, read the
docs), /play (the games, and a new one), /pair (a phone takes its seat with a pairing code) and /games/{id}/setup
(the recorder fixes the setup, marks the seats without a device, discards the game, and pairs the seats' phones).

The pages are rendered here and driven by api/static/home.js, play.js, pair.js and setup.js through the JSON API;
tokens live in the tab's sessionStorage under `meldbook-token:<game id>` (and in localStorage on a device its user
chose to trust: api/static/device.js) and travel only as `Authorization: Bearer`.
"""

from __future__ import annotations

from uuid import UUID

from flask import Blueprint, Response, render_template

from api.access import meldbook

blp = Blueprint("play_pages", __name__)


def record_path(game_id: object) -> str:
    """Where a game is recorded at the table, its record page."""
    return f"/games/{game_id}/record"


@blp.get("/")
def home() -> Response:
    """Where a person starts: a new game, the games this device holds, a seat by its code, a night, the docs."""
    return Response(render_template("home.html"), mimetype="text/html")


@blp.get("/play")
def play() -> Response:
    """The games (public ones, and those this browser created or paired to) and the form for a new one."""
    return Response(render_template("play.html"), mimetype="text/html")


@blp.get("/pair")
def pair() -> Response:
    """A phone redeems a pairing code: from the URL's fragment (the QR code), or typed."""
    return Response(render_template("pair.html"), mimetype="text/html")


def setup_page(game_id: UUID) -> Response:
    """The recorder's setup page of a game: its players and options (editable before the first move), pairing codes
    for its seats, and discarding it. Served as GET /games/{id}/setup by api/setup.py, beside the setup's PATCH on the
    same resource, so the contract names both methods its OPTIONS answer allows."""
    game = meldbook().game(game_id)
    page = render_template(
        "setup.html",
        game_id=str(game_id),
        game=game,
        record=record_path(game_id),
        open_for_amendment=game.moves == 0 and game.discarded is None,
        by_seats=game.recording == "seats",
    )
    return Response(page, mimetype="text/html")
