"""Royal Rummy: the rulings of RULINGS.md, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

RULINGS: RuleIndex = rule_index(
    "rulings",
    "ruling",
    "| Ruling | Test |",
    (
        (
            "royal.rulings.no-combination-rules-may-leave",
            "No combination of rules may leave a player without a legal way to go on.",
            (
                "tests/unit/royal/test_bot_sessions.py::"
                "test_chips_and_cards_are_conserved_after_every_event_and_replay_equals_live_state",
            ),
        ),
        (
            "royal.rulings.one-52-card-pack-no",
            "One 52-card pack, no jokers; chips counted in whole units.",
            ("tests/unit/royal/test_setup.py::test_chips_are_whole_units_and_colours_are_cosmetic",),
        ),
        (
            "royal.rulings.board-nine-tripoley-spaces-four",
            "Board: the nine Tripoley spaces; the four corner aces hold ace bets only.",
            ("tests/unit/royal/test_setup.py::test_every_player_antes_on_every_space_including_the_pot",),
        ),
        (
            "royal.rulings.opt-layout-data-another-board",
            "[opt] The layout is data: another board may be declared.",
            ("tests/unit/royal/test_setup.py::test_a_game_may_declare_another_board",),
        ),
        (
            "royal.rulings.opt-stack-default-100-units",
            "[opt] `stack`, default 100 units, the same for every player.",
            ("tests/unit/royal/test_setup.py::test_the_default_stack_is_100",),
        ),
        (
            "royal.rulings.ante-1-unit-opt-amount",
            "Ante: 1 unit ([opt] amount) on each space, on top of what stayed there.",
            ("tests/unit/royal/test_setup.py::test_every_player_antes_on_every_space_including_the_pot",),
        ),
        (
            "royal.rulings.player-who-cannot-pay-ante",
            "A player who cannot pay the ante is out of the game.",
            ("tests/unit/royal/test_game_end.py::test_a_player_who_cannot_ante_is_out",),
        ),
        (
            "royal.rulings.aces-high-low-rummy-hand",
            "Aces high or low in the rummy hand is an option; in poker aces are always high.",
            ("tests/unit/royal/test_rummy.py::test_aces_low_make_the_ace_lowest_and_the_king_the_top_of_the_suit",),
        ),
        (
            "royal.rulings.first-dealer-cut-highest-ace",
            "First dealer by cut (highest, ace high); ties cut again.",
            ("tests/unit/royal/test_setup.py::test_the_highest_cut_deals_and_ties_cut_again",),
        ),
        (
            "royal.rulings.deal-then-passes-left",
            "The deal then passes to the left.",
            ("tests/unit/royal/test_setup.py::test_the_deal_passes_to_the_left",),
        ),
        (
            "royal.rulings.pack-dealt-into-n-1",
            "The pack is dealt into N + 1 hands, the dummy after the dealer each round (4 players: 11, 11, 10, 10, "
            "dummy 10).",
            ("tests/unit/royal/test_setup.py::test_the_whole_pack_is_dealt_into_n_plus_one_hands",),
        ),
        (
            "royal.rulings.recorded-mode-hands-entered-dealt",
            "In recorded mode the hands are entered as dealt, before any swap or auction.",
            ("tests/unit/royal/test_setup.py::test_recorded_deals_name_every_live_hand_and_leave_the_dummy_unknown",),
        ),
        (
            "royal.rulings.order-each-deal-ante-compulsory",
            "Order each deal: ante, compulsory repeat ace bets, the deal; a player who cannot pay a repeat bet is "
            "released.",
            ("tests/unit/royal/test_aces.py::test_a_bettor_who_cannot_repeat_is_released",),
        ),
        (
            "royal.rulings.bids-go-clockwise-from-dealer",
            "Bids go clockwise from the dealer's left, each at least 1 unit higher than the last ...",
            ("tests/unit/royal/test_dummy.py::test_a_bid_lower_than_the_last_is_refused",),
        ),
        (
            "royal.rulings.most-bidder-s-stack",
            "... and at most the bidder's stack.",
            ("tests/unit/royal/test_dummy.py::test_a_bid_beyond_the_stack_is_refused",),
        ),
        (
            "royal.rulings.pass-final",
            "A pass is final.",
            ("tests/unit/royal/test_dummy.py::test_a_pass_in_the_auction_is_final",),
        ),
        (
            "royal.rulings.highest-bidder-pays-dealer-takes",
            "The highest bidder pays the dealer and takes the dummy (his own hand becomes dead).",
            ("tests/unit/royal/test_dummy.py::test_the_highest_bidder_pays_the_dealer_and_takes_the_dummy",),
        ),
        (
            "royal.rulings.exactly-one-hand-dead-each",
            "Exactly one hand is dead each deal; nobody sees it.",
            ("tests/unit/royal/test_dummy.py::test_exactly_one_hand_is_dead_each_deal",),
        ),
        (
            "royal.rulings.ace-bets-everyone-who-bet",
            "Ace bets: everyone who bet bets the same ace and amount next deal, until it is won.",
            ("tests/unit/royal/test_aces.py::test_bettors_must_repeat_the_same_ace_bet_next_deal",),
        ),
        (
            "royal.rulings.ace-bets-judged-hands-dealt",
            "Ace bets are judged on the hands as dealt; an ace in the dummy wins nothing.",
            ("tests/unit/royal/test_aces.py::test_an_ace_in_the_dummy_wins_nothing",),
        ),
        (
            "royal.rulings.every-live-player-picks-five",
            "Every live player picks five cards and keeps them for the rummy hand.",
            ("tests/unit/royal/test_poker.py::test_poker_cards_stay_in_hand_for_the_rummy_hand",),
        ),
        (
            "royal.rulings.ranking-standard-five-card-poker",
            "Ranking: standard five-card poker (pokerkit).",
            ("tests/unit/royal/test_ranking.py::test_hand_keys_order_hands_as_pokerkit_does",),
        ),
        (
            "royal.rulings.2-3-4-5-counts",
            "A-2-3-4-5 counts as the lowest straight.",
            ("tests/unit/royal/test_ranking.py::test_the_wheel_is_the_lowest_straight",),
        ),
        (
            "royal.rulings.opt-aces-strictly-high-no",
            "[opt] Aces strictly high: no wheel.",
            ("tests/unit/royal/test_ranking.py::test_aces_strictly_high_option_has_no_wheel",),
        ),
        (
            "royal.rulings.check-allowed-until-someone-bets",
            "Check is allowed until someone bets.",
            ("tests/unit/royal/test_poker.py::test_check_is_allowed_until_someone_bets",),
        ),
        (
            "royal.rulings.raise-least-size-previous-bet",
            "A raise is at least the size of the previous bet or raise, except an all-in.",
            ("tests/unit/royal/test_poker.py::test_a_raise_is_at_least_the_previous_raise",),
        ),
        (
            "royal.rulings.short-all-does-not-reopen",
            "A short all-in does not reopen the betting for players who have already acted.",
            ("tests/unit/royal/test_poker.py::test_a_short_all_in_does_not_reopen_betting",),
        ),
        (
            "royal.rulings.player-bets-most-what-holds",
            "A player bets at most what he holds.",
            ("tests/unit/royal/test_poker.py::test_a_raise_beyond_the_players_stack_is_refused",),
        ),
        (
            "royal.rulings.all-ins-make-side-pots",
            "All-ins make side pots as in table poker.",
            ("tests/unit/royal/test_poker.py::test_all_ins_make_side_pots",),
        ),
        (
            "royal.rulings.pots-slice-bets-each-all",
            "(pots slice the bets at each all-in level)",
            ("tests/unit/royal/test_ranking.py::test_pots_slice_bets_at_each_all_in_level",),
        ),
        (
            "royal.rulings.pot-space-s-chips-belong",
            "The Pot space's chips belong to the main pot, which every player who did not fold may win, a player "
            "with no chips left included.",
            ("tests/unit/royal/test_poker.py::test_a_player_with_no_chips_may_win_the_main_pot",),
        ),
        (
            "royal.rulings.lone-survivor-wins-unshown",
            "A lone survivor wins unshown.",
            ("tests/unit/royal/test_poker.py::test_a_lone_survivor_wins_unshown",),
        ),
        (
            "royal.rulings.ties-split-odd-unit-stays",
            "Ties split; an odd unit stays on the Pot.",
            ("tests/unit/royal/test_poker.py::test_ties_split_and_the_odd_chip_stays_on_the_pot",),
        ),
        (
            "royal.rulings.if-poker-not-played-deal",
            "If poker is not played in a deal, the rummy winner takes the Pot as well as the Kitty.",
            ("tests/unit/royal/test_rummy.py::test_without_poker_the_first_out_takes_the_pot_too",),
        ),
        (
            "royal.rulings.leader-split-tied-player-nearest",
            "The leader on a split is the tied player nearest the dealer's left.",
            ("tests/unit/royal/test_poker.py::test_on_a_split_the_tied_player_nearest_the_dealers_left_leads",),
        ),
        (
            "royal.rulings.lowest-black-card-lowest-rank",
            "The lowest black card is the lowest by rank over both black suits; on equal ranks he chooses.",
            ("tests/unit/royal/test_rummy.py::test_on_equal_ranks_the_leader_chooses_the_suit",),
        ),
        (
            "royal.rulings.if-leader-holds-no-black",
            "If the leader holds no black card, the lead goes left to the first player who has one.",
            ("tests/unit/royal/test_rummy.py::test_a_leader_without_black_cards_passes_the_lead_left",),
        ),
        (
            "royal.rulings.passing-while-holding-next-card",
            "Passing while holding the next card is illegal.",
            ("tests/unit/royal/test_rummy.py::test_a_pass_while_holding_the_next_card_is_refused",),
        ),
        (
            "royal.rulings.stop-next-card-dead-hand",
            "Stop: the next card is in the dead hand, or was already played (a lead can start below played cards), "
            "or the top of the suit was played.",
            ("tests/unit/royal/test_rummy.py::test_a_stop_when_the_next_card_is_in_the_dead_hand_or_already_played",),
        ),
        (
            "royal.rulings.after-stop-player-who-played",
            "After a stop the player who played the stop card leads his lowest card of the other colour; if he has "
            "none, the lead goes left.",
            ("tests/unit/royal/test_rummy.py::test_after_a_stop_the_lead_goes_left_to_a_player_with_the_colour",),
        ),
        (
            "royal.rulings.marriage-pays-when-one-player",
            "The marriage pays when one player plays both K and Q of hearts.",
            ("tests/unit/royal/test_rummy.py::test_the_marriage_pays_one_player_who_plays_both",),
        ),
        (
            "royal.rulings.sequence-pays-when-one-player",
            "The sequence pays when one player plays 8, 9 and 10 of one suit.",
            ("tests/unit/royal/test_rummy.py::test_the_sequence_pays_one_player_who_plays_8_9_10",),
        ),
        (
            "royal.rulings.blocked-every-player-pays-1",
            "Blocked: every player pays 1 unit per card into the Kitty; the hand ends with no winner.",
            ("tests/unit/royal/test_rummy.py::test_a_blocked_hand_costs_one_chip_per_card_into_the_kitty",),
        ),
        (
            "royal.rulings.player-who-cannot-pay-full",
            "A player who cannot pay in full pays what he holds.",
            ("tests/unit/royal/test_rummy.py::test_a_blocked_player_pays_what_he_holds",),
        ),
        (
            "royal.rulings.first-player-empty-hand-wins",
            "The first player to empty his hand wins the Kitty.",
            ("tests/unit/royal/test_rummy.py::test_the_first_player_out_takes_the_kitty",),
        ),
        (
            "royal.rulings.opt-losers-also-pay-him",
            "[opt] Losers also pay him 1 unit per card, each paying what he can.",
            ("tests/unit/royal/test_rummy.py::test_losers_pay_the_winner_per_card_when_declared",),
        ),
        (
            "royal.rulings.chips-nobody-won-stay-their",
            "Chips nobody won stay on their spaces for the next deal.",
            ("tests/unit/royal/test_rummy.py::test_chips_nobody_won_stay_for_the_next_deal",),
        ),
        (
            "royal.rulings.game-ends-when-recorder-ends",
            "The game ends when the recorder ends it ...",
            ("tests/unit/royal/test_game_end.py::test_the_recorder_may_end_the_game",),
        ),
        (
            "royal.rulings.when-one-player-holds-every",
            "... when one player holds every chip ...",
            ("tests/unit/royal/test_game_end.py::test_the_game_ends_when_one_player_holds_every_chip",),
        ),
        (
            "royal.rulings.when-fewer-than-three-players",
            "... or when fewer than three players can ante.",
            ("tests/unit/royal/test_game_end.py::test_the_game_ends_when_fewer_than_three_can_ante",),
        ),
        (
            "royal.rulings.chips-left-board-aces-then",
            "Chips left on the board and the aces then stay with the banker.",
            ("tests/unit/royal/test_game_end.py::test_leftover_chips_stay_with_the_banker",),
        ),
        (
            "royal.rulings.opt-they-split-equally-among",
            "[opt] They are split equally among the players still in, odd units to the players nearest the "
            "dealer's left.",
            ("tests/unit/royal/test_game_end.py::test_leftover_chips_split_with_odd_units_from_the_dealers_left",),
        ),
        (
            "royal.rulings.conservation-stacks-board-aces-bets",
            "Conservation: stacks, board, aces and bets always add up to what the banker handed out.",
            (
                "tests/unit/royal/test_bot_sessions.py::"
                "test_chips_and_cards_are_conserved_after_every_event_and_replay_equals_live_state",
            ),
        ),
        (
            "royal.rulings.options-declared-creation-stored-record",
            "Options are declared at creation and stored in the record.",
            ("tests/unit/royal/test_setup.py::test_every_option_is_stored_in_the_game_record",),
        ),
    ),
)
