"""/games/{id}/verify: the game's hash chains recomputed against their stored links, and a kept digest checked.

Every event of a game, of its annotations and of its disputes carries a link to the one before it
(domain/record/chain.py, service/store/chain.py). GET /games/{id} shows the current digest: the link of the game's
latest event. A digest kept at version N and given back here (`?digest=...&at=N`) catches what the links alone cannot:
the whole chain rewritten consistently, or its tail cut off.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask.views import MethodView
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.access import meldbook
from api.contract import TOKEN_OPTIONAL
from api.fields import WholeNumber
from api.parsing import Blueprint
from api.schemas import MAX_VERSION
from service.verify import verify_game

blp = Blueprint("verify", __name__, description="Tamper evidence: the hash chain of a game's record")


class VerifyArgsSchema(Schema):
    """A digest kept at a version, to check against the record (both, or neither)."""

    digest = fields.String(
        validate=validate.Regexp(r"^[0-9a-fA-F]{64}$", error="A digest is 64 hexadecimal digits (SHA-256)."),
        metadata={"description": "a digest kept from GET /games/{id} (its `digest`) or an export"},
    )
    at = WholeNumber(
        validate=validate.Range(min=1, max=MAX_VERSION),
        metadata={"description": "the version the digest was kept at (the game's `version` then)"},
    )

    @validates_schema
    def _both_or_neither(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("digest" in data) != ("at" in data):
            raise ValidationError("Give digest and at together.", "at" if "digest" in data else "digest")


class BrokenLinkSchema(Schema):
    """The first place where the record and its chain disagree."""

    version = fields.Integer()
    kind = fields.String(metadata={"description": "edited, missing or reordered"})
    detail = fields.String()


class ChainSchema(Schema):
    """One stream's chain."""

    ok = fields.Boolean()
    length = fields.Integer(metadata={"description": "the last version stored (0: nothing yet)"})
    first_linked = fields.Integer(allow_none=True, metadata={"description": "the first event with a link"})
    unlinked = fields.Integer(metadata={"description": "how many events before it were stored before the chain"})
    head = fields.String(allow_none=True, metadata={"description": "the last link, when every link holds"})
    broken = fields.Nested(BrokenLinkSchema, allow_none=True, metadata={"description": "the first broken link"})
    note = fields.String()


class DigestCheckSchema(Schema):
    """A kept digest checked against the record."""

    at = fields.Integer()
    ok = fields.Boolean()
    broken = fields.Nested(BrokenLinkSchema, allow_none=True)


class VerifySchema(Schema):
    """The game's record checked: each stream's chain, and a kept digest if one was given."""

    ok = fields.Boolean(metadata={"description": "every chain holds (and the kept digest matches, if given)"})
    streams = fields.Dict(
        keys=fields.String(), values=fields.Nested(ChainSchema), metadata={"description": "game, annotations, disputes"}
    )
    digest = fields.Nested(DigestCheckSchema, allow_none=True)


@blp.route("/games/<uuid:game_id>/verify")
class Verify(MethodView):
    """A game's tamper evidence."""

    @blp.arguments(VerifyArgsSchema, location="query")
    @blp.response(200, VerifySchema)
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.problem(422, "a malformed digest or version, or one given without the other", valid=True)
    @blp.doc(security=TOKEN_OPTIONAL)
    def get(self, args: dict[str, Any], game_id: UUID) -> dict[str, Any]:
        """Recompute the hash chains of the game, its annotations and its disputes from the events as stored, and
        name the first broken link of each (its version, and whether an event was edited, is missing or was
        moved); with `digest` and `at`, check a digest kept at that version against the record."""
        return verify_game(meldbook(), game_id, args.get("digest"), args.get("at"))
