"""The notation's problem codes: a record that cannot be read, or whose stated facts the rules compute otherwise.
They reach the one registry (domain/variants.py) beside the generic codes and each variant's."""

from __future__ import annotations

from domain.errors import Problem, problems_of
from domain.notation.errors import NotationError

NOTATION: tuple[Problem, ...] = (
    Problem(
        "notation-discarded",
        "Discarded game not exported",
        "the game to export: one its recorder discarded is not exported (its events and state still read); a game "
        "whose setup was amended is exported as amended",
        "game 00000000-0000-4000-8000-000000000000 was discarded by its recorder: a discarded game is not exported",
    ),
    Problem(
        "notation-unknown-tag",
        "Unknown tag",
        "a tag pair of a record: Variant, Event, Site, Date, Title, Seat1..., DealMode, Recording, Access, "
        "Option.<name>",
        "line 3, column 2: [Stakes ...] is not a tag of the notation",
    ),
    Problem(
        "notation-missing-tag",
        "Record without its tags",
        "the tag pairs a record starts with, [Variant ...] among them",
        'line 1, column 1: a record starts with its tag pairs, [Variant "roby"] among them',
    ),
    Problem(
        "notation-move-number",
        "Move out of order",
        "a move line's number: the moves of a record are numbered 1, 2, 3, ... in order",
        "line 20, column 1: this is move 12 of the game, not 13",
    ),
    Problem(
        "notation-dealer",
        "Dealer differs",
        "a hand's header, Hand <number> dealer <name>: the dealer it names is the actor of the hand's deal line",
        "line 30, column 16: the header names bob the dealer of hand 2, but its deal line is ann's",
    ),
    Problem(
        "notation-too-long",
        "Record too long to import",
        "the steps one record may take to import (docs/notation.md): at most 50,000 lines, 10,000 actions (its "
        "variations' moves included), 200,000 events played again to reach its variations, and 20,000 characters a "
        "line; the record is refused at the line where it needs more",
        "line 10012, column 1: a record takes at most 10,000 actions (its variations' moves included): this one needs "
        "more by this line, so it is not imported (split a longer session into one record a game)",
    ),
    Problem(
        "unknown-card-not-supported",
        "Unknown card",
        "a card written ?? (not known): Meldbook records only named cards until unknown cards exist",
        "line 9, column 20: ?? stands for a card not known, which Meldbook cannot record yet: name the card",
    ),
    Problem(
        "notation-voided-mark",
        "Voided mark differs",
        "a move line marked ~ (voided) and the correction lines after it: every move a correction voids is marked ~, "
        "and every move marked ~ is voided by a correction after it",
        "line 31, column 1: move 12 is marked voided (~), but no correction after it voids it",
    ),
    Problem(
        "stated-result-differs",
        "Stated result differs",
        "a result line of a record: each stated figure must be what the rules compute, unless imported with "
        "claims=keep, which keeps it as a claim",
        "line 40, column 8: the record states 35 points for ann in hand 1, the rules compute 30; ...",
    ),
    *problems_of(NotationError),
)
"""The notation's own refusals (a refused move keeps the code POST /moves gives it)."""
