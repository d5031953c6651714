"""Every problem code Meldbook answers with, as one table: code, title, usual status, what it concerns, an example.

The generic codes (malformed input, tokens, versions, the turn order) are here; each variant's rule codes are a
table in its own package (`domain/<variant>/problems.py`) that reaches the registry through the variant. The API
takes each problem document's title and status from this table and serves every entry at /problems/<code>.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.cards import SPELLINGS


@dataclass(frozen=True, slots=True)
class Problem:
    """One kind of refusal: its stable code, a short title, what it concerns and an example of its detail."""

    code: str
    title: str
    concerns: str
    """The rule sentence it enforces, or the field or header at fault."""
    example: str
    """A detail as the service writes it."""
    status: int = 422


def problem_table(*tables: Iterable[Problem]) -> dict[str, Problem]:
    """One registry from several tables; a code listed twice is a mistake caught at import."""
    registry: dict[str, Problem] = {}
    for problem in (p for table in tables for p in table):
        if problem.code in registry:
            raise ValueError(f"problem code {problem.code} is listed twice")
        registry[problem.code] = problem
    return registry


GENERIC: tuple[Problem, ...] = (
    Problem(
        "meldbook-error",
        "Request refused",
        "the request, as the detail says",
        "the request was refused",
    ),
    Problem(
        "invalid-text",
        "Text that cannot be stored",
        "a text field, named by `field`: single-line text (names, titles, ids) holds no control character, line or "
        "paragraph separator, lone surrogate or non-character; multi-line text allows only line breaks and tabs",
        "title contains a control character (U+0000) at position 2: it is single-line text",
    ),
    Problem("unknown-card", "Not a card", f"a card code, named by `field`: {SPELLINGS}", "'1C' is not a card: ..."),
    Problem(
        "record-damaged",
        "Stored record damaged",
        "a game's stored events, altered underneath the service: an event whose content or topic no longer matches "
        "its hash-chain link, one missing between two others, or the version a read held no longer stored (a tail "
        "cut off); `version` names where, `damage` how (edited or missing), and GET /games/{id}/verify shows each "
        "stream's chain",
        "the stored record of stream 00000000-0000-4000-8000-000000000000 is damaged at version 352 (edited): its "
        "stored content no longer matches its link; ...",
        409,
    ),
    Problem(
        "audit.no-envelopes",
        "Record cannot be audited",
        "the audit records a game's stored actions again: a game stored before moves carried their actions has none",
        "this game was stored before moves carried their actions: its moves cannot be recorded again",
        409,
    ),
    Problem(
        "what-if.actions-need-full-view",
        "Alternative actions need the full view",
        "`actions` of a what-if: they are played against the hidden cards, so only a caller who sees every card may "
        "send them; other house-rule options are open to every reader",
        "alternative actions are played against the hidden cards, so only a caller who sees every card may ask",
        403,
    ),
    Problem(
        "invalid-action",
        "Malformed action",
        "the move body: its type and fields, as GET /variants lists them for the variant",
        "a discard action needs 'card'",
    ),
    Problem(
        "invalid-setup",
        "Game cannot be set up as asked",
        "the new game's variant, players, options or deal mode, named by `field`",
        "Roby is played by 2 to 8 players, not 9",
    ),
    Problem(
        "illegal-move",
        "Move the rules forbid",
        "a rule of the variant; most rules have a code of their own",
        "the discard pile is taken from once a turn, right after the stock draw and before any table play",
    ),
    Problem(
        "out-of-turn",
        "Not this player's turn",
        "the turn order: only the players GET /games/{id} lists in `to_move` may act",
        "it is bob's turn, not ann's",
    ),
    Problem(
        "card-conflict",
        "Card the record cannot place there",
        "what the record already places: no card is named more often than the packs hold, and a drawn card is "
        "one the record has not placed elsewhere",
        "7H is named 2 times, but the deck holds it 1",
    ),
    Problem(
        "wrong-phase",
        "Action not open now",
        "the game's stage: each stage opens its own actions (the legal-actions list names them)",
        "a meld action is not open now: the game is at the cut stage, where the actions are cut",
    ),
    Problem(
        "unknown-player",
        "Not a player in this game",
        "the move's `player`: a name seated when the game was created (compared after normalising spacing)",
        "mallory is not a player in this game",
    ),
    Problem(
        "game-not-found",
        "No such game",
        "the game id in the path, or the event asked for with ?at=",
        "there is no game 00000000-0000-4000-8000-000000000000",
        404,
    ),
    Problem(
        "hand-not-found",
        "No such hand",
        "the replay's `hand`, or the hand a confirmation names: hands are numbered from 1 up to the game's current "
        "hand",
        "game 00000000-0000-4000-8000-000000000000 has 3 hands, not 4",
        404,
    ),
    Problem(
        "move-not-found",
        "No such move",
        "the replay's `at`: a move number of the game (of the hand asked for, when `hand` is given)",
        "hand 2 holds moves 41 to 80, not 12",
        404,
    ),
    Problem(
        "annotation-not-found",
        "No such annotation",
        "the annotation number in the path: the game holds no annotation of that number, or it was deleted",
        "this game has no annotation 4",
        404,
    ),
    Problem(
        "dispute-not-found",
        "No such dispute",
        "the dispute number in the path: the game holds no dispute of that number, or not one the caller may see yet "
        "(another's claim about a hand in progress is shown once that hand has ended)",
        "this game has no dispute 2",
        404,
    ),
    Problem(
        "dispute-closed",
        "Dispute closed",
        "the dispute in the path: once ruled on, a dispute is closed and takes no more evidence and no second ruling",
        "dispute 1 was ruled on and is closed: it takes nothing more",
        409,
    ),
    Problem(
        "evidence-not-found",
        "Evidence points at nothing",
        "the evidence's `event` (a version of the game), `annotation` (one the caller may see) or `replay` (a hand "
        "and one of its moves), named by `field`",
        "hand 2 has no move 12: a replay position is a hand and one of its moves",
    ),
    Problem(
        "view-not-allowed",
        "View wider than the token allows",
        "the replay's `view` (and `player`): a view may only narrow what the token shows (full, then a seat, "
        "then the spectator's view)",
        "this request may see the spectator view only, not full",
        403,
    ),
    Problem(
        "stale-version",
        "Version no longer current",
        "the body's `expected_version`: the version the client last saw must still be the game's version",
        "the game is at version 12, not 11: reload it and try again",
        409,
    ),
    Problem(
        "precondition-failed",
        "If-Match no longer current",
        "the If-Match header: the ETag the client last saw must still be the game's version",
        "the game is at version 12, not 11: reload it and try again",
        412,
    ),
    Problem(
        "version-required",
        "Version missing",
        "a write carries the version the client last saw: an If-Match header or `expected_version`",
        "a move must carry the version the client last saw: an If-Match header or expected_version",
        428,
    ),
    Problem(
        "invalid-idempotency-key",
        "Idempotency-Key not usable",
        "the Idempotency-Key header: one header of 1 to 255 printable ASCII characters without spaces (a UUID)",
        "Idempotency-Key must hold 1 to 255 characters, not 300",
        400,
    ),
    Problem(
        "idempotency-key-reused",
        "Idempotency-Key used for another request",
        "the Idempotency-Key header: a retry sends the same body to the same URL with the same key; another "
        "request needs another key",
        "this Idempotency-Key was already used for another request: a retry sends the same body to the same URL; "
        "a new request needs a new key",
        422,
    ),
    Problem(
        "idempotency-answer-gone",
        "First answer no longer available",
        "the Idempotency-Key header of a retried POST /games: the game it created has had its recorder token "
        "replaced since, so the token cannot be shown again",
        "game 5f0c... was created under this Idempotency-Key, but its recorder token has been replaced since: the "
        "first answer cannot be given again",
        409,
    ),
    Problem(
        "rate-limited",
        "Too many requests",
        "the client address: creating games, importing and redeeming pairing codes are limited per address "
        "(Retry-After says when to try again)",
        "too many requests to create from this address: at most 60 per 60 s; try again in 2 s",
        429,
    ),
    Problem(
        "too-many-streams",
        "Too many open streams",
        "the client address: it holds as many open game streams (GET /games/{id}/stream) at once as one address may "
        "(MELDBOOK_STREAMS_PER_CLIENT in each worker); one of them has to end first (Retry-After)",
        "this address already holds 50 open streams, as many as it may at once: close one, or try again in 10 s",
        429,
    ),
    Problem(
        "streams-full",
        "No room for another stream",
        "nothing the client sent: the worker that took the connection holds as many open game streams as its "
        "open-file limit leaves room for; the other routes still answer, and a stream may be opened again after "
        "Retry-After",
        "this worker holds 3,840 open streams, as many as it has room for: try again in 2 s",
        503,
    ),
    Problem(
        "missing-token",
        "Token missing",
        "the Authorization header: Bearer and one of the game's tokens (the recorder's, or a seat's for its own "
        "moves in a game recorded by seats)",
        "this needs one of the game's tokens: Authorization: Bearer <token> (record)",
        401,
    ),
    Problem(
        "invalid-token",
        "Not one of this game's tokens",
        "the Authorization header's bearer token: a wrong one, a revoked one, or another game's (a private game "
        "answers 404 instead)",
        "this token is not one of this game's: it may be wrong, revoked, or another game's",
        403,
    ),
    Problem(
        "not-permitted",
        "Not for this token's role",
        "the role of the bearer token (recorder, seat, viewer, arbiter; api/roles.py) and, for a move, the player it "
        "acts for: a seat records only its own player's actions, and only in a game recorded by seats",
        "seat:Ann records its own player's actions only, not an action of Bob",
        403,
    ),
    Problem(
        "token-not-found",
        "No such token",
        "the token to revoke: the game has issued none for this seat, label or arbiter, or it is revoked already",
        "this game has no seat Ann token to revoke",
        404,
    ),
    Problem(
        "invalid-ticket",
        "Not a stream ticket of this game",
        "the stream's `ticket`: one that POST /games/{id}/stream-tickets issued for this game, unaltered",
        "this stream ticket is not one this service issued for this game",
        403,
    ),
    Problem(
        "ticket-expired",
        "Stream ticket expired",
        "the stream's `ticket`: it opens connections for 60 seconds after it is issued; ask for a new one",
        "this stream ticket has expired (it opens connections for 60 s): ask POST /games/{id}/stream-tickets for a "
        "new one",
        401,
    ),
    Problem(
        "token-in-query",
        "Token in the URL",
        "the query string: a token is never accepted there (URLs are logged and kept in histories); send it as "
        "Authorization: Bearer <token>",
        "a token is never accepted in the URL: send it as Authorization: Bearer <token>",
        400,
    ),
    Problem(
        "validation-error",
        "Invalid request field",
        "the body or query field named by `field` (`errors` lists every field at fault)",
        "players.0: The text contains a control character (U+0000) at position 4: it is single-line text.",
    ),
    Problem(
        "malformed-request",
        "Malformed request",
        "the body: strict JSON (RFC 8259) in UTF-8, without NaN, Infinity or numbers of more than 100 digits",
        "body: Invalid JSON body: Expecting value.",
        400,
    ),
    Problem(
        "unsupported-media-type",
        "Body is not JSON",
        "the Content-Type header: every request body is JSON, sent as application/json, but a record sent to "
        "POST /games/import (text/plain or application/vnd.meldbook.notation)",
        "send the body as JSON, with the header Content-Type: application/json (not text/plain)",
        415,
    ),
    Problem(
        "request-entity-too-large",
        "Body too large",
        "the body: at most 64 KiB (a record sent to POST /games/import: at most 8 MiB)",
        "The data value transmitted exceeds the capacity limit.",
        413,
    ),
    Problem(
        "not-found",
        "No such resource",
        "the path",
        "The requested URL was not found on the server.",
        404,
    ),
    Problem(
        "problem-type-not-found",
        "No such problem type",
        "the code in /problems/<code>: GET /problems lists every code",
        "there is no problem type roby.no-such-rule",
        404,
    ),
    Problem(
        "method-not-allowed",
        "Method not allowed",
        "the method: the Allow header lists the methods the path takes",
        "The method is not allowed for the requested URL.",
        405,
    ),
    Problem(
        "http-error",
        "HTTP error",
        "the request, as the status and the detail say",
        "The server could not satisfy the request.",
        400,
    ),
    Problem(
        "configuration",
        "Service misconfigured",
        "the server's environment (MELDBOOK_STORE and the store's settings), not the request",
        "MELDBOOK_STORE must be sqlite or postgres, not 'mysql'",
        500,
    ),
    Problem(
        "store-unavailable",
        "Store unavailable",
        "nothing the client sent: the store did not answer (a database that cannot be reached, or a SQLite file "
        "another process holds locked); nothing was stored, and the request may be sent again after Retry-After",
        "the store did not answer: try again in 1 s",
        503,
    ),
    Problem(
        "internal-server-error",
        "Internal error",
        "nothing the client sent: the server failed and logged why",
        "The server encountered an internal error and was unable to complete your request.",
        500,
    ),
)
