"""The irregularities' problem codes (`irregularity.*`): why the table may not record one now. They reach the one
registry (domain/variants.py) beside the generic codes and each variant's."""

from __future__ import annotations

from domain.errors import Problem

IRREGULARITIES: tuple[Problem, ...] = (
    Problem(
        "irregularity.misdeal-too-late",
        "Too late for a misdeal",
        "a misdeal voids a deal on which nothing has been played yet (each variant's rules index says when)",
        "a misdeal is declared before the first draw of the hand; it is too late, or there is no deal",
    ),
    Problem(
        "irregularity.not-in-hand",
        "Card not in that hand",
        "`card` and `holder`: an exposed card is one the record places in the holder's hand (or may)",
        "7H is not in ann's hand",
    ),
    Problem(
        "irregularity.on-turn",
        "Not out of turn",
        "`drawer`: a draw out of turn is one by a player whose turn it is not",
        "it is ann's turn: his draw is an ordinary draw, not one out of turn",
    ),
    Problem(
        "irregularity.stock-empty",
        "Stock empty",
        "a card drawn out of turn comes from the stock, which must hold cards",
        "the stock is empty: nothing was drawn from it",
    ),
    Problem(
        "irregularity.not-in-stock",
        "Card not in the stock",
        "`card`: a card drawn out of turn is one the stock may hold (in a shuffled game, its top card)",
        "7H cannot come from the stock: every copy of it is already accounted for",
    ),
)
