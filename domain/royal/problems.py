"""Royal Rummy's rule codes: each rule a move can break, as the problem a refusal names."""

from __future__ import annotations

from domain.errors import Problem

PROBLEMS: tuple[Problem, ...] = (
    Problem(
        "royal.cut.not-due",
        "Not due to cut",
        "Each player cuts once for the first deal; the highest card deals, and tied players cut again.",
        "ann is not due to cut: waiting for bob, cy",
    ),
    Problem(
        "royal.deal.not-dealer",
        "Not the dealer",
        "The winner of the cut deals the first hand; thereafter the deal passes to the left.",
        "bob deals this hand, not ann",
    ),
    Problem(
        "royal.misdeal.ace-paid",
        "Deal stands: an ace bet was paid on it",
        "Ace bets are judged on the hands as dealt, at once: once an ace has been shown and paid, the deal stands "
        "and no misdeal is declared.",
        "an ace bet was paid on this deal, judged on the hands as dealt: the deal stands",
    ),
    Problem(
        "royal.deal.hand-size",
        "Hand of the wrong size",
        "All the cards are dealt, one at a time, to the players and a dummy hand; extra cards go to the dummy.",
        "ann is dealt 13 cards with 3 players and a dummy, not 12",
    ),
    Problem(
        "royal.aces.dealer-only",
        "Only the dealer bets on an ace",
        "With ace betting, the dealer may bet on a corner ace each deal.",
        "only the dealer, bob, may open an ace bet",
    ),
    Problem(
        "royal.aces.standing",
        "The ace already carries a bet",
        "A bet on an ace stands, repeated by its bettors, until the ace is won.",
        "the ace of H already carries a standing bet, repeated by its bettors until it is won",
    ),
    Problem(
        "royal.aces.amount",
        "Ace bet out of range",
        "An ace bet is at least 1 unit and at most the dealer's stack.",
        "an ace bet is at least 1 unit and at most the dealer's stack (40), not 50",
    ),
    Problem(
        "royal.aces.cannot-cover",
        "Cannot cover the ace bet",
        "Covering an ace bet costs the same amount as the bet, from the player's stack.",
        "covering the ace bet costs 5, and cy holds 3",
    ),
    Problem(
        "royal.dummy.dealer-only",
        "The dealer decides about the dummy",
        "The dealer may swap his hand for the dummy, or keep it and auction the dummy.",
        "the dealer, bob, decides about the dummy, not ann",
    ),
    Problem(
        "royal.auction.bid-too-low",
        "Bid too low",
        "Each bid for the dummy is at least 1 unit more than the last bid.",
        "a bid must be at least 4: 1 unit more than the last bid (3)",
    ),
    Problem(
        "royal.auction.bid-over-stack",
        "Bid over the stack",
        "A player bids at most his stack for the dummy.",
        "ann may bid at most his stack, 12, not 20",
    ),
    Problem(
        "royal.poker.chosen",
        "Poker hand already chosen",
        "Each player chooses his poker hand once.",
        "ann has already chosen his poker hand",
    ),
    Problem(
        "royal.poker.five-cards",
        "A poker hand is five cards",
        "A poker hand is exactly five different cards of the player's hand.",
        "a poker hand is exactly 5 different cards, not 4",
    ),
    Problem(
        "royal.poker.not-held",
        "Card not held",
        "A poker hand is chosen from the cards the player holds.",
        "ann does not hold KS",
    ),
    Problem(
        "royal.poker.no-chips",
        "No chips left",
        "A player without chips cannot put more in the poker pot.",
        "ann has no chips left to put in",
    ),
    Problem(
        "royal.poker.bet-made",
        "A bet is already made",
        "Once a bet is made, the next players call, raise or fold.",
        "there is already a bet of 2: call, raise or fold",
    ),
    Problem(
        "royal.poker.no-bet",
        "No bet to raise",
        "A raise answers a bet; with no bet made, a player bets instead.",
        "there is no bet to raise: bet instead",
    ),
    Problem(
        "royal.poker.over-stack",
        "Bet over the stack",
        "A player bets at most the chips he has.",
        "ann has 5 chips: he can bet at most 7 in all, not 9",
    ),
    Problem(
        "royal.poker.too-small",
        "Bet does not raise",
        "A bet or raise takes the bet above the current one.",
        "a raise must take the bet above 3",
    ),
    Problem(
        "royal.poker.not-reopened",
        "Betting not reopened",
        "A short all-in does not reopen the betting for players who have already acted: they may only call or fold.",
        "ann may only call or fold: a short all-in does not reopen the betting for him",
    ),
    Problem(
        "royal.poker.min-raise",
        "Raise too small",
        "A raise is at least the last raise above the current bet, unless it puts the player all in.",
        "a raise is at least 2 above 3 (to 5), unless it puts the player all in",
    ),
    Problem(
        "royal.poker.check-after-bet",
        "Cannot check after a bet",
        "A player checks only while no bet is made.",
        "ann cannot check: there is a bet of 2 to meet",
    ),
    Problem(
        "royal.poker.nothing-to-call",
        "No bet to call",
        "A call answers a bet; with no bet made, a player checks or bets.",
        "there is no bet to call: check or bet",
    ),
    Problem(
        "royal.rummy.not-held",
        "Card not held",
        "In the rummy hand a player plays only cards he holds.",
        "ann does not hold KS",
    ),
    Problem(
        "royal.rummy.must-lead",
        "The leader cannot pass",
        "The player to lead plays a card; he cannot pass.",
        "ann is to lead: he cannot pass",
    ),
    Problem(
        "royal.rummy.must-play",
        "Must play the next card",
        "A player who holds the next card in sequence must play it.",
        "ann holds 8H, the next card: he must play it, not pass",
    ),
    Problem(
        "royal.rummy.lowest",
        "Lead the lowest card",
        "The leader plays his lowest card of the suit he leads.",
        "ann leads his lowest H card: 3H",
    ),
    Problem(
        "royal.rummy.not-next",
        "Not the next card",
        "Play continues with the next card in sequence in the suit led.",
        "the next card to play is 8H, not 9H",
    ),
    Problem(
        "royal.rummy.run",
        "Cards not in sequence",
        "Further cards played at once must be consecutive in the suit.",
        "10H does not follow 8H: further cards must be consecutive in the suit",
    ),
    Problem(
        "royal.aces.not-shown",
        "Bet-on ace not shown yet",
        "Ace bets are judged on the hands as dealt, before the dealer keeps his hand or takes the dummy: in a deal "
        "that named no hand, the bet-on ace's holder enters his hand first (every live hand, when it lies in the "
        "dummy).",
        "the ace bets are judged on the hands as dealt, before the dummy is decided: AH is shown first (its holder "
        "enters his hand; hands not entered yet: ann, bob)",
    ),
    Problem(
        "royal.count.cards-left",
        "Not the count the record keeps",
        "At the end of the rummy hand, a hand nobody entered is left unshown at its number of cards, which the "
        "record keeps (the cards dealt less those played): the count stated is that number.",
        "bob holds 7 cards by the record (dealt less played), not 6: state 7",
    ),
    Problem(
        "royal.forward.standings",
        "Standings that cannot be brought forward",
        "Standings are brought forward once, before the first deal recorded here and its cut: every player's stack, "
        "the chips on the board's spaces and the corner aces, none below nothing, adding up to what the banker handed "
        "out.",
        "the chips in the stacks, on the board and on the aces always add up to what the banker handed out: 290 "
        "stated, 300 handed out",
    ),
)
