"""Where a move's CPU goes, from a cProfile of moves (bench/profile.py's `--profile`): each part of the path by
where its functions are defined (their own time), and each step of a move (a function with what it calls, or what
is left between them)."""

from __future__ import annotations

import pstats

PARTS = (
    ("PostgreSQL driver (psycopg)", ("psycopg",)),
    ("SQLite driver (sqlite3)", ("sqlite3",)),
    ("eventsourcing (save, mapper, transcoder, recorder)", ("eventsourcing/",)),
    (
        "hash chain (service/store/chain.py, domain/record/chain.py)",
        ("service/store/chain.py", "domain/record/chain.py"),
    ),
    ("rules and the game (domain/)", ("domain/",)),
    ("service (service/)", ("service/",)),
    ("Meldbook's API (api/)", ("api/",)),
    ("flask-smorest, webargs, marshmallow", ("flask_smorest/", "webargs/", "marshmallow/", "apispec/")),
    ("Flask, werkzeug, jinja2, babel", ("flask/", "werkzeug/", "jinja2/", "flask_babel/", "babel/")),
    ("JSON (json, pickle, copy)", ("json/", "pickle", "copy.py", "copyreg")),
    ("UUIDs, typing, dataclasses, abc", ("uuid.py", "typing.py", "dataclasses.py", "abc.py", "enum.py")),
)
"""Where a function's own time is counted, by the first part whose marker its file name (or name) contains."""


def by_part(stats: pstats.Stats, moves: int) -> list[tuple[str, float, float]]:
    """Each part's own time per move in milliseconds and its share of the total, largest first."""
    totals: dict[str, float] = {}
    for (filename, _, function), row in stats.stats.items():  # type: ignore[attr-defined]
        where = f"{filename} {function}"
        part = next((label for label, marks in PARTS if any(mark in where for mark in marks)), "the rest (stdlib)")
        totals[part] = totals.get(part, 0.0) + row[2]
    whole = sum(totals.values())
    return sorted(((p, 1000 * t / moves, t / whole) for p, t in totals.items()), key=lambda row: -row[1])


STEPS = (
    ("the test client (building the request, reading the answer)", "client"),
    ("Flask and werkzeug: the request and response objects, routing, calling the hooks", "flask"),
    (
        "access check: the token's hash, the access stream kept or read (Meldbook.caller)",
        ("service/access.py", "caller"),
    ),
    ("access check: the role table and the rest of the hook", ("api/access.py", "check_access")),
    ("the other hooks: request id and access log, headers, store gate", "hooks"),
    ("the body: webargs and marshmallow (MoveSchema), flask-smorest's wrappers", "body"),
    ("record_move: the game to decide on (kept, else loaded)", ("service/moving.py", "game_for_move")),
    ("record_move: the rules (Game.record, on the state in hand)", ("domain/record/game.py", "record")),
    (
        "record_move: eventsourcing's mapper (events and snapshots to stored JSON)",
        ("eventsourcing/persistence.py", "to_stored_event"),
    ),
    ("record_move: the hash chain (salt, link, JSON again)", ("service/store/chain.py", "chain_pending")),
    ("record_move: the insert, snapshots with it (driver, SQL, commit)", ("recorder", "insert_events")),
    (
        "record_move: snapshots taken from the game in hand (every 20 events)",
        ("service/store/saving.py", "snapshots_due"),
    ),
    ("record_move: the answer's events (describe)", ("service/presenting.py", "describe")),
    ("record_move: the rest (eventsourcing's save, the cache, idempotency, checks)", "record_rest"),
    ("the answer: visibility filter (present_event)", ("service/presenting.py", "present_event")),
    ("the answer: JSON (jsonify)", ("flask/json/__init__.py", "jsonify")),
    ("the view's own rest (If-Match, headers)", "view_rest"),
)
"""The steps of one move, each the CPU of the functions named (with what they call), or what is left between them."""
HOOKS = (("logs", "start"), ("logs", "finish"), ("headers", "add_headers"), ("health", "gate"))
"""The app's hooks besides the access check, by module and function."""
RECORDERS = ("eventsourcing/sqlite.py", "eventsourcing/postgres.py", "service/store/recorders.py")


def cumulative(stats: pstats.Stats, where: str, function: str) -> float:
    """The CPU seconds of a function with everything it called (each function counted once however it recurses)."""
    total = 0.0
    for (filename, _, name), row in stats.stats.items():  # type: ignore[attr-defined]
        places = RECORDERS if where == "recorder" else (where,)
        if name == function and any(place in filename for place in places):
            total += row[3]
    return total


def by_step(stats: pstats.Stats, moves: int, what: str) -> list[tuple[str, float]]:
    """Each step of a move (STEPS) in milliseconds per move; over HTTP, from the test client down."""
    named = {label: cumulative(stats, *key) for label, key in STEPS if isinstance(key, tuple)}
    record = cumulative(stats, "service/moving.py", "record_move")
    inner = [label for label, key in STEPS if isinstance(key, tuple) and key[1] not in ("caller",)]
    record_parts = [label for label in inner if label.startswith("record_move:")]
    left = {"record_rest": record - sum(named[label] for label in record_parts)}
    if what != "http":  # called with no caller resolved, record_move checks the token itself
        left["record_rest"] -= named[STEPS[2][0]]
    if what == "http":
        whole = cumulative(stats, "bench/profile.py", "moves")
        app = cumulative(stats, "flask/app.py", "wsgi_app")
        view = cumulative(stats, "api/moves.py", "post")
        check = named[STEPS[3][0]]
        named[STEPS[3][0]] = check - named[STEPS[2][0]]
        hooks = sum(cumulative(stats, f"api/{module}.py", function) for module, function in HOOKS)
        body = cumulative(stats, "webargs/core.py", "wrapper") - view
        answer = named[STEPS[14][0]] + named[STEPS[15][0]]
        left |= {
            "client": whole - app,
            "flask": app - check - hooks - body - view,
            "hooks": hooks,
            "body": body,
            "view_rest": view - record - answer,
        }
    else:
        whole = record
    rows = [(label, named[label] if isinstance(key, tuple) else left.get(key, 0.0)) for label, key in STEPS]
    rows = [(label, 1000 * seconds / moves) for label, seconds in rows if seconds > 0]
    return [*rows, ("the whole move", 1000 * whole / moves)]
