"""`meldbook nights show ID`: a night's sheet as tables, for the operator (who holds the store, so a night holding a
private game is shown too): each party's net by game, the zero-sum check and the fewest transfers."""

from __future__ import annotations

from uuid import UUID

import click
from flask import current_app
from flask.cli import AppGroup
from rich.console import Console
from rich.table import Table
from rich.text import Text

from domain.errors import MeldbookError
from domain.nights.sheet import money_by_game
from service.nights import sheet

nights = AppGroup("nights", help="Look at the nights: their games, nets and transfers.")


@nights.command("show")
@click.argument("night_id")
def show_night(night_id: str) -> None:
    """A night's sheet: each party's net across its games (minor units of its currency), and who pays whom."""
    try:
        shown = sheet(current_app.extensions["meldbook"], UUID(night_id), None, operator=True)
    except ValueError:
        raise click.BadParameter(f"{night_id} is not a night id (a UUID)", param_hint="NIGHT_ID") from None
    except MeldbookError as error:
        raise click.ClickException(error.message) from None
    console = Console(soft_wrap=False)
    nets = Table(title=Text(f"{shown['title']}: nets in {shown['unit']}"))
    nets.add_column("party")
    for game in shown["games"]:
        nets.add_column(Text(f"{game['variant']} {game['title'] or game['id'][:8]}"), justify="right")
    nets.add_column("net", justify="right", style="bold")
    for party in shown["parties"]:
        by_game = money_by_game(party, shown["games"])
        nets.add_row(Text(party["name"]), *map(str, by_game), str(party["net"]))
    console.print(nets)
    check = shown["check"]
    console.print(Text(f"check: {check['detail']} ({'holds' if check['holds'] else 'does NOT hold'})"))
    transfers = Table(title=f"{len(shown['transfers'])} transfers settle everyone up")
    for column in ("from", "to", "amount"):
        transfers.add_column(column, justify="right" if column == "amount" else "left")
    for transfer in shown["transfers"]:
        transfers.add_row(Text(transfer["from"]), Text(transfer["to"]), str(transfer["amount"]))
    console.print(transfers)
