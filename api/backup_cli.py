"""`meldbook backup FILE` and `meldbook restore FILE`: the raw stored events of the configured store, dumped to a
file and loaded from one (service/backups.py), with a progress bar on a terminal."""

from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from api.cli_progress import progress_bar
from service.application import Meldbook
from service.backups import BackupError, count_events, dump, restore
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
    """Load the events of a backup FILE into the configured store, which must be empty, in one transaction: the
    whole backup, each stream checked against its last version and digest, or nothing.

    The file is checked whole before anything is written. A restore stopped at any moment (killed, or the machine
    down) leaves the store as it was: run it again. Run again after it finished, it says so and changes nothing.
    """
    recorder = _meldbook().recorder
    try:
        with file.open(encoding="utf8") as lines:
            checked = count_events(lines)
        with progress_bar("restoring", checked.events) as bar, file.open(encoding="utf8") as lines:
            summary = restore(recorder, lines, bar, into_non_empty=into_non_empty, checked=checked)
    except BackupError as error:
        raise click.ClickException(f"{file}: {_where_said(str(error))}") from None
    if summary.done_before:
        click.echo(f"{file} was restored into {_where()} already ({summary.events} events): nothing to do", err=True)
        return
    click.echo(f"{summary.events} events of {summary.streams} streams restored from {file} into {_where()}, "
               "each stream checked", err=True)


def _where_said(message: str) -> str:
    """A refusal naming the configured store where it says `the target store`, with what to do about it."""
    if message.startswith("the target store is not empty"):
        return (f"{_where()} already holds events: restore into an empty store, or say --into-non-empty (the "
                "backup's events then follow the store's, and one the store already holds refuses the restore)")
    return message
