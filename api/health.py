"""GET /health (liveness: the process answers, no store is asked) and GET /ready (whether the store answers).

The store's cool-down lives here too: after a request found the database server out of reach, the requests that need
it are answered 503 with Retry-After at once for a moment (service/availability.py), rather than each waiting on it.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, current_app, request
from flask.views import MethodView

from api.access import meldbook
from api.parsing import Blueprint
from api.problems import problem
from api.schemas import HealthSchema, ReadySchema
from api.version import __version__
from service.availability import RETRY_AFTER_SECONDS, STORE_DOWN, StoreGate, StoreUnavailableError, probe

blp = Blueprint("health", __name__, description="Service health")
LOG = logging.getLogger(__name__)
GATE = "meldbook.store_gate"
STORE_BLUEPRINTS = frozenset({"games", "moves", "streams"})
"""The blueprints whose every view reads or writes the store, refused at once during a cool-down."""


def store_kind() -> str:
    """The store's kind, from the settings alone: sqlite, postgres or popo."""
    return str(meldbook().env.get("PERSISTENCE_MODULE", "")).rsplit(".", 1)[-1]


@blp.route("/health")
class Health(MethodView):
    """Whether the service answers (liveness)."""

    @blp.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """Report that the process is up, which store it is set to use, and Meldbook's version; asks no store."""
        return {"status": "ok", "store": store_kind(), "version": __version__}


@blp.route("/ready")
class Ready(MethodView):
    """Whether the service can serve games: its store answers."""

    @blp.response(200, ReadySchema)
    @blp.problem(503, "the store does not answer (Retry-After says when to ask again)")
    def get(self) -> dict[str, Any]:
        """Ask the store one trivial question; 503 with Retry-After when it does not answer."""
        try:
            probe(meldbook().recorder)
        except STORE_DOWN as error:
            LOG.warning("ready: the store did not answer (%s)", type(error).__name__)
            raise StoreUnavailableError(f"the store did not answer: try again in {RETRY_AFTER_SECONDS} s") from None
        return {"status": "ready", "store": store_kind()}


def store_down(error: Exception) -> Response:
    """A store that did not answer: 503 with Retry-After, logged without a traceback; a cool-down begins when the
    store is a server (a SQLite file is never out of reach, only locked for a moment, and reads go on meanwhile)."""
    LOG.warning("the store did not answer %s %s: %s: %s", request.method, request.path, type(error).__name__, error)
    if store_kind() == "postgres":
        current_app.extensions[GATE].failed()
    return problem(503, "store-unavailable", f"the store did not answer: try again in {RETRY_AFTER_SECONDS} s")


def install(app: Flask) -> None:
    """The cool-down gate before every request that needs the store, and the 503 for a store that did not answer."""
    app.extensions[GATE] = StoreGate()

    @app.before_request
    def gate() -> None:
        if request.blueprint in STORE_BLUEPRINTS:
            current_app.extensions[GATE].check()

    for error in STORE_DOWN:
        app.register_error_handler(error, store_down)
