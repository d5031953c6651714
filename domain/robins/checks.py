"""Robins Rummy's checks that wait for a hand nobody entered yet (domain/unknown.py), and the findings they make.

Robins' rules of play read only the cards a move names, the table and how many cards a hand holds, so every move
from an unknown hand is checked when it is made. One rule needs the hand's cards: a card exposed from it during play
stays in it (robins.irregularities.exposed-card), which only the whole hand can confirm.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.robins.state import RobinsState
from domain.unknown import Check, defer, make_deferred_checks
from domain.variant import Decision

EXPOSED = "robins.irregularities.exposed-card"


def defer_exposure(decision: Decision, holder: str, card: str) -> None:
    """A card exposed from the cards of a hand the record does not name waits for the hand to be known."""
    state: RobinsState = decision.state
    hand = state.hands[holder]
    if hand.hidden and card not in hand.known:
        defer(decision, holder, EXPOSED, hand.known, {"card": card})


def make_checks(decision: Decision) -> None:
    """Make the checks that waited for a hand now known in full, recording what they find."""
    make_deferred_checks(decision, CHECKS)


def _exposed_finding(player: str, hand: list[str], context: Mapping[str, Any]) -> tuple[str, str] | None:
    """The exposed card was in the hand as it was then (its cards named since included), or a finding."""
    card = str(context["card"])
    if card in hand:
        return None
    return EXPOSED, f"{card} was exposed from {player}'s hand, but the hand as known held no {card} then ({EXPOSED})"


CHECKS: dict[str, Check] = {EXPOSED: _exposed_finding}
"""The checks that may wait for a hand, by the rule they record."""
