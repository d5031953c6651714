"""Robins Rummy's irregularities: when the table may record each, and what follows (its rules index's rulings)."""

from __future__ import annotations

from typing import Any

from domain.cards.zones import named_counts
from domain.errors import IllegalMoveError
from domain.irregularities import rules
from domain.robins import forward
from domain.robins.checks import EXPOSED
from domain.robins.events import GameWon
from domain.robins.rules import STOCK_SIZE, deck
from domain.robins.state import OVER, PLAY, RobinsState
from domain.robins.turn import named_cards
from domain.rules.actions import Action
from domain.rules.variant import Decision, OptionSpec

ABANDON_SETTLEMENT = OptionSpec(
    "abandon",
    "no_winner",
    "an abandoned game (the players leave): the scores stand as they are; no_winner, or leader_wins: the "
    "player ahead wins (level scores: nobody)",
    ("no_winner", "leader_wins"),
)
"""The option saying how an abandoned game is settled."""


def _in_play(state: RobinsState, what: str) -> None:
    if state.phase != PLAY or state.hand_over or state.turn is None:
        raise IllegalMoveError(f"{what} is recorded while a hand is played", code="wrong-phase")


def _named(state: RobinsState) -> Any:
    return named_counts([named_cards(state)])


def misdeal(decision: Decision, action: Action) -> None:
    """A misdeal voids the deal before the first draw of the hand; the same dealer deals again."""
    state: RobinsState = decision.state
    fresh = state.phase == PLAY and not state.hand_over and not state.drawn and state.stock.size == STOCK_SIZE
    rules.declare_misdeal(decision, action, state.dealer, fresh, "before the first draw of the hand")


def expose_card(decision: Decision, action: Action) -> None:
    """A card exposed during play stays in its holder's hand; the opponent has seen it. Exposed from the cards of
    a hand nobody entered yet, the check that it was there waits for the hand (domain/irregularities/rules.py)."""
    state: RobinsState = decision.state
    _in_play(state, "an exposed card")
    rules.expose_card(decision, action, state.hands, deck(), _named(state), EXPOSED)


def draw_out_of_turn(decision: Decision, action: Action) -> None:
    """A card drawn from the stock out of turn is shown and shuffled back into the stock."""
    state: RobinsState = decision.state
    _in_play(state, "a draw out of turn")
    rules.draw_out_of_turn(decision, action, state.turn, deck(), _named(state))


def abandon_settlement(state: RobinsState) -> str:
    """How an abandoned game is settled: the game's option (a game created before the option: its default)."""
    return str(state.options.get(ABANDON_SETTLEMENT.name, ABANDON_SETTLEMENT.default))


def abandon(decision: Decision, action: Action) -> None:
    """The players leave: the scores stand as they are (the hand in progress scores nothing); nobody wins, or,
    under option abandon=leader_wins, the player ahead wins (level scores: nobody)."""
    state: RobinsState = decision.state
    settlement = abandon_settlement(state)
    rules.abandon(decision, state.phase == OVER, settlement)
    best = max(state.scores.values())
    leaders = [p for p in state.players if state.scores[p] == best]
    if settlement == "leader_wins" and len(leaders) == 1:
        decision.record(GameWon, player=leaders[0])


def table_examples(state: RobinsState, kind: str) -> list[dict[str, Any]]:
    """Examples for the irregularities that need a player and a card, and for standings brought forward."""
    if kind == "bring_forward":
        return [forward.example(state)]
    hands = state.hands if state.phase == PLAY and not state.hand_over else {}
    return rules.table_examples(kind, state, hands, deck(), _named(state), state.turn)
