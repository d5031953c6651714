"""Roby: the rulings on irregularities of real play, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

_T = "tests/unit/roby/test_irregularities.py::"

IRREGULARITIES: RuleIndex = rule_index(
    "irregularities",
    "meldbook",
    "| Ruling | Test |",
    (
        (
            "roby.irregularities.misdeal",
            "**A misdeal** (a wrong count, a card exposed while dealing) is declared by the table (`misdeal`, with "
            "its reason and `confirm`) before the first draw of the hand: the deal is void, the cards go back and "
            "the same dealer deals again (a shuffled game from a fresh shuffle). Nobody scores or pays; the void "
            "deal stays in the record as a deal of its own. After the first draw it is too late.",
            (
                _T + "test_a_misdeal_voids_the_deal_and_the_same_dealer_deals_again",
                _T + "test_a_misdeal_is_refused_once_the_first_draw_is_made_and_without_its_confirmation",
                _T + "test_in_a_shuffled_game_a_misdeal_is_dealt_again_from_a_fresh_shuffle",
            ),
        ),
        (
            "roby.irregularities.exposed-card",
            "**A card exposed during play** (`expose_card`: whose, which) stays in its holder's hand; the table has "
            "seen it, so every view lists it (`exposed`) until the next deal. There is no penalty: Roby is played "
            "by individuals, with no partner to profit from the sight.",
            (
                _T + "test_an_exposed_card_stays_in_its_holders_hand_and_every_view_shows_it",
                _T + "test_an_exposed_card_must_be_in_the_holders_hand_and_the_holder_a_player",
            ),
        ),
        (
            "roby.irregularities.draw-out-of-turn",
            "**A card drawn from the stock out of turn** (`draw_out_of_turn`) is shown to the table and shuffled "
            "back into the stock (a shuffled game stores the new order and its seed); the player whose turn it is "
            "plays on, and the drawer has no penalty. A recorded game names the card, which must be one the stock "
            "may hold.",
            (
                _T + "test_a_card_drawn_out_of_turn_is_shown_and_shuffled_back_into_the_stock",
                _T + "test_a_draw_out_of_turn_names_a_card_the_stock_may_hold_and_a_player_not_to_act",
                _T + "test_in_a_shuffled_game_a_card_drawn_out_of_turn_is_the_top_card_and_the_stock_is_shuffled_again",
            ),
        ),
        (
            "roby.irregularities.wrong-card-named",
            "**A wrong card named** when recording a draw (or a deal) is corrected with `amend` (see Corrections), "
            "listed among the recorder's table actions: the move is re-executed with the right card.",
            ("tests/e2e/test_irregularities_http.py::test_a_wrong_card_named_in_a_draw_is_amended_through_the_listed_table_action",),
        ),
        (
            "roby.irregularities.abandoned",
            "**An abandoned game** (the players leave: `abandon`, confirmed) ends at once with no winner; the hand "
            "in progress is not scored. Option `abandon`: `pot_shared` (default), the pot shared equally among the "
            "players still in, odd units to those nearest the dealer's left; `buy_ins_returned`, every player's "
            "buy-in back from the pot and the rest (re-enlistment fees) shared the same way. A game created before "
            "the option is settled by its default.",
            (
                _T + "test_an_abandoned_game_shares_the_pot_equally_among_the_players_still_in",
                _T + "test_odd_units_of_a_shared_pot_go_to_the_players_nearest_the_dealers_left",
                _T + "test_under_buy_ins_returned_every_buy_in_goes_back_and_the_rest_is_shared",
                _T + "test_a_game_created_before_the_abandon_option_is_settled_by_its_default_"
                "and_keeps_its_stored_options",
            ),
        ),
    ),
)
