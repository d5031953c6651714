"""Roby's rule table: every rule its package applies (the payouts and scores it stores, the refusals it names),
and how the ledger reads its stored events."""

from __future__ import annotations

from domain.irregularities.events import GameAbandoned
from domain.money.ledger import AmountTransferred
from domain.money.movements import MONEY, Conservation, Readings, score_set_to, scored, transferred
from domain.roby.events import GameWon, PlayerReenlisted, PointsScored
from domain.roby.problems import PROBLEMS
from domain.rules.rule import Rule, refusal_rules

REENLIST_SCORE = "roby.reenlist.highest-score"

LEDGER_RULES: tuple[Rule, ...] = (
    Rule(
        "roby.stakes.buy-in", "Before the game each player puts the agreed amount in the centre of the table.", "seed"
    ),
    Rule(
        "roby.stakes.per-roby",
        "Each Roby wins the agreed amount from every opponent still in the game, a player who busts in that very hand "
        "included; players out of the game pay nothing.",
        "ruling",
    ),
    Rule(
        "roby.stakes.reenlist-fee",
        "A re-enlisting player puts in the pot total divided by the players staying in the game, rounded up to a "
        "whole unit, computed on the pot at that moment (option reenlist_fee=buy_in: the buy-in).",
        "ruling",
    ),
    Rule("roby.stakes.pot-to-winner", "The winner of the game takes the total amount on the table.", "seed"),
    Rule(
        "roby.abandon.pot-shared",
        "An abandoned game's pot is shared equally among the players still in, odd units to those nearest the "
        "dealer's left (option abandon=buy_ins_returned: what is left once the buy-ins are returned).",
        "meldbook",
    ),
    Rule(
        "roby.abandon.buy-in-returned",
        "Under option abandon=buy_ins_returned, an abandoned game returns every player's buy-in from the pot.",
        "meldbook",
    ),
    Rule(
        "roby.scoring.cards-left",
        "The opponents score the points of the cards remaining in their hands, even if they had melds formed.",
        "seed",
    ),
    Rule(
        "roby.scoring.stated-count",
        "A hand nobody entered may score, at the end of the hand, the count its player states at the table instead of "
        "its cards; the record marks the score as stated.",
        "meldbook",
        stated=True,
    ),
    Rule(
        "roby.scoring.result-count",
        "A hand recorded by its result scores the count each player left holding cards stated at the table (or the "
        "cards he showed, which count as in a hand played); the record marks a stated count as stated.",
        "meldbook",
        stated=True,
    ),
    Rule(
        "roby.scoring.brought-forward",
        "A game carried on from a paper sheet starts from the scores stated before its first hand here; the record "
        "marks them as stated, brought forward.",
        "meldbook",
        stated=True,
    ),
    Rule(
        "roby.stakes.brought-forward",
        "A game carried on from a paper sheet starts from each player's money and the pot as stated before its first "
        "hand here, which come to nothing together; the record marks them as stated, brought forward.",
        "meldbook",
        stated=True,
    ),
    Rule(
        REENLIST_SCORE,
        "A player over 99 may re-enlist one or more times, taking the points of the player with the higher score.",
        "seed",
    ),
)
"""The rules Roby's stored payouts and scores name."""

FINDING_RULES: tuple[Rule, ...] = (
    Rule(
        "roby.irregularities.exposed-card",
        "**A card exposed during play** (`expose_card`: whose, which) stays in its holder's hand; the table has "
        "seen it, so every view lists it (`exposed`) until the next deal. There is no penalty: Roby is played by "
        "individuals, with no partner to profit from the sight.",
        "meldbook",
    ),
)
"""The rules a finding names: a check that waited for a hand the hand then broke."""

RULES: tuple[Rule, ...] = LEDGER_RULES + FINDING_RULES + refusal_rules(
    PROBLEMS,
    {
        "roby.reenlist.not-due": "ruling",
        "roby.discard.just-taken": "ruling",
        "roby.lay-off.no-meld": "meldbook",
        "roby.not-held": "meldbook",
        "roby.result.recorded-game": "meldbook",
        "roby.result.players": "meldbook",
        "roby.result.count": "meldbook",
        "roby.result.cards": "meldbook",
        "roby.forward.standings": "meldbook",
    },
)
"""Every rule of Roby's package."""

READINGS: Readings = {
    AmountTransferred.TOPIC: transferred(MONEY),
    PointsScored.TOPIC: scored,
    PlayerReenlisted.TOPIC: score_set_to(REENLIST_SCORE),
}
"""Roby's money moves in AmountTransferred events; its points in PointsScored, and in a re-enlistment's new score."""

CONSERVATION = (
    Conservation(
        MONEY,
        "money paid in equals money paid out: the pot never holds less than nothing and is empty once the game is won",
        may_owe=lambda account: account.startswith("player:"),
        empty_at_end=("pot",),
        end_topics=frozenset({GameWon.TOPIC, GameAbandoned.TOPIC}),
    ),
)
"""Roby's conservation law (RULINGS.md: in Roby, money paid in equals money paid out)."""
