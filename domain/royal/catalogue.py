"""Royal Rummy's rule table: every rule its package applies (the chip movements it stores, the refusals it names),
and how the ledger reads its stored events."""

from __future__ import annotations

from domain.money.ledger import AmountTransferred
from domain.money.movements import CHIPS, Conservation, Readings, transferred
from domain.royal.board import BANK
from domain.royal.problems import PROBLEMS
from domain.rules.rule import Rule, refusal_rules

LEDGER_RULES: tuple[Rule, ...] = (
    Rule("royal.setup.stack", "The banker hands each player the same starting stack.", "seed"),
    Rule(
        "royal.setup.brought-forward",
        "A game carried on from a paper sheet starts from each player's stack and the chips on the board and the aces "
        "as stated before its first deal here, which add up to what the banker handed out; the record marks them as "
        "stated, brought forward.",
        "meldbook",
        stated=True,
    ),
    Rule("royal.ante", "Every player puts the ante on each space of the board, each deal.", "seed"),
    Rule("royal.aces.bet", "Before looking at his cards the dealer may bet chips on one corner ace.", "seed"),
    Rule("royal.aces.cover", "Other players may cover an ace bet with the same amount.", "seed"),
    Rule(
        "royal.aces.repeat",
        "Everyone who bet on an ace bets the same ace and amount next deal, until it is won; a player who cannot pay "
        "is released.",
        "seed",
    ),
    Rule(
        "royal.aces.won",
        "The holder of the ace, if he is among its bettors, takes every chip on it; an ace in the dummy wins nothing.",
        "ruling",
    ),
    Rule(
        "royal.dummy.auction",
        "The highest bidder for the dummy pays the dealer his bid and takes the dummy; his own hand becomes dead.",
        "ruling",
    ),
    Rule("royal.poker.bet", "A poker bet, call or raise moves chips from the player's stack to his bet.", "seed"),
    Rule("royal.poker.pot", "Bets make the main pot and, with all-ins, side pots as in table poker.", "ruling"),
    Rule(
        "royal.poker.won",
        "The best poker hand among those still in wins the Pot space plus the bets; ties split.",
        "seed",
    ),
    Rule("royal.poker.odd-chip", "When a pot is split, an odd unit stays on the Pot.", "ruling"),
    Rule("royal.board.pay-card", "Playing a card that matches a space takes its chips.", "seed"),
    Rule("royal.board.marriage", "One player who plays both the king and queen of hearts takes the marriage.", "seed"),
    Rule("royal.board.sequence", "One player who plays 8, 9 and 10 of one suit takes the sequence.", "seed"),
    Rule("royal.rummy.kitty", "The first player to empty his hand wins the Kitty.", "seed"),
    Rule(
        "royal.rummy.pot-without-poker",
        "If poker is not played in a deal, the rummy winner takes the Pot as well as the Kitty.",
        "seed",
    ),
    Rule(
        "royal.rummy.losers-pay",
        "Option: the losers also pay the rummy winner 1 unit per card they hold, each paying what he can.",
        "seed",
    ),
    Rule(
        "royal.rummy.blocked",
        "A blocked hand: every player pays 1 unit per card still held into the Kitty, or what he holds.",
        "ruling",
    ),
    Rule("royal.end.bets-returned", "When the game ends, bets not yet settled go back to their players.", "meldbook"),
    Rule(
        "royal.end.ante-returned",
        "Rules version 2: the ante belongs to its deal; a game ended before the deal is dealt gives each player the "
        "ante he paid for it back before the board is cleared.",
        "ruling",
    ),
    Rule(
        "royal.end.ace-bet-returned",
        "Rules version 2: an ace bet paid for a deal (repeated or new) belongs to it; a game ended before the deal is "
        "dealt gives each bettor what he staked for it back before the board is cleared.",
        "ruling",
    ),
    Rule(
        "royal.end.to-banker",
        "When the game ends, chips left on the board and the aces stay with the banker.",
        "ruling",
    ),
    Rule(
        "royal.end.split",
        "Option: chips left when the game ends are split equally among the players still in, odd units to those "
        "nearest the dealer's left.",
        "ruling",
    ),
)
"""The rules Royal Rummy's stored chip movements name."""

FINDING_RULES: tuple[Rule, ...] = (
    Rule(
        "royal.irregularities.exposed-card",
        "**A card exposed during the deal's play** (`expose_card`) stays in its holder's hand; every view lists "
        "it (`exposed`) until the next deal. No penalty. (There is no stock, so no draw out of turn.)",
        "meldbook",
    ),
)
"""The rules a finding names: a check that waited for a hand the hand then broke."""

RULES: tuple[Rule, ...] = LEDGER_RULES + FINDING_RULES + refusal_rules(
    PROBLEMS,
    {
        "royal.misdeal.ace-paid": "meldbook",
        "royal.aces.not-shown": "meldbook",
        "royal.count.cards-left": "meldbook",
        "royal.forward.standings": "meldbook",
        "royal.auction.bid-too-low": "ruling",
        "royal.auction.bid-over-stack": "ruling",
        "royal.poker.check-after-bet": "ruling",
        "royal.poker.not-reopened": "ruling",
        "royal.poker.min-raise": "ruling",
        "royal.poker.nothing-to-call": "ruling",
    },
)
"""Every rule of Royal Rummy's package."""

READINGS: Readings = {AmountTransferred.TOPIC: transferred(CHIPS)}
"""Royal Rummy moves chips only, in AmountTransferred events."""

CONSERVATION = (
    Conservation(
        CHIPS,
        "the chips in the players' stacks, on the board, on the aces and in bets always add up to what the banker "
        "handed out: no account but the bank ever holds less than nothing",
        may_owe=lambda account: account == BANK,
    ),
)
"""Royal Rummy's conservation law (RULINGS.md: chips are constant at every event)."""
