"""Roby: the rulings on corrections, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.corrections.rulings import shared_rulings
from domain.rule import RuleIndex, rule_index

CORRECTIONS: RuleIndex = rule_index(
    "corrections",
    "meldbook",
    "| Ruling | Test |",
    (
        *shared_rulings("roby"),
        (
            "roby.corrections.later-move-no-longer-fits",
            "**A later move that no longer fits.** An amendment that makes a later move impossible (a discard of "
            "the card no longer drawn) is refused naming that move: its number, its version, its code and "
            "sentence; or, as the caller chooses, applied with that move and every later one voided.",
            (
                "tests/unit/corrections/test_voids_and_amendments.py::"
                "test_amending_a_drawn_card_that_was_discarded_is_refused_naming_the_discard_or_voids_it",
            ),
        ),
        (
            "roby.corrections.amendment-changes-only-what-depends",
            "**An amendment changes only what depends on it.** A drawn card still held, amended, changes that hand "
            "and posts no entry.",
            (
                "tests/unit/corrections/test_voids_and_amendments.py::"
                "test_amending_a_drawn_card_still_held_changes_the_hand_and_nothing_else",
            ),
        ),
        (
            "roby.corrections.arbiter-s-corrections",
            "**The arbiter's corrections.** The arbiter amends no card of the current hand, whose cards he does "
            "not see; a refusal naming a move of the current hand gives him its code, not its sentence.",
            ("tests/unit/corrections/test_arbiter.py::test_the_arbiter_amends_no_card_of_the_current_hand",),
        ),
        (
            "roby.corrections.two-packs",
            "**Two packs.** When a deal names the card in two hands, `holder` says whose.",
            (
                "tests/unit/corrections/test_voids_and_amendments.py::"
                "test_with_two_packs_a_card_dealt_to_two_hands_needs_its_holder",
            ),
        ),
        (
            "roby.corrections.past-hand-corrected-final-pot",
            "**A past hand corrected: the final pot.** A card found wrong after the hand (cy held 7S, not KH) "
            "re-derives the hand's points and all that followed: cy stays in, so bob and cy no longer both bust, "
            "ann no longer wins, and her final pot is reversed. The ledger keeps the original line beside its "
            "reversal (`correction.reversal`, its cause the entry reversed) and the replacement "
            "(`correction.replacement`, its cause the corrected move); only the entries that changed are posted "
            "again.",
            (
                "tests/unit/corrections/test_roby_past_hand.py::"
                "test_a_past_hand_correction_reverses_the_final_pot_when_the_player_who_busted_had_not",
            ),
        ),
        (
            "roby.corrections.past-hand-corrected-re-enlistment",
            "**A past hand corrected: a re-enlistment fee.** With four players, cy no longer busting makes bob's "
            "fee the pot over three players, not two: the fee is reversed and replaced. Cy's own re-enlistment no "
            "longer fits: the correction is refused naming it, or voids it with every later move.",
            (
                "tests/unit/corrections/test_roby_past_hand.py::"
                "test_a_past_hand_correction_replaces_a_re_enlistment_fee_and_refuses_the_decision_that_no_longer_fits",
            ),
        ),
    ),
)
