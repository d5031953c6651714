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
            "royal.own.hands-named-at-the-deal",
            "Hands are named at the deal. A recorded deal names every player's hand: a deal without hands, which "
            "Roby accepts (each player then enters his own), is refused here, so no check (a pass while holding t"
            "he next card, a deuce kept, a chosen poker hand) ever waits for a hand's cards and no count is stated.",
            ("tests/unit/test_unknown_hands_elsewhere.py::"
             "test_a_recorded_deal_without_hands_is_refused_in_the_other_variants",),
        ),
    ),
)
