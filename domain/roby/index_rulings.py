"""Roby: the rulings of RULINGS.md, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

RULINGS: RuleIndex = rule_index(
    "rulings",
    "ruling",
    "| Ruling | Test |",
    (
        (
            "roby.rulings.2-8-players",
            "2 to 8 players.",
            ("tests/unit/roby/test_deck_and_deal.py::test_two_to_eight_players_may_play",),
        ),
        (
            "roby.rulings.one-pack-for-2-4",
            "One pack for 2-4 players, two packs for 5-8.",
            ("tests/unit/roby/test_deck_and_deal.py::test_two_packs_for_five_to_eight_players",),
        ),
        (
            "roby.rulings.opt-packs-one-pack-with",
            "[opt] `packs`: one pack with five or more players is refused when the game is created.",
            (
                "tests/unit/roby/test_deck_and_deal.py::"
                "test_one_pack_for_five_or_more_players_is_refused_when_the_game_is_created",
            ),
        ),
        (
            "roby.rulings.no-wild-cards-2-10",
            "No wild cards; 2-10 pips, J/Q/K 10, ace 11.",
            (
                "tests/unit/roby/test_deck_and_deal.py::"
                "test_face_cards_count_ten_the_ace_eleven_and_the_others_their_pips",
            ),
        ),
        (
            "roby.rulings.highest-cut-deals-ace-highest",
            "Highest cut deals (ace highest); players tied for highest cut again.",
            ("tests/unit/roby/test_deck_and_deal.py::test_players_tied_for_the_highest_cut_cut_again",),
        ),
        (
            "roby.rulings.ten-cards-each-next-card",
            "Ten cards each; the next card turned up starts the discard pile; the rest is the stock.",
            (
                "tests/unit/roby/test_deck_and_deal.py::"
                "test_each_player_is_dealt_ten_cards_and_the_next_card_starts_the_discard_pile",
            ),
        ),
        (
            "roby.rulings.deal-passes-clockwise-each-hand",
            "The deal passes clockwise each hand, to the next player still in the game.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_player_who_left_is_not_dealt_in_plays_no_turn_and_pays_nothing",
            ),
        ),
        (
            "roby.rulings.player-dealer-s-left-still",
            "The player to the dealer's left still in plays first; play skips eliminated players.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_player_who_left_is_not_dealt_in_plays_no_turn_and_pays_nothing",
            ),
        ),
        (
            "roby.rulings.turn-draw-optionally-meld-lay",
            "A turn: draw, optionally meld and lay off, discard.",
            ("tests/unit/roby/test_turns_and_melds.py::test_a_player_must_draw_before_discarding_and_draws_once",),
        ),
        (
            "roby.rulings.card-taken-from-discard-pile",
            "The card taken from the discard pile may not be discarded in the same turn.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_the_card_taken_from_the_discard_pile_cannot_be_discarded_in_the_same_turn",
            ),
        ),
        (
            "roby.rulings.unless-no-other-discard-legal",
            "... unless no other discard is legal for him.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_the_card_just_taken_may_be_discarded_when_no_other_discard_is_legal",
            ),
        ),
        (
            "roby.rulings.with-two-packs-may-discard",
            "With two packs he may discard an identical card that he held before the pickup.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_with_two_packs_an_identical_card_held_before_the_pickup_may_be_discarded",
            ),
        ),
        (
            "roby.rulings.no-combination-rules-may-leave",
            "No combination of rules may leave a player without a legal way to end his turn: a table play after "
            "which none remains is refused.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_the_99_rule_counts_every_further_meld_in_the_same_turn",
                "tests/unit/roby/test_look_ahead.py::"
                "test_the_lay_off_of_2s_is_listed_when_2s_then_as_then_discarding_as_keeps_4_points_at_94",
                "tests/unit/roby/test_look_ahead.py::"
                "test_at_96_the_same_melds_are_refused_since_every_way_on_keeps_4_points_or_more",
                "tests/unit/roby/test_bot_games_leave_a_way_on.py::"
                "test_every_player_to_act_has_an_action_listed_and_every_listed_body_is_accepted",
            ),
        ),
        (
            "roby.rulings.discard-restrictions-yield-order-card",
            "The discard restrictions yield in the order: the card just taken first.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_the_card_just_taken_may_be_discarded_when_no_other_discard_is_legal",
            ),
        ),
        (
            "roby.rulings.when-stock-empty-player-must",
            "When the stock is empty and a player must draw, the discard pile but its top card becomes the new "
            "stock (an event).",
            (
                "tests/unit/roby/test_empty_stock.py::"
                "test_an_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top_card",
            ),
        ),
        (
            "roby.rulings.if-pile-holds-one-card",
            "If the pile holds one card, the hand is void: nobody scores or pays, and the deal passes on.",
            ("tests/unit/roby/test_empty_stock.py::test_the_hand_is_void_when_the_discard_pile_holds_a_single_card",),
        ),
        (
            "roby.rulings.group-3-more-cards-one",
            "Group: 3 or more cards of one rank. Sequence: 3 or more consecutive cards of one suit.",
            ("tests/unit/roby/test_turns_and_melds.py::test_cards_that_are_not_a_meld_are_refused",),
        ),
        (
            "roby.rulings.ace-goes-low-high-no",
            "The ace goes low or high; no wrap-around (K-A-2 is not a sequence).",
            (
                "tests/unit/roby/test_turns_and_melds.py::"
                "test_a_sequence_does_not_wrap_around_from_the_king_to_the_two",
            ),
        ),
        (
            "roby.rulings.with-two-packs-group-may",
            "With two packs a group may hold two cards of one suit; a sequence never repeats a rank.",
            (
                "tests/unit/roby/test_turns_and_melds.py::"
                "test_with_two_packs_a_group_may_repeat_a_suit_but_a_sequence_never_repeats_a_rank",
            ),
        ),
        (
            "roby.rulings.no-table-play-player-s",
            "No table play in a player's first turn of a hand, unless he goes out in that turn.",
            (
                "tests/unit/roby/test_going_out.py::"
                "test_a_player_who_tables_all_eleven_cards_goes_out_even_in_his_first_turn",
            ),
        ),
        (
            "roby.rulings.laying-off-needs-meld-one",
            "Laying off needs a meld of one's own; one laid earlier in the same turn counts.",
            (
                "tests/unit/roby/test_turns_and_melds.py::"
                "test_a_meld_laid_earlier_in_the_same_turn_counts_for_laying_off_on_an_opponents_meld",
            ),
        ),
        (
            "roby.rulings.card-fits-meld-table-stands",
            "A card that fits a meld on the table as it stands may not be discarded, whoever owns the meld and "
            "whether or not this player may lay off (7H no, 8H yes).",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_a_card_that_fits_anyone_s_meld_is_forbidden_even_to_a_player_who_may_not_lay_off",
            ),
        ),
        (
            "roby.rulings.if-every-card-hand-could",
            "If every card in hand could be laid off, any of them may be discarded.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_when_every_card_in_hand_fits_a_meld_any_of_them_may_be_discarded",
            ),
        ),
        (
            "roby.rulings.99-rule-with-score-s",
            "The 99 rule: with score S, cards may be tabled only if what is left after the discard is worth at "
            "most 99 - S.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_a_player_at_80_points_may_table_cards_only_if_he_keeps_at_most_19_after_his_discard",
            ),
        ),
        (
            "roby.rulings.counting-every-further-meld-lay",
            "... counting every further meld and lay-off of the same turn (70 points, three groups).",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_the_99_rule_counts_every_further_meld_in_the_same_turn",
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_the_99_rule_counts_every_further_lay_off_in_the_same_turn",
                "tests/unit/roby/test_look_ahead.py::"
                "test_the_look_ahead_finds_a_way_exactly_when_trying_every_order_of_every_play_does",
            ),
        ),
        (
            "roby.rulings.99-rule-never-blocks-going",
            "The 99 rule never blocks going out.",
            ("tests/unit/roby/test_discards_and_the_99_rule.py::test_the_99_rule_never_blocks_going_out",),
        ),
        (
            "roby.rulings.opt-measure-before-discard",
            "[opt] measure before the discard.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_with_the_option_the_99_rule_measures_the_hand_before_the_discard",
            ),
        ),
        (
            "roby.rulings.player-who-empties-hand-goes",
            "A player who empties his hand goes out: he may table all eleven cards ...",
            (
                "tests/unit/roby/test_going_out.py::"
                "test_a_player_who_tables_all_eleven_cards_goes_out_even_in_his_first_turn",
            ),
        ),
        (
            "roby.rulings.table-ten-discard-last-one",
            "... or table ten and discard the last one.",
            (
                "tests/unit/roby/test_going_out.py::"
                "test_a_player_may_go_out_by_tabling_ten_cards_and_discarding_the_last",
            ),
        ),
        (
            "roby.rulings.eleven-card-lay-off-roby",
            "The eleven-card lay-off Roby: no meld of his own, after a stock draw, all eleven cards laid off.",
            ("tests/unit/roby/test_going_out.py::test_the_eleven_card_lay_off_needs_a_draw_from_the_stock",),
        ),
        (
            "roby.rulings.every-other-player-adds-value",
            "Every other player adds the value of all cards left in his hand to his score.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_every_other_player_adds_the_value_of_all_cards_left_in_his_hand_even_melds",
            ),
        ),
        (
            "roby.rulings.player-with-100-more-points",
            "A player with 100 or more points is eliminated, unless he re-enlists.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_player_with_100_or_more_points_is_eliminated_unless_he_re_enlists_and_still_pays_that_roby",
            ),
        ),
        (
            "roby.rulings.re-enlistment-any-number-times",
            "Re-enlistment any number of times, at the score of the highest-scoring player still in.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_re_enlisting_player_takes_the_highest_score_still_in_and_pays_the_pot_share_rounded_up",
            ),
        ),
        (
            "roby.rulings.only-while-least-two-players",
            "Only while at least two players remain in the game besides him.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_re_enlisting_needs_two_other_players_still_in_and_the_last_player_in_wins_the_pot",
            ),
        ),
        (
            "roby.rulings.busted-players-decide-turn-from",
            "Busted players decide in turn from the dealer's left, as recorded actions, before the next deal; each "
            "fee is computed on the pot at that moment, earlier fees included.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_busted_players_decide_in_turn_from_the_dealers_left_and_each_fee_counts_the_earlier_ones",
            ),
        ),
        (
            "roby.rulings.last-player-still-game-wins",
            "The last player still in the game wins it.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_re_enlisting_needs_two_other_players_still_in_and_the_last_player_in_wins_the_pot",
            ),
        ),
        (
            "roby.rulings.before-game-every-player-pays",
            "Before the game every player pays the buy-in into the pot.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_before_the_game_every_player_pays_the_buy_in_into_the_pot",
            ),
        ),
        (
            "roby.rulings.re-enlistment-fee-pot-over",
            "The re-enlistment fee is the pot over the players staying in, rounded up to a whole unit.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_re_enlisting_player_takes_the_highest_score_still_in_and_pays_the_pot_share_rounded_up",
            ),
        ),
        (
            "roby.rulings.opt-reenlist-fee-buy",
            "[opt] `reenlist_fee`: `buy_in`.",
            ("tests/unit/roby/test_scoring_and_stakes.py::test_with_the_option_the_re_enlistment_fee_is_the_buy_in",),
        ),
        (
            "roby.rulings.each-roby-every-opponent-still",
            "Each Roby: every opponent still in pays the winner; a player who busts in that very hand still pays.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_player_with_100_or_more_points_is_eliminated_unless_he_re_enlists_and_still_pays_that_roby",
            ),
        ),
        (
            "roby.rulings.eliminated-players-who-did-not",
            "Eliminated players who did not re-enlist pay nothing.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_player_who_left_is_not_dealt_in_plays_no_turn_and_pays_nothing",
            ),
        ),
        (
            "roby.rulings.winner-game-takes-pot",
            "The winner of the game takes the pot.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_re_enlisting_needs_two_other_players_still_in_and_the_last_player_in_wins_the_pot",
            ),
        ),
        (
            "roby.rulings.money-paid-equals-money-paid",
            "Money paid in equals money paid out.",
            (
                "tests/unit/roby/test_bot_games.py::"
                "test_every_bot_game_ends_with_every_card_score_fee_and_payment_accounted_for",
            ),
        ),
    ),
)
