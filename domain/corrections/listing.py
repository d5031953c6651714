"""The corrections as the legal-actions contract lists them: actions of the table, for whoever records, with the
moves each may name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.corrections.kinds import AMEND, CORRECTION_KINDS, HAND_STARTS, VOID, is_amendable
from domain.rules.variant import with_version

ROUTE = "POST /games/{id}/corrections"


def current_hand_start(counted: Sequence[dict[str, Any]]) -> int:
    """The first move of the current hand: the last move that counts and began a hand, a deal or a result (1 before
    the first)."""
    dealt = [entry["move"] for entry in counted if entry["action"]["type"] in HAND_STARTS]
    return dealt[-1] if dealt else 1


def voidable_moves(counted: Sequence[dict[str, Any]]) -> list[int]:
    """The moves a void may start from: the current hand's moves that count."""
    start = current_hand_start(counted)
    return [entry["move"] for entry in counted if entry["move"] >= start]


def amendable_moves(counted: Sequence[dict[str, Any]], deal_mode: str) -> list[int]:
    """The moves whose named cards an amendment may change: the recorded deals and draws that count."""
    return [e["move"] for e in counted if is_amendable(e["action"], deal_mode)]


def correction_actions(game: Any) -> list[dict[str, Any]]:
    """The correction entries of `table_actions`: each a template with the moves it may name, as constraints."""
    if game.hand_moves is None or game.amendable is None:
        return []
    listed = []
    for kind, moves, field, example in (
        (VOID, list(game.hand_moves), "from_move", True),
        (AMEND, list(game.amendable), "move", False),
    ):
        if not moves:
            continue
        params = CORRECTION_KINDS[kind].params
        body = {"kind": kind, **{p.name: f"<{p.kind}>" for p in params if p.required}}
        listed.append(
            {
                "type": kind,
                "table_action": True,
                "route": ROUTE,
                "summary": CORRECTION_KINDS[kind].summary,
                "confirm": [],
                "template": with_version(body, game.version),
                "constraints": "; ".join(
                    [f"{field}: one of moves {_spans(moves)}"]
                    + [f"{p.name}: {p.description}" for p in params if p.name != field]
                ),
                "moves": moves,
                "examples": [
                    with_version({"kind": kind, field: moves[-1], "reason": "entered by mistake"}, game.version)
                ]
                if example
                else [],
            }
        )
    return listed


def _spans(moves: list[int]) -> str:
    """Move numbers as ranges: '3-7, 9'."""
    spans: list[list[int]] = []
    for move in moves:
        if spans and move == spans[-1][1] + 1:
            spans[-1][1] = move
        else:
            spans.append([move, move])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)
