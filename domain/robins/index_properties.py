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
