"""Royal Rummy's actions in words, for replays."""

from __future__ import annotations

from domain.rules.words import SHARED, Phrase, actor, cards, template

ACE_BET = template("%(player)s bets %(amount)s on the ace of %(ace)s")
NO_ACE_BET = template("%(player)s opens no ace bet")
COVERS = template("%(player)s covers the ace bet")
DECLINES = template("%(player)s declines the ace bet")
TAKES_DUMMY = template("%(player)s takes the dummy")
KEEPS = template("%(player)s keeps his hand and auctions the dummy")
BIDS = template("%(player)s bids %(amount)s for the dummy")
PASSES = template("%(player)s passes")
CHOOSES = template("%(player)s chooses a poker hand")
CHOOSES_CARDS = template("%(player)s chooses a poker hand: %(cards)s")
CHECKS = template("%(player)s checks")
BETS = template("%(player)s bets %(amount)s")
CALLS = template("%(player)s calls")
RAISES = template("%(player)s raises to %(amount)s")
FOLDS = template("%(player)s folds")
ALL_IN = template("%(player)s goes all in")
PLAYS = template("%(player)s plays %(cards)s")
ENDS = template("the table ends the game")

PHRASES: dict[str, Phrase] = {
    **SHARED,
    "ace_bet": lambda a, s: ACE_BET(player=actor(a), amount=str(a.get("amount")), ace=str(a.get("ace"))),
    "no_ace_bet": lambda a, s: NO_ACE_BET(player=actor(a)),
    "cover": lambda a, s: COVERS(player=actor(a)),
    "decline": lambda a, s: DECLINES(player=actor(a)),
    "swap": lambda a, s: TAKES_DUMMY(player=actor(a)),
    "keep": lambda a, s: KEEPS(player=actor(a)),
    "bid": lambda a, s: BIDS(player=actor(a), amount=str(a.get("amount"))),
    "pass": lambda a, s: PASSES(player=actor(a)),
    "poker_hand": lambda a, s: CHOOSES_CARDS(player=actor(a), cards=cards(a["cards"]))
    if a.get("cards")
    else CHOOSES(player=actor(a)),
    "check": lambda a, s: CHECKS(player=actor(a)),
    "bet": lambda a, s: BETS(player=actor(a), amount=str(a.get("amount"))),
    "call": lambda a, s: CALLS(player=actor(a)),
    "raise": lambda a, s: RAISES(player=actor(a), amount=str(a.get("amount"))),
    "fold": lambda a, s: FOLDS(player=actor(a)),
    "all_in": lambda a, s: ALL_IN(player=actor(a)),
    "play": lambda a, s: PLAYS(player=actor(a), cards=cards(a.get("cards"))),
    "end_game": lambda a, s: ENDS(),
}
