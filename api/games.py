"""/games: create, list and read games, their events and their state at any event."""

from __future__ import annotations

from datetime import date
from typing import Any
from uuid import UUID

from flask import Response, jsonify, url_for
from flask.views import MethodView

from api.access import caller, meldbook, viewer_of
from api.contract import ETAG, IDEMPOTENCY_KEY, LOCATION, NIGHT_TOKEN_HEADER, RETRY_AFTER, TOKEN_OPTIONAL
from api.idempotency import retry_of_request
from api.limits import limit
from api.listing import UNKNOWN_CURSOR, page_body
from api.nights import night_token
from api.parsing import Blueprint
from api.schemas import (
    EVENTS,
    GAMES,
    EventPageSchema,
    EventsArgsSchema,
    GameCreatedSchema,
    GameCreateSchema,
    GameListArgsSchema,
    GamePageSchema,
    GameStateSchema,
    StateArgsSchema,
)
from domain.access.game_access import ARBITER
from domain.beside.disputes import ruler_of
from service.confirmations import confirmation_summary
from service.index import GameFilter
from service.nights import Beside, created_in_night
from service.presenting import present_event, present_state
from service.setup import create_game
from service.verify import digest_at

blp = Blueprint("games", __name__, description="Game records")


@blp.route("/games")
class Games(MethodView):
    """All games."""

    @blp.arguments(GameCreateSchema)
    @blp.response(201, GameCreatedSchema, headers={**ETAG, **LOCATION})
    @blp.problem(401, "a game joining a night without the night's X-Night-Token")
    @blp.problem(403, "an X-Night-Token that is not the night's (or longer than any night's token)")
    @blp.problem(404, "a night that does not exist")
    @blp.problem(409, "a retry under an Idempotency-Key whose game's token has been replaced since")
    @blp.problem(422, "a setup the variant does not allow: an option unknown or out of its bounds, two names that "
                 "differ only in case or spacing, too few or too many players, a currency ISO 4217 does not know "
                 "(invalid-setup); a currency other than the night's (night.currency-mismatch)", valid=True)
    @blp.problem(429, "too many new games from this address (MELDBOOK_RATE_LIMIT_CREATE)", headers=RETRY_AFTER)
    @blp.doc(parameters=[IDEMPOTENCY_KEY, NIGHT_TOKEN_HEADER])
    def post(self, body: dict[str, Any]) -> Response:
        """Create a game; the recorder token in the answer is shown only this once (or to a retry with its key)."""
        retry = retry_of_request()
        night = night_token()  # a header that cannot be a night's token is refused, joining a night or not
        limit("create")

        def create(beside: Beside | None = None, currency: str | None = body["currency"]) -> tuple[Any, str]:
            return create_game(meldbook(),
                body["variant"],
                body["players"],
                body["options"],
                body["deal_mode"],
                body["title"],
                body["recording"],
                body["access"],
                retry=retry,
                beside=beside,
                currency=currency,
            )

        if "night" in body:
            joining = (body["night"], night, body["variant"], body["players"], body["currency"])
            game, token = created_in_night(meldbook(), *joining, create)
        else:
            game, token = create()
        response = jsonify({"id": str(game.id), "version": game.version, "token": token})
        response.status_code = 201
        response.headers["Location"] = url_for("games.Game", game_id=game.id)
        response.headers["ETag"] = f'"{game.version}"'
        return response

    @blp.arguments(GameListArgsSchema, location="query")
    @blp.response(200, GamePageSchema)
    @blp.problem(422, UNKNOWN_CURSOR, valid=True)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """List the public games by player, variant and creation date, newest first, a page at a time."""
        wanted = GameFilter(
            player=args.get("player"),
            variant=args.get("variant"),
            since=_iso(args.get("since")),
            until=_iso(args.get("until")),
            limit=args["limit"],
            after=args.get("cursor"),
        )
        page = meldbook().list_games(wanted)
        shown = [vars_of(e) for e in page.items]
        return page_body(page, wanted.limit, GAMES, shown, lambda entry: (entry.created_at, entry.id))


@blp.route("/games/<uuid:game_id>")
class Game(MethodView):
    """One game as it is now."""

    @blp.response(200, GameStateSchema, headers=ETAG)
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, game_id: UUID) -> Response:
        """The current state and who is to act, as the caller's role sees it; whoever records also gets the legal
        actions he may record."""
        asking = caller()
        acting = asking.may_record if asking.records else None
        viewer = viewer_of(asking)
        shown = present_state(
            meldbook().game(game_id), viewer, hands=meldbook().hand_spans(game_id, viewer), acting=acting
        )
        shown["digest"] = digest_at(meldbook(), game_id, shown["version"])
        shown["confirmations"] = confirmation_summary(meldbook(), game_id)
        shown["role"] = asking.grant
        access = meldbook().access_of(game_id)
        shown["may_rule"] = asking.grant == ruler_of(ARBITER in access.hashes)
        shown["no_device"] = list(access.no_device)
        response = jsonify(shown)
        response.headers["ETag"] = f'"{shown["version"]}"'
        return response


@blp.route("/games/<uuid:game_id>/events")
class Events(MethodView):
    """A game's stored events."""

    @blp.arguments(EventsArgsSchema, location="query")
    @blp.response(200, EventPageSchema)
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.problem(422, UNKNOWN_CURSOR, valid=True)
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, args: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """The stored events in order, a page at a time, with versions and times; secrets masked without the token."""
        viewer = viewer_of(caller())
        after = args.get("cursor", args.get("after", 0))
        page = meldbook().events_page(game_id, after=after, limit=args["limit"])
        hands = meldbook().hand_spans(game_id, viewer)
        shown = [present_event(e, viewer, hands) for e in page.items]
        return page_body(page, args["limit"], EVENTS, shown, lambda event: event.version)


@blp.route("/games/<uuid:game_id>/state")
class State(MethodView):
    """A game as it was after one event."""

    @blp.arguments(StateArgsSchema, location="query")
    @blp.response(200, GameStateSchema)
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game, or no such event")
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, args: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """The state rebuilt from the events up to event `at`; actions are listed only at the latest version."""
        asking = caller()
        acting = asking.may_record if asking.records else None
        game = meldbook().game(game_id, version=args["at"])
        viewer = viewer_of(asking)
        hands = meldbook().hand_spans(game_id, viewer)
        return present_state(game, viewer, meldbook().latest_version(game_id), hands, acting=acting)


def vars_of(entry: Any) -> dict[str, Any]:
    """A frozen entry as a dict."""
    return {name: getattr(entry, name) for name in entry.__slots__}


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None
