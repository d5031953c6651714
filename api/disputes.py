"""/games/{id}/disputes: claims about an event or a hand, their evidence, and the rulings that close them.

A seat or the recorder opens a dispute and attaches evidence; the arbiter, if the recorder issued one, or else
the recorder, rules (domain/beside/disputes.py). Every reader lists them, seeing another's claim, evidence or ruling
written during a hand in progress only once that hand has ended (replays/disputes.py). They live in a stream of
their own, so the game's record and version never move. The schemas are here, beside their only routes.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask.views import MethodView
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.access import bearer_token, caller, meldbook, viewer_of
from api.contract import RULER, TOKEN_NEEDED, TOKEN_OPTIONAL
from api.fields import JsonBoolean, JsonWholeNumber, Text, WholeNumber
from api.parsing import Blueprint
from api.schemas import BODY_NOT_OBJECT, MAX_VERSION
from domain.beside.disputes import TARGETS
from replays.disputes import check_visible_dispute, resolve_evidence, shown_disputes
from service.disputes import MAX_TEXT, add_evidence, open_dispute, rule_dispute

blp = Blueprint("disputes", __name__, description="Disputes of a game: claims, evidence and rulings")
VERSION = validate.Range(min=1, max=MAX_VERSION)
MAX_FIGURE = 10**12
EVIDENCE_REFS = ("event", "annotation", "replay")


class DisputeArgsSchema(Schema):
    """The disputes of one hand, if asked."""

    hand = WholeNumber(validate=VERSION, metadata={"description": "one hand's only (the hand holding the position)"})


class DisputeCreateSchema(Schema):
    """A new dispute: what it is about, the claim, and the figure claimed."""

    error_messages = BODY_NOT_OBJECT

    target = fields.String(
        required=True,
        validate=validate.OneOf(TARGETS),
        metadata={"description": "event (the event at `at`) or hand (the hand holding `at`)"},
    )
    at = JsonWholeNumber(validate=VERSION, metadata={"description": "the version disputed (default: the latest)"})
    claim = Text(required=True, validate=validate.Length(min=1, max=MAX_TEXT), metadata={"description": "in words"})
    figure = JsonWholeNumber(
        allow_none=True,
        validate=validate.Range(min=-MAX_FIGURE, max=MAX_FIGURE),
        metadata={"description": "the figure claimed, if any (points, chips, or money in minor units)"},
    )


class ReplayPositionSchema(Schema):
    """A position of the replay: a hand and one of its moves (GET /games/{id}/replay's `hand` and `at`)."""

    hand = JsonWholeNumber(required=True, validate=VERSION)
    at = JsonWholeNumber(required=True, validate=VERSION, metadata={"description": "a move number of the hand"})


class EvidenceSchema(Schema):
    """Evidence for a dispute: exactly one of `event`, `annotation` or `replay`, and a note."""

    error_messages = BODY_NOT_OBJECT

    event = JsonWholeNumber(validate=VERSION, metadata={"description": "a version of the game's record"})
    annotation = JsonWholeNumber(validate=VERSION, metadata={"description": "an annotation's number"})
    replay = fields.Nested(ReplayPositionSchema, metadata={"description": "a replay position"})
    note = Text(load_default="", validate=validate.Length(max=MAX_TEXT), metadata={"description": "what it shows"})

    @validates_schema
    def _exactly_one(self, data: dict[str, Any], **kwargs: Any) -> None:
        if sum(name in data for name in EVIDENCE_REFS) != 1:
            raise ValidationError("Give exactly one of event, annotation or replay.", "event")


class RulingSchema(Schema):
    """A ruling: its text, and optionally a correction request kept with it."""

    error_messages = BODY_NOT_OBJECT

    ruling = Text(required=True, validate=validate.Length(min=1, max=MAX_TEXT), metadata={"description": "in words"})
    correction = fields.Dict(
        keys=fields.String(),
        allow_none=True,
        metadata={
            "description": "a correction, kept with the ruling: to apply it, the body POST /games/{id}/corrections "
            "takes (`kind` and its fields)"
        },
    )
    apply_correction = JsonBoolean(
        load_default=False,
        metadata={
            "description": "true applies the correction to the record first, as POST /games/{id}/corrections would "
            "for the ruler; a refused correction stores nothing, and the dispute stays open"
        },
    )


class EvidenceShownSchema(Schema):
    """One piece of evidence as the caller may see it."""

    id = fields.Integer(metadata={"description": "its number in the dispute, from 1"})
    kind = fields.String(metadata={"description": "event, annotation or replay"})
    ref = fields.Dict(metadata={"description": "what it points at, as given"})
    at = fields.Integer(metadata={"description": "the version of the record it points at"})
    written_at = fields.Integer(metadata={"description": "the game's version when it was attached"})
    note = fields.String()
    by = fields.String(metadata={"description": "who attached it: recorder or seat:<player>"})
    timestamp = fields.String()


class DisputeSchema(Schema):
    """One dispute as the caller may see it, with its history."""

    id = fields.Integer(metadata={"description": "its number in the game, from 1"})
    target = fields.String(metadata={"description": "event or hand"})
    at = fields.Integer(metadata={"description": "the version disputed"})
    move = fields.Integer(metadata={"description": "the move holding `at` (0: the setup)"})
    hand = fields.Integer(metadata={"description": "the hand holding `at`, as the replay numbers them"})
    written_at = fields.Integer(metadata={"description": "the game's version when it was opened"})
    claim = fields.String()
    figure = fields.Integer(allow_none=True)
    opened_by = fields.String(metadata={"description": "recorder or seat:<player>"})
    opened_at = fields.String()
    status = fields.String(metadata={"description": "open, or closed once ruled on"})
    evidence = fields.List(fields.Nested(EvidenceShownSchema))
    ruling = fields.Dict(
        allow_none=True,
        metadata={
            "description": "text, correction (as requested), correction_applied, written_at, by, timestamp; only "
            "by, timestamp and withheld: true while its hand is in progress, to others"
        },
    )
    history = fields.List(fields.Dict(), metadata={"description": "each step in order: opened, evidence, ruled"})


class DisputeListSchema(Schema):
    """Every dispute of a game the caller may see, in the order opened."""

    items = fields.List(fields.Nested(DisputeSchema), required=True)
    total = fields.Integer(required=True)


def shown(game_id: UUID, number: int) -> dict[str, Any]:
    """A dispute as its author (or ruler) sees it."""
    asking = caller()
    disputes = shown_disputes(meldbook(), game_id, viewer_of(asking), asking.grant)
    return next(dispute for dispute in disputes if dispute["id"] == number)


@blp.route("/games/<uuid:game_id>/disputes")
class Disputes(MethodView):
    """A game's disputes."""

    @blp.arguments(DisputeArgsSchema, location="query")
    @blp.response(200, DisputeListSchema)
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, args: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """The disputes the caller may see, in the order opened, each with its evidence, ruling and history; another's
        claim, evidence or ruling written during a hand in progress is shown only once that hand has ended."""
        asking = caller()
        items = shown_disputes(meldbook(), game_id, viewer_of(asking), asking.grant, args.get("hand"))
        return {"items": items, "total": len(items)}

    @blp.arguments(DisputeCreateSchema)
    @blp.response(201, DisputeSchema)
    @blp.problem(401, "no token")
    @blp.problem(403, "a token this game does not know, or one that may not dispute (a viewer's, the arbiter's)")
    @blp.problem(404, "no such game")
    @blp.problem(422, "a malformed field, or a version the game does not have", valid=True)
    @blp.doc(security=TOKEN_NEEDED)
    def post(self, body: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """Open a dispute about an event or a hand, by a seat or the recorder, with a claim and the figure claimed."""
        number = open_dispute(meldbook(), game_id, caller().grant or "", **body)
        return shown(game_id, number)


@blp.route("/games/<uuid:game_id>/disputes/<int:dispute_id>/evidence")
class Evidence(MethodView):
    """A dispute's evidence."""

    @blp.arguments(EvidenceSchema)
    @blp.response(201, DisputeSchema)
    @blp.problem(401, "no token")
    @blp.problem(403, "a token this game does not know, or one that may not dispute")
    @blp.problem(404, "no such game or dispute (or one the caller may not see yet)")
    @blp.problem(409, "the dispute is closed")
    @blp.problem(422, "a malformed field, evidence naming not exactly one of event, annotation and replay, or "
                 "evidence that points at nothing the caller may see", valid=True)
    @blp.doc(security=TOKEN_NEEDED)
    def post(self, body: dict[str, Any], game_id: UUID, dispute_id: int) -> dict[str, Any]:
        """Attach evidence to an open dispute: an event, an annotation or a replay position, with a note."""
        asking, app = caller(), meldbook()
        viewer = viewer_of(asking)
        check_visible_dispute(app, game_id, dispute_id, viewer, asking.grant)
        kind, ref, at = resolve_evidence(app, game_id, viewer, asking.grant, body)
        add_evidence(app, game_id, asking.grant or "", dispute_id, kind, ref, at, body["note"])
        return shown(game_id, dispute_id)


@blp.route("/games/<uuid:game_id>/disputes/<int:dispute_id>/ruling")
class Ruling(MethodView):
    """A dispute's ruling."""

    @blp.arguments(RulingSchema)
    @blp.response(201, DisputeSchema)
    @blp.problem(401, "no token")
    @blp.problem(403, "a token this game does not know, or not the ruler (the arbiter if issued, else the recorder)")
    @blp.problem(404, "no such game or dispute (or one the caller may not see yet)")
    @blp.problem(409, "the dispute is closed already")
    @blp.problem(422, "a malformed field, or a correction the record refuses (the code POST /corrections gives)",
                 valid=True)
    @blp.doc(security=RULER)
    def post(self, body: dict[str, Any], game_id: UUID, dispute_id: int) -> dict[str, Any]:
        """Rule on an open dispute and close it, optionally keeping a correction request with the ruling."""
        asking, app = caller(), meldbook()
        check_visible_dispute(app, game_id, dispute_id, viewer_of(asking), asking.grant)
        rule_dispute(app, game_id, asking.grant or "", dispute_id, **body, token=bearer_token())
        return shown(game_id, dispute_id)
