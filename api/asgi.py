"""Meldbook as production serves it: an ASGI application for gunicorn's `asgi` worker class (api/gunicorn_config.py),
`gunicorn -c python:api.gunicorn_config -w 4 'api.asgi:create_app()'`.

- **Every request** is answered by the Flask app (api/app.py), exactly as a WSGI server would have it answered, on
  one of the worker's MELDBOOK_THREADS request threads (a pool of its own): the request's body is read whole first
  (at most MAX_BODY bytes: a longer one is not read, and the app refuses it with 413 from its Content-Length),
  and the answer is sent once the app has made it whole.
- **A game's stream** (GET /games/{id}/stream) is checked by the same Flask view (the game, the token or ticket,
  Last-Event-ID, the per-address cap; api/streams.py) on a request thread, which hands it over (`Opening`) and is
  free again at once. The stream is then followed on the worker's event loop, without a thread: the worker's one
  reader of the notification log (service/live.py) wakes it when its game has new events, and it reads them on the
  worker's one stream-reading thread. However many streams are open, they hold no request thread and at most one
  store connection between them, so the other routes cannot be starved by them. A worker takes as many streams as
  its open-file limit leaves room for (raised to the hard limit at start, less RESERVED_FILES for everything
  else); one more is a 503 with Retry-After.

The measurements behind this choice are in docs/deploy.md and docs/performance.md (`make bench-streams`).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import resource
import sys
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from api.app import create_app as create_flask_app
from api.gunicorn_config import STOPPING
from api.notation import MAX_RECORD_BYTES
from api.streams import OPENING, Followed, Opening, first_message, message
from service.config import ConfigError
from service.live import LiveGames, SharedReads
from service.streams import follow_live, new_events

LOG = logging.getLogger(__name__)
MAX_BODY = MAX_RECORD_BYTES
"""The longest body any route takes (a record in the notation); a longer one is left unread."""
RESERVED_FILES = 256
"""Open files a worker keeps for everything but streams: other clients' connections, the store's, logs."""
MOST_FILES = 65_536
"""How far a worker raises its own open-file limit (never past the hard limit)."""
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class MeldbookASGI:
    """A WSGI app served on an event loop: its requests answered on a pool of threads, the game streams it hands
    over followed on the loop."""

    def __init__(self, wsgi: WsgiApp, threads: int, room: int) -> None:
        self.wsgi, self.room = wsgi, room
        self.requests = ThreadPoolExecutor(threads, thread_name_prefix="meldbook-request")
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="meldbook-streams")
        self.shared = SharedReads()
        self.live: LiveGames | None = None
        self.streams = 0
        """Streams open in this worker now."""

    @property
    def extensions(self) -> dict[str, Any]:
        """The Flask app's extensions (api/gunicorn_config.py tells them when the worker is stopping)."""
        return getattr(self.wsgi, "extensions", {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "lifespan":
            await self.lifespan(receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # Meldbook has no websockets: refused

    async def lifespan(self, receive: Receive, send: Send) -> None:
        """Nothing to set up (the Flask app was built with the worker); the thread pools end with it."""
        while True:
            event = await receive()
            if event["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif event["type"] == "lifespan.shutdown":
                self.requests.shutdown(wait=False)
                self.reader.shutdown(wait=False)
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer one request through the WSGI app; follow the stream it hands over, if it does."""
        environ = wsgi_environ(scope, await read_body(scope, receive))
        opening = environ[OPENING] = Opening(self.room - self.streams)
        answering = asyncio.get_running_loop().run_in_executor(self.requests, self.answer, environ)
        try:
            status, headers, body = await asyncio.shield(answering)
        except asyncio.CancelledError:  # the server gave up on the client: a stream handed over is not followed
            answering.add_done_callback(lambda _: opening.followed and opening.followed.release())
            raise
        followed = opening.followed
        try:
            await send({"type": "http.response.start", "status": status, "headers": headers})
            if followed is None or status != 200 or scope["method"] != "GET":  # HEAD: the head alone
                await send({"type": "http.response.body", "body": body})
                return
            self.streams += 1
            try:
                await self.stream(followed, receive, send)
            finally:
                self.streams -= 1
        finally:
            if followed is not None:
                followed.release()

    def answer(self, environ: dict[str, Any]) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """The WSGI app's whole answer to one request: its status, headers and body (on a request thread)."""
        started: list[Any] = []
        written: list[bytes] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[..., Any]:
            if exc_info is not None and started:
                raise exc_info[1].with_traceback(exc_info[2])
            started[:] = [status, headers]
            return written.append

        chunks = self.wsgi(environ, start_response)
        try:
            written.extend(chunk for chunk in chunks if chunk)
        finally:
            close = getattr(chunks, "close", None)
            if close is not None:
                close()
        status, headers = started
        encoded = [(name.lower().encode("latin1"), value.encode("latin1")) for name, value in headers]
        return int(status.split(" ", 1)[0]), encoded, b"".join(written)

    async def stream(self, followed: Followed, receive: Receive, send: Send) -> None:
        """Send the game's events as the view handed them over, until the stream ends; then end the answer."""
        if self.live is None:
            self.live = LiveGames(followed.app.recorder, self.reader)
        live = self.live
        gone = asyncio.Event()
        listening = asyncio.get_running_loop().create_task(until_gone(receive, gone))

        def ended() -> bool:
            return gone.is_set() or self.extensions.get(STOPPING, lambda: False)()

        async def read(after: int) -> list[dict[str, Any]]:
            key = (followed.game_id, followed.viewer, after)
            return await self.shared.read(
                key, lambda: live.run(new_events, followed.app, followed.game_id, followed.viewer, after)
            )

        try:
            await send({"type": "http.response.body", "body": first_message().encode(), "more_body": True})
            await live.start()
            with live.watch(followed.game_id) as woken:
                batches = follow_live(read, woken, followed.after, followed.pace, ended)
                async for batch in batches:
                    text = "".join(map(message, batch)) if batch else ": keep-alive\n\n"
                    await send({"type": "http.response.body", "body": text.encode(), "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        except OSError:  # the client went away while a message was being sent
            pass
        finally:
            listening.cancel()


async def until_gone(receive: Receive, gone: asyncio.Event) -> None:
    """Wait until the client has gone (the server says so with http.disconnect), then say so."""
    while (await receive())["type"] != "http.disconnect":
        pass
    gone.set()


async def read_body(scope: Scope, receive: Receive) -> bytes | None:
    """The request's whole body; None, unread, when it is longer than MAX_BODY (its Content-Length says so, or
    more than that arrives)."""
    declared = next((value for name, value in scope.get("headers", ()) if name == b"content-length"), None)
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        return None
    body = bytearray()
    while True:
        event = await receive()
        if event["type"] == "http.disconnect":
            break
        body += event.get("body", b"")
        if len(body) > MAX_BODY:
            return None
        if not event.get("more_body", False):
            break
    return bytes(body)


def wsgi_environ(scope: Scope, body: bytes | None) -> dict[str, Any]:
    """The WSGI environ of an ASGI request (PEP 3333). A body left unread gives the app its declared length, or
    one more than MAX_BODY, and nothing to read, so the app refuses it as too large without reading it.

    A header whose name holds an underscore is dropped, as gunicorn's WSGI workers drop it: its CGI name would be
    that of another header (X_Forwarded_For would pass for X-Forwarded-For)."""
    root = scope.get("root_path", "")
    path = scope["path"]
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode("utf8").decode("latin1"),
        "PATH_INFO": path.removeprefix(root).encode("utf8").decode("latin1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body or b""),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    server = scope.get("server") or ("localhost", 80)
    environ["SERVER_NAME"], environ["SERVER_PORT"] = str(server[0]), str(server[1] or 80)
    if scope.get("client"):
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = str(scope["client"][0]), str(scope["client"][1])
    for raw_name, raw_value in scope.get("headers", ()):
        name, value = raw_name.decode("latin1"), raw_value.decode("latin1")
        if "_" in name:
            continue
        key = name.upper().replace("-", "_")
        key = key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    if body is not None:
        environ["CONTENT_LENGTH"] = str(len(body))
    elif not environ.get("CONTENT_LENGTH", "").isdigit():
        environ["CONTENT_LENGTH"] = str(MAX_BODY + 1)
    return environ


def stream_room() -> int:
    """How many streams one worker may hold: its open-file limit (raised towards the hard limit, up to MOST_FILES)
    less RESERVED_FILES."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    files = MOST_FILES if soft == resource.RLIM_INFINITY else soft
    return max(files - RESERVED_FILES, 16)


def request_threads(environ: MutableMapping[str, str] | None = None) -> int:
    """MELDBOOK_THREADS: requests each worker answers at once (4 by default)."""
    text = (os.environ if environ is None else environ).get("MELDBOOK_THREADS", "4")
    if not text.strip().isdigit() or not 1 <= int(text) <= 256:
        raise ConfigError(f"MELDBOOK_THREADS must be a whole number from 1 to 256, not {text!r}")
    return int(text)


def serve(wsgi: WsgiApp) -> MeldbookASGI:
    """Any WSGI app served the way production serves Meldbook (the benchmarks' bare apps use it too)."""
    return MeldbookASGI(wsgi, request_threads(), stream_room())


def create_app() -> MeldbookASGI:
    """Meldbook's app (api/app.py, configured by the environment), served on an event loop: what gunicorn loads."""
    return serve(create_flask_app())
