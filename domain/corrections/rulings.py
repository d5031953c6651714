"""The rulings on corrections that hold in every variant alike (the corrections are one piece of code for all of
them): each variant's index of corrections (domain/<variant>/index_corrections.py) lists them under its own ids."""

from __future__ import annotations

RuleRow = tuple[str, str, tuple[str, ...]]
"""A row of a rule index: id, sentence, the tests that cover it."""

SHARED: tuple[RuleRow, ...] = (
        (
            "corrections-new-events",
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
            "voiding",
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
            "amending-card",
            "**Amending a card.** A card a recorder named in a recorded deal (or draw) may be amended, in this "
            "hand or a past one; the moves after it are re-executed, and those that still fit stand. With `then: "
            "void-rest` the first that no longer fits is voided with every move after it.",
            (
                "tests/unit/corrections/test_voids_and_amendments.py::"
                "test_amending_a_dealt_card_leaves_the_state_of_the_amended_deal_and_the_moves_that_still_fit",
            ),
        ),
        (
            "corrections-over-http",
            "**Corrections over HTTP.** Every correction is listed among the recorder's `table_actions` with the "
            "moves it may name; voids work in every variant, on SQLite and PostgreSQL alike, and the table goes on "
            "from the corrected state.",
            (
                "tests/e2e/test_corrections.py::"
                "test_a_void_in_every_variant_leaves_the_other_moves_state_and_marks_the_voided_moves",
            ),
        ),
)


def shared_rulings(variant: str) -> tuple[RuleRow, ...]:
    """The shared rulings, each under the variant's id: `<variant>.corrections.<name>`."""
    return tuple((f"{variant}.corrections.{name}", sentence, tests) for name, sentence, tests in SHARED)
