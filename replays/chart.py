"""The charts of a game: each player's score (or chips) at the end of every hand, and where money changes hands
his money balance, drawn as SVGs on the server.

The amounts are read from the replay's frames, through the same visibility filter as every frame: the state at
each hand's last move. A state's `scores` are charted where it keeps scores (Roby, Robins Rummy), else its
`stacks` of chips (Royal Rummy). The money is read from the settlement's balances, whose changes are counted by
hand: a player's balance at the end of a hand is the sum of his changes up to it (`money_by_hand`). The lines carry
no names: the page names them in a legend beside the drawing (`legend`), which wraps on a narrow screen, so names
never print over each other where players are level.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID
from xml.sax.saxutils import escape, quoteattr

from domain.access.visibility import Viewer
from replays.frames import replay_hand
from service.ports import GameStore

CHARTED = (("scores", "Scores"), ("stacks", "Chips"))
"""The amounts a chart draws, in order of preference, with their label: the first one a state holds."""
MONEY, MONEY_LABEL = "money", "Money"
"""The settlement's unit of money, and the label of the chart that draws it."""
WIDTH, HEIGHT, MARGIN, RIGHT = 640, 260, 48, 16
"""The drawing's size, the least margin for the axis labels and the room on the right for the last hand's points."""
TICK_CHARACTER = 13
"""About how wide one character of an axis label is drawn (the stylesheet's 22 px type), so that the margin holds
the longest label (a money amount with its currency)."""
LINE_CLASSES = 6
"""How many line styles the stylesheet defines (`series-0` to `series-5`); more players reuse them."""


@dataclass(frozen=True, slots=True)
class Chart:
    """Each player's amount at the end of each hand: `label` says what is counted (scores or chips)."""

    label: str
    players: list[str]
    ends: list[dict[str, int]]


def hand_ends(app: GameStore, game_id: UUID, viewer: Viewer) -> Chart:
    """The amounts at the end of every hand of a game, as the viewer sees them."""
    hands = replay_hand(app, game_id, viewer, at=0).hands
    ends = [replay_hand(app, game_id, viewer, at=span.last_move).frames[0]["state"] for span in hands]
    state = ends[0]["state"]
    key, label = next(((k, text) for k, text in CHARTED if isinstance(state.get(k), dict)), ("", "Scores"))
    players = list(ends[0]["players"])
    return Chart(label, players, [{p: int(doc["state"].get(key, {}).get(p, 0)) for p in players} for doc in ends])


def money_by_hand(balances: Sequence[dict[str, Any]], players: list[str], hands: int) -> Chart | None:
    """Each player's money balance at the end of every hand of `hands`, from the settlement's balances (their
    changes by hand added up); None for a game where no player's money moves."""
    changes = {
        doc["player"]: {row["hand"]: row["change"] for row in doc["by_hand"]}
        for doc in balances
        if doc["unit"] == MONEY and doc["player"] in players
    }
    if not any(changes.values()):
        return None
    running = dict.fromkeys(players, 0)
    ends = []
    for hand in range(1, hands + 1):
        running = {p: running[p] + changes.get(p, {}).get(hand, 0) for p in players}
        ends.append(running)
    return Chart(MONEY_LABEL, players, ends)


@dataclass(frozen=True, slots=True)
class ChartWords:
    """The chart's words, for the page's language: its title, and each point's (`%(name)s` marks a value)."""

    title: str = "%(label)s at the end of each hand"
    point: str = "%(player)s, hand %(hand)s: %(amount)s"


def svg(
    chart: Chart,
    words: ChartWords = ChartWords(),
    label: str | None = None,
    shown: Callable[[int], str] = str,
    name: str = "chart",
) -> str:
    """The chart as an inline SVG document: a line per player across the hands, styled by classes only; its
    words as given (English by default), its label (what is counted) as given or the chart's own, each amount as
    `shown` writes it (money as money), its title's id made from `name` (one per chart of a page)."""
    low = min([0, *(v for end in chart.ends for v in end.values())])
    high = max([0, *(v for end in chart.ends for v in end.values())])
    ticks = sorted({low, high})
    steps = max(len(chart.ends) - 1, 1)
    left = max(MARGIN, 8 + TICK_CHARACTER * max(len(shown(tick)) for tick in ticks))

    def x(hand: int) -> float:
        return left + hand * (WIDTH - left - RIGHT) / steps

    def y(amount: int) -> float:
        return HEIGHT - MARGIN - (amount - low) * (HEIGHT - 2 * MARGIN) / ((high - low) or 1)

    def point(player: str, hand: int, amount: int) -> str:
        return words.point % {"player": player, "hand": hand, "amount": shown(amount)}

    title = words.title % {"label": label or chart.label}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{name}-title"><title id="{name}-title">{escape(title)}</title>',
        f'<line class="axis" x1="{left}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}"/>',
        *(f'<text class="tick" x="{left - 4}" y="{y(tick):.1f}">{escape(shown(tick))}</text>' for tick in ticks),
    ]
    for hand in range(len(chart.ends)):
        parts.append(f'<text class="hand" x="{x(hand):.1f}" y="{HEIGHT - MARGIN / 3:.1f}">{hand + 1}</text>')
    for index, player in enumerate(chart.players):
        points = " ".join(f"{x(h):.1f},{y(end[player]):.1f}" for h, end in enumerate(chart.ends))
        style = f"series series-{index % LINE_CLASSES}"
        parts.append(f'<g class={quoteattr(style)} data-player={quoteattr(player)}>')
        parts.append(f'<polyline points="{points}"/>')
        for hand, end in enumerate(chart.ends):
            parts.append(
                f'<circle cx="{x(hand):.1f}" cy="{y(end[player]):.1f}" r="4" data-hand="{hand + 1}" '
                f'data-amount="{end[player]}"><title>{escape(point(player, hand + 1, end[player]))}</title></circle>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def legend(chart: Chart, shown: Callable[[int], str] = str) -> list[dict[str, str]]:
    """Each player's line as the legend names it: the player, the line's style class (the same as in `svg`) and
    the amount at the end of the last hand, as `shown` writes it."""
    return [
        {"player": player, "series": f"series-{index % LINE_CLASSES}", "amount": shown(chart.ends[-1][player])}
        for index, player in enumerate(chart.players)
    ]
