"""The headers every answer carries, owned here and nowhere else: caching, sniffing, framing, CORS, the server.

- `Cache-Control: no-store` on every answer to a request that carries credentials (it may hold hidden cards)
  and on every answer to a write (a new game's token, a move's events); other answers are `no-cache`, so a
  cache revalidates them with their ETag. `Vary: Authorization` tells caches the answer depends on the token.
- `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` on every answer.
- Every HTML page gets a strict Content-Security-Policy (its own origin only, no inline script or style, no
  framing); every other answer one that forbids everything.
- CORS only for the origins MELDBOOK_CORS_ORIGINS lists (comma-separated); none by default.
- The development server says `Server: Meldbook`, without a version (gunicorn says `gunicorn`, without one).

Every answer pays for these, /health included, so the request is read from its WSGI environ and each header is set
once, the common ones added without searching the answer's headers for a copy (no view sets them).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Flask, Response, request
from werkzeug.datastructures import Headers
from werkzeug.serving import WSGIRequestHandler

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DATA_POLICY = "default-src 'none'; frame-ancestors 'none'"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CORS_METHODS = "GET, POST"
CORS_REQUEST_HEADERS = "Authorization, Content-Type, If-Match, Idempotency-Key, X-Night-Token, X-Request-ID"
CORS_EXPOSED = "ETag, Location, Retry-After, WWW-Authenticate, X-Request-ID"
OWNED = ("X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy", "X-Frame-Options")
"""The headers only this module sets: added to an answer rather than set (which first searches for a copy)."""


def cors_origins(environ: Mapping[str, str]) -> frozenset[str]:
    """The origins allowed to call the API from a browser page: MELDBOOK_CORS_ORIGINS, comma-separated."""
    return frozenset(o.strip().rstrip("/") for o in environ.get("MELDBOOK_CORS_ORIGINS", "").split(",") if o.strip())


def install(app: Flask, allowed_origins: frozenset[str]) -> None:
    """Add the headers to every answer the app gives, error answers included."""

    @app.after_request
    def add_headers(response: Response) -> Response:
        headers = response.headers
        environ = request.environ
        method = environ["REQUEST_METHOD"]
        html = response.mimetype == "text/html"
        headers.add(OWNED[0], "nosniff")
        headers.add(OWNED[1], "no-referrer")
        headers.add(OWNED[2], PAGE_POLICY if html else DATA_POLICY)
        if html:
            headers.add(OWNED[3], "DENY")
        if "HTTP_AUTHORIZATION" in environ or method not in SAFE_METHODS:
            headers["Cache-Control"] = "no-store"
        elif "Cache-Control" not in headers:
            headers.add("Cache-Control", "no-cache")
        vary(headers, "Authorization")
        origin = environ.get("HTTP_ORIGIN", "").rstrip("/")
        if origin and origin in allowed_origins:
            headers["Access-Control-Allow-Origin"] = origin
            headers["Access-Control-Expose-Headers"] = CORS_EXPOSED
            vary(headers, "Origin")
            if method == "OPTIONS":
                headers["Access-Control-Allow-Methods"] = CORS_METHODS
                headers["Access-Control-Allow-Headers"] = CORS_REQUEST_HEADERS
                headers["Access-Control-Max-Age"] = "600"
        return response


def vary(headers: Headers, name: str) -> None:
    """Add a field name to the answer's Vary header, unless it names it already (field names are case-insensitive)."""
    current = headers.get("Vary")
    if current is None or not current.strip():
        headers["Vary"] = name
    elif name.lower() not in (field.strip().lower() for field in current.split(",")):
        headers["Vary"] = f"{current}, {name}"


class QuietRequestHandler(WSGIRequestHandler):
    """Werkzeug's request handler without its version (and Python's) in the Server header."""

    def version_string(self) -> str:
        """The Server header: the product alone."""
        return "Meldbook"

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Werkzeug's request line without the query string, where a stream ticket may be (api/logs.py logs the
        same way)."""
        path, _, _ = self.path.partition("?")
        self.log("info", '"%s %s %s" %s %s', self.command, path, self.request_version, code, size)
