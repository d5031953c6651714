"""One contract on every supported Python. Python 3.13's http.HTTPStatus took RFC 9110's names for three statuses
(413 CONTENT_TOO_LARGE, 416 RANGE_NOT_SATISFIABLE, 422 UNPROCESSABLE_CONTENT), and flask-smorest names the spec's
shared responses after http.HTTPStatus; the contract keeps the names Python 3.11 and 3.12 give them."""

from __future__ import annotations

import http
from typing import Any

from apispec import APISpec, BasePlugin
from flask_smorest.utils import prepare_response

CONTRACT_NAMES = {
    413: ("REQUEST_ENTITY_TOO_LARGE", "Request Entity Too Large"),
    416: ("REQUESTED_RANGE_NOT_SATISFIABLE", "Requested Range Not Satisfiable"),
    422: ("UNPROCESSABLE_ENTITY", "Unprocessable Entity"),
}
# The running Python's name of each such status, where it differs from the contract's (empty before 3.13).
RENAMED = {
    http.HTTPStatus(code).name: name for code, (name, _) in CONTRACT_NAMES.items() if http.HTTPStatus(code).name != name
}


class ContractStatusNames(BasePlugin):
    """Points every operation's shared responses at the contract's names of the renamed statuses."""

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None, **_: Any) -> None:
        for operation in (operations or {}).values():
            responses = operation.get("responses", {}) if isinstance(operation, dict) else {}
            for code, response in responses.items():
                if isinstance(response, str) and response in RENAMED:
                    responses[code] = RENAMED[response]


def register_contract_responses(spec: APISpec, error_schema: Any, content_type: str) -> None:
    """Register, lazily and as flask-smorest registers the others, the error responses of the contract's names that
    the running Python's http.HTTPStatus lacks."""
    for name, phrase in CONTRACT_NAMES.values():
        if name in RENAMED.values():
            response = {"description": phrase, "schema": error_schema}
            prepare_response(response, spec, content_type)
            spec.components.response(name, response, lazy=True)
