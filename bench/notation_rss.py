"""`python -m bench.notation_rss ARCHIVE SQLITE_FILE`: import an archive into a new SQLite store, as
`meldbook import` does, then print the games imported and this process's peak RSS in KiB (bench/notation.py runs
it in a fresh process for each archive size)."""

from __future__ import annotations

import resource
import sys

from service.application import Meldbook
from service.archives import Tally, import_archive
from service.config import store_env


def main() -> None:
    """Import, then print `games peak_kib`."""
    archive, store = sys.argv[1], sys.argv[2]
    app = Meldbook(store_env({"MELDBOOK_STORE": "sqlite", "MELDBOOK_SQLITE_PATH": store}))
    tally = Tally()
    try:
        with open(archive, encoding="utf8", newline="") as lines:
            # the archive repeats its games: each is imported again (a new game), as a long archive of new ones would be
            import_archive(app, lines, tally, lambda record, outcome: None, force=True)
    finally:
        app.close()
    if tally.refused:
        sys.exit(f"{tally.refused} records were refused")
    print(tally.games, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


if __name__ == "__main__":
    main()
