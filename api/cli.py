"""The `meldbook` console command (click, through Flask's CLI); later commands join this group."""

from __future__ import annotations

import click
from flask.cli import FlaskGroup
from werkzeug.serving import run_simple

from api.app import create_app
from api.version import __version__


@click.group(cls=FlaskGroup, create_app=lambda: create_app(), add_default_commands=False, add_version_option=False)
@click.version_option(__version__, "--version", prog_name="meldbook", message="%(prog)s %(version)s")
def main() -> None:
    """Meldbook: record real-table rummy games."""


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
def serve(host: str, port: int) -> None:
    """Serve the API with Flask's server (use gunicorn in production)."""
    run_simple(host, port, create_app(), threaded=True)
