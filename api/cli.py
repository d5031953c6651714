"""The `meldbook` console command (click, through Flask's CLI): serve the API, and look at the stored games."""

from __future__ import annotations

import os

import click
from flask.cli import FlaskGroup
from werkzeug.serving import run_simple

from api.app import create_app
from api.archive_cli import export_games, import_games, simulate
from api.backup_cli import backup, restore_backup
from api.games_cli import games
from api.headers import QuietRequestHandler
from api.nights_cli import nights
from api.replay_cli import replay
from api.version import __version__
from service.config import data_dir, store_env, store_location


@click.group(cls=FlaskGroup, create_app=lambda: create_app(), add_default_commands=False, add_version_option=False)
@click.version_option(__version__, "--version", prog_name="meldbook", message="%(prog)s %(version)s")
def main() -> None:
    """Meldbook: record real-table rummy games.

    Games are kept in a SQLite file, meldbook.sqlite in the data directory ($MELDBOOK_DATA_DIR, by default the
    user's data directory such as ~/.local/share/meldbook), whatever directory the command runs in;
    MELDBOOK_SQLITE_PATH names another file, and MELDBOOK_STORE=postgres a PostgreSQL database.
    """


main.add_command(games)
main.add_command(nights)
main.add_command(replay)
main.add_command(backup)
main.add_command(restore_backup)
main.add_command(import_games)
main.add_command(export_games)
main.add_command(simulate)


@main.command("serve", with_appcontext=False)
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
def serve(host: str, port: int) -> None:
    """Serve the API with Werkzeug's server (use gunicorn in production)."""
    settings = store_env()
    if settings["PERSISTENCE_MODULE"] == "eventsourcing.sqlite" and not os.environ.get("MELDBOOK_SQLITE_PATH"):
        click.echo(f"No MELDBOOK_SQLITE_PATH: using Meldbook's data directory, {data_dir()}", err=True)
    click.echo(f"Games are kept in {store_location(settings)}", err=True)
    run_simple(host, port, create_app(env=settings), threaded=True, request_handler=QuietRequestHandler)
