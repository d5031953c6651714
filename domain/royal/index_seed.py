"""Royal Rummy: the seed's rule sentences, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

SEED: RuleIndex = rule_index(
    "seed",
    "seed",
    "| Rule | Test |",
    (
        (
            "royal.seed.game-played-3-8-players",
            "The game is played by 3 to 8 players, with a game board, 96 betting chips and a standard deck of cards.",
            ("tests/unit/royal/test_setup.py::test_three_to_eight_players_may_play",),
        ),
        (
            "royal.seed.players-appoint-banker-who-hands",
            "The players appoint a banker, who hands out an equal number of chips to every player.",
            ("tests/unit/royal/test_setup.py::test_the_banker_hands_every_player_the_same_stack",),
        ),
        (
            "royal.seed.chips-come-three-colours-worth",
            "The chips come in three colours, worth 1, 5 and 10 points.",
            ("tests/unit/royal/test_setup.py::test_chips_are_whole_units_and_colours_are_cosmetic",),
        ),
        (
            "royal.seed.each-player-places-one-chip",
            "Each player places one chip of the same denomination on every space of the game mat, including the "
            "pot in the middle.",
            ("tests/unit/royal/test_setup.py::test_every_player_antes_on_every_space_including_the_pot",),
        ),
        (
            "royal.seed.players-decide-whether-aces-high",
            "The players decide whether aces are high or low.",
            ("tests/unit/royal/test_setup.py::test_aces_high_or_low_is_an_option_of_the_rummy_hand",),
        ),
        (
            "royal.seed.then-each-player-draws-card",
            "Then each player draws a card from the deck, and the high card deals the hand.",
            ("tests/unit/royal/test_setup.py::test_the_highest_cut_deals_and_ties_cut_again",),
        ),
        (
            "royal.seed.beginning-left-dealer-deals-whole",
            "Beginning on his left, the dealer deals the whole deck to the players, plus one extra - or dummy - "
            "hand.",
            ("tests/unit/royal/test_setup.py::test_the_whole_pack_is_dealt_into_n_plus_one_hands",),
        ),
        (
            "royal.seed.all-cards-dealt-face-down",
            "All cards are dealt face down.",
            ("tests/unit/royal/test_setup.py::test_hands_and_the_dummy_are_secret_to_spectators",),
        ),
        (
            "royal.seed.after-dealer-has-looked-cards",
            "After the dealer has looked at his cards, he may choose to discard them and play the dummy hand "
            "instead.",
            ("tests/unit/royal/test_dummy.py::test_the_dealer_may_swap_his_hand_for_the_dummy",),
        ),
        (
            "royal.seed.if-dealer-wants-keep-original",
            "If the dealer wants to keep his original hand, he auctions the dummy hand to the highest bidder, and "
            "keeps all the chips from the auction.",
            ("tests/unit/royal/test_dummy.py::test_the_highest_bidder_pays_the_dealer_and_takes_the_dummy",),
        ),
        (
            "royal.seed.whoever-trades-original-cards-for",
            "Whoever trades his original cards for the dummy must play the dummy hand.",
            ("tests/unit/royal/test_dummy.py::test_the_taker_plays_the_dummy_and_his_own_hand_is_dead",),
        ),
        (
            "royal.seed.if-nobody-wants-discard-bid",
            "If nobody wants to discard and bid for it, the dummy hand is not played, and nobody is allowed to "
            "look at its cards.",
            ("tests/unit/royal/test_dummy.py::test_an_unsold_dummy_is_dead_and_unseen",),
        ),
        (
            "royal.seed.if-all-players-agree-add",
            "If all players agree to add ace betting, it takes place either before the deal or before the players "
            "look at their hands.",
            ("tests/unit/royal/test_aces.py::test_ace_betting_is_off_unless_the_game_declares_it",),
        ),
        (
            "royal.seed.four-corners-rummy-board-symbol",
            "At the four corners of the rummy board a symbol for each suit is printed. They are called aces.",
            ("tests/unit/royal/test_aces.py::test_the_four_corner_aces_hold_ace_bets_only",),
        ),
        (
            "royal.seed.dealer-may-bet-one-aces",
            "The dealer may bet on one of the aces.",
            ("tests/unit/royal/test_aces.py::test_only_the_dealer_opens_an_ace_bet",),
        ),
        (
            "royal.seed.players-who-want-cover-bet",
            "Players who want to cover the bet must place chips equal to the dealer's bet on that ace.",
            ("tests/unit/royal/test_aces.py::test_covering_costs_the_dealers_amount",),
        ),
        (
            "royal.seed.players-now-look-their-cards",
            "The players now look at their cards, and the player holding the ace that was bet on must show it. If "
            "that player bet on the ace, he wins all the chips staked.",
            ("tests/unit/royal/test_aces.py::test_a_bettor_holding_the_ace_wins_every_chip_on_it",),
        ),
        (
            "royal.seed.if-not-chips-stay-ace",
            "If not, the chips stay on the ace.",
            ("tests/unit/royal/test_aces.py::test_chips_stay_on_the_ace_when_its_holder_did_not_bet",),
        ),
        (
            "royal.seed.following-deal-everyone-who-bet",
            "On the following deal, everyone who bet must bet on the same ace again.",
            ("tests/unit/royal/test_aces.py::test_bettors_must_repeat_the_same_ace_bet_next_deal",),
        ),
        (
            "royal.seed.although-usually-played-hand-optional",
            "Although usually played, this hand is optional.",
            ("tests/unit/royal/test_poker.py::test_the_poker_hand_can_be_left_out",),
        ),
        (
            "royal.seed.played-rules-single-hand-five",
            "It is played by the rules of a single hand of Five-Card Stud. In this hand aces are always high.",
            ("tests/unit/royal/test_poker.py::test_aces_are_high_in_poker_even_when_low_in_rummy",),
        ),
        (
            "royal.seed.each-player-chooses-five-cards",
            "Each player chooses five cards from his hand to be his poker hand.",
            ("tests/unit/royal/test_poker.py::test_each_player_chooses_five_cards_of_his_hand",),
        ),
        (
            "royal.seed.starting-with-player-left-dealer",
            "Starting with the player to the left of the dealer, each player chooses to bet or to fold.",
            ("tests/unit/royal/test_poker.py::test_betting_starts_left_of_the_dealer",),
        ),
        (
            "royal.seed.when-player-bets-every-player",
            "When a player bets, every player must meet the bet, raise it, or fold.",
            ("tests/unit/royal/test_poker.py::test_after_a_bet_players_call_raise_or_fold",),
        ),
        (
            "royal.seed.when-highest-bet-has-been",
            "When the highest bet has been met by everyone who has not folded, the one with the best poker hand "
            "wins the pot.",
            ("tests/unit/royal/test_poker.py::test_the_best_hand_wins_the_pot_and_the_bets",),
        ),
        (
            "royal.seed.rummy-hand-only-one-must",
            "The rummy hand is the only one that must be played.",
            ("tests/unit/royal/test_rummy.py::test_the_rummy_hand_is_always_played",),
        ),
        (
            "royal.seed.player-left-dealer-person-who",
            "The player to the left of the dealer (or the person who won the poker hand) begins by laying down his "
            "lowest black - spade or club - card.",
            ("tests/unit/royal/test_rummy.py::test_the_poker_winner_leads_his_lowest_black_card",),
        ),
        (
            "royal.seed.same-sentence-without-poker",
            "(same sentence, without poker)",
            ("tests/unit/royal/test_rummy.py::test_without_poker_the_dealers_left_leads",),
        ),
        (
            "royal.seed.then-player-left-must-either",
            "Then the player to his left must either lay down the next card of that suit or pass.",
            ("tests/unit/royal/test_rummy.py::test_the_next_player_plays_the_next_card_or_passes",),
        ),
        (
            "royal.seed.player-may-lay-more-than",
            "A player may lay more than one card as long as the cards are in sequence.",
            ("tests/unit/royal/test_rummy.py::test_a_player_may_play_consecutive_cards_together",),
        ),
        (
            "royal.seed.when-cards-matching-spaces-board",
            "When the cards matching the spaces on the board are played, the person who plays the card takes all "
            "the chips placed on that space.",
            ("tests/unit/royal/test_rummy.py::test_playing_a_pay_card_collects_its_space",),
        ),
        (
            "royal.seed.when-suit-can-no-longer",
            "When the suit can no longer be played because the next card of the sequence is in the discarded "
            "(dummy) hand, the next player plays his lowest card of the opposite colour and the sequence starts "
            "again.",
            ("tests/unit/royal/test_rummy.py::test_a_stop_lets_the_last_player_lead_the_other_colour",),
        ),
        (
            "royal.seed.if-none-players-can-play",
            "If none of the players can play a card of the opposite colour, each player puts one chip in the pot "
            "for every card he still holds.",
            ("tests/unit/royal/test_rummy.py::test_a_blocked_hand_costs_one_chip_per_card_into_the_kitty",),
        ),
        (
            "royal.seed.player-who-first-lays-down",
            "The player who first lays down all his cards wins and takes all the chips in the pot.",
            ("tests/unit/royal/test_rummy.py::test_the_first_player_out_takes_the_kitty",),
        ),
        (
            "royal.seed.if-chips-still-left-board",
            "If chips are still left on the board, they stay there for the next hand.",
            ("tests/unit/royal/test_rummy.py::test_chips_nobody_won_stay_for_the_next_deal",),
        ),
    ),
)
