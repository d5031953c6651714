"""What PostgreSQL did for a benchmark's moves, read from outside the app: the statements psycopg sent, the
transactions the database committed (`pg_stat_database`) and the CPU its backends used (`/proc`)."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg

if TYPE_CHECKING:
    from bench.profile import HttpMoves


@contextmanager
def counting_statements() -> Iterator[list[int]]:
    """Count psycopg's executes (each a statement sent) while in the block: the count is the list's one item."""
    counted = [0]
    execute = psycopg.Cursor.execute

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        counted[0] += 1
        return execute(self, *args, **kwargs)

    psycopg.Cursor.execute = counting  # type: ignore[method-assign]
    try:
        yield counted
    finally:
        psycopg.Cursor.execute = execute  # type: ignore[method-assign]


def outside(variables: Mapping[str, str]) -> psycopg.Connection[Any]:
    """A connection of its own to the benchmark's PostgreSQL database, to read its statistics from outside."""
    return psycopg.connect(
        host=variables["MELDBOOK_POSTGRES_HOST"],
        port=variables["MELDBOOK_POSTGRES_PORT"],
        user=variables["MELDBOOK_POSTGRES_USER"],
        dbname=variables["MELDBOOK_POSTGRES_DBNAME"],
        autocommit=True,
    )


def committed(variables: Mapping[str, str]) -> int:
    """Transactions committed so far in the benchmark's PostgreSQL database (its statistics, read from outside)."""
    name = variables["MELDBOOK_POSTGRES_DBNAME"]
    with outside(variables) as conn:
        conn.execute("SELECT pg_stat_force_next_flush()")
        row = conn.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = %s", (name,)).fetchone()
    return int(row[0]) if row else 0


def backends_cpu(variables: Mapping[str, str]) -> float:
    """CPU seconds used so far by the PostgreSQL backends connected to the benchmark's database (the app's pooled
    connections; read from /proc, so on the same machine only; NaN where it cannot be read)."""
    name = variables["MELDBOOK_POSTGRES_DBNAME"]
    with outside(variables) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (name,)
        ).fetchall()
    ticks = 0
    for (pid,) in rows:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return math.nan
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def sql_per_move(variables: Mapping[str, str], http: HttpMoves) -> tuple[float, float, float]:
    """Statements sent, transactions committed and the database server's CPU milliseconds per move over HTTP."""
    game_id, token = http.new_game()
    before, server = committed(variables), backends_cpu(variables)
    with counting_statements() as counted:
        http.moves(game_id, token)
    server = backends_cpu(variables) - server
    time.sleep(0.6)  # the statistics collector's flush
    commits = committed(variables) - before - 1  # the last count's own transaction
    moves = len(http.workload.moves)
    return counted[0] / moves, commits / moves, 1000 * server / moves
