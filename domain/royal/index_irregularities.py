"""Royal Rummy: the rulings on irregularities of real play, each with the tests that cover it.

The rows of a rule-to-test table of its docs/rules page (`make rules-docs` writes them there)."""

from __future__ import annotations

from domain.rule import RuleIndex, rule_index

_T = "tests/unit/royal/test_irregularities.py::"

IRREGULARITIES: RuleIndex = rule_index(
    "irregularities",
    "meldbook",
    "| Ruling | Test |",
    (
        (
            "royal.irregularities.misdeal",
            "**A misdeal** is declared by the table (`misdeal`, with its reason and `confirm`) before the dealer "
            "keeps his hand or takes the dummy: the same dealer deals again. The antes and ace bets of the deal "
            "stay where they are (a redeal is the same deal, not a new one: nobody antes twice).",
            (
                _T + "test_a_misdeal_is_dealt_again_by_the_same_dealer_and_the_antes_stay_on_the_board",
                _T + "test_a_misdeal_is_refused_once_the_dealer_has_chosen_his_hand",
            ),
        ),
        (
            "royal.irregularities.misdeal-after-ace-paid",
            "Ace bets are judged on the hands as dealt, at once: a deal on which an ace bet was paid stands, and no "
            "misdeal is declared.",
            (_T + "test_a_deal_that_paid_an_ace_bet_stands",),
        ),
        (
            "royal.irregularities.exposed-card",
            "**A card exposed during the deal's play** (`expose_card`) stays in its holder's hand; every view lists "
            "it (`exposed`) until the next deal. No penalty. (There is no stock, so no draw out of turn.)",
            (_T + "test_an_exposed_card_stays_in_its_holders_hand",),
        ),
        (
            "royal.irregularities.abandoned",
            "**An abandoned game** (`abandon`, confirmed) ends as when the table ends it: bets go back to their "
            "players, and the chips left on the board go to the banker, or are split equally among the players "
            "still in (option `leftover`); its `GameEnded` says `abandoned by the players`.",
            (_T + "test_an_abandoned_game_ends_as_the_table_ends_it_by_the_leftover_option",),
        ),
    ),
)
