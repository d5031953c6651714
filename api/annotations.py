"""/games/{id}/annotations: comments on a game, a hand or one event, with glyphs and alternative lines.

The recorder and the seats write them (each may edit or delete only what its own role wrote); every reader lists
them, seeing another's annotation of a hand only once that hand has ended (replays/annotations.py). They live in
a stream of their own, so the game's record and version never move. The schemas are here, beside their only
routes.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response
from flask.views import MethodView
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.access import caller, meldbook, viewer_of
from api.contract import TOKEN_NEEDED, TOKEN_OPTIONAL
from api.fields import JsonWholeNumber, Line, Text, WholeNumber
from api.listing import UNKNOWN_CURSOR, Cursor, PageSchema, page_body, page_limit
from api.parsing import Blueprint
from api.schemas import BODY_NOT_OBJECT, MAX_VERSION, MoveSchema
from domain.beside.annotations import GLYPHS, TARGETS
from replays.annotations import shown_annotations
from service.annotations import MAX_AUTHOR, MAX_COMMENT, add_annotation, delete_annotation, edit_annotation
from service.branching import MAX_LINE
from service.pages import Page

blp = Blueprint("annotations", __name__, description="Annotations of a game, its hands and its events")
ANNOTATIONS = "annotations"


def _offset(position: Any) -> int:
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= MAX_VERSION:
        raise ValueError(position)
    return position


class AnnotationArgsSchema(Schema):
    """A page of a game's annotations, of one hand if asked, or of every version of each."""

    hand = WholeNumber(validate=validate.Range(min=1, max=MAX_VERSION), metadata={"description": "one hand's only"})
    history = fields.Boolean(
        load_default=False, metadata={"description": "1: every version of each annotation, deletions included"}
    )
    limit = page_limit(default=50, maximum=200)
    cursor = Cursor(ANNOTATIONS, _offset)




class AnnotationCreateSchema(Schema):
    """A new annotation: what it is attached to, its position, its comment and glyph, and an alternative line."""

    error_messages = BODY_NOT_OBJECT

    target = fields.String(
        required=True,
        validate=validate.OneOf(TARGETS),
        metadata={"description": "game, hand (the hand holding `at`) or event (the event at `at`)"},
    )
    at = JsonWholeNumber(
        validate=validate.Range(min=1, max=MAX_VERSION),
        metadata={"description": "the version it sits at (default: the game's latest); a line starts there"},
    )
    comment = Text(
        required=True, validate=validate.Length(max=MAX_COMMENT), metadata={"description": "multi-line text"}
    )
    glyph = fields.String(
        allow_none=True,
        validate=validate.OneOf(GLYPHS),
        metadata={"description": "a move glyph (!, ?, !!, ??, !?, ?!) or missed-lay-off, wrong-discard, wrong-payout"},
    )
    author = Line(
        validate=validate.Length(min=1, max=MAX_AUTHOR),
        metadata={"description": "the author's name (by default the seat's player, or Recorder)"},
    )
    line = fields.List(
        fields.Nested(MoveSchema),
        validate=validate.Length(max=MAX_LINE),
        metadata={
            "description": "an alternative line: action bodies, as POST /moves takes them, played on from `at` (which "
            "must end a move); an illegal one is refused with its own code and `index`"
        },
    )


class AnnotationEditSchema(Schema):
    """A new version of an annotation: its comment, glyph or author name (those given)."""

    error_messages = BODY_NOT_OBJECT

    comment = Text(validate=validate.Length(max=MAX_COMMENT), metadata={"description": "multi-line text"})
    glyph = fields.String(allow_none=True, validate=validate.OneOf(GLYPHS), metadata={"description": "or null"})
    author = Line(validate=validate.Length(min=1, max=MAX_AUTHOR), metadata={"description": "the author's name"})

    @validates_schema
    def _something(self, data: dict[str, Any], **kwargs: Any) -> None:
        if not data:
            raise ValidationError("Give comment, glyph or author.", "comment")


class AnnotationSchema(Schema):
    """One annotation (or one version of it) as the caller may see it."""

    id = fields.Integer(metadata={"description": "its number in the game, from 1"})
    target = fields.String(metadata={"description": "game, hand or event"})
    at = fields.Integer(metadata={"description": "the version it sits at"})
    move = fields.Integer(metadata={"description": "the move holding `at` (0: the setup)"})
    hand = fields.Integer(metadata={"description": "the hand holding `at`, as the replay numbers them"})
    written_at = fields.Integer(metadata={"description": "the game's version when it was written"})
    comment = fields.String()
    glyph = fields.String(allow_none=True)
    author = fields.String()
    role = fields.String(metadata={"description": "who wrote it: recorder or seat:<player>"})
    line = fields.List(
        fields.Dict(),
        metadata={"description": "its alternative line as accepted; a drawn card is masked unless the view sees all"},
    )
    revision = fields.Integer(metadata={"description": "its version, from 1"})
    deleted = fields.Boolean()
    changed_by = fields.String(metadata={"description": "who wrote this version"})
    timestamp = fields.String()


class AnnotationPageSchema(PageSchema):
    """A page of a game's annotations, in the order written."""

    items = fields.List(fields.Nested(AnnotationSchema), required=True)


def shown(game_id: UUID, number: int) -> dict[str, Any]:
    """An annotation as its author sees it."""
    asking = caller()
    notes = shown_annotations(meldbook(), game_id, viewer_of(asking), asking.grant)
    return next(note for note in notes if note["id"] == number)


@blp.route("/games/<uuid:game_id>/annotations")
class Annotations(MethodView):
    """A game's annotations."""

    @blp.arguments(AnnotationArgsSchema, location="query")
    @blp.response(200, AnnotationPageSchema)
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.problem(422, UNKNOWN_CURSOR, valid=True)
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, args: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """The annotations the caller may see, in the order written (with `history=1`, every version of each);
        another's annotation of a hand in progress is shown only once that hand has ended."""
        asking = caller()
        viewer = viewer_of(asking)
        notes = shown_annotations(meldbook(), game_id, viewer, asking.grant, args.get("hand"), args["history"])
        start, limit = args.get("cursor", 0), args["limit"]
        page = Page(notes[start : start + limit], len(notes), start + limit < len(notes))
        return page_body(page, limit, ANNOTATIONS, page.items, lambda _: start + limit)

    @blp.arguments(AnnotationCreateSchema)
    @blp.response(201, AnnotationSchema)
    @blp.problem(401, "no token")
    @blp.problem(
        403,
        "a token this game does not know, one that may not annotate (a viewer's, the arbiter's), or a line from a "
        "hand in progress by a view that does not see everything there",
    )
    @blp.problem(404, "no such game")
    @blp.problem(422, "a malformed field, a version inside a move (a line starts where a move ends), or an illegal "
                 "move of the line (its own code, and `index`)", valid=True)
    @blp.doc(security=TOKEN_NEEDED)
    def post(self, body: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """Write an annotation of the game, a hand or one event, by the recorder or a seat; its alternative line is
        played on from its position in a scratch copy, by the rules that record moves, and stored with it."""
        asking = caller()
        line = [{k: v for k, v in move.items() if k != "expected_version"} for move in body.pop("line", [])]
        number = add_annotation(meldbook(), game_id, asking.grant or "", viewer_of(asking), line=line, **body)
        return shown(game_id, number)


@blp.route("/games/<uuid:game_id>/annotations/<int:annotation_id>")
class Annotation(MethodView):
    """One annotation."""

    @blp.arguments(AnnotationEditSchema)
    @blp.response(200, AnnotationSchema)
    @blp.problem(401, "no token")
    @blp.problem(403, "a token this game does not know, or not the role that wrote the annotation")
    @blp.problem(404, "no such game or annotation (or a deleted one)")
    @blp.problem(422, "a malformed field, or none of comment, glyph and author given", valid=True)
    @blp.doc(security=TOKEN_NEEDED)
    def patch(self, body: dict[str, Any], game_id: UUID, annotation_id: int) -> dict[str, Any]:
        """Edit an annotation (a new version; the history keeps the old): only the role that wrote it may."""
        edit_annotation(meldbook(), game_id, caller().grant or "", annotation_id, body)
        return shown(game_id, annotation_id)

    @blp.response(204)
    @blp.problem(401, "no token")
    @blp.problem(403, "a token this game does not know, or not the role that wrote the annotation")
    @blp.problem(404, "no such game or annotation (or a deleted one)")
    @blp.doc(security=TOKEN_NEEDED)
    def delete(self, game_id: UUID, annotation_id: int) -> Response:
        """Delete an annotation (a new event; `history=1` still lists it): only the role that wrote it may."""
        delete_annotation(meldbook(), game_id, caller().grant or "", annotation_id)
        return Response(status=204)
