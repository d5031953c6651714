"""Errors as RFC 9457 problem documents: the code's title and status come from the one problem table
(api/problem_table.py)."""

from __future__ import annotations

import http
import logging
from typing import Any

from flask import Flask, Response, json, request
from flask_smorest.spec.plugins import unicodeconverter2paramschema
from flask_smorest.utils import prepare_response
from marshmallow import fields
from werkzeug.exceptions import HTTPException
from werkzeug.routing import UnicodeConverter

from api.documented_on_read import DocumentedOnRead
from api.fields import LINE_PATTERN
from api.problem_schemas import ProblemSchema
from api.problem_table import PROBLEMS, status_of
from api.statuses import ContractStatusNames, register_contract_responses
from domain.errors import MeldbookError
from service.availability import RETRY_AFTER_SECONDS
from service.config import ConfigError

LOG = logging.getLogger(__name__)
PROBLEM_TYPE = "application/problem+json"
HTTP_PROBLEMS = {
    400: "malformed-request",
    404: "not-found",
    405: "method-not-allowed",
    413: "request-entity-too-large",
    415: "unsupported-media-type",
    500: "internal-server-error",
}
"""The code of an HTTP error raised outside Meldbook's own errors (routing, body size, media type)."""


def problem(status: int, code: str, detail: str, **extra: Any) -> Response:
    """A problem document response, titled from the problem table."""
    known = PROBLEMS.get(code)
    if known is None:
        LOG.error("problem code %s is in no problem table (api/problem_table.py gathers them)", code)
    body = {
        "type": f"/problems/{code}",
        "title": known.title if known else code.replace("-", " ").capitalize(),
        "status": status,
        "detail": detail,
        "code": code,
        "instance": request.path,
        **extra,
    }
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_TYPE)
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="meldbook"'
    if status == 503:
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def handle_meldbook_error(error: MeldbookError) -> Response:
    """A domain or service error: its status the code's (api/problem_table.py), its code and sentence as they are."""
    extra = {"field": error.field} if error.field else {}
    response = problem(status_of(error.code), error.code, error.message, **error.details, **extra)
    response.headers.extend(getattr(error, "headers", {}))  # e.g. a 429's Retry-After
    return response


class ProblemApi(DocumentedOnRead):
    """flask-smorest's Api with HTTP errors rendered, and documented, as problem documents."""

    ERROR_SCHEMA = ProblemSchema

    def _init_spec(self, *, extra_plugins: Any = None, **options: Any) -> None:
        """flask-smorest's spec, naming the statuses alike on every supported Python (api/statuses.py), and saying
        of a mapping what its keys must be."""
        super()._init_spec(extra_plugins=[*(extra_plugins or ()), ContractStatusNames()], **options)
        self.ma_plugin.converter.add_attribute_function(mapping_keys)
        self.register_converter(UnicodeConverter, text_in_path)

    def _register_responses(self) -> None:
        """Every error response of the contract is application/problem+json, as it is served; the statuses are
        named alike on every supported Python (api/statuses.py)."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        default = {"description": "a problem document (RFC 9457)", "schema": self.ERROR_SCHEMA}
        prepare_response(default, self.spec, PROBLEM_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, default, lazy=True)
        register_contract_responses(self.spec, self.ERROR_SCHEMA, PROBLEM_TYPE)

    def handle_http_exception(self, error: HTTPException) -> Response:
        """Validation errors name their fields; other HTTP errors keep their headers (405 keeps Allow)."""
        status = error.code or 500
        data = getattr(error, "data", {}) or {}
        messages = data.get("messages")
        if messages:
            field, detail = first_message(messages)
            code = "validation-error" if status == 422 else HTTP_PROBLEMS.get(status, "http-error")
            response = problem(status, code, f"{field}: {detail}", field=field, errors=messages)
        else:
            response = problem(status, HTTP_PROBLEMS.get(status, "http-error"), error.description or error.name)
        for name, value in error.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response


def text_in_path(converter: UnicodeConverter) -> dict[str, Any]:
    """A path's text part (a player's name, a token's label, a code) as single-line text, as every such part is read
    (api/fields.py)."""
    return {**unicodeconverter2paramschema(converter), "pattern": LINE_PATTERN}


def mapping_keys(converter: Any, field: Any, **kwargs: Any) -> dict[str, Any]:
    """A mapping's keys as the contract's `propertyNames`: the type, pattern and lengths of its key field (apispec
    documents only its values)."""
    keys = getattr(field, "key_field", None)
    if not isinstance(field, fields.Dict) or keys is None:
        return {}
    described = converter.field2property(keys)
    names = {k: v for k, v in described.items() if k in ("pattern", "minLength", "maxLength")}
    return {"propertyNames": {"type": "string", **names}} if names else {}


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
