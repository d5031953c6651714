"""Errors as RFC 9457 problem documents, from one table of error types and statuses."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, json, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from api.schemas import ProblemSchema
from api.statuses import ContractStatusNames, register_contract_responses
from domain.errors import (
    CardConflictError,
    IllegalMoveError,
    InvalidActionError,
    InvalidCardError,
    MeldbookError,
    SetupError,
)
from service.application import GameNotFoundError, StaleVersionError, TokenError
from service.config import ConfigError

PROBLEM_TYPE = "application/problem+json"


class MissingTokenError(TokenError):
    """A write without any token."""

    code = "missing-token"


class PreconditionFailedError(StaleVersionError):
    """An If-Match header that names a version which is no longer current."""

    code = "precondition-failed"


class PreconditionRequiredError(MeldbookError):
    """A write that carries no version at all."""

    code = "version-required"


STATUS_BY_ERROR: tuple[tuple[type[MeldbookError], int], ...] = (
    (GameNotFoundError, 404),
    (MissingTokenError, 401),
    (TokenError, 403),
    (PreconditionFailedError, 412),
    (StaleVersionError, 409),
    (PreconditionRequiredError, 428),
    (CardConflictError, 422),
    (IllegalMoveError, 422),
    (InvalidCardError, 422),
    (InvalidActionError, 422),
    (SetupError, 422),
)


def problem(status: int, code: str, detail: str, **extra: Any) -> Response:
    """A problem document response."""
    body = {
        "type": f"/problems/{code}",
        "title": code.replace("-", " ").capitalize(),
        "status": status,
        "detail": detail,
        "code": code,
        "instance": request.path,
        **extra,
    }
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_TYPE)
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="meldbook"'
    return response


def handle_meldbook_error(error: MeldbookError) -> Response:
    """A domain or service error: its status from the table, its code and sentence as they are."""
    status = next((s for cls, s in STATUS_BY_ERROR if isinstance(error, cls)), 422)
    extra = {"field": error.field} if error.field else {}
    return problem(status, error.code, error.message, **extra)


class ProblemApi(Api):  # type: ignore[misc]
    """flask-smorest's Api with HTTP errors rendered as problem documents."""

    ERROR_SCHEMA = ProblemSchema

    def _init_spec(self, *, extra_plugins: Any = None, **options: Any) -> None:
        """flask-smorest's spec, naming the statuses alike on every supported Python (api/statuses.py)."""
        super()._init_spec(extra_plugins=[*(extra_plugins or ()), ContractStatusNames()], **options)

    def _register_responses(self) -> None:
        """flask-smorest's shared responses, and those of the contract's status names this Python lacks."""
        super()._register_responses()
        register_contract_responses(self.spec, self.ERROR_SCHEMA, self.DEFAULT_RESPONSE_CONTENT_TYPE)

    def handle_http_exception(self, error: HTTPException) -> Response:
        """Validation errors name their fields; other HTTP errors keep their headers (405 keeps Allow)."""
        status = error.code or 500
        data = getattr(error, "data", {}) or {}
        messages = data.get("messages")
        if messages:
            field, detail = first_message(messages)
            response = problem(
                status,
                "validation-error" if status == 422 else "malformed-request",
                f"{field}: {detail}",
                field=field,
                errors=messages,
            )
        else:
            code = (error.name or "error").lower().replace(" ", "-")
            response = problem(status, code, error.description or error.name)
        for name, value in error.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response


def first_message(messages: Any, path: str = "") -> tuple[str, str]:
    """The first failing field of a nested marshmallow message dict, and its message."""
    if isinstance(messages, dict):
        key, value = next(iter(messages.items()))
        prefix = "" if key in ("json", "query", "headers", "view_args", "_schema") else str(key)
        return first_message(value, f"{path}.{prefix}".strip(".") if prefix else path)
    if isinstance(messages, list) and messages:
        return (
            first_message(messages[0], path)
            if not isinstance(messages[0], str)
            else (path or "body", messages[0])
        )
    return path or "body", str(messages)


def register(app: Flask) -> None:
    """Install the error handlers."""
    app.register_error_handler(MeldbookError, handle_meldbook_error)
    app.register_error_handler(ConfigError, lambda e: problem(500, "configuration", str(e)))
