"""Meldbook with some of a move's guarantees switched off, for the benchmark's own processes only (bench/guarantees.py):
what each guarantee costs is measured as the difference it makes. Nothing here is reachable from Meldbook itself; each
switch patches Meldbook's code in the process that applies it.

- `chain`: events are stored without their salt and link (service/store/chain.py): no tamper evidence.
- `token`: the token check finds who asks once per game and keeps it, and a move's save names no access stream as
  unchanged (service/access.py): a revoked token would go on recording.
- `schema`: the move's body is read as plain JSON, without webargs and marshmallow (api/schemas.py MoveSchema): a
  malformed body is no longer a 422 naming its field.
- `answer`: the answer holds the new version alone, not the events the move stored as the caller may see them
  (service/presenting.py).
- `snapshots`: no snapshot every 20 events: reading the past costs more the longer the game.
- `log`: no access log line and no request id (api/logs.py).
- `headers`: no security, caching or CORS headers (api/headers.py).

`log` and `headers` are paid by every request, /health included; the others by a move alone.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any
from unittest import mock

from flask import Flask, request
from webargs.core import Parser

import api.moves
import service.moving
import service.store.chain
from api.app import create_app
from api.schemas import MoveSchema
from service.application import Meldbook
from service.presenting import StoredEvent

SWITCHES = ("chain", "token", "schema", "answer", "snapshots", "log", "headers")
MOVE_ONLY = ("chain", "token", "schema", "answer", "snapshots")
"""The guarantees a move pays for and /health does not."""
RECORDING = ("chain", "token", "answer", "snapshots")
"""The guarantees `moving.record_move` itself pays for (the body's schema, the log and the headers are the API's)."""


def parse_switches(text: str) -> frozenset[str]:
    """Switch names, comma-separated (`all`: every one; `move`: those a move alone pays for)."""
    names = {"all": SWITCHES, "move": MOVE_ONLY}.get(text) or tuple(filter(None, text.split(",")))
    unknown = set(names) - set(SWITCHES)
    if unknown:
        raise ValueError(f"no such switch: {', '.join(sorted(unknown))} (of {', '.join(SWITCHES)})")
    return frozenset(names)


@contextlib.contextmanager
def switched_off(app: Flask, names: frozenset[str]) -> Iterator[Flask]:
    """The app, with the named guarantees switched off in this process until the block ends."""
    with contextlib.ExitStack() as stack:
        stack.enter_context(service_switched_off(app.extensions["meldbook"], names))
        if "schema" in names:
            stack.enter_context(mock.patch.object(Parser, "parse", _plain_move_body(Parser.parse)))
        if "answer" in names:
            stack.enter_context(mock.patch.object(api.moves, "present_event", _presented_version))
        for hook in ("log", "headers"):
            if hook in names:
                stack.enter_context(_without_hooks(app, HOOKS[hook]))
        yield app


@contextlib.contextmanager
def service_switched_off(meldbook: Meldbook, names: frozenset[str]) -> Iterator[Meldbook]:
    """The application, with the named guarantees that `record_move` pays for (chain, token, answer, snapshots)
    switched off until the block ends; the others are the Flask app's (`switched_off`)."""
    with contextlib.ExitStack() as stack:
        if "chain" in names:
            stack.enter_context(mock.patch.object(service.store.chain, "chain_pending", _unchained))
        if "token" in names:
            stack.enter_context(mock.patch.object(meldbook, "caller", _kept_callers(meldbook.caller)))
            stack.enter_context(mock.patch.object(meldbook, "unchanged_access", lambda game_id, asking: {}))
        if "answer" in names:
            stack.enter_context(mock.patch.object(service.moving, "describe", _version_only))
        if "snapshots" in names:
            stack.enter_context(mock.patch.object(meldbook, "snapshotting_intervals", {}))
        yield meldbook


HOOKS = {"log": {"start", "finish"}, "headers": {"add_headers"}}
"""The app's request hooks each hook switch takes away, by function name (api/logs.py, api/headers.py)."""


def app_without(names: str) -> Flask:
    """Meldbook's app with the named switches off for as long as this process lives (gunicorn serves
    `bench.switches:app_without("chain,token")`, one app per worker)."""
    app = create_app()
    stack = contextlib.ExitStack()
    stack.enter_context(switched_off(app, parse_switches(names)))
    app.extensions["bench-switches"] = stack  # kept open with the app
    return app


@contextlib.contextmanager
def _without_hooks(app: Flask, names: set[str]) -> Iterator[None]:
    before = {key: list(funcs) for key, funcs in app.before_request_funcs.items()}
    after = {key: list(funcs) for key, funcs in app.after_request_funcs.items()}
    for table in (app.before_request_funcs, app.after_request_funcs):
        for key, funcs in table.items():
            table[key] = [f for f in funcs if f.__name__ not in names]
    try:
        yield
    finally:
        app.before_request_funcs.update(before)
        app.after_request_funcs.update(after)


def _unchained(recorder: Any, pending: Any, known: Any = None) -> tuple[list[Any], dict[Any, Any]]:
    return list(pending), {}


def _kept_callers(caller: Any) -> Any:
    kept: dict[Any, Any] = {}

    def once_per_game(game_id: Any, token: Any, **kwargs: Any) -> Any:
        if (game_id, token) not in kept:
            kept[game_id, token] = caller(game_id, token)
        return kept[game_id, token]

    return once_per_game


def _plain_move_body(parse: Any) -> Any:
    def parsed(self: Parser, schema: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(schema, MoveSchema):
            return json.loads(request.get_data())
        return parse(self, schema, *args, **kwargs)

    return parsed


def _presented_version(event: StoredEvent, viewer: Any) -> dict[str, int]:
    return {"version": event.version}


def _version_only(event: Any, move: int, kinds: Any, voided: Any = None) -> StoredEvent:
    return StoredEvent(event.originator_version, "", "", event.timestamp, {}, move, ())
