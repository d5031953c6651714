"""Marshmallow schemas of the tokens and seats routes (api/tokens.py): a token issued, a viewer token asked for, a
seat's device."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.fields import JsonBoolean, Line
from api.schemas import BODY_NOT_OBJECT


class IssuedTokenSchema(Schema):
    """A token just issued: shown only this once, stored only hashed."""

    token = fields.String(metadata={"description": "the bearer token; it is stored only hashed"})
    grant = fields.String(
        metadata={"description": "what it opens: recorder, seat:<player>, viewer:<label> or arbiter"}
    )


class ViewerTokenSchema(Schema):
    """A new viewer token, under a label of the recorder's choosing (one is made up when none is given)."""

    error_messages = BODY_NOT_OBJECT

    label = Line(validate=validate.Length(min=1, max=40), metadata={"description": "names the token, to revoke it"})


class SeatDeviceSchema(Schema):
    """Whether a seat records from a device of its own."""

    error_messages = BODY_NOT_OBJECT

    device = JsonBoolean(
        required=True,
        metadata={
            "description": "false: the player has no device, so the recorder records his actions and sees his cards"
        },
    )


class SeatSchema(Schema):
    """A seat and whether it records from a device of its own."""

    player = fields.String()
    device = fields.Boolean()
