"""The confirmations' problem codes: which hand's result may be confirmed, by whom, and with which digest. They reach
the one registry (domain/variants.py) beside the generic codes and each variant's."""

from __future__ import annotations

from domain.problems import Problem

CONFIRMATIONS: tuple[Problem, ...] = (
    Problem(
        "hand-not-scored",
        "Hand not scored yet",
        "the hand in the path: a hand's result is confirmed once the hand has ended and been scored",
        "hand 3 is still being played: its result can be confirmed once it is scored",
        409,
    ),
    Problem(
        "hand-already-confirmed",
        "Hand already confirmed",
        "the player: each player confirms a hand's result once (again only after a correction changed it)",
        "Ann has confirmed hand 2 already",
        409,
    ),
    Problem(
        "confirmation.digest-differs",
        "Not the record's digest",
        "`digest`: when given, it must be the game's digest at the hand's result (the link of the event that "
        "scored it), which the confirmation keeps",
        "this digest is not the record's at hand 2's result (version 41)",
        409,
    ),
)
