"""`meldbook games list`, `meldbook games show ID` and `meldbook games token ID`: the stored games as tables, and
a new recorder token for a game whose token is lost, for the operator."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import click
from flask import current_app
from flask.cli import AppGroup
from rich.console import Console
from rich.table import Table
from rich.text import Text

from domain.access.visibility import Viewer
from domain.errors import MeldbookError
from service.application import Meldbook
from service.grants import rotate_recorder_token
from service.index import GameFilter
from service.presenting import present_state

games = AppGroup("games", help="Look at the stored games.")


def _meldbook() -> Meldbook:
    app: Meldbook = current_app.extensions["meldbook"]
    return app


def _console() -> Console:
    return Console(soft_wrap=False)


@games.command("list")
@click.option("--player", help="Only games this player sat in.")
@click.option("--variant", help="Only games of this variant.")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 1000), help="How many games.")
def list_games(player: str | None, variant: str | None, limit: int) -> None:
    """The newest games, with their variant, title and players (private games too)."""
    page = _meldbook().list_games(GameFilter(player=player, variant=variant, limit=limit, with_private=True))
    table = Table(title=f"{len(page.items)} of {page.total} games, newest first")
    for column in ("created", "variant", "title", "players", "id"):
        table.add_column(column, no_wrap=column in ("id", "created"))
    for entry in page.items:
        cells = (_moment(entry.created_at), entry.variant, entry.title, ", ".join(entry.players), entry.id)
        table.add_row(*map(Text, cells))
    _console().print(table)


@games.command("show")
@click.argument("game_id")
@click.option("--events", "last", default=10, show_default=True, type=click.IntRange(0, 1000), help="Last events.")
def show_game(game_id: str, last: int) -> None:
    """One game: its setup, where it stands, and its last events (hidden cards stay hidden)."""
    try:
        game = _meldbook().game(UUID(game_id))
    except ValueError:
        raise click.BadParameter(f"{game_id} is not a game id (a UUID)", param_hint="GAME_ID") from None
    except MeldbookError as error:
        raise click.ClickException(error.message) from None
    shown = present_state(game, Viewer.SPECTATOR)
    console = _console()
    console.print(_facts(shown))
    events = _meldbook().stored_events(game.id, after=max(0, game.version - last)) if last else []
    table = Table(title=f"last {len(events)} of {game.version} events")
    for column in ("version", "time", "event"):
        table.add_column(column)
    for event in events:
        table.add_row(str(event.version), _moment(event.timestamp.isoformat()), event.type)
    console.print(table)


@games.command("token")
@click.argument("game_id")
def rotate_token(game_id: str) -> None:
    """Issue a new recorder token for a game (when its token is lost): the old one stops working at once.

    The new token is printed once, alone on standard output; the rotation is stored as an event of the game's
    access stream, recorded as the operator's.
    """
    try:
        token = rotate_recorder_token(_meldbook(), UUID(game_id), by="operator")
    except ValueError:
        raise click.BadParameter(f"{game_id} is not a game id (a UUID)", param_hint="GAME_ID") from None
    except MeldbookError as error:
        raise click.ClickException(error.message) from None
    click.echo(f"New recorder token of game {game_id} (shown once; the old one no longer works):", err=True)
    click.echo(token)


def _facts(shown: dict[str, Any]) -> Table:
    facts = Table(title=f"game {shown['id']}", show_header=False)
    facts.add_column("fact", style="bold")
    facts.add_column("value")
    rows = {
        "variant": shown["variant"],
        "title": shown["title"] or "(none)",
        "players": ", ".join(shown["players"]),
        "deal mode": shown["deal_mode"],
        "options": ", ".join(f"{k}={v}" for k, v in shown["options"].items() if not isinstance(v, (list, dict))),
        "created": _moment(shown["created_at"]),
        "version": str(shown["version"]),
        "state": "over" if shown["over"] else f"to move: {', '.join(shown['to_move'])}",
    }
    for fact, value in rows.items():
        facts.add_row(fact, Text(value))
    return facts


def _moment(iso: str) -> str:
    """An ISO timestamp to the second, as a person reads it (UTC)."""
    return iso[:19].replace("T", " ")
