"""How a Robins Rummy hand ends and what follows: the score events, the next dealer, the winner."""

from __future__ import annotations

from domain.record.unknown import unknown_players
from domain.robins.events import DealerChosen, GameWon, HandEnded, PointsScored
from domain.robins.rules import TARGET, hand_total, table_points
from domain.robins.state import COUNT, RobinsState
from domain.rules.variant import Decision

TABLE_RULE = "robins.scoring.table"
HAND_RULE = "robins.scoring.hand"
STATED_RULE = "robins.scoring.stated-count"
"""The rule of a hand's points stated at the table instead of counted from the cards shown."""
RESULT_TABLE_RULE = "robins.scoring.result-table"
RESULT_HAND_RULE = "robins.scoring.result-hand"
"""The rules of a result hand's table points and hand points as stated (domain/robins/results.py)."""


def went_out(decision: Decision, player: str) -> None:
    """The player's hand is empty: the hand is over."""
    decision.record(HandEnded, reason="went-out", player=player)
    _score_when_counted(decision)


def stock_ran_out(decision: Decision) -> None:
    """The stock was empty when a draw was due: the hand is over."""
    decision.record(HandEnded, reason="stock-empty", player=None)
    _score_when_counted(decision)


def uncounted(state: RobinsState) -> list[str]:
    """The players whose hands wait, at the count stage, to be entered or their counts stated."""
    if state.phase != COUNT:
        return []
    return [p for p in unknown_players(state.hands, state.hands) if p not in state.stated]


def counted(decision: Decision) -> None:
    """Once every hand nobody entered is entered or its count stated, the hand scores."""
    state: RobinsState = decision.state
    if state.phase == COUNT and not uncounted(state):
        _score(decision)


def _score_when_counted(decision: Decision) -> None:
    """A hand with cards nobody entered waits (the count stage) until it is entered or its count stated."""
    state: RobinsState = decision.state
    if state.phase != COUNT:
        _score(decision)


def table_score(state: RobinsState, player: str) -> int:
    """The points of the cards the player put on the table that are still there."""
    return sum(
        table_points(card, stands)
        for meld in state.melds
        for card, stands, by in zip(meld.cards, meld.stands_for, meld.by, strict=True)
        if by == player
    )


def _score(decision: Decision) -> None:
    """Each player scores his cards on the table, less the cards in his hand; then the game ends or goes on."""
    state: RobinsState = decision.state
    cause = decision.last_version
    for player in state.players:
        decision.record(PointsScored, player=player, points=table_score(state, player), rule=TABLE_RULE, cause=cause)
        if player in state.stated:
            points, rule = -state.stated[player], STATED_RULE
        else:
            points, rule = -hand_total(state.hands[player].known, state.options), HAND_RULE
        decision.record(PointsScored, player=player, points=points, rule=rule, cause=cause)
    game_on(decision)


def game_on(decision: Decision) -> None:
    """Once a hand has scored: the first at 505 or more, ahead of the other, wins; else the deal alternates."""
    state: RobinsState = decision.state
    best = max(state.scores.values())
    leaders = [p for p in state.players if state.scores[p] == best]
    if best >= TARGET and len(leaders) == 1:
        decision.record(GameWon, player=leaders[0])
        return
    dealer = state.opponent(state.dealer) if state.dealer else state.players[0]
    decision.record(DealerChosen, dealer=dealer, reason="robins.dealer.alternates")
