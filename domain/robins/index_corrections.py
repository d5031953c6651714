"""Robins Rummy: the rulings on corrections, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

CORRECTIONS: RuleIndex = rule_index(
    "corrections",
    "meldbook",
    "| Ruling | Test |",
    (
        (
            "robins.corrections.corrections-new-events",
            "**Corrections are new events.** Nothing stored is edited or deleted: a correction is a move of its "
            "own (`POST /games/{id}/corrections`, by the recorder or the arbiter, with a reason), stored as its "
            "envelope, any reversal and replacement entries, and a `RecordCorrected` event. The game's state is "
            "then the moves that still count re-executed through the same rules that recorded them.",
            (
                "tests/unit/corrections/test_voids_and_amendments.py::"
                "test_voiding_the_last_moves_of_the_hand_leaves_the_state_the_other_moves_make",
            ),
        ),
        (
            "robins.corrections.voiding",
            "**Voiding.** A void takes back the current hand's moves from the one it names to the last; they stay "
            "in `/events` and the replay, marked `voided` with the version of the correction, and count no more. "
            "It reaches back no further than the current hand's deal (a past hand is corrected by amending a "
            "card), and names only moves that count.",
            (
                "tests/unit/corrections/test_voids_and_amendments.py::"
                "test_a_void_reaches_no_further_back_than_the_current_hand_and_names_only_moves_that_count",
            ),
        ),
        (
            "robins.corrections.amending-card",
            "**Amending a card.** A card a recorder named in a recorded deal (or draw) may be amended, in this "
            "hand or a past one; the moves after it are re-executed, and those that still fit stand. With `then: "
            "void-rest` the first that no longer fits is voided with every move after it.",
            (
                "tests/unit/corrections/test_voids_and_amendments.py::"
                "test_amending_a_dealt_card_leaves_the_state_of_the_amended_deal_and_the_moves_that_still_fit",
            ),
        ),
        (
            "robins.corrections.corrections-over-http",
            "**Corrections over HTTP.** Every correction is listed among the recorder's `table_actions` with the "
            "moves it may name; voids work in every variant, on SQLite and PostgreSQL alike, and the table goes on "
            "from the corrected state.",
            (
                "tests/e2e/test_corrections.py::"
                "test_a_void_in_every_variant_leaves_the_other_moves_state_and_marks_the_voided_moves",
            ),
        ),
    ),
)
