"""Robins Rummy: Meldbook's own rulings, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

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
            "robins.own.hands-named-at-the-deal",
            "Hands are named at the deal. A recorded deal names both hands and the upcard: a deal without hands, "
            "which Roby accepts (each player then enters his own), is refused here, so no check ever waits for a "
            "hand's cards and no count is stated.",
            ("tests/unit/test_unknown_hands_elsewhere.py::"
             "test_a_recorded_deal_without_hands_is_refused_in_the_other_variants",),
        ),
    ),
)
