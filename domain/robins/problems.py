"""Robins Rummy's rule codes: each rule a move can break, as the problem a refusal names."""

from __future__ import annotations

from domain.errors import Problem

PROBLEMS: tuple[Problem, ...] = (
    Problem(
        "robins.cut.not-due",
        "Not due to cut",
        "Each player cuts once for the first deal; the higher card deals, and a tie cuts again.",
        "ann has already cut: waiting for bob",
    ),
    Problem(
        "robins.deal.not-dealer",
        "Not the dealer",
        "The winner of the cut deals the first hand; thereafter the deal alternates.",
        "bob deals this hand, not ann",
    ),
    Problem(
        "robins.deal.seven-cards",
        "Hand of the wrong size",
        "Each player is dealt seven cards.",
        "bob must be dealt 7 cards, not 6",
    ),
    Problem(
        "robins.draw-first",
        "Draw from the stock first",
        "A turn begins with a draw from the stock.",
        "ann must draw from the stock first",
    ),
    Problem(
        "robins.one-draw",
        "One draw a turn",
        "A player draws once from the stock in his turn.",
        "ann has already drawn this turn",
    ),
    Problem(
        "robins.turn-order",
        "Discarding has begun",
        "Once a player begins discarding, only the discards he still owes are left in his turn.",
        "ann has begun discarding: only the discard he still owes is left",
    ),
    Problem(
        "robins.not-held",
        "Card not held",
        "A player plays only cards he holds.",
        "ann does not hold KS",
    ),
    Problem(
        "robins.meld.invalid",
        "Not a meld",
        "A meld is a set of three or four cards of one rank, or a run of three or more in one suit; deuces and "
        "jokers are wild.",
        "4H 5H 9H is not a run",
    ),
    Problem(
        "robins.wild.declaration",
        "Deuce not declared",
        "Each deuce in a meld or laid off is declared as the one natural card it stands for.",
        "declare one natural card for each deuce in the meld (1 here, in the order they are listed), not 0",
    ),
    Problem(
        "robins.lay-off.no-meld",
        "No such meld",
        "A card is laid off on, or a wild exchanged from, a meld on the table, named by its id.",
        "there is no meld 9 on the table",
    ),
    Problem(
        "robins.lay-off.closed",
        "A Nat is closed",
        "A Nat is closed once played: nobody adds to it.",
        "a Nat is closed once played: nobody adds to it",
    ),
    Problem(
        "robins.lay-off.fit",
        "Card does not fit the meld",
        "A card laid off extends the set or run it is added to.",
        "9C does not fit the meld 4H 5H 6H",
    ),
    Problem(
        "robins.exchange.natural",
        "Exchange for a natural card",
        "A wild on the table is exchanged only for the natural card it stands for.",
        "a wild is exchanged only for a natural card",
    ),
    Problem(
        "robins.exchange.no-wild",
        "No wild stands for that card",
        "A wild on the table is exchanged only for the natural card it stands for.",
        "no wild in the meld 4H 2C 6H stands for 7H",
    ),
    Problem(
        "robins.upcard-wild.no-going-out",
        "No going out after taking a wild upcard",
        "A player who took the first upcard while it was wild may not go out in that turn.",
        "ann took the first upcard while it was wild and may not go out this turn",
    ),
    Problem(
        "robins.rummy.expired",
        "Rummy claim not open",
        "A Rummy is claimed by the opponent at the start of his next turn, or else by the discarder at the start of "
        "his own next turn, before the draw; then the claim lapses.",
        "a Rummy is claimed at the start of a turn, before the draw; ann has drawn already",
    ),
    Problem(
        "robins.pickup.order",
        "Discard pile taken out of order",
        "The discard pile is taken from once a turn, right after the stock draw and before any table play.",
        "the discard pile is taken from once a turn, right after the stock draw and before any table play",
    ),
    Problem(
        "robins.pickup.not-in-pile",
        "Card not in the discard pile",
        "A player takes the discard pile down to a card that is in it.",
        "KS is not in the discard pile",
    ),
    Problem(
        "robins.pickup.unused",
        "Card taken must be used",
        "Taking several cards from the discard pile, the card taken down to is used at once, in a meld or a lay-off.",
        "taking 3 cards down to 7H needs 7H used in this same action",
    ),
    Problem(
        "robins.result.recorded-game",
        "Result hands need a recorded game",
        "A hand is recorded by its result only in a game whose cards the table deals; where the service deals, it "
        "plays every move.",
        "only a game whose cards the table deals records a hand by its result; here the service deals",
    ),
    Problem(
        "robins.result.players",
        "Who a result counts",
        "A hand recorded by its result gives both players their table points, and hand points to each player but the "
        "one who went out (a count stated or the cards shown); it names no one else.",
        "ann's hand points are missing: bob went out, so ann held cards; state their points or show them (cards)",
    ),
    Problem(
        "robins.result.points",
        "Points no cards could give",
        "Points stated for a result hand are multiples of five that the deck could give: table points 0 or more, "
        "hand points five or more for a player holding cards, all of them together no more than the whole deck "
        "counts, and five table points at least for each Rummy a player claimed.",
        "table of 12 for ann is one no cards could give: 0 to 660 in steps of 5",
    ),
    Problem(
        "robins.result.cards",
        "Cards left that cannot be",
        "A player who did not go out shows one card at least, none more often than the deck holds it; points stated "
        "beside them are the points they count.",
        "bob's cards count 35, not the 30 stated",
    ),
    Problem(
        "robins.forward.scores",
        "Standings that cannot be brought forward",
        "Running totals are brought forward once, before the first hand recorded here, naming both players, and from "
        "a game not yet won.",
        "ann at 520 has won this game already (the first at 505 or more, ahead of the other): a game carried on has "
        "not ended",
    ),
)
