"""Robins Rummy's hands entered by their players, and counts stated at the end of a hand (domain/record/unknown.py)."""

from __future__ import annotations

from domain.errors import IllegalMoveError
from domain.record.unknown import CountStated, HandEntered, check_entry, check_stated
from domain.robins import settle
from domain.robins.checks import make_checks
from domain.robins.rules import JOKER_POINTS, card_places, deck, hand_total
from domain.robins.state import COUNT, PLAY, RobinsState
from domain.rules.actions import Action
from domain.rules.variant import Decision

MOST_A_CARD = JOKER_POINTS
"""The most one card left in hand counts (a joker), which bounds a stated count."""
LEAST_A_CARD = 5
"""The least one card left in hand counts (a 3, 4 or 5; a deuce counts 5 or 20), which bounds it from below."""


def enter_hand(decision: Decision, action: Action) -> None:
    """A player names the cards of his hand the record does not (any time in the hand; at its end, or the recorder
    for him); the checks that waited for the hand are made, and at the end the hand scores once both hands are
    counted."""
    state: RobinsState = decision.state
    player = action.player
    if player not in state.hands or state.phase not in (PLAY, COUNT):
        raise IllegalMoveError(f"{player} holds no hand to enter now", code="hand.known")
    cards = action.get("cards")
    check_entry(player, cards, state.hands[player], deck(), card_places(state))
    decision.record(HandEntered, player=player, cards=cards)
    make_checks(decision)
    settle.counted(decision)


def state_count(decision: Decision, action: Action) -> None:
    """At the end of a hand, a hand nobody entered scores the count its player states instead (against him)."""
    state: RobinsState = decision.state
    player = action.player
    if player not in settle.uncounted(state):
        raise IllegalMoveError(
            f"{player}'s count is not waiting to be stated: only a hand nobody entered, once the hand has ended",
            code="hand.known",
        )
    points = action.get("points")
    zone = state.hands[player]
    check_stated(player, points, zone, MOST_A_CARD)
    named = hand_total(zone.known, state.options)
    least, most = named + LEAST_A_CARD * zone.hidden, named + MOST_A_CARD * zone.hidden
    if not least <= points <= most:
        named_too = f" with the {' '.join(zone.known)} the record names" if zone.known else ""
        raise IllegalMoveError(
            f"{player}'s {zone.size} cards cannot count {points}: at {LEAST_A_CARD} to {MOST_A_CARD} a card"
            f"{named_too}, a stated count is {least} to {most}",
            code="hand.stated-count-range",
        )
    decision.record(CountStated, player=player, points=points)
    settle.counted(decision)
