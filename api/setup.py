"""A game's setup fixed before its first move, a game discarded, and phones paired to seats with short codes.

Amending and discarding are events of the game (domain/record/setup.py); a pairing code is an aggregate of its own
(domain/access/pairing.py). A code is shown only in the answer that offers it (with its QR code, an SVG data: URI that
encodes `/pair#<code>`: the fragment never reaches the server) and is stored only as a keyed hash.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import segno
from flask import Response, jsonify, url_for
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.access import meldbook
from api.contract import RETRY_AFTER, TOKEN_OPTIONAL
from api.fields import Line, Name
from api.limits import limit
from api.parsing import Blueprint
from api.play_pages import record_path, setup_page
from api.schemas import BODY_NOT_OBJECT, Options
from api.tokens import recorder_only
from domain.access.pairing import grouped
from domain.text import MAX_NAME_LENGTH
from service.setup import amend_setup, discard_game, offer_pairing, redeem_pairing

blp = Blueprint("setup", __name__, description="Fixing a game's setup, discarding it, and pairing phones to seats")


class SetupAmendmentSchema(Schema):
    """Names to correct and options to change, before the game's first move."""

    error_messages = BODY_NOT_OBJECT

    rename = fields.Dict(
        keys=Name(validate=validate.Length(min=1, max=MAX_NAME_LENGTH)),
        values=Name(validate=validate.Length(min=1, max=MAX_NAME_LENGTH)),
        load_default=dict,
        metadata={"description": "each player's name as it is now, mapped to its corrected spelling"},
    )
    options = Options(keys=Line(), load_default=dict, metadata={"description": "options to change, by name"})


class SetupSchema(Schema):
    """The game's setup after an amendment."""

    players = fields.List(fields.String(), metadata={"description": "in seat order, as amended"})
    options = fields.Dict(metadata={"description": "every option's value"})
    version = fields.Integer(metadata={"description": "the game's version after the amendment"})


class DiscardSchema(Schema):
    """Why a game is discarded (optional)."""

    error_messages = BODY_NOT_OBJECT

    reason = Line(load_default="", validate=validate.Length(max=200))


class DiscardedSchema(Schema):
    """A discarded game."""

    id = fields.String()
    version = fields.Integer()
    discarded = fields.Dict(metadata={"description": "reason, by and the version of the discarding"})


class PairingRequestSchema(Schema):
    """The seat to pair a phone to."""

    error_messages = BODY_NOT_OBJECT

    player = Name(required=True, validate=validate.Length(min=1, max=MAX_NAME_LENGTH))


class PairingSchema(Schema):
    """A pairing code, shown this once."""

    code = fields.String(metadata={"description": "8 characters in two groups of four, e.g. HX4K-9QTM"})
    expires_at = fields.DateTime(metadata={"description": "when the code stops working (UTC)"})
    player = fields.String()
    url = fields.String(metadata={"description": "the pairing page with the code in its fragment, /pair#<code>"})
    qr = fields.String(metadata={"description": "the url as a QR code: an SVG image as a data: URI"})


class RedeemSchema(Schema):
    """A pairing code, as shown or typed (case, spaces and dashes do not matter)."""

    error_messages = BODY_NOT_OBJECT

    code = fields.String(required=True, validate=validate.Length(min=1, max=40))


class RedeemedSchema(Schema):
    """The seat token a pairing code opened, shown this once."""

    game = fields.String()
    player = fields.String()
    token = fields.String(metadata={"description": "the seat's bearer token (the seat's previous one is revoked)"})
    view = fields.String(metadata={"description": "the game's record page"})


def created(body: dict[str, Any]) -> Response:
    """A 201 that no cache keeps (it shows a credential)."""
    response = jsonify(body)
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


@blp.route("/games/<uuid:game_id>/setup")
class Setup(MethodView):
    """The game's setup."""

    @blp.response(200, description="the recorder's setup page (HTML): the players and options, editable before the "
                  "first move, pairing codes for the seats, and discarding the game", content_type="text/html")
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, game_id: UUID) -> Response:
        """The recorder's setup page of the game (its script works through the JSON API with the recorder's token)."""
        return setup_page(game_id)

    @blp.arguments(SetupAmendmentSchema)
    @blp.response(200, SetupSchema)
    @blp.problem(409, "the first move is recorded (setup-closed), or the game is discarded (game-discarded)")
    @blp.problem(422, "a name not seated, a name taken twice, an option unknown or out of its bounds", valid=True)
    @recorder_only
    def patch(self, body: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """Correct players' names and change options before the first move; seat tokens follow the new names."""
        game = amend_setup(meldbook(), game_id, body["rename"], body["options"])
        return {"players": game.players, "options": game.options, "version": game.version}


@blp.route("/games/<uuid:game_id>/discard")
class Discard(MethodView):
    """Discarding a game created by mistake."""

    @blp.arguments(DiscardSchema)
    @blp.response(200, DiscardedSchema)
    @blp.problem(409, "the game is discarded already (game-discarded)")
    @recorder_only
    def post(self, body: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """Discard the game: it leaves the listings and takes no more writes; its record can still be read."""
        game = discard_game(meldbook(), game_id, body["reason"])
        return {"id": str(game.id), "version": game.version, "discarded": game.discarded}


@blp.route("/games/<uuid:game_id>/pairings")
class Pairings(MethodView):
    """Pairing codes of a game's seats."""

    @blp.arguments(PairingRequestSchema)
    @blp.response(201, PairingSchema)
    @blp.problem(409, "the game is discarded (game-discarded)")
    @blp.problem(422, "not a player in this game", valid=True)
    @recorder_only
    def post(self, body: dict[str, Any], game_id: UUID) -> Response:
        """A single-use code (and its QR code) that gives a phone the player's seat token, for a few minutes."""
        offered = offer_pairing(meldbook(), game_id, body["player"])
        url = url_for("play_pages.pair", _external=True) + "#" + offered["code"]
        qr = segno.make(url, error="m").svg_data_uri(scale=5)
        return created(
            {
                "code": grouped(offered["code"]),
                "expires_at": offered["expires_at"].isoformat(),
                "player": offered["player"],
                "url": url,
                "qr": qr,
            }
        )


@blp.route("/pairings/redeem")
class Redeem(MethodView):
    """Redeeming a pairing code."""

    @blp.arguments(RedeemSchema)
    @blp.response(201, RedeemedSchema)
    @blp.problem(409, "a code used already (pairing-code-used), or its game discarded (game-discarded)")
    @blp.problem(410, "an expired code (pairing-code-expired)", valid=True)
    @blp.problem(422, "a code never offered, or mistyped (pairing-code-invalid)", valid=True)
    @blp.problem(429, "too many codes tried from this address (MELDBOOK_RATE_LIMIT_PAIR)", headers=RETRY_AFTER)
    def post(self, body: dict[str, Any]) -> Response:
        """The seat token a code opens, issued as the recorder issues it (the seat's previous token is revoked)."""
        limit("pair")
        redeemed = redeem_pairing(meldbook(), body["code"])
        redeemed["view"] = record_path(redeemed["game"])
        return created(redeemed)
