"""The event store settings the tests give Meldbook: a SQLite file here, a PostgreSQL database in tests/pg.py.

The fixtures (tests/conftest.py: `sqlite_env`, `store_env`) hand them to a test; code that makes a store outside a
fixture's reach (a module's shared app, a server in another process) calls these.
"""

from __future__ import annotations

from pathlib import Path


def sqlite_settings(path: Path | str) -> dict[str, str]:
    """eventsourcing Application settings for the SQLite file at `path` (as eventsourcing names them; the service
    adds its own recorder to them: service/config.py)."""
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}
