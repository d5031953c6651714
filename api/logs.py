"""The access log: one JSON line per request on the `meldbook.access` logger, with a request id.

Each line holds the request id (the client's `X-Request-ID` when it is one visible-ASCII line of at most 128
characters, else a fresh one; echoed in the answer's `X-Request-ID`), the method, the route as the app declares it
(`/games/<uuid:game_id>/moves`, so no id or token), the path, the status and the duration in milliseconds. No
header, query string or body is logged: the Authorization header and the recorder tokens never reach the log.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid

from flask import Flask, Response, g, request

ACCESS = "meldbook.access"
REQUEST_ID = "X-Request-ID"
VALID_ID = re.compile(r"[\x21-\x7e]{1,128}")
"""An incoming request id is kept when it is 1 to 128 visible ASCII characters: one line, no spaces."""


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


def request_id() -> str:
    """The client's request id when it is a valid one, else a new one."""
    given = request.headers.get(REQUEST_ID, "")
    return given if VALID_ID.fullmatch(given) else uuid.uuid4().hex


def install(app: Flask) -> None:
    """Give every request an id and log one line for each answer, error answers included."""
    log = access_log()

    @app.before_request
    def start() -> None:
        g.meldbook_request_id = request_id()
        g.meldbook_started = time.perf_counter()

    @app.after_request
    def finish(response: Response) -> Response:
        rid = g.get("meldbook_request_id") or request_id()
        response.headers[REQUEST_ID] = rid
        started = g.get("meldbook_started")
        line = {
            "request_id": rid,
            "method": request.method,
            "route": request.url_rule.rule if request.url_rule is not None else None,
            "path": request.path,
            "status": response.status_code,
            "duration_ms": round((time.perf_counter() - started) * 1000, 3) if started is not None else None,
        }
        log.info(json.dumps(line, ensure_ascii=True))
        return response
