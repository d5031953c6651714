"""Roby carried on from a paper sheet: the scores (a player over 99 is out of the game), each player's money so far
and the pot, as stated before the first hand recorded here; everything after is computed as usual."""

from __future__ import annotations

from domain.errors import IllegalMoveError
from domain.money.ledger import player_account
from domain.roby import settle
from domain.roby.events import PlayerLeft, PointsScored, StandingsStated
from domain.roby.rules import PASS_LIMIT
from domain.roby.state import RobyState
from domain.rules.actions import Action
from domain.rules.forward import bring_accounts_to, check_every_player, check_first
from domain.rules.variant import Decision

SCORES = "roby.scoring.brought-forward"
MONEY = "roby.stakes.brought-forward"
"""The rules of the scores and the payments that bring the game to the standings stated."""
CODE = "roby.forward.standings"


def bring_forward(decision: Decision, action: Action) -> None:
    """The standings as stated: scores and money brought to them, the players over 99 out of the game."""
    state: RobyState = decision.state
    check_first(state, CODE)
    scores: dict[str, int] = action.get("scores")
    money: dict[str, int] = action.get("money")
    pot: int = action.get("pot")
    check_every_player(state, "scores", scores, CODE)
    check_every_player(state, "money", money, CODE)
    _check(scores, money, pot)
    decision.record(StandingsStated, scores=scores, money=money, pot=pot)
    cause = decision.last_version
    for player in state.players:
        if scores[player] != state.scores[player]:
            decision.record(PointsScored, player=player, points=scores[player] - state.scores[player], rule=SCORES,
                            cause=cause)
    for player in state.players:
        if scores[player] > PASS_LIMIT:
            decision.record(PlayerLeft, player=player)
    wanted = {player_account(p): money[p] for p in state.players} | {settle.POT: pot}
    bring_accounts_to(decision, state.ledger, wanted, MONEY, cause)


def _check(scores: dict[str, int], money: dict[str, int], pot: int) -> None:
    """Scores from 0, two players at least still in (99 or less), a pot of nothing or more, and money paid in equal
    to money paid out: the balances and the pot come to nothing together."""
    for player, score in scores.items():
        if score < 0:
            raise IllegalMoveError(f"{player}'s score of {score} is below 0", code=CODE, field=f"scores.{player}")
    if len([p for p, score in scores.items() if score <= PASS_LIMIT]) < 2:
        raise IllegalMoveError(f"a game carried on has not ended: two players at least are still in ({PASS_LIMIT} or "
                               "less)", code=CODE, field="scores")
    if pot < 0:
        raise IllegalMoveError(f"the pot of {pot} is below nothing", code=CODE, field="pot")
    if sum(money.values()) + pot:
        raise IllegalMoveError(
            f"money paid in equals money paid out: the balances and the pot come to {sum(money.values()) + pot}, not 0",
            code=CODE,
            field="pot",
        )


def example(state: RobyState) -> dict[str, object]:
    """Standings the rules accept: where the game stands."""
    return {
        "scores": dict(state.scores),
        "money": {p: state.ledger.balance(player_account(p)) for p in state.players},
        "pot": state.ledger.balance(settle.POT),
    }
