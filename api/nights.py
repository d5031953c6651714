"""/nights: the games of one evening, each player's net across them in the night's money, and the fewest transfers
that settle everyone up (service/nights.py, domain/nights/).

The night's token travels in the X-Night-Token header, never in a URL: taking a game in or out needs it and the
game's recorder token (Authorization: Bearer, checked by the game's own access rules); the sheet of a night that
holds a private game needs it too, and a public night's sheet is anyone's. The sheet is JSON, or CSV
(GET /nights/{id}/sheet.csv, or Accept: text/csv).
"""

from __future__ import annotations

import csv
import io
from typing import Any
from uuid import UUID

from flask import Response, jsonify, render_template, request, url_for
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.access import check_game_access, meldbook
from api.contract import NIGHT_TOKEN_HEADER, NIGHT_TOKEN_MAX, RECORDER_ONLY, RETRY_AFTER
from api.fields import JsonWholeNumber, Line
from api.limits import limit
from api.parsing import Blueprint
from api.roles import MANAGE
from api.schemas import BODY_NOT_OBJECT
from domain.nights.sheet import money_by_game
from service import nights as use

blp = Blueprint("nights", __name__, description="Nights: the games of one evening and their money, settled up")
CSV, HTML = "text/csv", "text/html"


def night_token() -> str | None:
    """The night's token from the X-Night-Token header, if any (never from the URL); a header longer than the contract
    allows is refused as not a night's token, on every route, whether the route needs a token or not."""
    token = request.headers.get(use.NIGHT_TOKEN, "").strip()
    if len(token) > NIGHT_TOKEN_MAX:
        raise use.NightTokenError(
            f"{use.NIGHT_TOKEN} holds at most {NIGHT_TOKEN_MAX} characters: this is not a night's token",
            field=use.NIGHT_TOKEN,
        )
    return token or None


class NightMoneySchema(Schema):
    """An amount of money: whole minor units (øre, cents) of a currency."""

    error_messages = BODY_NOT_OBJECT

    amount = JsonWholeNumber(
        required=True, validate=validate.Range(min=1, max=10**9), metadata={"description": "in minor units"}
    )
    currency = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Z]{3}$", error="A currency is a three-letter ISO 4217 code, such as NOK."),
    )


class NightCreateSchema(Schema):
    """A new night: its title, and the money it is played for."""

    error_messages = BODY_NOT_OBJECT

    title = Line(required=True, validate=validate.Length(min=1, max=use.MAX_TITLE))
    chip_value = fields.Nested(
        NightMoneySchema,
        allow_none=True,
        load_default=None,
        metadata={"description": "what one Royal Rummy chip is worth (needed before a Royal Rummy game joins)"},
    )
    robins_stake = fields.Nested(
        NightMoneySchema,
        allow_none=True,
        load_default=None,
        metadata={"description": "the stake per Robins Rummy point, when the table plays for money"},
    )


class NightCreatedSchema(Schema):
    """The new night: its id and its token (shown only here)."""

    id = fields.UUID(required=True)
    token = fields.String(required=True, metadata={"description": "the night's token; it is stored only hashed"})
    title = fields.String(required=True)
    currency = fields.String(allow_none=True)


class NightGameSchema(Schema):
    """A game to take into the night."""

    error_messages = BODY_NOT_OBJECT

    game = fields.UUID(required=True, metadata={"description": "the game's id; its recorder token goes in "
                                                "Authorization: Bearer"})


class NightEntrySchema(Schema):
    """A settlement entry behind a figure (GET /games/{id}/settlement shows it in full)."""

    version = fields.Integer()
    move = fields.Integer()
    hand = fields.Integer()
    source = fields.String()
    destination = fields.String()
    amount = fields.Integer()
    unit = fields.String()
    rule = fields.String()
    status = fields.String()


class NightLineSchema(Schema):
    """One party's figure in one game, and the money it makes."""

    game = fields.String(metadata={"description": "the game's id"})
    player = fields.String(metadata={"description": "the party's name as that game gives it"})
    variant = fields.String()
    figure = fields.Integer(metadata={"description": "in the game's unit (`unit`)"})
    unit = fields.String(metadata={"description": "money (Roby), chips (Royal Rummy) or points (Robins Rummy)"})
    rate = fields.Integer(allow_none=True, metadata={"description": "minor units per figure unit; null: none declared"})
    money = fields.Integer(metadata={"description": "figure x rate, in minor units"})
    how = fields.String(metadata={"description": "how the figure comes from the game's settlement, in words"})
    entries = fields.List(fields.Nested(NightEntrySchema))


class NightInPlaySchema(Schema):
    """Money still on the table in a game being played (a Roby pot not won yet): it belongs to nobody yet, so it is
    no party of the night, and each player's line leaves aside what he paid into it."""

    figure = fields.Integer(metadata={"description": "in the game's unit (`unit`)"})
    unit = fields.String()
    money = fields.Integer(metadata={"description": "in minor units"})
    how = fields.String(metadata={"description": "what the money is, in words"})
    entries = fields.List(fields.Nested(NightEntrySchema))


class NightPartySchema(Schema):
    """A party of the night (a player, matched across games as a game matches names: case and spacing never split
    one; or [banker]) and its net."""

    name = fields.String(metadata={"description": "the name the party's first game gives it"})
    net = fields.Integer(metadata={"description": "in minor units: positive is owed to it, negative it owes"})
    lines = fields.List(fields.Nested(NightLineSchema))


class NightSheetGameSchema(Schema):
    """One game of the night."""

    id = fields.String()
    variant = fields.String()
    title = fields.String()
    over = fields.Boolean()
    unit = fields.String()
    nets = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": "money by party"})
    in_play = fields.Nested(
        NightInPlaySchema, allow_none=True, metadata={"description": "money still in play in it; null: none"}
    )
    checks_held = fields.Boolean(metadata={"description": "the game's settlement's conservation checks all hold"})


class NightTransferSchema(Schema):
    """One payment that settles the night."""

    from_ = fields.String(data_key="from", attribute="from")
    to = fields.String()
    amount = fields.Integer()


class NightCheckSchema(Schema):
    """The nets add up to zero."""

    total = fields.Integer()
    holds = fields.Boolean()
    detail = fields.String()


class NightSheetSchema(Schema):
    """A night's sheet."""

    id = fields.String()
    title = fields.String()
    currency = fields.String(allow_none=True)
    unit = fields.String()
    chip_value = fields.Nested(NightMoneySchema, allow_none=True)
    robins_stake = fields.Nested(NightMoneySchema, allow_none=True)
    access = fields.String(metadata={"description": "private when it holds a private game"})
    games = fields.List(fields.Nested(NightSheetGameSchema))
    parties = fields.List(fields.Nested(NightPartySchema))
    check = fields.Nested(NightCheckSchema)
    transfers = fields.List(fields.Nested(NightTransferSchema), metadata={"description": "the fewest payments"})
    greedy_transfers = fields.Integer(
        allow_none=True,
        metadata={"description": "how many payments the largest-debtor-pays-largest-creditor matching takes"},
    )


def sheet_csv(sheet: dict[str, Any]) -> Response:
    """The sheet as CSV: a row per party with a column per game and the net, a total row, then the transfers."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    games = sheet["games"]
    writer.writerow(["party", *(f"{g['variant']} {g['title'] or g['id']}" for g in games), "net"])
    for party in sheet["parties"]:
        writer.writerow([party["name"], *money_by_game(party, games), party["net"]])
    writer.writerow(["total", *(sum(g["nets"].values()) for g in games), sheet["check"]["total"]])
    writer.writerow([])
    writer.writerow(["from", "to", "amount"])
    for transfer in sheet["transfers"]:
        writer.writerow([transfer["from"], transfer["to"], transfer["amount"]])
    response = Response(out.getvalue(), mimetype=CSV)
    response.headers["Content-Disposition"] = f'attachment; filename="night-{sheet["id"]}.csv"'
    return response


@blp.route("/nights")
class Nights(MethodView):
    """Nights."""

    @blp.arguments(NightCreateSchema)
    @blp.response(201, NightCreatedSchema)
    @blp.problem(422, "a malformed field, or a chip value and a stake in two currencies", valid=True)
    @blp.problem(429, "too many new games and nights from this address (rate limit)", headers=RETRY_AFTER)
    def post(self, body: dict[str, Any]) -> Response:
        """Open a night; its token in the answer is shown only this once."""
        limit("create")
        night, token = use.open_night(meldbook(), body["title"], body["chip_value"], body["robins_stake"])
        response = jsonify({"id": str(night.id), "token": token, "title": night.title, "currency": night.currency})
        response.status_code = 201
        response.headers["Location"] = url_for("nights.Night", night_id=night.id)
        return response


@blp.route("/nights/<uuid:night_id>")
class Night(MethodView):
    """One night's sheet."""

    @blp.response(200, NightSheetSchema, content_type="application/json")
    @blp.alt_response(200, description="the sheet as CSV, for Accept: text/csv", content_type=CSV, success=True)
    @blp.alt_response(
        200,
        description="the night's page, for a browser (Accept: text/html): a page that reads the sheet through this "
        "operation with the night's token as the device keeps it, and holds nothing of the night itself",
        content_type=HTML,
        success=True,
    )
    @blp.problem(403, f"an X-Night-Token longer than {NIGHT_TOKEN_MAX} characters, which is no night's token")
    @blp.problem(404, "no such night (or one holding a private game, without its token)")
    @blp.doc(parameters=[NIGHT_TOKEN_HEADER])
    def get(self, night_id: UUID) -> Any:
        """Each party's net across the night's games in its money, with the settlement entries behind every
        figure, the zero-sum check and the fewest transfers that settle everyone up."""
        best = request.accept_mimetypes.best_match(["application/json", CSV, HTML], default="application/json")
        if best == HTML:
            return Response(render_template("night.html", night_id=str(night_id)), mimetype=HTML)
        sheet = use.sheet(meldbook(), night_id, night_token())
        return sheet_csv(sheet) if best == CSV else sheet


@blp.route("/nights/<uuid:night_id>/sheet.csv")
class NightCsv(MethodView):
    """One night's sheet as CSV."""

    @blp.response(200, content_type=CSV, description="party, a column per game, net; a total row; the transfers")
    @blp.problem(403, f"an X-Night-Token longer than {NIGHT_TOKEN_MAX} characters, which is no night's token")
    @blp.problem(404, "no such night (or one holding a private game, without its token)")
    @blp.doc(parameters=[NIGHT_TOKEN_HEADER])
    def get(self, night_id: UUID) -> Response:
        """The sheet as CSV: a row per party with a column per game and its net, a total row (zeros), then the
        transfers."""
        return sheet_csv(use.sheet(meldbook(), night_id, night_token()))


@blp.route("/nights/<uuid:night_id>/games")
class NightGames(MethodView):
    """The games of a night."""

    @blp.arguments(NightGameSchema)
    @blp.response(201, NightSheetSchema)
    @blp.problem(401, "no night token, or no game token")
    @blp.problem(403, "not the night's token, or not the game's recorder token")
    @blp.problem(404, "no such night or game")
    @blp.problem(409, "the game is in the night already")
    @blp.problem(422, "a Royal Rummy game in a night without a chip value, a game counted in another currency than "
                 "the night's, or too many players", valid=True)
    @blp.doc(security=RECORDER_ONLY, parameters=[NIGHT_TOKEN_HEADER])
    def post(self, body: dict[str, Any], night_id: UUID) -> dict[str, Any]:
        """Take a game into the night: the night's token and the game's recorder token. Answers the sheet."""
        use.night_of(meldbook(), night_id)
        check_game_access(body["game"], MANAGE)
        use.add_game(meldbook(), night_id, night_token(), body["game"])
        return use.sheet(meldbook(), night_id, night_token())


@blp.route("/nights/<uuid:night_id>/games/<uuid:game_id>")
class NightGame(MethodView):
    """One game of a night."""

    @blp.response(204)
    @blp.problem(401, "no night token, or no game token")
    @blp.problem(403, "not the night's token, or not the game's recorder token")
    @blp.problem(404, "no such night or game, or a game the night does not hold")
    @blp.doc(security=RECORDER_ONLY, parameters=[NIGHT_TOKEN_HEADER])
    def delete(self, night_id: UUID, game_id: UUID) -> None:
        """Take a game out of the night: the night's token and the game's recorder token (checked before the view,
        by the game's access rules)."""
        use.remove_game(meldbook(), night_id, night_token(), game_id)
