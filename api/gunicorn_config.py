"""gunicorn's settings for Meldbook: `gunicorn -c python:api.gunicorn_config -w 4 'api.app:create_app()'`.

The worker class is `gthread`, chosen once for what the service needs and what the fault tests and the benchmarks
run on:

- **Keep-alive.** `sync` workers close every connection after one answer; `gthread` workers keep idle connections
  open (`keepalive` seconds) in the worker's poller, where they hold no thread.
- **Server-Sent Events.** A game's stream (GET /games/{id}/stream, api/streams.py) is a long-lived answer: under
  `sync` it would hold a whole worker process for as long as it is open. Under `gthread` it holds one thread of a
  worker, and the other threads go on serving; it holds no store connection while it waits (it polls), notices a
  client that has gone through the socket gunicorn hands it, and ends after MELDBOOK_STREAM_SECONDS. Each open
  stream takes one of a worker's `threads`: raise MELDBOOK_THREADS with the number of watchers expected.
  tests/e2e/test_streams_live.py follows a stream through two workers, one of them killed.
- **The store.** Meldbook's one Application per process, its pool and psycopg are thread-safe; gevent or eventlet
  would need psycopg and the pool patched to cooperate, and SQLite would block the loop.

Each worker answers up to `threads` requests at once, and each request takes at most one store connection: keep
MELDBOOK_POSTGRES_POOL_SIZE + MELDBOOK_POSTGRES_MAX_OVERFLOW (4 by default) at least MELDBOOK_THREADS (4 by
default); a request that finds every connection taken waits up to MELDBOOK_POSTGRES_CONNECT_TIMEOUT and is then
answered 503 with Retry-After. gunicorn's own access log stays off: Meldbook logs one JSON line per request
(api/logs.py).
"""

from __future__ import annotations

import os
from typing import Any

STOPPING = "meldbook.worker_stopping"
"""Where api/streams.py finds whether its worker is stopping."""

worker_class = "gthread"
threads = int(os.environ.get("MELDBOOK_THREADS", "4"))
keepalive = 5
"""Seconds an idle keep-alive connection stays open."""
timeout = 60
"""Seconds without a heartbeat before the arbiter restarts a worker (gthread beats from its main thread, so a slow
request does not count against it)."""
graceful_timeout = 30


def post_worker_init(worker: Any) -> None:
    """Tell the worker's app how to know that the worker is stopping, so that its open streams end at once (their
    clients reconnect to another worker) rather than hold a graceful shutdown or restart for `graceful_timeout`."""
    extensions = getattr(worker.wsgi, "extensions", None)  # Meldbook's Flask app
    if extensions is not None:
        extensions[STOPPING] = lambda: not worker.alive
