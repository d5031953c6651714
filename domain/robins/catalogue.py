"""Robins Rummy's rule table: every rule its package applies (the scores it stores, the refusals it names), and how
the ledger reads its stored events."""

from __future__ import annotations

from domain.money.movements import Readings, scored
from domain.robins.events import PointsScored
from domain.robins.forward import BROUGHT_FORWARD
from domain.robins.problems import PROBLEMS
from domain.robins.settle import HAND_RULE, RESULT_HAND_RULE, RESULT_TABLE_RULE, STATED_RULE, TABLE_RULE
from domain.rules.rule import Rule, refusal_rules

LEDGER_RULES: tuple[Rule, ...] = (
    Rule(
        TABLE_RULE,
        "At the end of a hand each player scores the cards he put on the table that are still there.",
        "seed",
    ),
    Rule(HAND_RULE, "At the end of a hand each player loses the points of the cards left in his hand.", "seed"),
    Rule(
        STATED_RULE,
        "A hand nobody entered may lose, at the end of the hand, the count its player states at the table instead of "
        "its cards; the record marks the score as stated.",
        "meldbook",
        stated=True,
    ),
    Rule(
        RESULT_TABLE_RULE,
        "A hand recorded by its result scores each player the table points stated at the table; the record marks "
        "them as stated.",
        "meldbook",
        stated=True,
    ),
    Rule(
        RESULT_HAND_RULE,
        "A hand recorded by its result takes from each player who held cards the hand points stated at the table (or "
        "the points of the cards he showed, as in a hand played); the record marks a stated count as stated.",
        "meldbook",
        stated=True,
    ),
    Rule(
        BROUGHT_FORWARD,
        "A game carried on from a paper sheet starts from the running totals stated before its first hand here; the "
        "record marks them as stated, brought forward.",
        "meldbook",
        stated=True,
    ),
)
"""The rules Robins Rummy's stored scores name."""

DEALER_RULES: tuple[Rule, ...] = (
    Rule("robins.dealer.cut", "Each player cuts once for the first deal; the higher card deals.", "seed"),
    Rule(
        "robins.dealer.linked-game",
        "The first dealer is the loser of the most recent game between the same two players, when the record links "
        "to it.",
        "seed",
    ),
    Rule("robins.dealer.alternates", "The deal alternates every hand.", "seed"),
)
"""The rules a DealerChosen event names as its reason."""

FINDING_RULES: tuple[Rule, ...] = (
    Rule(
        "robins.irregularities.exposed-card",
        "**A card exposed during play** (`expose_card`) stays in its holder's hand; the opponent has seen it, and"
        " every view lists it (`exposed`) until the next deal. No penalty.",
        "meldbook",
    ),
)
"""The rules a finding names: a check that waited for a hand the hand then broke."""

RULES: tuple[Rule, ...] = LEDGER_RULES + FINDING_RULES + DEALER_RULES + refusal_rules(
    PROBLEMS,
    {
        "robins.wild.declaration": "meldbook",
        "robins.lay-off.no-meld": "meldbook",
        "robins.not-held": "meldbook",
        "robins.turn-order": "meldbook",
        "robins.pickup.order": "ruling",
        "robins.result.recorded-game": "meldbook",
        "robins.result.players": "meldbook",
        "robins.result.points": "meldbook",
        "robins.result.cards": "meldbook",
        "robins.forward.scores": "meldbook",
    },
)
"""Every rule of Robins Rummy's package."""

READINGS: Readings = {PointsScored.TOPIC: scored}
"""Robins Rummy moves points only, in PointsScored events."""

CONSERVATION = ()
"""Points have no conservation law: the audit checks them."""
