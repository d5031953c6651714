"""Rate limits per client address, one reusable piece: `limit("create")` in a view spends one of its budget.

Each limit is a token bucket per client address, set by configuration (MELDBOOK_RATE_LIMIT_<NAME>, e.g.
`30/minute`, or `off`), kept in the memory of each worker process: a client spread over N workers may get up to
N times the limit, and a restart forgets. That is enough for what the limits are for (a runaway script or a flood
of new games or imports filling the store), and it costs no write to the store per request. The client address
is the peer's, or, with MELDBOOK_TRUSTED_PROXIES=N, the one N trusted proxies put in X-Forwarded-For
(werkzeug's ProxyFix); without it X-Forwarded-For is ignored.
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

from domain.errors import MeldbookError
from service.config import ConfigError

LIMITS = {"create": "60/minute", "import": "60/minute", "pair": "10/minute"}
"""Each limited operation with its default: creating games, importing records (the notation's route), and
redeeming pairing codes (POST /pairings/redeem: each try spends one, found or not)."""
PERIODS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
EXTENSION = "meldbook-limits"
MAX_CLIENTS = 10_000
"""Buckets kept before the full ones (clients idle for a whole period) are forgotten."""


class RateLimitedError(MeldbookError):
    """Too many requests of one kind from one client address; `retry_after` is in whole seconds."""

    code = "rate-limited"

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


def install(app: Flask, environ: Mapping[str, str]) -> None:
    """Set the limits from the environment, and trust X-Forwarded-For only from the proxies it names."""
    app.extensions[EXTENSION] = {
        name: Limiter(name, Rate.parse(name, environ.get(f"MELDBOOK_RATE_LIMIT_{name.upper()}", default)))
        for name, default in LIMITS.items()
    }
    hops = environ.get("MELDBOOK_TRUSTED_PROXIES", "0").strip() or "0"
    if not hops.isdigit() or int(hops) > 10:
        raise ConfigError(f"MELDBOOK_TRUSTED_PROXIES must be the number of trusted proxies, 0 to 10, not {hops!r}")
    if int(hops):
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=int(hops))  # type: ignore[method-assign]


def limit(name: str) -> None:
    """Spend one request of the named limit for the client's address (a 429 problem when it is spent)."""
    limiter: Limiter = current_app.extensions[EXTENSION][name]
    limiter.spend(request.remote_addr or "unknown")
