"""`meldbook replay GAME`: step through a hand in the terminal, a frame per key press, from the store or a server.

With the store (the default: the store the service is configured with) the operator reads the record directly,
in the spectator's view unless --view says otherwise. With --url the frames come from a server's
GET /games/{id}/replay, with the token in the environment variable MELDBOOK_TOKEN (never on the command line,
where other users of the machine and the shell's history could read it), in what that token allows.
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any
from uuid import UUID

import click
from flask import current_app
from flask.cli import with_appcontext
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from api.replay_schemas import VIEWS
from domain.access.visibility import Viewer
from domain.errors import MeldbookError
from replays.frames import replay_hand

SYMBOLS = {"C": ("♣", ""), "D": ("♦", "red"), "H": ("♥", "red"), "S": ("♠", "")}
CARD = re.compile(r"^(10|[2-9AJQKT])([CDHS])$")


@click.command("replay")
@click.argument("game_id")
@click.option("--hand", type=click.IntRange(1), help="The hand, from 1 (default: the current hand).")
@click.option("--view", type=click.Choice(VIEWS), help="The view (default: spectator, or what the token allows).")
@click.option("--player", help="With --view seat: the seat whose hand is shown.")
@click.option("--all", "show_all", is_flag=True, help="Print every frame at once instead of one per key press.")
@click.option("--url", help="Read from this server (http://host:port) instead of the store; token in MELDBOOK_TOKEN.")
@with_appcontext
def replay(
    game_id: str, hand: int | None, view: str | None, player: str | None, show_all: bool, url: str | None
) -> None:
    """Step through a hand of a game: the table after each move, what changed, and the action in words."""
    try:
        uuid = UUID(game_id)
    except ValueError:
        raise click.BadParameter(f"{game_id} is not a game id (a UUID)", param_hint="GAME_ID") from None
    shown = _from_server(url, uuid, hand, view, player) if url else _from_store(uuid, hand, view, player)
    console = Console(soft_wrap=False, highlight=False)
    console.print(Text(f"{shown['variant']} game {uuid}, hand {shown['hand']} of {len(shown['hands'])} "
                       f"({shown['view']} view)", style="bold"))
    frames = shown["frames"]
    for index, frame in enumerate(frames):
        console.print(render(frame))
        if not show_all and index + 1 < len(frames):
            click.echo("any key: next frame, q: quit", err=True)
            if click.getchar() in ("q", "Q"):
                return


def _from_store(game_id: UUID, hand: int | None, view: str | None, player: str | None) -> dict[str, Any]:
    if view == "seat" and not player:
        raise click.BadParameter("--view seat needs --player", param_hint="--player")
    viewer = {"full": Viewer.FULL, "seat": Viewer.seat(player or "")}.get(view or "", Viewer.SPECTATOR)
    try:
        replayed = replay_hand(current_app.extensions["meldbook"], game_id, viewer, hand)
    except MeldbookError as error:
        raise click.ClickException(error.message) from None
    variant = replayed.frames[0]["state"]["variant"] if replayed.frames else ""
    hands = [span.doc() for span in replayed.hands]
    return {"variant": variant, "view": viewer.view, "hand": replayed.hand, "hands": hands, "frames": replayed.frames}


def _from_server(url: str, game_id: UUID, hand: int | None, view: str | None, player: str | None) -> dict[str, Any]:
    query = {k: v for k, v in {"hand": hand, "view": view, "player": player}.items() if v is not None}
    address = f"{url.rstrip('/')}/games/{game_id}/replay" + (f"?{urllib.parse.urlencode(query)}" if query else "")
    request = urllib.request.Request(address, headers={"Accept": "application/json"})
    token = os.environ.get("MELDBOOK_TOKEN")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            loaded: dict[str, Any] = json.load(answer)
            return loaded
    except urllib.error.HTTPError as error:
        problem = json.loads(error.read() or b"{}")
        detail = problem.get("detail", error.reason)
        raise click.ClickException(f"{error.code} {problem.get('code', '')}: {detail}") from None
    except urllib.error.URLError as error:
        raise click.ClickException(f"cannot reach {url}: {error.reason}") from None


def card(code: str) -> Text:
    """A card code with its suit symbol, hearts and diamonds in red ('10♥'); anything else as it is."""
    match = CARD.match(code)
    if not match:
        return Text(code)
    symbol, colour = SYMBOLS[match.group(2)]
    return Text(f"{match.group(1)}{symbol}", style=colour)


def cards(codes: list[Any]) -> Text:
    """Card codes as a line of symbols."""
    return Text(" ").join(card(str(c)) for c in codes) if codes else Text("-")


def render(frame: dict[str, Any]) -> Panel:
    """One frame: the table (every zone and amount of the state document), then what changed."""
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column("where", style="bold")
    table.add_column("what")
    for path, value in _lines(frame["state"]["state"]):
        table.add_row(path, value)
    changed = Table(show_header=False, box=None, pad_edge=False, title="changes", title_justify="left")
    changed.add_column("where", style="bold")
    changed.add_column("what")
    for zone in frame["changes"]["zones"]:
        moved = Text(f"{zone['count'][0]} → {zone['count'][1]}")
        if zone["added"]:
            moved.append("  + ").append_text(cards(zone["added"]))
        if zone["removed"]:
            moved.append("  − ").append_text(cards(zone["removed"]))
        changed.add_row(zone["path"], moved)
    for amount in frame["changes"]["amounts"]:
        changed.add_row(amount["path"], Text(f"{amount['before']} → {amount['after']} ({amount['delta']:+})"))
    for value in frame["changes"]["values"]:
        changed.add_row(value["path"], _value(value["before"]).append(" → ").append_text(_value(value["after"])))
    words = Text(" ").join(card(w) if CARD.match(w) else Text(w) for w in frame["words"].split(" "))
    versions = frame["versions"]
    title = Text(f"move {frame['move']} (v{versions['first']}-{versions['last']}): ").append_text(words)
    return Panel(Group(table, changed), title=title, title_align="left")


def _lines(doc: dict[str, Any], prefix: str = "") -> list[tuple[str, Text]]:
    """The state document's zones, card lists and amounts, one line each."""
    lines: list[tuple[str, Text]] = []
    for key, value in doc.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and "count" in value and ("cards" in value or value.get("secret")):
            shown = cards(value.get("cards") or [])
            hidden = int(value.get("count") or 0) - len(value.get("cards") or [])
            lines.append((path, shown.append(f"  ({hidden} hidden)") if hidden else shown))
        elif isinstance(value, dict) and value and all(_is_amount(v) for v in value.values()):
            lines.append((path, Text(", ".join(f"{k} {v}" for k, v in value.items()))))
        elif isinstance(value, dict) and value and all(isinstance(v, str) and CARD.match(v) for v in value.values()):
            lines.append((path, Text(", ").join(Text(f"{k} ").append_text(card(v)) for k, v in value.items())))
        elif isinstance(value, dict) and len(prefix.split(".")) < 3:
            lines += _lines(value, f"{path}.")
        elif isinstance(value, list) and value and all(isinstance(v, str) and CARD.match(v) for v in value):
            lines.append((path, cards(value)))
        elif isinstance(value, list) and value and all(isinstance(v, dict) and "cards" in v for v in value):
            for item in value:
                label = f"{path} {item.get('id', '')} {item.get('owner', '')}".rstrip()
                lines.append((label, cards(item["cards"])))
    return lines


def _value(value: Any) -> Text:
    if isinstance(value, str):
        return card(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return cards(value)
    return Text(json.dumps(value))


def _is_amount(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
