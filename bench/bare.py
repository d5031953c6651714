"""The floor of a move over HTTP: a bare WSGI app whose move is one save and nothing else, served as Meldbook is
(Werkzeug's development server, or gunicorn with Meldbook's settings), on the same store, through the recorder
Meldbook saves through (service/config.py: on PostgreSQL the one-statement insert with the table lock).

- `GET /health` answers a constant;
- `POST /games` answers a new id and a token, and stores nothing;
- `POST /games/<id>/moves` reads its JSON body and saves a new trivial aggregate with two events (the benchmark
  game's moves store 2.1 on average) in one save, then answers the aggregate's version as JSON.

No framework, no rules, no token check, no hash chain, no snapshot, no answer's events: what any move must at least
cost on this server and store. The benchmarks run it beside Meldbook, so that its rates are the ceilings of the
HTTP and capacity targets measured in the same run: moves over HTTP cannot go faster than the bare app's saves.

`python -m bench.bare --port P` serves it with Werkzeug's server as `meldbook serve` does (threaded), `--flask` its
Flask views; gunicorn serves `bench.bare:app` or `bench.bare:flask_app()`.
"""

from __future__ import annotations

import argparse
import json
import threading
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.serving import run_simple

from bench.runs import BareApplication, Tally
from service.config import store_env

Respond = Callable[[str, list[tuple[str, str]]], Any]

_store: BareApplication | None = None
_opening = threading.Lock()


def store() -> BareApplication:
    """This process's application, opened on the first request (after gunicorn forks its workers)."""
    global _store
    with _opening:
        if _store is None:
            _store = BareApplication(env=store_env())
        return _store


def app(environ: dict[str, Any], start_response: Respond) -> Iterable[bytes]:
    """The bare app."""
    path, method = environ.get("PATH_INFO", ""), environ.get("REQUEST_METHOD", "")
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = json.loads(environ["wsgi.input"].read(length)) if length else None
    if method == "GET" and path == "/health":
        return _answer(start_response, "200 OK", {"status": "ok"})
    if method == "POST" and path == "/games":
        return _answer(start_response, "201 Created", {"id": str(uuid.uuid4()), "token": "bare"})
    if method == "POST" and path.startswith("/games/") and path.endswith("/moves") and isinstance(body, dict):
        tally = Tally()
        tally.bump()
        store().save(tally)
        return _answer(start_response, "201 Created", {"version": tally.version})
    return _answer(start_response, "404 Not Found", {"status": "not found"})


def flask_app() -> Any:
    """The same three routes as Flask views (Flask is what Meldbook's API is built on), with nothing else: no hooks,
    no schemas, no problem documents. gunicorn serves `bench.bare:flask_app()`."""
    from flask import Flask, request

    bare = Flask(__name__)

    @bare.get("/health")
    def health() -> Any:
        return {"status": "ok"}

    @bare.post("/games")
    def new_game() -> Any:
        return {"id": str(uuid.uuid4()), "token": "bare"}, 201

    @bare.post("/games/<game_id>/moves")
    def move(game_id: str) -> Any:
        if not isinstance(request.get_json(), dict):
            return {"status": "not found"}, 404
        tally = Tally()
        tally.bump()
        store().save(tally)
        return {"version": tally.version}, 201

    return bare


def _answer(start_response: Respond, status: str, document: dict[str, Any]) -> list[bytes]:
    data = json.dumps(document).encode()
    start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
    return [data]


def main() -> None:
    """Serve the bare app with Werkzeug's threaded server, as `meldbook serve` serves Meldbook."""
    parser = argparse.ArgumentParser(prog="python -m bench.bare", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--flask", action="store_true", help="serve the Flask views (flask_app) instead")
    args = parser.parse_args()
    run_simple(args.host, args.port, flask_app() if args.flask else app, threaded=True)


if __name__ == "__main__":
    main()
