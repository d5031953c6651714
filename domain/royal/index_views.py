"""Royal Rummy: what the table sees (the views), each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

VIEWS: RuleIndex = rule_index(
    "views",
    "meldbook",
    "| Rule | Test |",
    (
        (
            "royal.views.cards-played-rummy-hand-seen",
            "Cards played in the rummy hand are seen by everyone.",
            (
                "tests/e2e/test_every_version.py::"
                "test_every_version_of_bot_games_reads_both_ways_and_passes_every_check",
            ),
        ),
        (
            "royal.views.chosen-poker-hand-player-s",
            "A chosen poker hand is its player's; at a showdown every hand still in is shown, a folded one is not.",
            ("tests/unit/royal/test_views.py::test_a_chosen_poker_hand_is_its_players_until_a_showdown_shows_it",),
        ),
        (
            "royal.views.lone-survivor-wins-unshown-no",
            "A lone survivor wins unshown: no poker hand is shown.",
            ("tests/unit/royal/test_views.py::test_a_lone_survivors_poker_hand_is_never_shown",),
        ),
        (
            "royal.views.no-hand-shown-end-rummy",
            "No hand is shown at the end of the rummy hand: a blocked hand and a loser who pays per card pay by "
            "the number of cards held, which every view sees.",
            ("tests/unit/royal/test_views.py::test_no_hand_is_shown_when_the_rummy_hand_ends",),
        ),
        (
            "royal.views.dead-hand-nobody-allowed-look",
            "The dead hand (\"nobody is allowed to look at its cards\") and the dummy before it is taken are seen "
            "by no seat, even after the hand; the taker's seat sees the dummy as his hand.",
            ("tests/unit/royal/test_views.py::test_the_dummy_and_the_dead_hand_stay_hidden_from_every_seat",),
        ),
        (
            "royal.views.hand-seen-own-player-s",
            "A hand is seen by its own player's seat; every other view sees how many cards it holds.",
            ("tests/unit/test_visibility.py::test_a_seat_sees_its_own_hand_and_only_the_count_of_the_others",),
        ),
        (
            "royal.views.stock-s-cards-seen-nobody",
            "The stock's cards are seen by nobody but the full view, even after the hand: everyone sees its size.",
            ("tests/unit/test_visibility.py::test_a_zone_without_an_owner_is_shown_to_the_full_view_alone",),
        ),
        (
            "royal.views.card-drawn-from-stock-seen",
            "A card drawn from the stock is seen by the drawer's seat; the hands dealt, each by its own seat; the "
            "shuffle seeds by the full view alone.",
            (
                "tests/unit/test_visibility.py::"
                "test_a_seat_sees_the_secret_fields_of_its_own_moves_and_its_own_entry_of_a_card_map",
            ),
        ),
        (
            "royal.views.once-hand-has-ended-arbiter",
            "Once a hand has ended, the arbiter (and the recorder of a game recorded by seats) sees its whole "
            "record, states and events, as the full view does, seeds excepted.",
            ("tests/unit/test_visibility.py::test_a_viewer_of_ended_hands_sees_an_ended_hand_in_full_but_no_seed",),
        ),
        (
            "royal.views.every-view-every-version-bot",
            "Every view at every version of the bot games shows, in each place, as many cards as an independent "
            "oracle allows (`tests/oracle.py`) ...",
            (
                "tests/e2e/test_every_version.py::"
                "test_every_version_of_bot_games_reads_both_ways_and_passes_every_check",
            ),
        ),
        (
            "royal.views.leak-planted-filter-fails-check",
            "... and a leak planted in the filter fails that check.",
            ("tests/e2e/test_every_version.py::test_a_leak_planted_in_the_filter_fails_the_check_of_every_view",),
        ),
        (
            "royal.views.irregularities",
            "A card exposed during play is seen by every view (the state's `exposed`) while the rest of its hand "
            "stays hidden. Every version of a game holding every irregularity passes the walk.",
            (
                "tests/e2e/test_irregularities_every_version.py::"
                "test_every_version_of_an_irregular_game_passes_every_check_of_the_walk",
            ),
        ),
    ),
)
