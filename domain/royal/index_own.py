"""Royal Rummy: Meldbook's own rulings, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

OWN: RuleIndex = rule_index(
    "own",
    "meldbook",
    "| Ruling of our own | Test |",
    (
        (
            "royal.own.player-with-no-chips-when",
            "A player with no chips when the poker hand starts is all in from the start: he chooses five cards, "
            "never acts in the betting, and may win the main pot. (Dead end otherwise: he could neither bet, call "
            "nor check once someone bet.)",
            ("tests/unit/royal/test_poker.py::test_a_player_with_no_chips_may_win_the_main_pot",),
        ),
        (
            "royal.own.betting-round-ends-soon-most",
            "The betting round ends as soon as at most one player can still act and he has nothing to call (nobody "
            "bets against all-in players alone).",
            (
                "tests/unit/royal/test_bot_sessions.py::"
                "test_chips_and_cards_are_conserved_after_every_event_and_replay_equals_live_state",
            ),
        ),
        (
            "royal.own.raise-names-player-s-new",
            "A `raise` names the player's new total bet in the round; `all_in` is a call when it does not exceed "
            "the current bet, and a player for whom the betting was not reopened may go all in only as a call.",
            ("tests/unit/royal/test_poker.py::test_a_short_all_in_does_not_reopen_betting",),
        ),
        (
            "royal.own.poker-hands-chosen-any-order",
            "Poker hands are chosen in any order; the betting opens once every live player has chosen.",
            ("tests/unit/royal/test_poker.py::test_betting_starts_left_of_the_dealer",),
        ),
        (
            "royal.own.with-aces-strictly-high-2",
            "With aces strictly high, A-2-3-4-5 ranks as an ace-high hand (a flush when suited) just below "
            "A-6-4-3-2 of the same kind.",
            ("tests/unit/royal/test_ranking.py::test_aces_strictly_high_option_has_no_wheel",),
        ),
        (
            "royal.own.leader-too-may-go-with",
            "The leader, too, may go on with consecutive cards in his lead (\"A player may lay more than one "
            "card\").",
            ("tests/unit/royal/test_rummy.py::test_a_player_may_play_consecutive_cards_together",),
        ),
        (
            "royal.own.passes-recorded-one-one-turn",
            "Passes are recorded one by one, in turn from the last player's left. A player who held the next card "
            "but did not go on gets the turn back and must play it; when the turn comes back to the last player "
            "and he lacks the next card, the stop is recorded.",
            ("tests/unit/royal/test_rummy.py::test_the_next_player_plays_the_next_card_or_passes",),
        ),
        (
            "royal.own.recorded-mode-dummy-s-cards",
            "In recorded mode the dummy's cards are whatever no entered hand holds; when the dummy is taken they "
            "become the taker's hand, and the dead hand is kept as an unnamed count.",
            ("tests/unit/royal/test_dummy.py::test_the_taker_plays_the_dummy_and_his_own_hand_is_dead",),
        ),
        (
            "royal.own.dealer-does-not-bid-for",
            "The dealer does not bid for his own dummy; a player with no chips above the last bid can only pass (a "
            "pass is always legal, so the auction never stalls).",
            ("tests/unit/royal/test_dummy.py::test_a_bid_beyond_the_stack_is_refused",),
        ),
        (
            "royal.own.dealer-may-open-ace-bet",
            "The dealer may open an ace bet only on an ace without a standing bet; covering is always optional "
            "(declining is always legal).",
            ("tests/unit/royal/test_aces.py::test_bettors_must_repeat_the_same_ace_bet_next_deal",),
        ),
        (
            "royal.own.player-out-game-keeps-chips",
            "A player out of the game keeps the chips he still holds and is released from his standing ace bets.",
            ("tests/unit/royal/test_game_end.py::test_a_player_who_cannot_ante_is_out",),
        ),
        (
            "royal.own.when-last-bettor-ace-goes",
            "When the last bettor on an ace goes out, its bet ends: the chips stay on the ace, and the dealer may "
            "open a new bet on it (as when the last bettor is released).",
            ("tests/unit/royal/test_aces.py::test_a_standing_ace_bet_ends_when_its_last_bettor_is_out",),
        ),
        (
            "royal.own.one-player-holds-every-chip",
            "\"One player holds every chip\" is checked at the start of each deal, before the outs.",
            ("tests/unit/royal/test_game_end.py::test_the_game_ends_when_one_player_holds_every_chip",),
        ),
        (
            "royal.own.when-recorder-ends-game-during",
            "When the recorder ends the game during the poker round, the bets go back to their players before the "
            "board's chips are settled.",
            ("tests/unit/royal/test_game_end.py::test_bets_go_back_when_the_recorder_ends_a_poker_round",),
        ),
        (
            "royal.own.ending-game-action-table-not",
            "Ending the game is an action of the table, not of a player: its body names no player and must carry "
            "`confirm: true`, and it is listed apart from the players' actions.",
            (
                "tests/unit/royal/test_game_end.py::"
                "test_ending_the_game_is_the_tables_action_and_needs_its_confirmation",
            ),
        ),
        (
            "royal.own.declared-board-has-exactly-one",
            "A declared board has exactly one `kitty` and one `pot` space; the starting stack must cover one ante.",
            ("tests/unit/royal/test_setup.py::test_a_malformed_board_is_refused",),
        ),
        (
            "royal.own.same",
            "(same)",
            ("tests/unit/royal/test_setup.py::test_a_stack_too_small_for_one_ante_is_refused",),
        ),
        (
            "royal.own.rummy-default-aces-high",
            "The rummy default is aces high.",
            ("tests/unit/royal/test_setup.py::test_aces_high_or_low_is_an_option_of_the_rummy_hand",),
        ),
        (
            "royal.own.night-money",
            "**In a night.** A night counts a Royal Rummy game in chips at its chip value: each player's chips less "
            "the stack the banker handed him (bought at the start, cashed in at the end); the banker is the night's "
            "party `[banker]`, whose figure is minus the players' together (the chips left on the board and the "
            "aces go to him).",
            (
                "tests/unit/test_night_lines.py::"
                "test_royal_rummy_counts_chips_less_the_stack_at_the_chip_value_and_the_banker_takes_the_rest",
            ),
        ),
        (
            "royal.own.hands-entered-by-their-players",
            "**Hands entered by their players.** A recorded deal names every player's hand, or none: each hand is "
            "then as many cards the record does not name, and each player enters his own (`enter_hand`, from his "
            "seat in a game recorded by seats) whenever he likes once the deal is dealt, whatever the turn; play "
            "does not wait for it except where a ruling below says so. Every card named out of an unknown hand (a "
            "poker hand chosen, a card played, a hand entered) is checked against every place the record knows: "
            "the live hands, the dead hand and the cards played; a card the pack holds once already placed is "
            "refused (`card-conflict`), naming both places. The legal actions offer such a hand templates (a poker "
            "hand, a play) whose cards may be any the record places nowhere (`unseen`).",
            (
                "tests/unit/royal/test_unknown_hands.py::"
                "test_a_recorded_deal_may_name_no_hand_and_every_hand_and_the_dummy_are_then_unknown",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_each_player_enters_his_own_hand_and_a_contradiction_is_refused_naming_both_places",
                "tests/unit/royal/test_unknown_hands.py::test_cards_named_by_play_are_checked_against_every_place",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_a_hand_with_unknown_cards_is_offered_templates_whose_examples_the_rules_accept",
            ),
        ),
        (
            "royal.own.dummy-entered-by-its-taker",
            "**The dummy of a deal that named no hand** is entered by its taker alone, as his hand, once he has "
            "taken it (by the swap or the auction); nobody enters it before, and a dummy nobody takes is never "
            "entered (nobody may look at it). Taken once every live hand is entered, it is named as the cards no "
            "hand holds. The dead hand keeps the cards its holder had entered, so that none of them can turn up "
            "elsewhere.",
            (
                "tests/unit/royal/test_unknown_hands.py::"
                "test_the_dummys_taker_enters_it_as_his_hand_and_the_dead_hand_keeps_what_his_own_named",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_a_dummy_taken_once_every_live_hand_is_entered_is_named_as_in_a_deal_that_named_them",
            ),
        ),
        (
            "royal.own.ace-bets-wait-for-the-holder",
            "**Ace bets on a deal that named no hand** are judged on the hands as dealt as soon as the bet-on ace's "
            "holder is known: his hand entered, or every live hand entered without it (the ace lies in the dummy). "
            "The holder must show the ace before the dummy is decided: the dealer may neither keep his hand nor "
            "take the dummy while an ace bet waits (`royal.aces.not-shown`), and the legal actions list only the "
            "entries of the hands not entered. A misdeal drops the judgements waiting; the new deal waits again.",
            (
                "tests/unit/royal/test_unknown_hands.py::test_ace_bets_wait_for_the_aces_holder_before_the_dummy_is_decided",
                "tests/unit/royal/test_unknown_hands.py::test_an_ace_in_the_dummy_is_judged_once_every_live_hand_is_entered",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_a_misdeal_drops_the_ace_bets_waiting_for_the_deal_and_they_wait_again_on_the_new_deal",
            ),
        ),
        (
            "royal.own.poker-needs-the-five-chosen",
            "**The poker hand needs only the five cards each player chooses.** A player whose hand is not entered "
            "chooses them out of his unknown cards: the choice names them in his hand (checked against every "
            "place; in the rummy hand they are named cards of his hand, so a lead above one of them is refused), "
            "and the showdown compares them. Nothing in the poker hand waits for an entry.",
            ("tests/unit/royal/test_unknown_hands.py::"
             "test_a_poker_hand_chosen_out_of_unknown_cards_names_them_and_the_rummy_checks_use_them",),
        ),
        (
            "royal.own.checks-that-wait",
            "**Checks that wait for a hand.** In the rummy hand, from a hand with unknown cards: a lead of the "
            "right colour and no higher than the hand's named cards of it is accepted, and whether it was the "
            "lowest (`royal.rummy.lowest`) waits for the hand when an unknown card could have been lower; a pass "
            "is taken at its word, and whether the player held the next card (`royal.rummy.must-play`) or, on a "
            "lead, a card of its colour (`royal.rummy.must-lead`) waits for the hand. In any stage of the deal, a "
            "card exposed from a hand's unknown cards (`expose_card`) must be in it "
            "(`royal.irregularities.exposed-card`), which waits for the hand too; exposed from a hand its player "
            "then gives up for the dummy, it is dropped (the dead hand is never shown). Once the hand is known in "
            "full (entered, or its last unknown card named by play) the checks are made on the hand as it was, and "
            "a broken rule is recorded as a finding on the deal with its rule id; the accepted moves stand.",
            (
                "tests/unit/royal/test_unknown_hands.py::test_a_lead_from_an_unknown_hand_waits_for_it_to_check_it_was_the_lowest",
                "tests/unit/royal/test_unknown_hands.py::test_a_pass_while_holding_the_next_card_is_found_when_the_hand_is_entered",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_a_pass_on_a_lead_from_an_unknown_hand_sends_the_lead_left_and_is_checked_later",
                "tests/unit/royal/test_unknown_hands.py::test_a_pass_from_a_known_hand_holding_the_next_card_is_still_refused",
                "tests/unit/royal/test_unknown_hands.py::test_a_known_hand_holding_the_colour_may_not_pass_on_the_lead",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_a_card_exposed_from_an_unknown_hand_waits_for_the_hand_and_a_hand_without_it_is_a_finding",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_an_exposed_card_the_hand_held_records_no_finding_and_a_known_hands_exposure_waits_for_nothing",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_a_card_exposed_from_a_hand_given_up_for_the_dummy_waits_for_nothing",
            ),
        ),
        (
            "royal.own.turns-follow-who-may-hold",
            "**Turns follow who may hold the card.** Before a stop, the last player gets the turn back when his "
            "hand has unknown cards and may hold the next card (the record places it nowhere): his pass is the "
            "stop. The lead goes left to the first player who holds, or may hold, a card of its colour; a pass on "
            "the lead sends it on left, and when every player has passed on it the hand is blocked.",
            (
                "tests/unit/royal/test_unknown_hands.py::test_a_pass_while_holding_the_next_card_is_found_when_the_hand_is_entered",
                "tests/unit/royal/test_unknown_hands.py::test_passes_on_a_lead_go_left_to_the_first_hand_that_may_hold_the_colour",
                "tests/unit/royal/test_unknown_hands.py::test_every_player_passing_on_a_lead_blocks_the_hand_and_a_false_pass_is_found",
            ),
        ),
        (
            "royal.own.counting-unknown-hands",
            "**Hands nobody entered at the end of the rummy hand.** The chips paid per card held (a blocked hand, "
            "losers pay) need only how many cards each hand holds, which the record keeps (dealt less played): "
            "they are paid at once. Then, before the next deal, each hand nobody entered is entered (its waiting "
            "checks made), or left unshown at its number of cards stated (`state_count`, kept as stated; refused "
            "unless it is the record's number, `royal.count.cards-left`; its waiting checks stay unmade), by its "
            "player or by the recorder for him. A stated count is refused during play.",
            (
                "tests/unit/royal/test_unknown_hands.py::"
                "test_at_the_end_of_the_rummy_hand_unknown_hands_are_entered_or_their_counts_stated",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_the_recorder_may_enter_or_state_for_a_player_only_at_the_end_of_the_rummy_hand",
                "tests/unit/royal/test_unknown_hands.py::test_a_stated_count_is_refused_during_play",
                "tests/unit/royal/test_unknown_hands.py::test_the_count_stage_offers_the_entry_and_the_records_count_of_cards",
                "tests/unit/royal/test_unknown_hands.py::"
                "test_bot_sessions_dealt_without_hands_and_entered_by_their_players_play_out_as_the_originals",
            ),
        ),
    ),
)
