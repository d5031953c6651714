"""Robins Rummy: the rulings on irregularities of real play, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

_T = "tests/unit/robins/test_irregularities.py::"

IRREGULARITIES: RuleIndex = rule_index(
    "irregularities",
    "meldbook",
    "| Ruling | Test |",
    (
        (
            "robins.irregularities.misdeal",
            "**A misdeal** is declared by the table (`misdeal`, with its reason and `confirm`) before the first "
            "draw of the hand: the deal is void and the same dealer deals again (the deal alternates only when a "
            "hand has been played). After the first draw it is too late.",
            (_T + "test_a_misdeal_voids_the_deal_before_the_first_draw_and_the_same_dealer_deals_again",),
        ),
        (
            "robins.irregularities.exposed-card",
            "**A card exposed during play** (`expose_card`) stays in its holder's hand; the opponent has seen it, "
            "and every view lists it (`exposed`) until the next deal. No penalty.",
            (_T + "test_an_exposed_card_stays_in_its_holders_hand_and_the_opponent_sees_it",),
        ),
        (
            "robins.irregularities.draw-out-of-turn",
            "**A card drawn from the stock out of turn** (`draw_out_of_turn`) is shown and shuffled back into the "
            "stock; the player whose turn it is plays on. No penalty.",
            (_T + "test_a_card_drawn_out_of_turn_goes_back_into_the_stock_and_the_player_to_act_plays_on",),
        ),
        (
            "robins.irregularities.abandoned",
            "**An abandoned game** (`abandon`, confirmed) ends with the scores as they stand; the hand in progress "
            "is not scored. Option `abandon`: `no_winner` (default), or `leader_wins`, the player ahead wins "
            "(level scores: nobody).",
            (
                _T + "test_an_abandoned_game_ends_with_the_scores_as_they_stand_and_no_winner",
                _T + "test_under_leader_wins_the_player_ahead_wins_an_abandoned_game_and_level_scores_have_no_winner",
            ),
        ),
    ),
)
