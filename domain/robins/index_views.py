"""Robins Rummy: what the table sees (the views), each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

VIEWS: RuleIndex = rule_index(
    "views",
    "meldbook",
    "| Rule | Test |",
    (
        (
            "robins.views.melds-lay-offs-exchanges-claimed",
            "Melds, lay-offs, exchanges, claimed Rummies and the discard pile are seen by everyone.",
            ("tests/unit/robins/test_views.py::test_at_the_end_of_a_hand_the_cards_left_in_each_hand_are_shown",),
        ),
        (
            "robins.views.end-hand-player-out-stock",
            "At the end of a hand (a player out, or the stock empty) both hands are shown: \"Any cards left in "
            "your hand at the end of that hand is counted as negative points\".",
            ("tests/unit/robins/test_views.py::test_at_the_end_of_a_hand_the_cards_left_in_each_hand_are_shown",),
        ),
        (
            "robins.views.hand-seen-own-player-s",
            "A hand is seen by its own player's seat; every other view sees how many cards it holds.",
            ("tests/unit/test_visibility.py::test_a_seat_sees_its_own_hand_and_only_the_count_of_the_others",),
        ),
        (
            "robins.views.stock-s-cards-seen-nobody",
            "The stock's cards are seen by nobody but the full view, even after the hand: everyone sees its size.",
            ("tests/unit/test_visibility.py::test_a_zone_without_an_owner_is_shown_to_the_full_view_alone",),
        ),
        (
            "robins.views.card-drawn-from-stock-seen",
            "A card drawn from the stock is seen by the drawer's seat; the hands dealt, each by its own seat; the "
            "shuffle seeds by the full view alone.",
            (
                "tests/unit/test_visibility.py::"
                "test_a_seat_sees_the_secret_fields_of_its_own_moves_and_its_own_entry_of_a_card_map",
            ),
        ),
        (
            "robins.views.once-hand-has-ended-arbiter",
            "Once a hand has ended, the arbiter (and the recorder of a game recorded by seats) sees its whole "
            "record, states and events, as the full view does, seeds excepted.",
            ("tests/unit/test_visibility.py::test_a_viewer_of_ended_hands_sees_an_ended_hand_in_full_but_no_seed",),
        ),
        (
            "robins.views.every-view-every-version-bot",
            "Every view at every version of the bot games shows, in each place, as many cards as an independent "
            "oracle allows (`tests/oracle.py`) ...",
            (
                "tests/e2e/test_every_version.py::"
                "test_every_version_of_bot_games_reads_both_ways_and_passes_every_check",
            ),
        ),
        (
            "robins.views.leak-planted-filter-fails-check",
            "... and a leak planted in the filter fails that check.",
            ("tests/e2e/test_every_version.py::test_a_leak_planted_in_the_filter_fails_the_check_of_every_view",),
        ),
        (
            "robins.views.irregularities",
            "A card exposed during play is seen by every view (the state's `exposed`) while the rest of its hand "
            "stays hidden. A card drawn out of turn is seen by every view; the stock's new order it leaves, by "
            "the full view alone. Every version of a game holding every irregularity passes the walk.",
            (
                "tests/e2e/test_irregularities_every_version.py::"
                "test_every_version_of_an_irregular_game_passes_every_check_of_the_walk",
            ),
        ),
    ),
)
