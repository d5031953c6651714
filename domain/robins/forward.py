"""Robins Rummy carried on from a paper sheet: the running totals as stated, brought forward before the first hand
recorded here; everything after is computed as usual (the end at 505)."""

from __future__ import annotations

from domain.errors import IllegalMoveError
from domain.robins.events import PointsScored, StandingsStated
from domain.robins.rules import TARGET
from domain.robins.state import RobinsState
from domain.rules.actions import Action
from domain.rules.forward import check_every_player, check_first
from domain.rules.variant import Decision

BROUGHT_FORWARD = "robins.scoring.brought-forward"
"""The rule of the scores that bring the running totals to those stated."""
CODE = "robins.forward.scores"


def bring_forward(decision: Decision, action: Action) -> None:
    """The running totals as stated: each player scores what brings his total to it."""
    state: RobinsState = decision.state
    check_first(state, CODE)
    scores: dict[str, int] = action.get("scores")
    check_every_player(state, "scores", scores, CODE)
    best = max(scores.values())
    leaders = [p for p in state.players if scores[p] == best]
    if best >= TARGET and len(leaders) == 1:
        raise IllegalMoveError(
            f"{leaders[0]} at {best} has won this game already (the first at {TARGET} or more, ahead of the other): "
            "a game carried on has not ended",
            code=CODE,
            field=f"scores.{leaders[0]}",
        )
    decision.record(StandingsStated, scores=scores)
    cause = decision.last_version
    for player in state.players:
        if scores[player] != state.scores[player]:
            decision.record(PointsScored, player=player, points=scores[player] - state.scores[player],
                            rule=BROUGHT_FORWARD, cause=cause)


def example(state: RobinsState) -> dict[str, object]:
    """Standings the rules accept: both players at 0 (or where they stand)."""
    return {"scores": dict(state.scores)}
