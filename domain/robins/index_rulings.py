"""Robins Rummy: the rulings of RULINGS.md, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

RULINGS: RuleIndex = rule_index(
    "rulings",
    "ruling",
    "| rule text | test |",
    (
        (
            "robins.rulings.no-combination-rules-may-leave",
            "No combination of rules may leave a player without a legal way to go on; such an action is refused "
            "with the reason, and nothing is stored.",
            ("tests/unit/robins/test_turn.py::test_an_action_that_leaves_no_legal_way_to_end_the_turn_is_refused",),
        ),
        (
            "robins.rulings.exactly-two-players-54-cards",
            "Exactly two players; 54 cards; seven each; the 15th card starts the pile; 39 remain in the stock.",
            (
                "tests/unit/robins/test_deal.py::test_a_third_player_is_refused_at_creation",
                "tests/unit/robins/test_deal.py::"
                "test_seven_cards_each_and_the_fifteenth_card_starts_the_discard_pile",
            ),
        ),
        (
            "robins.rulings.non-dealer-plays-first-deal",
            "The non-dealer plays first; the deal alternates every hand.",
            (
                "tests/unit/robins/test_deal.py::test_the_non_dealer_plays_first",
                "tests/unit/robins/test_deal.py::test_the_deal_alternates_every_hand",
            ),
        ),
        (
            "robins.rulings.first-dealer-loser-most-recent",
            "First dealer: the loser of the most recent game, when the record links to it; otherwise a cut. The "
            "24-hour clause is recorded, not enforced.",
            ("tests/unit/robins/test_deal.py::test_a_linked_game_names_the_first_dealer",),
        ),
        (
            "robins.rulings.first-dealer-cut-higher-card",
            "First dealer by cut: the higher card deals (ace high); ties cut again.",
            ("tests/unit/robins/test_deal.py::test_the_higher_cut_deals_and_ties_cut_again",),
        ),
        (
            "robins.rulings.wild-cards-two-jokers-four",
            "Wild cards: the two jokers and the four deuces.",
            ("tests/unit/robins/test_melds.py::test_jokers_and_deuces_are_wild",),
        ),
        (
            "robins.rulings.ace-20-k-q-j",
            "Ace 20; K, Q, J 15; 10 to 6: 10; 5 to 3: 5; joker 30 wherever it is.",
            (
                "tests/unit/robins/test_scoring.py::test_card_points",
                "tests/unit/robins/test_scoring.py::test_a_joker_counts_30_on_the_table_and_in_hand",
            ),
        ),
        (
            "robins.rulings.deuce-table-counts-card-represents",
            "A deuce on the table counts as the card it represents; a deuce left in hand counts 5 [opt 20].",
            (
                "tests/unit/robins/test_scoring.py::test_a_deuce_on_the_table_counts_as_the_card_it_stands_for",
                "tests/unit/robins/test_scoring.py::test_a_deuce_left_in_hand_counts_5_or_20_by_option",
            ),
        ),
        (
            "robins.rulings.options-declared-when-game-created",
            "Options are declared when the game is created and stored in the record.",
            ("tests/unit/robins/test_deal.py::test_options_are_declared_at_creation_and_stored",),
        ),
        (
            "robins.rulings.straight-flush-3-consecutive-cards",
            "Straight flush: 3+ consecutive cards of one suit; either player may add to it.",
            (
                "tests/unit/robins/test_melds.py::"
                "test_a_straight_flush_is_three_consecutive_cards_of_one_suit_and_either_player_may_add",
            ),
        ),
        (
            "robins.rulings.flush-5-cards-one-suit",
            "Flush: 5+ cards of one suit; either player may add to it.",
            ("tests/unit/robins/test_melds.py::test_a_flush_is_five_cards_of_one_suit_and_either_player_may_add",),
        ),
        (
            "robins.rulings.nat-5-consecutive-cards-not",
            "Nat: 5+ consecutive cards not all of one suit, no wild cards, closed once played.",
            ("tests/unit/robins/test_melds.py::test_a_nat_is_closed_and_holds_no_wilds",),
        ),
        (
            "robins.rulings.set-3-cards-one-rank",
            "Set: 3+ cards of one rank, wilds allowed, either player may add to it.",
            ("tests/unit/robins/test_melds.py::test_a_set_is_three_or_more_cards_of_one_rank_with_wilds",),
        ),
        (
            "robins.rulings.every-meld-holds-least-one",
            "Every meld holds at least one natural card.",
            ("tests/unit/robins/test_melds.py::test_every_meld_holds_a_natural_card",),
        ),
        (
            "robins.rulings.ace-high-low-no-wrap",
            "The ace is high or low, no wrap-around.",
            ("tests/unit/robins/test_melds.py::test_the_ace_is_high_or_low_without_wrap_around",),
        ),
        (
            "robins.rulings.deuces-stand-for-any-natural",
            "Deuces stand for any natural card the player declares, a 2 included (counting 5).",
            (
                "tests/unit/robins/test_melds.py::test_a_deuce_may_stand_for_a_two",
                "tests/unit/robins/test_melds.py::test_an_illegal_wild_declaration_is_refused_and_nothing_stored",
            ),
        ),
        (
            "robins.rulings.wild-set-one-card-set",
            "A wild in a set is one card of the set's rank, in a suit the set does not yet show.",
            ("tests/unit/robins/test_melds.py::test_a_wild_in_a_set_takes_a_suit_the_set_does_not_show",),
        ),
        (
            "robins.rulings.joker-sequence-takes-highest-rank",
            "A joker in a sequence takes the highest rank missing below the highest card; with no gap just below "
            "the lowest, or just above the top when nothing lies below.",
            (
                "tests/unit/robins/test_melds.py::test_a_joker_in_a_run_takes_the_highest_gap_below_the_top",
                "tests/unit/robins/test_melds.py::"
                "test_a_joker_with_no_gap_goes_below_the_lowest_or_else_above_the_top",
            ),
        ),
        (
            "robins.rulings.two-jokers-placed-one-after",
            "Two jokers are placed one after the other.",
            ("tests/unit/robins/test_melds.py::test_two_jokers_are_placed_one_after_the_other",),
        ),
        (
            "robins.rulings.joker-flush-placed-same-way",
            "A joker in a flush is placed the same way; in a set it takes the set's rank.",
            (
                "tests/unit/robins/test_melds.py::"
                "test_a_joker_in_a_flush_takes_the_highest_missing_card_below_the_top",
                "tests/unit/robins/test_melds.py::test_a_set_is_three_or_more_cards_of_one_rank_with_wilds",
            ),
        ),
        (
            "robins.rulings.deuces-declared-before-jokers-placed",
            "Deuces are declared before jokers are placed.",
            ("tests/unit/robins/test_melds.py::test_deuces_are_declared_before_jokers_are_placed",),
        ),
        (
            "robins.rulings.meld-keeps-type-was-laid",
            "A meld keeps the type it was laid as.",
            ("tests/unit/robins/test_melds.py::test_a_meld_keeps_the_type_it_was_laid_as",),
        ),
        (
            "robins.rulings.player-may-exchange-wild-any",
            "A player may exchange a wild in any meld for the natural card it represents; the wild goes to his hand.",
            ("tests/unit/robins/test_turn.py::test_a_wild_on_the_table_is_exchanged_for_the_card_it_stands_for",),
        ),
        (
            "robins.rulings.card-wild-stands-for-reaches",
            "The card a wild stands for reaches the table only by that exchange, never as a lay-off on the same "
            "meld.",
            ("tests/unit/robins/test_melds.py::test_the_card_a_wild_stands_for_is_not_laid_off_beside_it",),
        ),
        (
            "robins.rulings.turn-order-draw-from-stock",
            "Turn order: draw from the stock (mandatory); then once, the top discard or several down to a chosen "
            "card; then melds, lay-offs, exchanges; then the discards.",
            (
                "tests/unit/robins/test_turn.py::test_the_stock_draw_comes_first_and_is_mandatory",
                "tests/unit/robins/test_turn.py::test_the_discard_pile_is_taken_from_once_right_after_the_draw",
            ),
        ),
        (
            "robins.rulings.multi-card-pickup-recorded-together",
            "A multi-card pickup is recorded together with the meld or lay-off that uses the chosen card; a pickup "
            "whose card cannot be used is refused before anything is stored.",
            (
                "tests/unit/robins/test_turn.py::test_a_multi_card_pickup_must_use_the_chosen_card",
                "tests/unit/robins/test_turn.py::test_an_unused_picked_up_card_is_refused_and_nothing_stored",
            ),
        ),
        (
            "robins.rulings.discard-one-card-plus-one",
            "Discard one card, plus one more if anything was taken from the pile.",
            ("tests/unit/robins/test_turn.py::test_a_pickup_means_one_extra_discard",),
        ),
        (
            "robins.rulings.pickup-includes-wild-first-upcard",
            "A pickup that includes the wild first upcard bars going out that turn, a later pickup down to the "
            "bottom included.",
            (
                "tests/unit/robins/test_turn.py::"
                "test_a_player_who_took_the_wild_first_upcard_may_not_go_out_that_turn",
                "tests/unit/robins/test_turn.py::test_a_later_pickup_down_to_a_wild_first_upcard_also_bars_going_out",
            ),
        ),
        (
            "robins.rulings.going-out-hand-ends-when",
            "Going out: the hand ends when a player's hand is empty, with or without a final discard.",
            (
                "tests/unit/robins/test_turn.py::"
                "test_a_player_who_empties_his_hand_ends_it_with_or_without_a_final_discard",
            ),
        ),
        (
            "robins.rulings.claims-come-first-start-turn",
            "Claims come first at the start of a turn; then, if the stock is empty when the draw is due, the hand "
            "ends and is scored.",
            (
                "tests/unit/robins/test_rummy.py::"
                "test_when_the_stock_is_empty_at_the_draw_the_hand_ends_after_any_claim",
            ),
        ),
        (
            "robins.rulings.every-discard-fits-meld-when",
            "Every discard that fits a meld when discarded opens a claim (both discards of a turn can).",
            ("tests/unit/robins/test_rummy.py::test_a_discard_that_fits_a_meld_opens_a_rummy_claim",),
        ),
        (
            "robins.rulings.opponent-may-claim-start-next",
            "The opponent may claim it at the start of his next turn, before drawing, and lays it off at once.",
            (
                "tests/unit/robins/test_rummy.py::"
                "test_the_opponent_may_claim_a_rummy_at_the_start_of_his_turn_and_lays_it_off_at_once",
            ),
        ),
        (
            "robins.rulings.if-does-not-discarder-may",
            "If he does not, the discarder may claim it at the start of his own next turn, from under later "
            "discards; then the claim lapses.",
            (
                "tests/unit/robins/test_rummy.py::"
                "test_the_discarder_may_claim_his_own_rummy_after_the_opponents_turn",
                "tests/unit/robins/test_rummy.py::test_a_late_rummy_claim_is_refused_with_its_reason",
            ),
        ),
        (
            "robins.rulings.fit-checked-again-moment-claim",
            "The fit is checked again at the moment of the claim.",
            ("tests/unit/robins/test_rummy.py::test_the_fit_is_checked_again_at_the_claim",),
        ),
        (
            "robins.rulings.cards-above-claimed-card-stay",
            "The cards above a claimed card stay; no extra discard is owed.",
            ("tests/unit/robins/test_rummy.py::test_a_claim_owes_no_extra_discard",),
        ),
        (
            "robins.rulings.player-scores-cards-put-table",
            "A player scores the cards he put on the table (melds, lay-offs, claimed Rummies, natural cards "
            "exchanged in) still there, minus the cards left in his hand.",
            (
                "tests/unit/robins/test_scoring.py::"
                "test_a_player_scores_the_cards_he_put_on_the_table_including_claims_and_exchanges",
                "tests/unit/robins/test_scoring.py::"
                "test_melds_count_for_the_player_and_cards_left_in_hand_against_him",
            ),
        ),
        (
            "robins.rulings.wild-taken-back-exchange-scores",
            "A wild taken back by an exchange scores for whoever finally holds or plays it.",
            ("tests/unit/robins/test_scoring.py::test_an_exchanged_wild_scores_for_whoever_plays_it_next",),
        ),
        (
            "robins.rulings.first-player-with-505-more",
            "The first player with 505 or more at the end of a hand wins.",
            ("tests/unit/robins/test_scoring.py::test_the_first_player_to_505_wins",),
        ),
        (
            "robins.rulings.if-both-reach-505-higher",
            "If both reach 505, the higher score wins.",
            ("tests/unit/robins/test_scoring.py::test_if_both_reach_505_the_higher_wins",),
        ),
        (
            "robins.rulings.exact-tie-plays-another-hand",
            "An exact tie plays another hand.",
            ("tests/unit/robins/test_scoring.py::test_an_exact_tie_at_505_plays_another_hand",),
        ),
        (
            "robins.rulings.recorded-mode-stock-draws-name",
            "Recorded mode: stock draws name the card, checked against what the record already places.",
            (
                "tests/unit/robins/test_legal.py::"
                "test_a_recorded_stock_draw_names_the_card_and_a_card_already_placed_is_refused",
            ),
        ),
    ),
)
