"""The corrections' problem codes (`correction.*`): what a void or an amendment may not do, and why it was refused.
They reach the one registry (domain/variants.py) beside the generic codes and each variant's."""

from __future__ import annotations

from domain.corrections.plan import CorrectionError
from domain.errors import Problem, problems_of

CORRECTIONS: tuple[Problem, ...] = (
    Problem(
        "correction.unavailable",
        "Record cannot be corrected",
        "a correction re-executes the moves that count, so it needs a record whose every move stored its action",
        "this record was stored before moves carried their actions: it cannot be re-executed, so not corrected",
    ),
    Problem(
        "correction.move-not-counted",
        "Not a move that counts",
        "the correction's `from_move` or `move`: a move of the record that is neither a correction nor voided",
        "move 14 is not a move that counts: it is a correction, voided, or not recorded yet",
    ),
    Problem(
        "correction.void-past-hand",
        "Only the current hand's moves are voided",
        "`from_move`: a void takes back the last moves of the current hand; a past hand is corrected by amending "
        "a card",
        "move 3 belongs to a past hand: only the current hand's moves (from move 40) are voided; amend a past "
        "hand's card instead",
    ),
    Problem(
        "correction.not-amendable",
        "Move whose cards are not amended",
        "`move`: an amendment changes a card a recorder named in a recorded game's deal or draw",
        "move 5 is a discard in a recorded game: only the cards a recorder named in a recorded deal or draw are "
        "amended",
    ),
    Problem(
        "correction.same-card",
        "Amendment that changes nothing",
        "`replacement`: the card the amended move should have named, not the one it names",
        "replacement must differ from card",
    ),
    Problem(
        "correction.card-not-in-move",
        "Card not named by the move",
        "`card` (and `holder`): the card as the amended move entered it",
        "the deal does not name 7H in ann's hand",
    ),
    Problem(
        "correction.card-ambiguous",
        "Card named twice",
        "`holder`: with two packs a deal may name a card in two hands; holder says which",
        "the deal names 7H in more than one place: holder must say whose hand holds it",
    ),
    Problem(
        "correction.later-move-breaks",
        "A later move would no longer fit",
        "`then`: the corrected record is re-executed through the rules; the first move they refuse is named "
        "(`move`, `version`, `move_code`, `move_detail`), and the correction is refused unless then is void-rest",
        "move 57 (version 130) would no longer fit: bob does not hold 7H (card-conflict); send then: void-rest to "
        "void it and every move after it",
    ),
    *problems_of(CorrectionError),
)
