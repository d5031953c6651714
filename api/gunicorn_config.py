"""gunicorn's settings for Meldbook: `gunicorn -c python:api.gunicorn_config -w 4 'api.asgi:create_app()'`.

The worker class is gunicorn's own `asgi` (an asyncio event loop per worker, with gunicorn's C parser of HTTP/1.1,
which the lock files install), serving Meldbook's ASGI app (api/asgi.py), chosen by measurement (docs/deploy.md,
`make bench-streams` and `make bench-servers`):

- **Server-Sent Events.** A game's stream (GET /games/{id}/stream) is a long-lived answer. Under the asgi worker it is
  followed on the event loop and holds no thread: the streams of a worker are woken by its one reader of the
  notification log, so any number of them leaves the request threads to the other routes. (Under `gthread` each
  stream held one of a worker's threads, and 16 anonymous streams on 2 workers of 4 threads starved every route.)
- **Requests.** Every other request is answered by the Flask app on one of the worker's MELDBOOK_THREADS request
  threads (4 by default), the store's pool and psycopg being thread-safe; keep-alive connections wait on the event
  loop and hold no thread. A move or GET /health costs the workers' CPU less than under `gthread` in the same runs.
- **Stopping.** When the worker is asked to stop (a restart, a reload), its open streams end at once (below) rather
  than hold its graceful shutdown; their clients reconnect to another worker with Last-Event-ID.

Each worker answers up to MELDBOOK_THREADS requests at once, each with at most one store connection, and its streams
read the store on one thread more: keep MELDBOOK_POSTGRES_POOL_SIZE + MELDBOOK_POSTGRES_MAX_OVERFLOW (5 by default) at
least MELDBOOK_THREADS + 1; a request that finds every connection taken waits up to MELDBOOK_POSTGRES_CONNECT_TIMEOUT
and is then answered 503 with Retry-After. gunicorn's own access log stays off: Meldbook logs one JSON line per request
(api/logs.py).
"""

from __future__ import annotations

from typing import Any

APP = "api.asgi:create_app()"
"""What gunicorn serves, as its command line names it."""
STOPPING = "meldbook.worker_stopping"
"""Where api/streams.py and api/asgi.py find whether their worker is stopping."""

worker_class = "asgi"
asgi_loop = "asyncio"
"""Python's own event loop, not uvloop: under uvloop a worker asked to stop while it was still booting never saw the
signal, and held the arbiter's shutdown for `graceful_timeout`; alternated runs found no difference in the workers' CPU
per request between the two (docs/performance.md)."""
keepalive = 5
"""Seconds an idle keep-alive connection stays open."""
timeout = 60
"""Seconds without a heartbeat before the arbiter restarts a worker (the asgi worker beats from its event loop, which
never waits on a request: those run on the request threads)."""
graceful_timeout = 30


def post_worker_init(worker: Any) -> None:
    """Tell the worker's app how to know that the worker is stopping, so that its open streams end at once (their
    clients reconnect to another worker) rather than hold a graceful shutdown or restart for `graceful_timeout`."""
    served = getattr(worker, "asgi", None) or getattr(worker, "wsgi", None)  # api/asgi.py's app, or a Flask app
    extensions = getattr(served, "extensions", None)
    if extensions is not None:
        extensions[STOPPING] = lambda: not worker.alive
