"""The access log: one JSON line per request on the `meldbook.access` logger, with a request id.

Each line holds the request id (the client's `X-Request-ID` when it is one visible-ASCII line of at most 128
characters, else a fresh one; echoed in the answer's `X-Request-ID`), the method, the route as the app declares it
(`/games/<uuid:game_id>/moves`, so no id or token), the path, the status and the duration in milliseconds. No
header, query string or body is logged: the Authorization header and the recorder tokens never reach the log.

Every request pays for this line, /health included, so it is written without the general machinery: the request id
and start are kept in the WSGI environ, and the line is formatted directly, each string escaped by json's own
escaper, into exactly what `json.dumps` of the same fields would give (tests/unit/test_access_line.py).
"""

from __future__ import annotations

import logging
import os
import re
import sys
import time
from json.encoder import encode_basestring_ascii as json_string

from flask import Flask, Response, request

ACCESS = "meldbook.access"
REQUEST_ID = "X-Request-ID"
VALID_ID = re.compile(r"[\x21-\x7e]{1,128}")
"""An incoming request id is kept when it is 1 to 128 visible ASCII characters: one line, no spaces."""
STARTED = "meldbook.request"
"""Where a request's id and start time are kept, in its WSGI environ."""


def access_log() -> logging.Logger:
    """The access logger; where nothing configures it, it writes each line as it is to stderr."""
    log = logging.getLogger(ACCESS)
    if not log.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
    return log


def request_id(given: str) -> str:
    """The client's request id when it is a valid one, else a new one (32 hexadecimal digits)."""
    return given if given and VALID_ID.fullmatch(given) else os.urandom(16).hex()


def access_line(rid: str, method: str, route: str | None, path: str, status: int, duration_ms: float | None) -> str:
    """One request's line: the JSON object `json.dumps` (ASCII, default separators) makes of these fields."""
    return (
        f'{{"request_id": {json_string(rid)}, "method": {json_string(method)}, '
        f'"route": {"null" if route is None else json_string(route)}, "path": {json_string(path)}, '
        f'"status": {status}, "duration_ms": {"null" if duration_ms is None else repr(duration_ms)}}}'
    )


def install(app: Flask) -> None:
    """Give every request an id and log one line for each answer, error answers included."""
    log = access_log()

    @app.before_request
    def start() -> None:
        environ = request.environ
        environ[STARTED] = (request_id(environ.get("HTTP_X_REQUEST_ID", "")), time.perf_counter())

    @app.after_request
    def finish(response: Response) -> Response:
        environ = request.environ
        rid, started = environ.get(STARTED) or (request_id(environ.get("HTTP_X_REQUEST_ID", "")), None)
        response.headers[REQUEST_ID] = rid
        if log.isEnabledFor(logging.INFO):
            rule = request.url_rule
            route = rule.rule if rule is not None else None
            duration = round((time.perf_counter() - started) * 1000, 3) if started is not None else None
            log.info(access_line(rid, request.method, route, request.path, response.status_code, duration))
        return response
