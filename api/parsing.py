"""Request bodies parsed as strict JSON: no NaN or Infinity, no overflowing numbers, no runaway nesting."""

from __future__ import annotations

import functools
import json
import math
import typing

import flask
from flask_smorest import Blueprint as SmorestBlueprint
from webargs.flaskparser import FlaskParser, abort, is_json_request
from werkzeug.exceptions import UnsupportedMediaType

from api.problem_schemas import ProblemSchema
from api.problems import PROBLEM_TYPE

MAX_INT_DIGITS = 100


def _not_json(text: str) -> typing.NoReturn:
    raise ValueError(f"{text} is not a JSON number")


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"a number of more than {MAX_INT_DIGITS} digits is out of range")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is out of range")
    return value


def strict_loads(raw: bytes | str) -> typing.Any:
    """JSON as RFC 8259 defines it; anything else raises JSONDecodeError with a reason."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as error:
        raise json.JSONDecodeError(f"the body is not UTF-8 ({error.reason})", "<bytes>", error.start) from None
    try:
        return json.loads(text, parse_constant=_not_json, parse_int=_whole, parse_float=_finite)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise json.JSONDecodeError("the body is nested too deeply", text or " ", 0) from None
    except ValueError as error:
        raise json.JSONDecodeError(str(error), text or " ", 0) from None


class StrictJsonParser(FlaskParser):
    """webargs' Flask parser with strict JSON, whose 400 says what is wrong with the body."""

    def _raw_load_json(self, req: flask.Request) -> typing.Any:
        if not is_json_request(req):
            sent = f"not {req.mimetype}" if req.mimetype else "there was none"
            raise UnsupportedMediaType(f"send the body as JSON, with Content-Type: application/json ({sent})")
        return strict_loads(req.get_data(cache=True))

    def _handle_invalid_json_error(  # type: ignore[override]
        self,
        error: json.JSONDecodeError | UnicodeDecodeError,
        req: flask.Request,
        *args: typing.Any,
        **kwargs: typing.Any,
    ) -> typing.NoReturn:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else "the body is not UTF-8"
        abort(400, exc=error, messages={"json": [f"Invalid JSON body: {reason}."]})


VALID_REQUEST_REFUSALS = "x-valid-request-refusals"
"""The contract's extension on an operation: the statuses (with why) it may answer a request its schemas find valid."""


class Blueprint(SmorestBlueprint):  # type: ignore[misc]
    """flask-smorest's Blueprint: bodies load with the strict parser, and every refusal is documented as served."""

    ARGUMENTS_PARSER = StrictJsonParser()

    def arguments(self, schema: typing.Any, *, location: str = "json", **kwargs: typing.Any) -> typing.Any:
        """Load arguments from `location`; a JSON body also documents its 400, 413 and 415 answers. A schema class is
        made into its instance once, here: webargs would make one for every request (marshmallow copies every field)."""
        load = super().arguments(schema() if isinstance(schema, type) else schema, location=location, **kwargs)
        if location != "json":
            return load
        answers = [
            self.problem(400, "the body is not strict JSON (RFC 8259)"),
            self.problem(413, "the body is larger than 64 KiB"),
            self.problem(415, "the body is not sent as application/json"),
        ]
        return lambda view: load(functools.reduce(lambda v, answer: answer(v), answers, view))

    def problem(
        self, status: int, description: str, headers: dict[str, typing.Any] | None = None, *, valid: bool = False
    ) -> typing.Any:
        """Document one refusal of an operation: a problem document (application/problem+json).

        `valid`: the refusal may answer a request the contract's schemas find valid (a move the rules refuse, a
        player the game does not seat, a version no longer current: what no schema can say). The operation then lists
        the status under VALID_REQUEST_REFUSALS, with its description, and the contract's fuzzing expects it of a
        valid request (tests/fuzz) while refusing it from any other operation.

        flask-smorest's `alt_response` documents it on a wrapper that only calls the view, one more layer for every
        request to pass through (and one more `ensure_sync`); the same documentation is put on the view itself."""
        document = self.alt_response(
            status, schema=ProblemSchema, content_type=PROBLEM_TYPE, description=description, headers=headers
        )

        def documented(view: typing.Any) -> typing.Any:
            view._apidoc = document(view)._apidoc  # a copy of the view's documentation, with this answer added
            if valid:
                manual = view._apidoc.setdefault("manual_doc", {})
                manual.setdefault(VALID_REQUEST_REFUSALS, {})[str(status)] = description
            return view

        return documented
