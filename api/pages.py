"""GET /games/{id}/view: the table as a page, a frame at a time, with a chart of the hands (not part of the API).

The server renders one frame in the spectator's view, so the page reads without script; api/static/view.js
then steps through the hand's frames, which it fetches from GET /games/{id}/replay (with the token a reader
entered, kept in the tab's sessionStorage and sent as `Authorization: Bearer`, never in a URL), shows the
annotations of the move shown (and of its hand and the game) from GET /games/{id}/annotations, and with a
seat's or the recorder's token adds one at that move. A settlement panel lists each player's balances (from the
settlement, in the spectator's view) and, with api/static/settlement.js, explains one player's balance entry by entry
(GET /games/{id}/settlement/players/{player}, in the caller's view), each entry linking to its frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, render_template, request
from flask_babel import gettext, lazy_gettext
from markupsafe import Markup

from api.access import meldbook
from api.domain_words import space_name
from api.money_format import format_money
from domain.access.visibility import Viewer
from domain.beside.annotations import GLYPHS
from domain.cards.card import Card
from domain.errors import MeldbookError
from replays.annotations import shown_annotations
from replays.chart import MONEY_LABEL, Chart, ChartWords, hand_ends, legend, money_by_hand, svg
from replays.frames import replay_hand
from service.settlement import settlement

blp = Blueprint("pages", __name__)
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
CHART_LABELS = {"Scores": lazy_gettext("Scores"), "Chips": lazy_gettext("Chips"), MONEY_LABEL: lazy_gettext("Money")}
"""The charts' labels (replays/chart.py) in the page's language."""


def chart_words() -> ChartWords:
    """The chart's title and each point's words, in the page's language."""
    return ChartWords(gettext("%(label)s at the end of each hand"), gettext("%(player)s, hand %(hand)s: %(amount)s"))


def shown_chart(chart: Chart, name: str, shown: Callable[[int], str] = str) -> dict[str, Any]:
    """One chart as the viewer shows it: its heading's label in the page's language, the drawing and its legend,
    each amount as `shown` writes it; `name` makes its ids."""
    label = str(CHART_LABELS.get(chart.label, chart.label))
    drawing = Markup(svg(chart, chart_words(), label, shown, name))  # escaped by replays/chart.py
    return {"name": name, "label": label, "svg": drawing, "legend": legend(chart, shown)}


def game_charts(chart: Chart, balances: list[dict[str, Any]], currency: str | None) -> list[dict[str, Any]]:
    """The viewer's charts: the scores (or chips) by hand, then, where money changes hands, the money balances by
    hand in the game's currency."""
    money = money_by_hand(balances, chart.players, len(chart.ends))
    charts = [shown_chart(chart, "chart")]
    if money is not None:
        charts.append(shown_chart(money, "money-chart", lambda minor: format_money(minor, currency)))
    return charts


def card_face(code: str) -> dict[str, str]:
    """What a card shows: its rank, its suit symbol and its colour (a joker is 'JK', in neither colour)."""
    card = Card.parse(code)
    if card.is_joker:
        return {"rank": "JK", "suit": "", "colour": "joker"}
    return {"rank": card.rank_text, "suit": SUIT_SYMBOLS[card.suit], "colour": "black" if card.is_black else "red"}


def space_label(account: str) -> str:
    """A board account as the table names it: 'space:AH' is AH, 'ace:C' the ace of clubs' corner."""
    kind, _, name = account.partition(":")
    if kind == "ace":
        return gettext("ace %(suit)s", suit=SUIT_SYMBOLS.get(name, name))
    if kind == "space":
        return space_name(name)
    return {"pot": gettext("pot"), "kitty": gettext("kitty")}.get(account, account)


def player_balances(balances: list[dict[str, Any]], players: list[str]) -> list[dict[str, Any]]:
    """Each player, in seat order, with their balance in each unit the settlement counts for them."""
    return [
        {"player": p, "totals": [{"unit": b["unit"], "total": b["total"]} for b in balances if b["player"] == p]}
        for p in players
    ]


def opening_frame(frames: list[dict[str, Any]], hand: int | None) -> dict[str, Any]:
    """The frame a page opened without a move shows: a finished game's last move, when no hand was asked for (the
    page of a game that is over opens on its result); else the first move of the hand (the current one)."""
    if hand is None and frames[-1]["state"].get("over") is True:
        return frames[-1]
    return frames[0]


def _number(name: str) -> int | None:
    text = request.args.get(name)
    if text is None or text == "":
        return None
    if not text.isdigit():
        raise MeldbookError(f"{name} must be a whole number, not {text}", code="validation-error", field=name)
    return int(text)


@blp.get("/games/<uuid:game_id>/view")
def view(game_id: UUID) -> Response:
    """The table of a game at one move, in the spectator's view, with the controls that step through its hands."""
    hand, at = _number("hand"), _number("at")
    app = meldbook()
    if at is not None:
        hand = replay_hand(app, game_id, Viewer.SPECTATOR, at=at).hand
    replay = replay_hand(app, game_id, Viewer.SPECTATOR, hand)
    frame = next((f for f in replay.frames if f["move"] == at), opening_frame(replay.frames, hand))
    chart = hand_ends(app, game_id, Viewer.SPECTATOR)
    state: dict[str, Any] = frame["state"]
    settled = settlement(app, game_id, Viewer.SPECTATOR)["balances"]
    notes = [
        note
        for note in shown_annotations(app, game_id, Viewer.SPECTATOR, None, replay.hand)
        if note["target"] != "event" or note["move"] == frame["move"]
    ]
    page = render_template(
        "view.html",
        game_id=str(game_id),
        frame=frame,
        doc=state,
        table=state["state"],
        span=replay.hands[replay.hand - 1],
        hands=replay.hands,
        view=request.args.get("view", ""),
        player=request.args.get("player", ""),
        charts=game_charts(chart, settled, state.get("currency")),
        face=card_face,
        space_label=space_label,
        notes=notes,
        glyphs=GLYPHS,
        balances=player_balances(settled, state["players"]),
    )
    return Response(page, mimetype="text/html")
