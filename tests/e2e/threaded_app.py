"""The real app, built through the factory, served by werkzeug on a free localhost port in a thread of the test's
process, for the browser tests."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from werkzeug.serving import make_server

from api.app import create_app


@contextmanager
def served_app(env: Mapping[str, str]) -> Iterator[str]:
    """Serve the app on the store `env` names; yields its base URL, and closes the store afterwards."""
    app = create_app(env=dict(env))
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=10)
        app.extensions["meldbook"].close()
