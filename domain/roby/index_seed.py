"""Roby: the seed's rule sentences, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

SEED: RuleIndex = rule_index(
    "seed",
    "seed",
    "| Rule | Test |",
    (
        (
            "roby.seed.principal-object-group-10-cards",
            "The principal object is to group the 10 cards in melds of three or more cards, in one or several times.",
            ("tests/unit/roby/test_turns_and_melds.py::test_several_melds_may_be_laid_in_one_turn",),
        ),
        (
            "roby.seed.standard-pack-52-cards-used",
            "The standard pack of 52 cards is used. Wild cards cannot be used.",
            ("tests/unit/roby/test_deck_and_deal.py::test_one_pack_of_52_cards_without_wild_cards_for_four_players",),
        ),
        (
            "roby.seed.ideal-for-four-players-but",
            "Ideal for four players, but it can be also played by five, six or more players.",
            ("tests/unit/roby/test_deck_and_deal.py::test_two_to_eight_players_may_play",),
        ),
        (
            "roby.seed.face-cards-count-10-each",
            "Face cards count 10 each; the other cards count their pip value but the ace, which counts 11.",
            (
                "tests/unit/roby/test_deck_and_deal.py::"
                "test_face_cards_count_ten_the_ace_eleven_and_the_others_their_pips",
            ),
        ),
        (
            "roby.seed.each-player-draws-one-card",
            "Each player draws one card; the highest card deals.",
            (
                "tests/unit/roby/test_deck_and_deal.py::"
                "test_the_player_who_cuts_the_highest_card_deals_with_the_ace_highest",
            ),
        ),
        (
            "roby.seed.deals-ten-cards-each-player",
            "He deals ten cards to each player, two cards at a time.",
            (
                "tests/unit/roby/test_deck_and_deal.py::"
                "test_a_shuffled_deal_gives_two_cards_at_a_time_from_the_dealers_left_and_stores_its_seed",
            ),
        ),
        (
            "roby.seed.undealt-remainder-becomes-stock-top",
            "The undealt remainder becomes the stock, and its top card is turned up starting the discard pile.",
            (
                "tests/unit/roby/test_deck_and_deal.py::"
                "test_each_player_is_dealt_ten_cards_and_the_next_card_starts_the_discard_pile",
            ),
        ),
        (
            "roby.seed.thereafter-turn-deal-rotates-clockwise",
            "Thereafter, the turn to deal rotates clockwise.",
            (
                "tests/unit/roby/test_going_out.py::"
                "test_after_a_roby_the_deal_passes_clockwise_and_the_next_player_leads",
            ),
        ),
        (
            "roby.seed.player-left-dealer-plays-first",
            "The player to the left of the dealer plays first.",
            ("tests/unit/roby/test_deck_and_deal.py::test_the_player_to_the_dealers_left_plays_first",),
        ),
        (
            "roby.seed.draws-top-card-stock-top",
            "He draws the top card of the stock or the top card of the discard pile, then discards one card.",
            (
                "tests/unit/roby/test_turns_and_melds.py::"
                "test_a_turn_is_a_draw_from_the_discard_pile_then_a_discard_and_play_passes_clockwise",
            ),
        ),
        (
            "roby.seed.groups-cards-same-rank",
            "Groups are cards of the same rank.",
            (
                "tests/unit/roby/test_turns_and_melds.py::"
                "test_a_group_of_three_or_more_cards_of_one_rank_may_be_melded",
            ),
        ),
        (
            "roby.seed.sequences-cards-same-suit",
            "Sequences are cards of the same suit.",
            (
                "tests/unit/roby/test_turns_and_melds.py::"
                "test_a_sequence_of_three_or_more_consecutive_cards_of_one_suit_may_be_melded",
            ),
        ),
        (
            "roby.seed.ace-can-melded-with-two",
            "Ace can be melded with two or the king of its suit.",
            ("tests/unit/roby/test_turns_and_melds.py::test_the_ace_goes_low_with_the_two_or_high_with_the_king",),
        ),
        (
            "roby.seed.each-player-turn-may-lay",
            "Each player, in his turn, may lay his melds on the table in one or more melds.",
            ("tests/unit/roby/test_turns_and_melds.py::test_several_melds_may_be_laid_in_one_turn",),
        ),
        (
            "roby.seed.not-possible-show-melds-first",
            "It is not possible to show melds in the first turn of play, unless one player has all his cards "
            "grouped.",
            ("tests/unit/roby/test_turns_and_melds.py::test_no_cards_are_laid_on_the_table_in_a_players_first_turn",),
        ),
        (
            "roby.seed.continued-unless-has-all-cards",
            "(continued) ... unless he has all his cards grouped: he goes out at once.",
            (
                "tests/unit/roby/test_going_out.py::"
                "test_a_player_who_tables_all_eleven_cards_goes_out_even_in_his_first_turn",
            ),
        ),
        (
            "roby.seed.players-may-add-cards-their",
            "Players may add cards to their opponents' melds, having at least one meld of their own.",
            ("tests/unit/roby/test_turns_and_melds.py::test_laying_off_needs_a_meld_of_ones_own_on_the_table",),
        ),
        (
            "roby.seed.nobody-may-discard-card-matches",
            "Nobody may discard a card that matches a combination already laid.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_a_card_that_fits_a_meld_on_the_table_cannot_be_discarded",
            ),
        ),
        (
            "roby.seed.player-who-first-lays-all",
            "The player who first lays all his cards on the table wins, achieving Roby.",
            ("tests/unit/roby/test_going_out.py::test_step_by_step_the_hand_ends_when_the_last_card_is_tabled",),
        ),
        (
            "roby.seed.opponents-score-points-cards-remaining",
            "The opponents score the points of the cards remaining in their hands, even if they had melds formed.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_every_other_player_adds_the_value_of_all_cards_left_in_his_hand_even_melds",
            ),
        ),
        (
            "roby.seed.roby-can-also-made-player",
            "Roby can also be made by a player who, after drawing from the stock and without a meld of his own, "
            "adds all eleven cards to opponents' melds.",
            (
                "tests/unit/roby/test_going_out.py::"
                "test_a_player_without_a_meld_who_lays_off_all_eleven_cards_after_a_stock_draw_makes_roby",
            ),
        ),
        (
            "roby.seed.show-combination-cards-held-must",
            "To show a combination, the cards held must count at most the difference between the score and 99.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_a_player_at_80_points_may_table_cards_only_if_he_keeps_at_most_19_after_his_discard",
            ),
        ),
        (
            "roby.seed.player-reaching-100-more-points",
            "A player reaching 100 or more points is excluded if he does not want to re-enlist.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_player_with_100_or_more_points_is_eliminated_unless_he_re_enlists_and_still_pays_that_roby",
            ),
        ),
        (
            "roby.seed.only-player-who-does-not",
            "The only player who does not exceed 100 points wins the game.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_re_enlisting_needs_two_other_players_still_in_and_the_last_player_in_wins_the_pot",
            ),
        ),
        (
            "roby.seed.player-over-99-may-re",
            "A player over 99 may re-enlist one or more times, taking the points of the player with the higher "
            "score.",
            ("tests/unit/roby/test_scoring_and_stakes.py::test_a_player_may_re_enlist_any_number_of_times",),
        ),
        (
            "roby.seed.least-two-players-must-continue",
            "At least two players must continue in the game for a player to re-enlist.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_re_enlisting_needs_two_other_players_still_in_and_the_last_player_in_wins_the_pot",
            ),
        ),
        (
            "roby.seed.before-game-each-player-puts",
            "Before the game each player puts the agreed amount in the centre of the table.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_before_the_game_every_player_pays_the_buy_in_into_the_pot",
            ),
        ),
        (
            "roby.seed.re-enlisting-player-puts-total",
            "A re-enlisting player puts in the total amount divided between the players staying in the game.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_re_enlisting_player_takes_the_highest_score_still_in_and_pays_the_pot_share_rounded_up",
            ),
        ),
        (
            "roby.seed.winner-game-takes-total-amount",
            "The winner of the game takes the total amount on the table.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_re_enlisting_needs_two_other_players_still_in_and_the_last_player_in_wins_the_pot",
            ),
        ),
        (
            "roby.seed.each-roby-wins-agreed-amount",
            "Each Roby wins the agreed amount from every opponent, except players over 100 who have not re-enlisted.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_each_roby_every_opponent_still_in_the_game_pays_the_winner_the_agreed_amount",
            ),
        ),
        (
            "roby.seed.continued-players-out-game-pay",
            "(continued) players out of the game pay nothing.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_a_player_who_left_is_not_dealt_in_plays_no_turn_and_pays_nothing",
            ),
        ),
    ),
)
