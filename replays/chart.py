"""The chart of a game: each player's score (or chips) at the end of every hand, drawn as an SVG on the server.

The amounts are read from the replay's frames, through the same visibility filter as every frame: the state at
each hand's last move. A state's `scores` are charted where it keeps scores (Roby, Robins Rummy), else its
`stacks` of chips (Royal Rummy). The lines carry no names: the page names them in a legend beside the drawing
(`legend`), which wraps on a narrow screen, so names never print over each other where players are level.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID
from xml.sax.saxutils import escape, quoteattr

from domain.access.visibility import Viewer
from replays.frames import replay_hand
from service.ports import GameStore

CHARTED = (("scores", "Scores"), ("stacks", "Chips"))
"""The amounts a chart draws, in order of preference, with their label: the first one a state holds."""
WIDTH, HEIGHT, MARGIN, RIGHT = 640, 260, 48, 16
"""The drawing's size, the margin for the axis labels and the room on the right for the last hand's points."""
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


@dataclass(frozen=True, slots=True)
class ChartWords:
    """The chart's words, for the page's language: its title, and each point's (`%(name)s` marks a value)."""

    title: str = "%(label)s at the end of each hand"
    point: str = "%(player)s, hand %(hand)s: %(amount)s"


def svg(chart: Chart, words: ChartWords = ChartWords(), label: str | None = None) -> str:
    """The chart as an inline SVG document: a line per player across the hands, styled by classes only; its
    words as given (English by default), its label (what is counted) as given or the chart's own."""
    low = min([0, *(v for end in chart.ends for v in end.values())])
    high = max([1, *(v for end in chart.ends for v in end.values())])
    steps = max(len(chart.ends) - 1, 1)

    def x(hand: int) -> float:
        return MARGIN + hand * (WIDTH - MARGIN - RIGHT) / steps

    def y(amount: int) -> float:
        return HEIGHT - MARGIN - (amount - low) * (HEIGHT - 2 * MARGIN) / (high - low)

    def point(player: str, hand: int, amount: int) -> str:
        return words.point % {"player": player, "hand": hand, "amount": amount}

    title = words.title % {"label": label or chart.label}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title"><title id="chart-title">{escape(title)}</title>',
        f'<line class="axis" x1="{MARGIN}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}"/>',
        f'<text class="tick" x="{MARGIN - 4}" y="{y(high):.1f}">{high}</text>',
        f'<text class="tick" x="{MARGIN - 4}" y="{y(low):.1f}">{low}</text>',
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


def legend(chart: Chart) -> list[dict[str, str | int]]:
    """Each player's line as the legend names it: the player, the line's style class (the same as in `svg`) and
    the amount at the end of the last hand."""
    return [
        {"player": player, "series": f"series-{index % LINE_CLASSES}", "amount": chart.ends[-1][player]}
        for index, player in enumerate(chart.players)
    ]
