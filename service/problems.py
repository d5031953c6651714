"""The service's problem codes: games and nights that are not there, tokens and tickets, stale versions, damaged
records, an unreachable store and retries under an Idempotency-Key. Each error class declares its problem
(domain/errors.py); api/problem_table.py gathers them with every other layer's."""

from __future__ import annotations

from domain.errors import Problem, problems_of
from service.answered import IdempotencyKeyError, IdempotencyKeyReusedError, IdempotentAnswerGoneError
from service.application import GameNotFoundError
from service.availability import StoreUnavailableError
from service.moving import StaleVersionError, TokenError
from service.nights import NightNotFoundError, NightTokenError, NightTokenMissingError
from service.settlement import AlternativeActionsNotAllowedError
from service.store.chain import RecordDamagedError
from service.tickets import TicketError, TicketExpiredError

SERVICE_PROBLEMS: tuple[Problem, ...] = problems_of(
    GameNotFoundError,
    StoreUnavailableError,
    RecordDamagedError,
    StaleVersionError,
    TokenError,
    NightNotFoundError,
    NightTokenMissingError,
    NightTokenError,
    AlternativeActionsNotAllowedError,
    TicketError,
    TicketExpiredError,
    IdempotencyKeyError,
    IdempotencyKeyReusedError,
    IdempotentAnswerGoneError,
)
"""Every code of the service's."""
