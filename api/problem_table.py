"""Every problem code the service answers with, gathered from each layer, and how each answers over HTTP.

A code is declared once, by its error class or in its layer's table (domain/errors.py says how); this module is the
one place that knows HTTP statuses: each problem document's status is the code's here, 422 (a request understood and
refused) for every code not listed. /problems serves every entry.
"""

from __future__ import annotations

from api.errors import (
    REFUSED_BY_HTTP,
    MissingTokenError,
    NotationImportError,
    PreconditionFailedError,
    PreconditionRequiredError,
    ProblemTypeNotFoundError,
    StreamsFullError,
    ViewNotAllowedError,
)
from api.limits import RateLimitedError, TooManyHeldError
from domain.errors import Problem, problem_table, problems_of
from domain.variants import PROBLEMS as DOMAIN_PROBLEMS
from replays.problems import REPLAY_PROBLEMS
from service.problems import SERVICE_PROBLEMS

API_PROBLEMS: tuple[Problem, ...] = (
    *problems_of(
        RateLimitedError,
        TooManyHeldError,
        MissingTokenError,
        PreconditionFailedError,
        PreconditionRequiredError,
        StreamsFullError,
        ViewNotAllowedError,
        ProblemTypeNotFoundError,
        NotationImportError,
    ),
    *REFUSED_BY_HTTP,
)
"""Every code of the API's."""

PROBLEMS: dict[str, Problem] = problem_table(DOMAIN_PROBLEMS.values(), SERVICE_PROBLEMS, REPLAY_PROBLEMS, API_PROBLEMS)
"""Every code, by code: the domain's (the generic codes and each variant's rule codes), the service's, the replays'
and the API's own."""

REFUSED = 422
"""The status of a code STATUSES does not list."""
STATUSES: dict[str, int] = {
    "http-error": 400,
    "invalid-idempotency-key": 400,
    "malformed-request": 400,
    "notation-body": 400,
    "token-in-query": 400,
    "missing-token": 401,
    "night.missing-token": 401,
    "ticket-expired": 401,
    "invalid-ticket": 403,
    "invalid-token": 403,
    "night.invalid-token": 403,
    "not-permitted": 403,
    "view-not-allowed": 403,
    "what-if.actions-need-full-view": 403,
    "annotation-not-found": 404,
    "dispute-not-found": 404,
    "game-not-found": 404,
    "hand-not-found": 404,
    "move-not-found": 404,
    "night-not-found": 404,
    "night.game-not-in": 404,
    "not-found": 404,
    "problem-type-not-found": 404,
    "token-not-found": 404,
    "method-not-allowed": 405,
    "audit.no-envelopes": 409,
    "confirmation.digest-differs": 409,
    "dispute-closed": 409,
    "game-discarded": 409,
    "hand-already-confirmed": 409,
    "hand-not-scored": 409,
    "idempotency-answer-gone": 409,
    "night.game-already-in": 409,
    "notation-discarded": 409,
    "pairing-code-used": 409,
    "record-damaged": 409,
    "record-too-new": 409,
    "setup-closed": 409,
    "stale-version": 409,
    "pairing-code-expired": 410,
    "precondition-failed": 412,
    "notation-too-long": 413,
    "request-entity-too-large": 413,
    "unsupported-media-type": 415,
    "version-required": 428,
    "rate-limited": 429,
    "too-many-streams": 429,
    "configuration": 500,
    "internal-server-error": 500,
    "store-unavailable": 503,
    "streams-full": 503,
}
"""The codes that answer with another status than 422."""


def status_of(code: str) -> int:
    """The HTTP status a problem of this code answers with."""
    return STATUSES.get(code, REFUSED)
