"""Robins Rummy: Meldbook's own rulings, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

_U = "tests/unit/robins/test_unknown_hands.py::"

OWN: RuleIndex = rule_index(
    "own",
    "meldbook",
    "| rule text | test |",
    (
        (
            "robins.own.dead-end-found-bot-barred",
            "**Dead end found by the bot: the barred player.** A player who took the wild first upcard may not go "
            "out that turn, yet owes two discards. A table play that would leave him fewer cards than the discards "
            "he still owes plus one is refused when made (code `robins.upcard-wild.no-going-out`), and so is a "
            "discard of his last card. He can always end the turn: he keeps at least one card after his discards.",
            ("tests/unit/robins/test_turn.py::test_an_action_that_leaves_no_legal_way_to_end_the_turn_is_refused",),
        ),
        (
            "robins.own.dead-end-hand-emptied-with",
            "**Dead end: a hand emptied with a discard still owed.** After a pickup a player owes two discards; if "
            "his hand is empty after the first, he has gone out and the second discard lapses (going out is \"with "
            "or without a final discard\").",
            (
                "tests/unit/robins/test_turn.py::"
                "test_a_player_who_empties_his_hand_with_a_discard_still_owed_goes_out",
            ),
        ),
        (
            "robins.own.dead-end-ten-kind",
            "**Dead end: ten of a kind.** \"A suit the set does not yet show\" leaves no suit for a fifth card, "
            "yet the seed allows ten of a kind. A wild in a set stands for the set's rank in a suit the set shows "
            "fewest times (a joker takes the first such suit in the order clubs, diamonds, hearts, spades). With "
            "four suits or fewer this is the RULINGS rule.",
            (
                "tests/unit/robins/test_melds.py::"
                "test_beyond_four_suits_a_wild_in_a_set_takes_a_suit_the_set_shows_fewest_times",
                "tests/unit/robins/test_melds.py::test_ten_of_a_kind_is_possible",
            ),
        ),
        (
            "robins.own.cut-joker-ranks-below-every",
            "A cut joker ranks below every other card (the cut is \"ace high\" and says nothing of jokers).",
            ("tests/unit/robins/test_deal.py::test_a_cut_joker_counts_lowest",),
        ),
        (
            "robins.own.sequence-with-ace-ace-read",
            "In a sequence with an ace, the ace is read low when that makes a run with the jokers placed, else "
            "high. In a flush the ace is high.",
            ("tests/unit/robins/test_melds.py::test_an_ace_among_jokers_reads_low_first_then_high",),
        ),
        (
            "robins.own.meld-laid-without-kind-read",
            "A meld laid without `kind` is read as the first kind that fits, in the order set, straight flush, "
            "Nat, flush; `kind` chooses otherwise (a five-card straight flush may be laid as a flush).",
            (
                "tests/unit/robins/test_melds.py::"
                "test_without_a_kind_the_cards_are_read_as_set_straight_flush_nat_then_flush",
            ),
        ),
        (
            "robins.own.what-wild-stands-for-fixed",
            "What a wild stands for is fixed when it reaches the table; cards added later never move it.",
            ("tests/unit/robins/test_melds.py::test_wild_positions_stay_fixed_as_the_meld_grows",),
        ),
        (
            "robins.own.wild-exchanged-only-for-natural",
            "A wild is exchanged only for a natural card, so a deuce standing for a 2 stays where it is (every 2 "
            "is wild).",
            ("tests/unit/robins/test_turn.py::test_a_wild_is_exchanged_only_for_a_natural_card",),
        ),
        (
            "robins.own.table-plays-end-with-first",
            "Table plays end with the first discard: between the two discards after a pickup nothing else is played.",
            ("tests/unit/robins/test_turn.py::test_table_plays_end_with_the_first_discard",),
        ),
        (
            "robins.own.pickup-names-deepest-card-when",
            "A pickup names its deepest card; when the pile holds both jokers, naming the joker takes down to the "
            "upper one.",
            ("tests/unit/robins/test_turn.py::test_naming_a_joker_in_a_pile_with_both_takes_down_to_the_upper_one",),
        ),
        (
            "robins.own.top-card-alone-may-also",
            "The top card alone may also be used in the same action (`cards` or `meld`), but need not be.",
            ("tests/unit/robins/test_turn.py::test_the_top_discard_alone_need_not_be_used",),
        ),
        (
            "robins.own.pickup-s-declare-kind-describe",
            "A pickup's `declare` and `kind` describe the use of the card taken: without that use (`kind` without "
            "`cards`, `declare` without `cards` or `meld`) the pickup is refused as malformed, not stored bare.",
            (
                "tests/unit/robins/test_pickup_fields.py::"
                "test_a_pickup_with_a_declaration_or_a_kind_but_no_use_is_refused_and_nothing_stored",
            ),
        ),
        (
            "robins.own.draw-due-empty-stock-still",
            "The draw due on an empty stock is still posted (`draw`, no card): it records `HandEnded` with reason "
            "`stock-empty`, after any claim.",
            (
                "tests/unit/robins/test_rummy.py::"
                "test_when_the_stock_is_empty_at_the_draw_the_hand_ends_after_any_claim",
            ),
        ),
        (
            "robins.own.night-money",
            "**In a night.** When a night declares a stake per point, each pair of players settles its difference "
            "over the final scores: the one with fewer points pays the other (the other's points less his) times "
            "the stake, so a player's net is the stake times (n times his points less all the players' points). "
            "Without a stake, the game counts no money.",
            (
                "tests/unit/test_night_lines.py::test_robins_rummy_settles_each_pair_of_final_scores_at_the_stake",
                "tests/unit/test_night_lines.py::test_without_a_stake_robins_rummy_counts_no_money_and_shows_the_points",
            ),
        ),
        (
            "robins.own.hands-entered-by-their-players",
            "**Hands entered by their players.** A recorded deal may name the upcard alone: each hand is then seven "
            "cards the record does not name, and each player enters his own (`enter_hand`, from his seat in a game "
            "recorded by seats) whenever he likes during the hand, whatever the turn; play does not wait. No other "
            "seat, the recorder or a spectator sees an entry before the hand ends. A deal naming one hand only, or "
            "no upcard, is refused.",
            (
                _U + "test_a_recorded_deal_may_name_no_hand_and_each_hand_is_then_seven_unknown_cards",
                _U + "test_a_deal_naming_one_hand_only_or_no_upcard_is_refused_and_stores_nothing",
                _U + "test_each_player_enters_his_own_hand_at_any_time_of_the_hand_and_play_does_not_wait",
                _U + "test_a_turn_from_an_unknown_hand_lists_templates_whose_examples_are_the_named_cards",
                "tests/e2e/test_robins_unknown_hands.py::"
                "test_a_seat_enters_its_own_hand_unseen_by_the_others_and_a_card_exposed_from_an_unknown_hand_is_a_finding",
            ),
        ),
        (
            "robins.own.reveals-checked",
            "**Cards revealed by play are checked.** A card a move names out of a hand's unknown cards (a discard, "
            "a meld and its deuces, a lay-off, the natural card of a wild exchange, going out) and every card "
            "entered is checked against every place the record names (the hands, the discard pile, the melds, a "
            "claimed Rummy where it was laid off): a card the deck holds no further copy of is refused "
            "(`card-conflict`), naming both places.",
            (
                _U + "test_a_discard_from_an_unknown_hand_that_contradicts_the_record_is_refused_naming_both_places",
                _U + "test_a_meld_with_a_deuce_a_lay_off_and_an_exchange_reveal_cards_checked_against_every_place",
                _U + "test_a_rummy_discarded_from_an_unknown_hand_and_claimed_is_checked_where_it_lies",
            ),
        ),
        (
            "robins.own.checks-that-wait",
            "**Checks that wait for a hand.** Robins' rules of play read only the cards a move names, the table and "
            "how many cards a hand holds (the barred player keeps a card after the discards he owes; a hand emptied "
            "has gone out), so every move from a hand nobody entered is checked when it is made. Two rules need the "
            "hand's cards and wait for them: a card exposed from its unknown cards (`expose_card`) must be in it, "
            "checked once the hand is known in full, the finding recorded under "
            "`robins.irregularities.exposed-card` if it was not (history is not rewritten; a dispute may cite it); "
            "and the count of the cards left in it at the end of the hand (a deuce counts 5 or 20 by option, a "
            "joker 30), which waits for the hand to be entered or its count stated.",
            (
                _U + "test_no_rule_of_play_waits_for_a_hand_s_cards",
                _U + "test_the_barred_player_s_going_out_is_checked_on_the_count_of_an_unknown_hand",
                _U + "test_a_card_exposed_from_an_unknown_hand_waits_for_the_hand_and_a_hand_without_it_is_a_finding",
                _U + "test_an_exposed_card_the_hand_held_records_no_finding_even_once_played_before_the_entry",
                _U + "test_a_hand_nobody_entered_waits_at_the_end_and_its_entry_scores_its_deuce_as_the_option_says",
            ),
        ),
        (
            "robins.own.counting-unknown-hands",
            "**Counting hands nobody entered.** When a hand ends (a player went out, or the stock ran out) with "
            "cards nobody entered, it waits: those hands are entered (by their player, or the recorder for him) or "
            "their count stated (`state_count`) before the hand scores. A stated count is what the cards left "
            "count, at least 5 and at most 30 a card the record does not name, plus the cards it names; it scores "
            "against its player under `robins.scoring.stated-count`, marked as stated.",
            (
                _U + "test_a_hand_nobody_entered_waits_at_the_end_and_its_entry_scores_its_deuce_as_the_option_says",
                _U + "test_a_count_stated_for_a_hand_nobody_entered_scores_against_him_marked_as_stated",
                _U + "test_a_stock_run_out_with_both_hands_unknown_waits_for_both_stated_or_entered",
                "tests/e2e/test_robins_unknown_hands.py::"
                "test_bad_entries_are_refused_and_a_count_stated_by_the_recorder_scores_against_the_hand_marked",
            ),
        ),
    ),
)
