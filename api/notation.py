"""The notation's routes: import one record as a new game, and export a game's record in the caller's view."""

from __future__ import annotations

import base64
import hashlib
import io
from collections.abc import Iterator
from typing import IO, Any
from uuid import UUID

from flask import Response, jsonify, request, url_for
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.access import caller, meldbook, viewer_of
from api.contract import ETAG, LOCATION, RETRY_AFTER, TOKEN_OPTIONAL
from api.errors import NotationImportError
from api.limits import limit
from api.parsing import Blueprint
from api.schemas import GameCreatedSchema
from domain.notation.archive import one_record
from domain.notation.budget import MAX_LINE_CHARACTERS
from service.notation_export import export_record
from service.notation_import import CLAIMS, import_record

blp = Blueprint("notation", __name__, description="Game records in the Meldbook notation (docs/notation.md)")

MEDIA_TYPE = "application/vnd.meldbook.notation"
"""The notation's own media type; text/plain is read and written alike."""
MEDIA_TYPES = (MEDIA_TYPE, "text/plain")
MAX_RECORD_BYTES = 8 * 1024 * 1024
"""The largest record an import reads: 8 MiB (a 413 beyond it)."""
LINE_BYTES = 4 * MAX_LINE_CHARACTERS + 4
"""The most of one line read at once: longer than the longest line a record may hold, in any UTF-8 text."""
READ_BYTES = 8 * 1024
"""The body is read this much at a time, as the lines asked for need it."""
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


@blp.route("/games/import")
class Import(MethodView):
    """A game from one record in the notation."""

    @blp.arguments(ImportArgsSchema, location="query")
    @blp.response(201, GameCreatedSchema, headers={**ETAG, **LOCATION})
    @blp.problem(400, "the body is not one record of UTF-8 text", valid=True)
    @blp.problem(413, f"the record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB, or needs more steps than a "
                 "record may take to import (notation-too-long: lines, actions, a line's length)")
    @blp.problem(415, f"the body is not sent as {MEDIA_TYPE} (text/plain is taken only from a request that sends an "
                 "Authorization header, which a page elsewhere cannot send without the browser's preflight)")
    @blp.problem(422, "the record cannot be read or recorded: the problem names the line, the column and the "
                 "move's own code", valid=True)
    @blp.problem(429, "too many imports from this address (MELDBOOK_RATE_LIMIT_IMPORT)", headers=RETRY_AFTER)
    @blp.doc(requestBody={"required": True, "content": {MEDIA_TYPE: _TEXT_BODY}})
    def post(self, args: dict[str, Any]) -> Response:
        """Import one record: every move is recorded through the same rules as POST /games/{id}/moves, and nothing
        is stored unless all of it is; answers as POST /games does, with the recorder token shown once.

        The record is read and recorded a line at a time: it is refused at its first line that cannot be, without
        reading the body further, and no record may take more steps (lines, actions) than a long game takes."""
        check_media_type()
        limit("import")
        request.max_content_length = MAX_RECORD_BYTES
        lines = one_record(_body_lines(request.stream))
        imported = import_record(meldbook(), lines, claims=args["claims"])
        response = jsonify({"id": str(imported.game_id), "version": imported.version, "token": imported.recorder_token})
        response.status_code = 201
        response.headers["Location"] = url_for("games.Game", game_id=imported.game_id)
        response.headers["ETag"] = f'"{imported.version}"'
        return response


def check_media_type() -> None:
    """The notation's own media type, which a browser preflights; text/plain (which it would send from any page, as
    a form may) only with an Authorization header, which no page elsewhere can add without a preflight either."""
    if request.mimetype == MEDIA_TYPE or (request.mimetype == "text/plain" and "Authorization" in request.headers):
        return
    if request.mimetype == "text/plain":
        raise NotationImportError(
            f"send the record as {MEDIA_TYPE}: text/plain is taken only with an Authorization header (a page "
            "elsewhere could otherwise make a visitor's browser import games in their name)",
            code="unsupported-media-type", field="Content-Type",
        )
    raise NotationImportError(
        f"send the record as {MEDIA_TYPE} (not {request.mimetype or 'no Content-Type'})",
        code="unsupported-media-type", field="Content-Type",
    )


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


def _body_lines(stream: IO[bytes]) -> Iterator[str]:
    """The body's lines as UTF-8 text, each read only when the import asks for it (a record refused at line 10 has
    read little more than 10 lines of its body, however long it is); a line longer than any record holds is cut
    where it passes that length, for the import to refuse."""
    buffered = io.BufferedReader(stream, READ_BYTES) if isinstance(stream, io.RawIOBase) else stream
    offset = 0
    while line := buffered.readline(LINE_BYTES):
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationImportError(f"the record is not UTF-8 text (byte {offset + error.start})",
                                      field="body") from None
        offset += len(line)
