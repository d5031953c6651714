"""Robins Rummy: the seed's rule sentences, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

SEED: RuleIndex = rule_index(
    "seed",
    "seed",
    "| rule text | test |",
    (
        (
            "robins.seed.two-players-full-deck-with",
            "Two players, and a full deck with 2 jokers is required.",
            (
                "tests/unit/robins/test_deal.py::test_two_players_and_a_deck_with_two_jokers",
                "tests/unit/robins/test_deal.py::test_a_third_player_is_refused_at_creation",
            ),
        ),
        (
            "robins.seed.dealer-changes-end-every-hand",
            "The dealer changes at the end of every hand.",
            ("tests/unit/robins/test_deal.py::test_the_deal_alternates_every_hand",),
        ),
        (
            "robins.seed.if-having-not-played-for",
            "(If having not played for 24 hours or more, the most recent looser deals first)",
            ("tests/unit/robins/test_deal.py::test_a_linked_game_names_the_first_dealer",),
        ),
        (
            "robins.seed.after-shuffle-deal-7-cards",
            "After the shuffle and the deal of 7 cards apiece, the next (15th) card ... is flipped over ... as the "
            "first card in the discard pile.",
            ("tests/unit/robins/test_deal.py::test_seven_cards_each_and_the_fifteenth_card_starts_the_discard_pile",),
        ),
        (
            "robins.seed.person-having-been-dealt-plays",
            "The person having been dealt to plays the first turn.",
            ("tests/unit/robins/test_deal.py::test_the_non_dealer_plays_first",),
        ),
        (
            "robins.seed.one-card-must-taken-from",
            "One card must be taken from the top of the deck at the start of each turn.",
            ("tests/unit/robins/test_turn.py::test_the_stock_draw_comes_first_and_is_mandatory",),
        ),
        (
            "robins.seed.if-first-card-discard-pile",
            "If the first card in the discard pile is a wild card, and the player picks it up they may not go "
            "\"out\" on that turn.",
            (
                "tests/unit/robins/test_turn.py::"
                "test_a_player_who_took_the_wild_first_upcard_may_not_go_out_that_turn",
            ),
        ),
        (
            "robins.seed.if-only-top-card-from",
            "If only the top card from the discard pile is picked up, it does not have to be used in that turn.",
            ("tests/unit/robins/test_turn.py::test_the_top_discard_alone_need_not_be_used",),
        ),
        (
            "robins.seed.if-more-than-one-card",
            "If more than one card is picked up from the discard pile, the furthest card picked up to must be used "
            "in a run during that turn.",
            (
                "tests/unit/robins/test_turn.py::test_a_multi_card_pickup_must_use_the_chosen_card",
                "tests/unit/robins/test_turn.py::test_a_pickup_may_lay_the_chosen_card_off_instead",
                "tests/unit/robins/test_turn.py::test_an_unused_picked_up_card_is_refused_and_nothing_stored",
            ),
        ),
        (
            "robins.seed.during-ones-turn-run-cards",
            "During ones turn, a run of cards may be placed face up on the table which will be counted as positive "
            "points at end of hand.",
            (
                "tests/unit/robins/test_scoring.py::"
                "test_melds_count_for_the_player_and_cards_left_in_hand_against_him",
            ),
        ),
        (
            "robins.seed.end-each-turn-one-card",
            "At the end of each turn, one card must be placed face up on the top of the discarded pile.",
            ("tests/unit/robins/test_turn.py::test_a_turn_ends_with_a_discard",),
        ),
        (
            "robins.seed.if-one-more-cards-picked",
            "If one or more cards are picked up from the discard pile one additional card must be discarded.",
            ("tests/unit/robins/test_turn.py::test_a_pickup_means_one_extra_discard",),
        ),
        (
            "robins.seed.when-one-person-has-laid",
            "When one person has laid all their cards down by making runs and discarding, the hand is over.",
            (
                "tests/unit/robins/test_turn.py::"
                "test_a_player_who_empties_his_hand_ends_it_with_or_without_a_final_discard",
            ),
        ),
        (
            "robins.seed.rummy-any-card-placed-discard",
            "A Rummy is any card placed as a discard that can fit into a run already played on the table, which "
            "can be picked up and used immediately in that run by the opponent, or by the discarder, but only "
            "after the completion of the opponent's turn.",
            (
                "tests/unit/robins/test_rummy.py::test_a_discard_that_fits_a_meld_opens_a_rummy_claim",
                "tests/unit/robins/test_rummy.py::"
                "test_the_opponent_may_claim_a_rummy_at_the_start_of_his_turn_and_lays_it_off_at_once",
                "tests/unit/robins/test_rummy.py::"
                "test_the_discarder_may_claim_his_own_rummy_after_the_opponents_turn",
            ),
        ),
        (
            "robins.seed.any-cards-left-your-hand",
            "Any cards left in your hand at the end of that hand is counted as negative points against your score.",
            (
                "tests/unit/robins/test_scoring.py::"
                "test_melds_count_for_the_player_and_cards_left_in_hand_against_him",
            ),
        ),
        (
            "robins.seed.jokers-30-points-wherever-they",
            "Jokers 30 points wherever they are played.",
            ("tests/unit/robins/test_scoring.py::test_a_joker_counts_30_on_the_table_and_in_hand",),
        ),
        (
            "robins.seed.duces-take-value-natural-card",
            "Duces take the value of the natural card they represent.",
            ("tests/unit/robins/test_scoring.py::test_a_deuce_on_the_table_counts_as_the_card_it_stands_for",),
        ),
        (
            "robins.seed.10-kind-possible",
            "10 Of A Kind is possible.",
            ("tests/unit/robins/test_melds.py::test_ten_of_a_kind_is_possible",),
        ),
        (
            "robins.seed.aces-20-points-face-cards",
            "Aces are 20 points, face cards are 15 points, 6-10 are 10 points, 3-5 are 5 points.",
            ("tests/unit/robins/test_scoring.py::test_card_points",),
        ),
        (
            "robins.seed.jokers-duces-wild-cards-duces",
            "Jokers and duces are wild cards, Duces can represent any natural card.",
            (
                "tests/unit/robins/test_melds.py::test_jokers_and_deuces_are_wild",
                "tests/unit/robins/test_melds.py::test_a_deuce_stands_for_the_natural_card_declared",
            ),
        ),
        (
            "robins.seed.run-jokers-must-placed-position",
            "In a run, jokers must be placed in the position just below the highest natural single card, or below "
            "lowest card of the highest consecutive succession. (K Q J joker 9. The joker being the 10)",
            (
                "tests/unit/robins/test_melds.py::test_a_joker_in_a_run_takes_the_highest_gap_below_the_top",
                "tests/unit/robins/test_melds.py::"
                "test_a_joker_with_no_gap_goes_below_the_lowest_or_else_above_the_top",
            ),
        ),
        (
            "robins.seed.wild-cards-played-table-run",
            "Wild cards played on the table in a run may be picked up (exchanged) if replaced by the natural card "
            "it had represented.",
            ("tests/unit/robins/test_turn.py::test_a_wild_on_the_table_is_exchanged_for_the_card_it_stands_for",),
        ),
        (
            "robins.seed.3-card-straight-flush-3",
            "3 card straight flush, 3 (or more) consecutively numbered cards of the same suit, which can be added "
            "to by either player.",
            (
                "tests/unit/robins/test_melds.py::"
                "test_a_straight_flush_is_three_consecutive_cards_of_one_suit_and_either_player_may_add",
            ),
        ),
        (
            "robins.seed.5-card-flush-5-more",
            "5 card flush, 5 (or more) cards of the same suit, which can be added to by either player.",
            ("tests/unit/robins/test_melds.py::test_a_flush_is_five_cards_of_one_suit_and_either_player_may_add",),
        ),
        (
            "robins.seed.5-more-consecutively-numbered-cards",
            "5 (or more) consecutively numbered cards with non consecutive, random suits. A \"Nat\", once played "
            "cannot be added to, or contain wild cards.",
            ("tests/unit/robins/test_melds.py::test_a_nat_is_closed_and_holds_no_wilds",),
        ),
        (
            "robins.seed.first-505-more-points-wins",
            "The first 505 (or more) points wins game.",
            ("tests/unit/robins/test_scoring.py::test_the_first_player_to_505_wins",),
        ),
    ),
)
