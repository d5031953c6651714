"""Roby's rule codes: each rule a move can break, as the problem a refusal names."""

from __future__ import annotations

from domain.errors import Problem

PROBLEMS: tuple[Problem, ...] = (
    Problem(
        "roby.cut.not-due",
        "Not due to cut",
        "Each player draws one card for the deal, once; tied players draw again.",
        "ann is not due to cut: waiting for bob, cy",
    ),
    Problem(
        "roby.deal.not-dealer",
        "Not the dealer",
        "The highest card deals the first hand; thereafter the turn to deal rotates clockwise.",
        "bob deals this hand, not ann",
    ),
    Problem(
        "roby.deal.ten-cards",
        "Hand of the wrong size",
        "The dealer deals ten cards to each player.",
        "cy must be dealt 10 cards, not 9",
    ),
    Problem(
        "roby.draw-first",
        "Draw first",
        "A player draws the top card of the stock or of the discard pile before anything else in his turn.",
        "ann must draw first, from the stock or the discard pile",
    ),
    Problem(
        "roby.one-draw",
        "One draw a turn",
        "A player draws one card in his turn.",
        "ann has already drawn this turn",
    ),
    Problem(
        "roby.discard-top",
        "Not the top of the discard pile",
        "Only the top card of the discard pile may be taken.",
        "the top of the discard pile is 7H, not 9C",
    ),
    Problem(
        "roby.first-turn",
        "No melds in the first turn",
        "No cards are laid on the table in a player's first turn, unless he goes out with all his cards grouped.",
        "ann may not lay cards on the table in his first turn, unless he goes out (use go_out)",
    ),
    Problem(
        "roby.not-held",
        "Card not held",
        "A player plays only cards he holds.",
        "ann does not hold KS",
    ),
    Problem(
        "roby.meld.invalid",
        "Not a meld",
        "A meld is a group of 3 or more cards of one rank, or a sequence of 3 or more consecutive cards of one suit "
        "(the ace goes with the two or the king, no wrap-around).",
        "4H 5H 7H is not a meld: a group is 3+ cards of one rank, a sequence 3+ consecutive cards of one suit",
    ),
    Problem(
        "roby.lay-off.no-meld",
        "No such meld",
        "A card is laid off on a meld on the table, named by its id.",
        "there is no meld 9 on the table",
    ),
    Problem(
        "roby.lay-off.own-meld",
        "A meld of one's own first",
        "Players may add cards to their opponents' melds, having at least one meld of their own.",
        "ann needs a meld of his own on the table before laying off",
    ),
    Problem(
        "roby.lay-off.fit",
        "Card does not fit the meld",
        "A card laid off extends the group or sequence it is added to.",
        "9C does not fit the meld 4H 5H 6H",
    ),
    Problem(
        "roby.99-rule",
        "The 99 rule",
        "To show a combination, the cards held must count at most the difference between the score and 99.",
        "with 80 points, ann may put cards on the table only if what he keeps after his discard is worth at most 19",
    ),
    Problem(
        "roby.discard.just-taken",
        "Card just taken",
        "The card taken from the discard pile is not discarded in the same turn while another discard is legal.",
        "7H was taken from the discard pile this turn and cannot be discarded while another discard is legal",
    ),
    Problem(
        "roby.discard.fits-meld",
        "Discard fits a meld",
        "Nobody may discard a card that matches a combination already laid.",
        "7H cannot be discarded: it fits the meld 4H 5H 6H on the table",
    ),
    Problem(
        "roby.go-out.all-cards",
        "Going out uses every card",
        "The player who first lays all his cards on the table wins the hand, achieving Roby.",
        "going out must use every card in ann's hand exactly once",
    ),
    Problem(
        "roby.go-out.eleven-from-stock",
        "Eleven lay-offs need a stock draw",
        "Roby can also be made by a player who, after drawing from the stock and without a meld of his own, adds "
        "all eleven cards to opponents' melds.",
        "laying off all eleven cards without a meld of one's own makes Roby only after a draw from the stock",
    ),
    Problem(
        "roby.reenlist.not-due",
        "Not his decision yet",
        "Players over 99 decide in turn whether to re-enlist.",
        "cy decides next whether to re-enlist, not ann",
    ),
    Problem(
        "roby.reenlist.two-remain",
        "Too few players left to re-enlist",
        "At least two players must continue in the game for a player to re-enlist.",
        "re-enlisting needs at least two other players still in the game",
    ),
    Problem(
        "roby.result.recorded-game",
        "Result hands need a recorded game",
        "A hand is recorded by its result only in a game whose cards the table deals; where the service deals, it "
        "plays every move.",
        "only a game whose cards the table deals records a hand by its result; here the service deals",
    ),
    Problem(
        "roby.result.players",
        "Who a result counts",
        "A hand recorded by its result names who went out, a player still in the game, and counts every other player "
        "still in (a count stated or the cards shown), nobody else; a hand called off counts nobody.",
        "cy's count is missing: every player still in but ann states what his cards count (points) or shows them "
        "(cards)",
    ),
    Problem(
        "roby.result.count",
        "A count no cards could give",
        "A count stated for a hand left holding cards is one that one to ten cards of the packs could make, and any "
        "counts together are no more than as many hands of the packs' highest cards could make.",
        "bob's count of 120 is one no hand left could give: 1 to 10 cards count 2 to 104",
    ),
    Problem(
        "roby.result.cards",
        "Cards left that cannot be",
        "A player left holding cards when another goes out shows one to ten cards, none more often than the packs "
        "hold it; a count stated beside them is the count they make.",
        "bob's cards count 21, not the 20 stated",
    ),
    Problem(
        "roby.forward.standings",
        "Standings that cannot be brought forward",
        "Standings are brought forward once, before the first hand recorded here, naming every player: scores from 0 "
        "with two players at least still in (99 or less), a pot of nothing or more, and money paid in equal to money "
        "paid out (the balances and the pot come to nothing together).",
        "money paid in equals money paid out: the balances and the pot come to 100, not 0",
    ),
)
