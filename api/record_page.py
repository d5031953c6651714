"""GET /games/{id}/record: the page that records a game at the table (not part of the API).

The page is a shell: it holds no game data, so it is open to anyone, and api/static/record.js reads the game with
the token kept in the tab's sessionStorage (sent as `Authorization: Bearer`, never in a URL), offers what the
legal-actions contract lists and shows what the service refuses.
"""

from __future__ import annotations

from uuid import UUID

from flask import Blueprint, Response, render_template

blp = Blueprint("record_page", __name__)


@blp.get("/games/<uuid:game_id>/record")
def record(game_id: UUID) -> Response:
    """The recording page of a game."""
    return Response(render_template("record.html", game_id=str(game_id)), mimetype="text/html")
