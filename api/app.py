"""The app factory: one Meldbook application per process, the blueprints, and the error table."""

from __future__ import annotations

import inspect
import logging
import os
from collections.abc import Callable, Mapping
from copy import deepcopy
from typing import Any

from flask import Flask

from api import (
    access,
    annotations,
    confirmations,
    contract,
    corrections,
    disputes,
    docs,
    games,
    headers,
    health,
    i18n,
    limits,
    logs,
    money_format,
    moves,
    nights,
    notation,
    pages,
    play_pages,
    problem_types,
    problems,
    record_page,
    replays,
    settlement,
    setup,
    streams,
    tokens,
    variants,
    verify,
)
from api.version import __version__
from domain.rules.variant import Chance
from service.application import Meldbook
from service.config import store_env, store_location

API_SETTINGS: dict[str, Any] = {
    "API_TITLE": "Meldbook",
    "API_VERSION": __version__,
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": docs.ASSETS_URL,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "API_SPEC_OPTIONS": {
        "info": {
            "description": "Records real-table rummy games (Roby, Robins Rummy, Royal Rummy) as immutable events."
        },
        "components": {"securitySchemes": contract.SECURITY_SCHEMES},
    },
}


class MeldbookFlask(Flask):
    """Flask, asking once per function whether a view or hook is a coroutine function: Flask asks for every hook of
    every request (about twenty a request), and the answer never changes.

    The answers are kept in a plain dictionary, at most COROUTINE_CHECKS of them: the functions asked about are the
    app's views, hooks and their decorators' wrappers, made once at start-up (a weak dictionary cost more per look-up,
    making a weak reference each time, than the check it saves)."""

    COROUTINE_CHECKS = 10_000

    def __init__(self, import_name: str) -> None:
        super().__init__(import_name)
        self._coroutine_functions: dict[Any, bool] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """The function as Flask's `ensure_sync` returns it, the check made once per function (a bound method's)."""
        plain = getattr(func, "__func__", func)
        try:
            is_coroutine = self._coroutine_functions[plain]
        except KeyError:
            is_coroutine = inspect.iscoroutinefunction(func)
            if len(self._coroutine_functions) < self.COROUTINE_CHECKS:
                self._coroutine_functions[plain] = is_coroutine
        except TypeError:  # a callable that cannot be hashed: asked every time, as Flask does
            return super().ensure_sync(func)
        return self.async_to_sync(func) if is_coroutine else func


def create_app(env: Mapping[str, str] | None = None, chance: Chance | None = None) -> Flask:
    """Build the Flask app; `env` overrides the store settings read from the environment."""
    app = MeldbookFlask(__name__)
    app.config.update(deepcopy(API_SETTINGS))  # apispec merges the built spec into API_SPEC_OPTIONS
    app.json.sort_keys = False  # type: ignore[attr-defined]
    settings = dict(env) if env is not None else store_env()
    app.extensions["meldbook"] = Meldbook(env=settings, chance=chance, secret=os.environ.get("MELDBOOK_SECRET"))
    startup_log().info("Meldbook keeps its games in %s", store_location(settings))
    api = problems.ProblemApi(app)
    moves.register_schemas(api)
    blueprints = (
        health, variants, games, replays, streams, moves, corrections, tokens, problem_types, annotations,
        settlement, disputes, verify, notation, confirmations, nights, setup
    )
    for blueprint in (module.blp for module in blueprints):
        api.register_blueprint(blueprint)
    app.register_blueprint(docs.blp)
    app.register_blueprint(pages.blp)
    app.register_blueprint(record_page.blp)
    app.register_blueprint(play_pages.blp)
    i18n.install(app)
    money_format.install(app)
    problems.register(app)
    health.install(app)
    logs.install(app)
    app.before_request(access.check_access)
    headers.install(app, headers.cors_origins(os.environ))
    limits.install(app, os.environ)
    streams.install(app, os.environ)
    return app


def startup_log() -> logging.Logger:
    """Meldbook's logger; where nothing else configures logging (gunicorn, `meldbook serve`), it writes to stderr."""
    log = logging.getLogger("meldbook")
    if not log.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("[%(asctime)s] [%(process)d] [%(levelname)s] %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    return log
