"""The notation's routes: import one record as a new game, and export a game's record in the caller's view."""

from __future__ import annotations

import base64
import hashlib
from typing import Any
from uuid import UUID

from flask import Response, jsonify, request, url_for
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.access import caller, meldbook, viewer_of
from api.contract import ETAG, LOCATION, RETRY_AFTER, TOKEN_OPTIONAL
from api.limits import limit
from api.parsing import Blueprint
from api.schemas import GameCreatedSchema
from domain.errors import MeldbookError
from domain.notation.archive import split_archive
from service.notation_export import export_record
from service.notation_import import CLAIMS, import_record

blp = Blueprint("notation", __name__, description="Game records in the Meldbook notation (docs/notation.md)")

MEDIA_TYPE = "application/vnd.meldbook.notation"
"""The notation's own media type; text/plain is read and written alike."""
MEDIA_TYPES = (MEDIA_TYPE, "text/plain")
MAX_RECORD_BYTES = 8 * 1024 * 1024
"""The largest record an import reads: 8 MiB (a 413 beyond it)."""
FORMATS = {"text": "text/plain", "notation": MEDIA_TYPE}
DIGEST: dict[str, Any] = {
    "Repr-Digest": {"description": "the SHA-256 of the record's bytes (RFC 9530), sha-256=:<base64>:",
                    "schema": {"type": "string"}}
}
EXPORTED = "the record, as text/plain or application/vnd.meldbook.notation"
_TEXT = {"schema": {"type": "string"}}
_TEXT_BODY = {"schema": {"type": "string", "maxLength": MAX_RECORD_BYTES}}


class ImportArgsSchema(Schema):
    """The import's query: what to do with a stated result the rules compute otherwise."""

    claims = fields.String(
        load_default="refuse",
        validate=validate.OneOf(CLAIMS),
        metadata={"description": "refuse (the default): the record is refused at that result line, naming both "
                  "figures; keep: it is imported and the stated figure kept as a claim beside the computed one"},
    )


class NotationArgsSchema(Schema):
    """The export's query: the media type of the answer, when the Accept header does not choose it."""

    format = fields.String(
        validate=validate.OneOf(tuple(FORMATS)),
        metadata={"description": "text (text/plain) or notation (application/vnd.meldbook.notation); otherwise "
                  "the Accept header chooses, text/plain by default"},
    )


class NotationImportError(MeldbookError):
    """An import body that is not one record of UTF-8 text in the notation's media types."""

    code = "notation-body"


@blp.route("/games/import")
class Import(MethodView):
    """A game from one record in the notation."""

    @blp.arguments(ImportArgsSchema, location="query")
    @blp.response(201, GameCreatedSchema, headers={**ETAG, **LOCATION})
    @blp.problem(400, "the body is not one record of UTF-8 text")
    @blp.problem(413, f"the record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB")
    @blp.problem(415, "the body is not sent as text/plain or application/vnd.meldbook.notation")
    @blp.problem(422, "the record cannot be read or recorded: the problem names the line, the column and the "
                 "move's own code")
    @blp.problem(429, "too many imports from this address (MELDBOOK_RATE_LIMIT_IMPORT)", headers=RETRY_AFTER)
    @blp.doc(requestBody={"required": True, "content": {t: _TEXT_BODY for t in MEDIA_TYPES}})
    def post(self, args: dict[str, Any]) -> Response:
        """Import one record: every move is recorded through the same rules as POST /games/{id}/moves, and nothing
        is stored unless all of it is; answers as POST /games does, with the recorder token shown once."""
        if request.mimetype not in MEDIA_TYPES:
            raise NotationImportError(
                f"send the record as {' or '.join(MEDIA_TYPES)} (not {request.mimetype or 'no Content-Type'})",
                code="unsupported-media-type", field="Content-Type",
            )
        limit("import")
        request.max_content_length = MAX_RECORD_BYTES
        text = _utf8(request.get_data(cache=False))
        records = split_archive(text.split("\n"))
        first = next(records, None)
        if first is None or next(records, None) is not None:
            raise NotationImportError("the body holds one record: tag pairs, then its hands", field="body")
        imported = import_record(meldbook(), first.text, claims=args["claims"], first_line=first.first_line)
        response = jsonify({"id": str(imported.game_id), "version": imported.version, "token": imported.recorder_token})
        response.status_code = 201
        response.headers["Location"] = url_for("games.Game", game_id=imported.game_id)
        response.headers["ETag"] = f'"{imported.version}"'
        return response


@blp.route("/games/<uuid:game_id>/notation")
class Notation(MethodView):
    """A game's record in the notation."""

    @blp.arguments(NotationArgsSchema, location="query")
    @blp.response(200, description=EXPORTED, content_type="text/plain", headers=DIGEST)
    @blp.problem(403, "a token this game does not know")
    @blp.problem(404, "no such game (or a private game without one of its tokens)")
    @blp.doc(
        security=TOKEN_OPTIONAL,
        responses={"200": {"description": EXPORTED, "content": {t: _TEXT for t in MEDIA_TYPES}}},
    )
    def get(self, args: dict[str, Any], game_id: UUID) -> Response:
        """The game's canonical record in the caller's view: what it may not see is written ??, seeds only in the
        full view; Repr-Digest gives the SHA-256 of the text."""
        text = export_record(meldbook(), game_id, viewer_of(caller()))
        media = FORMATS.get(args.get("format", "")) or request.accept_mimetypes.best_match(MEDIA_TYPES) or "text/plain"
        body = text.encode("utf-8")
        response = Response(body, mimetype=media, content_type=f"{media}; charset=utf-8")
        digest = base64.b64encode(hashlib.sha256(body).digest()).decode("ascii")
        response.headers["Repr-Digest"] = f"sha-256=:{digest}:"
        return response


def _utf8(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotationImportError(f"the record is not UTF-8 text (byte {error.start})", field="body") from None
