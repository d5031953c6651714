"""Roby's hands entered by their players, and counts stated at the end of a hand (domain/record/unknown.py)."""

from __future__ import annotations

from domain.errors import IllegalMoveError
from domain.record.unknown import CountStated, HandEntered, check_entry, check_stated
from domain.roby import settle, waiting
from domain.roby.rules import card_places, deck_of
from domain.roby.state import COUNT, RobyState
from domain.rules.actions import Action
from domain.rules.variant import Decision

MOST_A_CARD = 11
"""The most one card counts (an ace), which bounds a stated count."""


def enter_hand(decision: Decision, action: Action) -> None:
    """A player names the cards of his hand the record does not (any time in the hand; at its end, or the recorder
    for him); checks that waited for the hand are made, and at the end the hand scores once every hand is counted."""
    state: RobyState = decision.state
    player = action.player
    if player not in state.hands:
        raise IllegalMoveError(f"{player} was dealt no hand this deal", code="hand.known")
    cards = action.get("cards")
    check_entry(player, cards, state.hands[player], deck_of(state.options), card_places(state))
    decision.record(HandEntered, player=player, cards=cards)
    waiting.make_checks(decision)
    settle.counted(decision)


def state_count(decision: Decision, action: Action) -> None:
    """At the end of a hand, a hand nobody entered scores the count its player states instead."""
    state: RobyState = decision.state
    player = action.player
    if state.phase != COUNT or player not in settle.uncounted(state):
        raise IllegalMoveError(
            f"{player}'s count is not waiting to be stated: only a hand nobody entered, once another player has "
            "gone out",
            code="hand.known",
        )
    check_stated(player, action.get("points"), state.hands[player], MOST_A_CARD)
    decision.record(CountStated, player=player, points=action.get("points"))
    settle.counted(decision)
