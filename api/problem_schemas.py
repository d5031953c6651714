"""Marshmallow schemas of problems: the RFC 9457 problem document every refusal is, and the pages of problem types
(api/problem_types.py)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from api.listing import Cursor, PageSchema, page_limit

PROBLEM_TYPES = "problems"
"""The cursor kind of a page of problem types."""


class ProblemSchema(Schema):
    """An RFC 9457 problem document (served as application/problem+json)."""

    type = fields.String(metadata={"description": "a URI reference naming the problem type"})
    title = fields.String()
    status = fields.Integer()
    detail = fields.String(metadata={"description": "a sentence a player understands"})
    code = fields.String(metadata={"description": "a stable code: the rule or field at fault"})
    instance = fields.String()
    field = fields.String(metadata={"description": "the request field at fault, when there is one"})
    index = fields.Integer(metadata={"description": "the refused move's place in a line of moves (0 first)"})
    errors = fields.Dict(metadata={"description": "validation messages by field"})
    line = fields.Integer(metadata={"description": "a refused record's line at fault (from 1): POST /games/import"})
    column = fields.Integer(metadata={"description": "the column at fault on that line (from 1)"})
    stated = fields.Integer(metadata={"description": "the figure a result line states (stated-result-differs)"})
    computed = fields.Integer(metadata={"description": "the figure the rules compute for it"})
    card = fields.String(metadata={"description": "the card the record cannot place (card-conflict)"})
    place = fields.String(
        metadata={"description": "where the action would put that card: `hand:<player>`, `meld:<id>`, `discard`"}
    )
    conflicts_with = fields.List(
        fields.String(), metadata={"description": "the places that already hold every copy of the card the packs have"}
    )
    move = fields.Integer(metadata={"description": "the move at fault: one a correction breaks, or a voided line"})
    version = fields.Integer(metadata={"description": "that move's version, or the damaged record's event"})
    move_code = fields.String(metadata={"description": "the code the rules would refuse that move with"})
    move_detail = fields.String(metadata={"description": "the sentence the rules would refuse that move with"})
    stream = fields.String(metadata={"description": "the damaged record's stream (record-damaged)"})
    damage = fields.String(metadata={"description": "how it is damaged: `missing` (an event gone) or `edited`"})


def _code_position(position: Any) -> str:
    if not isinstance(position, str) or len(position) > 100:
        raise ValueError(position)
    return position


class ProblemTypeArgsSchema(Schema):
    """A page of problem types, in code order."""

    limit = page_limit(default=100, maximum=200)
    cursor = Cursor(PROBLEM_TYPES, _code_position)


class ProblemTypeSchema(Schema):
    """A problem code: its title, usual status, the rule or field it concerns, and an example detail."""

    type = fields.String(required=True, metadata={"description": "the URI problem documents carry as `type`"})
    code = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True, metadata={"description": "the HTTP status it is usually served with"})
    concerns = fields.String(required=True, metadata={"description": "the rule sentence, or the field at fault"})
    example = fields.String(required=True, metadata={"description": "a detail as the service writes it"})
    rule = fields.Dict(
        metadata={"description": "for a rule code: the rule catalogue's id, sentence, source and variant"}
    )


class ProblemTypePageSchema(PageSchema):
    """A page of problem types."""

    items = fields.List(fields.Nested(ProblemTypeSchema), required=True)
