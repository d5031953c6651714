"""Robins Rummy: the properties the bot games check, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

PROPERTIES: RuleIndex = rule_index(
    "properties",
    "meldbook",
    "| rule text | test |",
    (
        (
            "robins.properties.all-54-cards-accounted-for",
            "All 54 cards are accounted for after every event; the state rebuilt from the events equals the live "
            "state; every score equals an independent recomputation from the final table and hands; every game "
            "ends within the bot's fixed number of actions.",
            (
                "tests/unit/robins/test_bot_games.py::"
                "test_bot_games_keep_every_card_replay_exactly_and_score_by_the_rulings",
                "tests/unit/robins/test_bot_games.py::"
                "test_idle_bot_games_that_run_the_stock_out_keep_the_same_properties",
            ),
        ),
        (
            "robins.properties.entered-hands-play-out",
            "A bot game dealt again without naming the hands, each entered by its player (right after the deal in "
            "even hands; in odd hands only the cards play names, then at the end one hand stated at its true count "
            "and the other entered), accepts every move, finds nothing, and ends with the original's scores and "
            "winner; re-executing it stores the same events.",
            (
                "tests/unit/robins/test_unknown_hands.py::"
                "test_bot_games_dealt_without_hands_and_entered_by_their_players_play_out_as_the_originals",
                "tests/unit/test_reexecution.py::"
                "test_re_executing_a_robins_game_whose_hands_its_players_entered_stores_the_same_events",
            ),
        ),
        (
            "robins.properties.same-over-hundreds-games-m",
            "The same, over hundreds of games (`-m slow`).",
            (
                "tests/unit/robins/test_bot_games.py::"
                "test_many_bot_games_keep_every_card_replay_exactly_and_score_by_the_rulings",
                "tests/unit/robins/test_bot_games.py::test_many_idle_bot_games_keep_the_same_properties",
            ),
        ),
    ),
)
