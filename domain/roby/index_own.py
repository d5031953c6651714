"""Roby: Meldbook's own rulings, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

OWN: RuleIndex = rule_index(
    "own",
    "meldbook",
    "| Ruling | Test |",
    (
        (
            "roby.own.endless-hands",
            "**Endless hands.** Random play found hands that can never end: every meld on the table is closed off "
            "and no hand can form a new one, so the players draw and discard for ever. RULINGS sets no limit on "
            "stock rebuilds, so a real table's hand is never voided by the service: in a recorded game "
            "`max_reshuffles` defaults to 0 (no limit) and the recorder calls such a hand off (`call_off`, an "
            "action of the table). In a shuffled game and for the bots the default is 3: when the stock runs out "
            "after that many rebuilds the hand is void like a hand whose pile holds one card. A game keeps the "
            "limit it was created with.",
            (
                "tests/unit/roby/test_empty_stock.py::"
                "test_a_hand_is_void_when_the_stock_runs_out_after_the_allowed_rebuilds",
                "tests/unit/roby/test_irregularities.py::"
                "test_max_reshuffles_defaults_to_no_limit_in_recorded_games_and_to_three_in_shuffled_ones",
                "tests/unit/roby/test_irregularities.py::"
                "test_the_table_calls_off_a_hand_that_can_no_longer_end_and_the_deal_passes_on",
            ),
        ),
        (
            "roby.own.when-stock-rebuilt",
            "**When the stock is rebuilt.** The rebuild is recorded right after the discard that leaves the stock "
            "empty, because the next player must then draw.",
            (
                "tests/unit/roby/test_empty_stock.py::"
                "test_an_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top_card",
            ),
        ),
        (
            "roby.own.recording-rebuilt-stock",
            "**Recording a rebuilt stock.** A recorded game does not know the rebuilt stock's order; each later "
            "draw names one of its cards.",
            (
                "tests/unit/roby/test_empty_stock.py::"
                "test_after_a_rebuild_a_recorded_draw_must_name_a_card_of_the_rebuilt_stock",
            ),
        ),
        (
            "roby.own.going-out-once",
            "**Going out at once.** The `go_out` action tables a whole hand in one move: melds first (numbered on "
            "from the table's melds, 1, 2, 3 ... in each hand), then lay-offs, then at most one discard. It is the "
            "only way to table cards in a first turn, and the way to make the eleven-card lay-off Roby.",
            ("tests/unit/roby/test_going_out.py::test_going_out_must_use_every_card_in_hand",),
        ),
        (
            "roby.own.ten-lay-offs-discard",
            "**Ten lay-offs and a discard.** Without a meld of one's own, only the eleven-card lay-off goes out; "
            "ten lay-offs and a discard are refused.",
            (
                "tests/unit/roby/test_going_out.py::"
                "test_without_a_meld_of_ones_own_ten_lay_offs_and_a_discard_do_not_go_out",
            ),
        ),
        (
            "roby.own.99-rule-discard",
            "**The 99 rule at the discard.** After tabling cards in a turn, a discard that would keep more than 99 "
            "- S is refused; the search that allowed the table play guarantees a legal one exists.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_the_99_rule_counts_every_further_meld_in_the_same_turn",
                "tests/unit/roby/test_look_ahead.py::"
                "test_the_lay_off_of_2s_is_listed_when_2s_then_as_then_discarding_as_keeps_4_points_at_94",
            ),
        ),
        (
            "roby.own.every-way-on",
            "**Every way on.** A table play is refused for leaving no way to end the turn (`roby.99-rule`) only when "
            "none remains: every set of further melds from the hand (the same meld twice where two packs give the "
            "cards), then every sequence of lay-offs one card at a time onto any meld it fits (onto cards just laid "
            "off, a second copy of a card wherever it still fits, a card that fits two melds on either), stopping "
            "after any of them, and every legal discard there, keep more than 99 - S. Melds first loses no way: no "
            "meld depends on the table. The search remembers each position (hand and table) it found to lead "
            "nowhere and never searches it again, and lays a card that fits two groups of its rank on the first "
            "alone (both take every card of the rank); it has no depth cap. The same search lists a `go_out` when "
            "the hand can go out, tabling every card when it can.",
            (
                "tests/unit/roby/test_look_ahead.py::"
                "test_the_look_ahead_finds_a_way_exactly_when_trying_every_order_of_every_play_does",
                "tests/unit/roby/test_look_ahead.py::"
                "test_the_lay_off_of_2s_is_listed_when_2s_then_as_then_discarding_as_keeps_4_points_at_94",
                "tests/unit/roby/test_look_ahead.py::"
                "test_both_copies_of_a_card_from_two_packs_may_be_laid_off_one_after_the_other",
                "tests/unit/roby/test_look_ahead.py::test_a_card_that_fits_two_melds_is_tried_on_each",
                "tests/unit/roby/test_look_ahead.py::"
                "test_a_card_that_fits_two_groups_of_its_rank_is_tried_on_the_first_alone",
                "tests/unit/roby/test_look_ahead.py::"
                "test_a_play_whose_only_way_on_would_discard_the_card_just_taken_while_another_discard_is_legal_is_refused",
                "tests/unit/roby/test_look_ahead.py::"
                "test_a_position_that_leads_nowhere_is_searched_once_whatever_order_of_lay_offs_reaches_it",
            ),
        ),
        (
            "roby.own.forced-decisions",
            "**Forced decisions.** A busted player who may not re-enlist (fewer than two others still in) leaves "
            "the game at once; the departure is still recorded as an event.",
            (
                "tests/unit/roby/test_scoring_and_stakes.py::"
                "test_re_enlisting_needs_two_other_players_still_in_and_the_last_player_in_wins_the_pot",
            ),
        ),
        (
            "roby.own.two-copies-card-just-taken",
            "**Two copies of the card just taken.** Records count cards, so with two packs the taken card counts "
            "as the copy still held: the player may discard a copy while he holds two or more.",
            (
                "tests/unit/roby/test_discards_and_the_99_rule.py::"
                "test_with_two_packs_an_identical_card_held_before_the_pickup_may_be_discarded",
            ),
        ),
        (
            "roby.own.shuffled-games-draw-for-player",
            "**Shuffled games draw for the player.** In shuffled mode the service cuts, deals and draws stock "
            "cards itself; a body that names the card is refused.",
            (
                "tests/unit/roby/test_legal_actions.py::"
                "test_every_listed_body_is_accepted_and_sampled_bodies_outside_the_list_are_refused",
            ),
        ),
        (
            "roby.own.recorded-cuts",
            "**Recorded cuts.** In a recorded game each cut names a card of the pack(s), and two players of one "
            "round cannot cut the same single card.",
            ("tests/unit/roby/test_deck_and_deal.py::test_players_tied_for_the_highest_cut_cut_again",),
        ),
        (
            "roby.own.night-money",
            "**In a night.** A night counts a Roby game in money as it is: each player's money balance in the game's "
            "settlement. While the game is still being played, the money in its pot belongs to nobody yet and is "
            "the night's party `[pot]`.",
            (
                "tests/unit/test_night_lines.py::"
                "test_roby_counts_each_players_money_balance_and_the_pot_while_the_game_is_played",
            ),
        ),
        (
            "roby.own.hands-entered-by-their-players",
            "**Hands entered by their players.** A recorded deal may name the upcard alone: each hand is then ten "
            "cards the record does not name, and each player enters his own (`enter_hand`, from his seat in a game "
            "recorded by seats) whenever he likes during the hand; play does not wait. Every card named out of an "
            "unknown hand (discarded, melded, laid off, entered) is checked against every place: a card the packs "
            "hold no further copy of is refused, naming both places.",
            (
                "tests/unit/roby/test_unknown_hands.py::"
                "test_each_player_enters_his_own_hand_at_any_time_of_the_hand_and_play_does_not_wait",
                "tests/unit/roby/test_unknown_hands.py::"
                "test_a_reveal_that_contradicts_the_record_is_refused_naming_both_places",
            ),
        ),
        (
            "roby.own.checks-that-wait",
            "**Checks that wait for a hand.** While a hand holds unknown cards, the rules that need its contents "
            "cannot be checked when the move is made: the 99 rule after a meld or a lay-off and at the discard, "
            "and which discards are legal (a card that fits a meld, the card just taken), and that a card exposed "
            "from its unknown cards (`expose_card`) was in it (`roby.irregularities.exposed-card`). The move is "
            "accepted and the check waits; once the hand is known in full (entered, or every card named by play) "
            "it is made on the hand as it was, and a broken rule is recorded as a finding with its rule id "
            "(history is not rewritten; a dispute may cite it).",
            (
                "tests/unit/roby/test_unknown_hands.py::"
                "test_a_check_that_needs_the_hand_waits_for_it_and_a_broken_rule_becomes_a_finding",
                "tests/unit/roby/test_unknown_hands.py::"
                "test_a_table_play_from_an_unknown_hand_defers_the_99_rule",
                "tests/unit/roby/test_unknown_hands.py::"
                "test_a_deferred_check_the_hand_passes_records_no_finding",
                "tests/unit/roby/test_unknown_hands.py::"
                "test_a_card_exposed_from_an_unknown_hand_waits_for_the_hand_and_a_hand_without_it_is_a_finding",
                "tests/unit/roby/test_unknown_hands.py::"
                "test_an_exposed_card_the_hand_held_records_no_finding_and_a_known_hands_exposure_waits_for_nothing",
            ),
        ),
        (
            "roby.own.counting-unknown-hands",
            "**Counting hands nobody entered.** When a player goes out, hands still unknown wait to be entered (by "
            "their player, or the recorder) or their count stated (`state_count`, scored under "
            "`roby.scoring.stated-count`) before the hand scores.",
            (
                "tests/unit/roby/test_unknown_hands.py::"
                "test_going_out_from_an_unknown_hand_names_its_cards_and_the_others_are_entered_or_stated",
                "tests/unit/roby/test_unknown_hands.py::"
                "test_bot_games_dealt_without_hands_and_entered_by_their_players_play_out_as_the_originals",
            ),
        ),
    ),
)
