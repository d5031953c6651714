"""`meldbook backup FILE` and `meldbook restore FILE`: the raw stored events of the configured store, dumped to a
file and loaded from one (service/backups.py), with a progress bar on a terminal."""

from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from api.cli_progress import progress_bar
from service.application import Meldbook
from service.backups import BackupError, count_events, dump, is_empty, restore
from service.config import store_location


def _meldbook() -> Meldbook:
    app: Meldbook = current_app.extensions["meldbook"]
    return app


def _where() -> str:
    return store_location({k: str(v) for k, v in _meldbook().env.items()})


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, writable=True, path_type=Path))
@with_appcontext
def backup(file: Path) -> None:
    """Dump every stored event (games, tokens, annotations, retries: the whole store) to FILE, as JSON lines.

    The events stored while the dump runs are left for the next one. Restore with `meldbook restore FILE`.
    """
    recorder = _meldbook().recorder
    with progress_bar("backing up", recorder.max_notification_id() or 0) as bar, file.open("w", encoding="utf8") as out:
        summary = dump(recorder, out, bar)
    click.echo(f"{summary.events} events of {_where()} written to {file} (sha256 {summary.sha256})", err=True)


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--into-non-empty", is_flag=True, help="Restore into a store that already holds events.")
@with_appcontext
def restore_backup(file: Path, into_non_empty: bool) -> None:
    """Load the events of a backup FILE into the configured store, which must be empty (the file is checked whole
    before anything is written)."""
    recorder = _meldbook().recorder
    try:
        if not into_non_empty and not is_empty(recorder):
            raise BackupError(
                f"{_where()} already holds events: restore into an empty store, or say --into-non-empty "
                "(an event the store already holds then stops the restore)"
            )
        with file.open(encoding="utf8") as lines:
            checked = count_events(lines)
        with progress_bar("restoring", checked.events) as bar, file.open(encoding="utf8") as lines:
            summary = restore(recorder, lines, bar, into_non_empty=into_non_empty)
    except BackupError as error:
        raise click.ClickException(f"{file}: {error}") from None
    click.echo(f"{summary.events} events restored from {file} into {_where()}", err=True)
