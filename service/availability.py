"""Whether the store answers: the errors that say it does not, a probe for GET /ready, and a short cool-down.

A store that cannot be reached (PostgreSQL down or cut off, the pool's connections all taken past its timeout) or
that refuses for a moment (a SQLite file another process holds locked) is not the client's fault and not a bug:
the API answers 503 with Retry-After, and nothing was stored. eventsourcing's recorder already retries each read
and write ten times, so a request that finds the store down takes a while to fail; for the cool-down that follows,
further requests that need the store are answered 503 at once rather than piling up behind it.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any

import psycopg
from eventsourcing.persistence import InterfaceError, OperationalError

from domain.errors import MeldbookError, Problem

RETRY_AFTER_SECONDS = 2
"""What Retry-After says, and how long the cool-down lasts after the store failed to answer."""
STORE_DOWN: tuple[type[Exception], ...] = (
    OperationalError,  # eventsourcing's: psycopg's OperationalError (pool timeouts among them) and SQLite's "locked"
    InterfaceError,
    psycopg.OperationalError,
    psycopg.InterfaceError,
    sqlite3.OperationalError,
)
"""The exceptions that mean the store did not answer, whichever layer raised them."""


class StoreUnavailableError(MeldbookError):
    """The store did not answer; the request may be sent again after Retry-After."""

    problem = Problem(
        "store-unavailable",
        "Store unavailable",
        "nothing the client sent: the store did not answer (a database that cannot be reached, or a SQLite file "
        "another process holds locked); nothing was stored, and the request may be sent again after Retry-After",
        "the store did not answer: try again in 1 s",
    )


class StoreGate:
    """A per-process cool-down: after the store failed to answer, requests that need it are refused at once."""

    def __init__(self, seconds: float = RETRY_AFTER_SECONDS) -> None:
        self.seconds = seconds
        self._closed_until = 0.0
        self._lock = threading.Lock()

    def failed(self) -> None:
        """The store just failed to answer: refuse requests for the cool-down."""
        with self._lock:
            self._closed_until = time.monotonic() + self.seconds

    def check(self) -> None:
        """Raise StoreUnavailableError during a cool-down."""
        if time.monotonic() < self._closed_until:
            raise StoreUnavailableError(f"the store did not answer: try again in {RETRY_AFTER_SECONDS} s")


def probe(recorder: Any) -> None:
    """Ask the store one trivial question through the recorder's own pool, without eventsourcing's retries."""
    datastore = getattr(recorder, "datastore", None)
    if datastore is None:  # the in-memory store always answers
        return
    with datastore.transaction(commit=False) as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchall()
