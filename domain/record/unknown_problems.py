"""The problem codes of hands the record does not know yet (domain/record/unknown.py), shared by every variant."""

from __future__ import annotations

from domain.errors import Problem

UNKNOWN_HANDS: tuple[Problem, ...] = (
    Problem(
        "hand.known",
        "Nothing to enter or state",
        "a hand is entered, or its count stated, only while the record does not name its cards: an entry during the "
        "hand, or at its end an entry or a stated count for a hand nobody entered",
        "the record names every card of ann's hand: there is nothing to enter",
    ),
    Problem(
        "hand.entry-count",
        "Wrong number of cards entered",
        "an entry names exactly the cards of the hand that the record does not name yet",
        "ann's hand holds 9 cards the record does not name besides the 1 it names: enter exactly those 9, not 10",
    ),
    Problem(
        "hand.stated-count-range",
        "Count the hand could not make",
        "a stated count is a whole number from 0 to what the hand's cards could count at most",
        "bob's 7 cards cannot count 90: a stated count is 0 to 77",
    ),
)
"""Entering a hand and stating its count."""
