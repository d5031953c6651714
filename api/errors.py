"""The API's own errors and problem codes: tokens, versions and rate limits as HTTP carries them, the streams'
capacity, the views a replay may narrow to, and the errors of HTTP itself (routing, body size, media type).

Each error class declares its problem once (domain/errors.py); api/problem_table.py gathers them with every other
layer's, and says how each code answers.
"""

from __future__ import annotations

from domain.errors import MeldbookError, Problem
from service.moving import StaleVersionError, TokenError


class MissingTokenError(TokenError):
    """A write without any token."""

    problem = Problem(
        "missing-token",
        "Token missing",
        "the Authorization header: Bearer and one of the game's tokens (the recorder's, or a seat's for its own "
        "moves in a game recorded by seats)",
        "this needs one of the game's tokens: Authorization: Bearer <token> (record)",
    )


class PreconditionFailedError(StaleVersionError):
    """An If-Match header that names a version which is no longer current."""

    problem = Problem(
        "precondition-failed",
        "If-Match no longer current",
        "the If-Match header: the ETag the client last saw must still be the game's version",
        "the game is at version 12, not 11: reload it and try again",
    )


class PreconditionRequiredError(MeldbookError):
    """A write that carries no version at all."""

    problem = Problem(
        "version-required",
        "Version missing",
        "a write carries the version the client last saw: an If-Match header or `expected_version`",
        "a move must carry the version the client last saw: an If-Match header or expected_version",
    )


class StreamsFullError(MeldbookError):
    """The worker has no room for another open stream (its open-file limit); the other routes still answer."""

    problem = Problem(
        "streams-full",
        "No room for another stream",
        "nothing the client sent: the worker that took the connection holds as many open game streams as its "
        "open-file limit leaves room for; the other routes still answer, and a stream may be opened again after "
        "Retry-After",
        "this worker holds 3,840 open streams, as many as it has room for: try again in 2 s",
    )


class ViewNotAllowedError(MeldbookError):
    """A replay view wider than the caller's token allows."""

    problem = Problem(
        "view-not-allowed",
        "View wider than the token allows",
        "the replay's `view` (and `player`): a view may only narrow what the token shows (full, then a seat, "
        "then the spectator's view)",
        "this request may see the spectator view only, not full",
    )


class ProblemTypeNotFoundError(MeldbookError):
    """A /problems/<code> that names no problem code."""

    problem = Problem(
        "problem-type-not-found",
        "No such problem type",
        "the code in /problems/<code>: GET /problems lists every code",
        "there is no problem type roby.no-such-rule",
    )


class NotationImportError(MeldbookError):
    """An import body that is not one record of UTF-8 text in the notation's media types."""

    problem = Problem(
        "notation-body",
        "Not one record",
        "the body of POST /games/import: one record of UTF-8 text",
        "the body holds one record: tag pairs, then its hands",
    )


REFUSED_BY_HTTP: tuple[Problem, ...] = (
    Problem(
        "token-in-query",
        "Token in the URL",
        "the query string: a token is never accepted there (URLs are logged and kept in histories); send it as "
        "Authorization: Bearer <token>",
        "a token is never accepted in the URL: send it as Authorization: Bearer <token>",
    ),
    Problem(
        "malformed-request",
        "Malformed request",
        "the body: strict JSON (RFC 8259) in UTF-8, without NaN, Infinity or numbers of more than 100 digits",
        "body: Invalid JSON body: Expecting value.",
    ),
    Problem(
        "unsupported-media-type",
        "Body is not JSON",
        "the Content-Type header: every request body is JSON, sent as application/json, but a record sent to "
        "POST /games/import (text/plain or application/vnd.meldbook.notation)",
        "send the body as JSON, with the header Content-Type: application/json (not text/plain)",
    ),
    Problem(
        "request-entity-too-large",
        "Body too large",
        "the body: at most 64 KiB (a record sent to POST /games/import: at most 8 MiB)",
        "The data value transmitted exceeds the capacity limit.",
    ),
    Problem(
        "not-found",
        "No such resource",
        "the path",
        "The requested URL was not found on the server.",
    ),
    Problem(
        "method-not-allowed",
        "Method not allowed",
        "the method: the Allow header lists the methods the path takes",
        "The method is not allowed for the requested URL.",
    ),
    Problem(
        "http-error",
        "HTTP error",
        "the request, as the status and the detail say",
        "The server could not satisfy the request.",
    ),
    Problem(
        "configuration",
        "Service misconfigured",
        "the server's environment (MELDBOOK_STORE and the store's settings), not the request",
        "MELDBOOK_STORE must be sqlite or postgres, not 'mysql'",
    ),
    Problem(
        "internal-server-error",
        "Internal error",
        "nothing the client sent: the server failed and logged why",
        "The server encountered an internal error and was unable to complete your request.",
    ),
)
"""The codes of what HTTP refuses before Meldbook reads a request (or of a failure of its own): raised by name."""
