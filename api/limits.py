"""Rate limits per client address, one reusable piece: `limit("create")` in a view spends one of its budget; and
a cap on what one client address holds open at once: `hold("streams")` takes one of its game streams.

Each limit is a token bucket per client address, set by configuration (MELDBOOK_RATE_LIMIT_<NAME>, e.g.
`30/minute`, or `off`), kept in the memory of each worker process: a client spread over N workers may get up to
N times the limit, and a restart forgets. That is enough for what the limits are for (a runaway script or a flood
of new games or imports filling the store), and it costs no write to the store per request. The client address
is the peer's, or, with MELDBOOK_TRUSTED_PROXIES=N, the one N trusted proxies put in X-Forwarded-For
(werkzeug's ProxyFix); without it X-Forwarded-For is ignored.

The open streams of a client address are counted the same way, per worker process, where they are served: at most
MELDBOOK_STREAMS_PER_CLIENT at once (50 by default) in each worker; one more is a 429 with Retry-After.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from flask import Flask, current_app, request
from werkzeug.middleware.proxy_fix import ProxyFix

from domain.errors import MeldbookError, Problem
from service.config import ConfigError

LIMITS = {"create": "60/minute", "import": "60/minute", "pair": "10/minute"}
"""Each limited operation with its default: creating games, importing records (the notation's route), and
redeeming pairing codes (POST /pairings/redeem: each try spends one, found or not)."""
PERIODS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
EXTENSION = "meldbook-limits"
MAX_CLIENTS = 10_000
"""Buckets kept before the full ones (clients idle for a whole period) are forgotten."""
HELD = "meldbook-held"
HOLDS = {"streams": ("MELDBOOK_STREAMS_PER_CLIENT", 50)}
"""What a client address may hold open at once, by name: the variable that caps it and its default."""
HELD_RETRY_AFTER_SECONDS = 10
"""What Retry-After says to a client holding all it may: one of its own streams has to end first."""


class RateLimitedError(MeldbookError):
    """Too many requests of one kind from one client address; `retry_after` is in whole seconds."""

    problem = Problem(
        "rate-limited",
        "Too many requests",
        "the client address: creating games, importing and redeeming pairing codes are limited per address "
        "(Retry-After says when to try again)",
        "too many requests to create from this address: at most 60 per 60 s; try again in 2 s",
    )

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.headers = {"Retry-After": str(retry_after)}


@dataclass(frozen=True, slots=True)
class Rate:
    """`count` requests per `period` seconds, a burst of `count` at most."""

    count: int
    period: int

    @classmethod
    def parse(cls, name: str, text: str) -> Rate | None:
        """`30/minute` (second, minute, hour or day; also `30/5minutes`); None for `off`."""
        if text.strip().lower() in ("off", "none", "0"):
            return None
        match = re.fullmatch(r"\s*(\d{1,9})\s*/\s*(\d{0,6})\s*(second|minute|hour|day)s?\s*", text.lower())
        if not match or int(match[1]) < 1 or match[2] == "0":
            raise ConfigError(
                f"MELDBOOK_RATE_LIMIT_{name.upper()} must be a count per period such as 30/minute, or off, "
                f"not {text!r}"
            )
        return cls(int(match[1]), int(match[2] or 1) * PERIODS[match[3]])


class Limiter:
    """One token bucket per client address for one limited operation, safe for threads of one process."""

    def __init__(self, name: str, rate: Rate | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.name, self.rate, self._clock = name, rate, clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def spend(self, client: str) -> None:
        """Spend one request of the client's budget, or refuse with the seconds until one is back."""
        if self.rate is None:
            return
        per_second = self.rate.count / self.rate.period
        now = self._clock()
        with self._lock:
            tokens, then = self._buckets.get(client, (float(self.rate.count), now))
            tokens = min(float(self.rate.count), tokens + (now - then) * per_second)
            if tokens < 1:
                self._buckets[client] = (tokens, now)
                wait = max(1, math.ceil((1 - tokens) / per_second))
                raise RateLimitedError(
                    f"too many requests to {self.name} from this address: at most {self.rate.count} per "
                    f"{self.rate.period} s; try again in {wait} s",
                    wait,
                )
            self._buckets[client] = (tokens - 1, now)
            if len(self._buckets) > MAX_CLIENTS:
                self._forget_idle(now, per_second)

    def _forget_idle(self, now: float, per_second: float) -> None:
        assert self.rate is not None
        full = [c for c, (t, then) in self._buckets.items() if t + (now - then) * per_second >= self.rate.count]
        for client in full:
            del self._buckets[client]


class TooManyHeldError(MeldbookError):
    """One client address already holds as many of something open as it may."""

    problem = Problem(
        "too-many-streams",
        "Too many open streams",
        "the client address: it holds as many open game streams (GET /games/{id}/stream) at once as one address may "
        "(MELDBOOK_STREAMS_PER_CLIENT in each worker); one of them has to end first (Retry-After)",
        "this address already holds 50 open streams, as many as it may at once: close one, or try again in 10 s",
    )

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.headers = {"Retry-After": str(HELD_RETRY_AFTER_SECONDS)}


class Holdings:
    """How many of one thing (a game's stream) each client address holds open at once, at most `cap`, in one
    process; safe for threads."""

    def __init__(self, name: str, cap: int) -> None:
        self.name, self.cap = name, cap
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, client: str) -> Callable[[], None]:
        """Take one for the client, or refuse; the function that gives it back (once, however often called)."""
        with self._lock:
            held = self._held.get(client, 0)
            if held >= self.cap:
                raise TooManyHeldError(
                    f"this address already holds {held} open {self.name}, as many as it may at once: close one, or "
                    f"try again in {HELD_RETRY_AFTER_SECONDS} s"
                )
            self._held[client] = held + 1
        given_back = threading.Event()

        def give_back() -> None:
            with self._lock:
                if given_back.is_set():
                    return
                given_back.set()
                left = self._held[client] - 1
                if left:
                    self._held[client] = left
                else:
                    del self._held[client]

        return give_back

    def held(self, client: str) -> int:
        """How many the client holds now."""
        with self._lock:
            return self._held.get(client, 0)


def parse_cap(variable: str, text: str) -> int:
    """A cap given as a whole number of at least 1."""
    if not text.strip().isdigit() or not 1 <= int(text) <= 1_000_000:
        raise ConfigError(f"{variable} must be a whole number from 1 to 1000000, not {text!r}")
    return int(text)


def install(app: Flask, environ: Mapping[str, str]) -> None:
    """Set the limits and caps from the environment, and trust X-Forwarded-For only from the proxies it names."""
    app.extensions[EXTENSION] = {
        name: Limiter(name, Rate.parse(name, environ.get(f"MELDBOOK_RATE_LIMIT_{name.upper()}", default)))
        for name, default in LIMITS.items()
    }
    app.extensions[HELD] = {
        name: Holdings(name, parse_cap(variable, environ.get(variable, str(default))))
        for name, (variable, default) in HOLDS.items()
    }
    hops = environ.get("MELDBOOK_TRUSTED_PROXIES", "0").strip() or "0"
    if not hops.isdigit() or int(hops) > 10:
        raise ConfigError(f"MELDBOOK_TRUSTED_PROXIES must be the number of trusted proxies, 0 to 10, not {hops!r}")
    if int(hops):
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=int(hops))  # type: ignore[method-assign]


def client_address() -> str:
    """The client's address: the peer's, or the one the trusted proxies name."""
    return request.remote_addr or "unknown"


def limit(name: str) -> None:
    """Spend one request of the named limit for the client's address (a 429 problem when it is spent)."""
    limiter: Limiter = current_app.extensions[EXTENSION][name]
    limiter.spend(client_address())


def hold(name: str) -> Callable[[], None]:
    """Take one of what the client's address may hold open at once (a 429 problem when it holds all it may); the
    function that gives it back."""
    holdings: Holdings = current_app.extensions[HELD][name]
    return holdings.take(client_address())
