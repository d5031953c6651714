"""Royal Rummy's actions in words, for replays."""

from __future__ import annotations

from domain.rules.words import SHARED, Phrase, actor, cards

PHRASES: dict[str, Phrase] = {
    **SHARED,
    "ace_bet": lambda a, s: f"{actor(a)} bets {a.get('amount')} on the ace of {a.get('ace')}",
    "no_ace_bet": lambda a, s: f"{actor(a)} opens no ace bet",
    "cover": lambda a, s: f"{actor(a)} covers the ace bet",
    "decline": lambda a, s: f"{actor(a)} declines the ace bet",
    "swap": lambda a, s: f"{actor(a)} takes the dummy",
    "keep": lambda a, s: f"{actor(a)} keeps his hand and auctions the dummy",
    "bid": lambda a, s: f"{actor(a)} bids {a.get('amount')} for the dummy",
    "pass": lambda a, s: f"{actor(a)} passes",
    "poker_hand": lambda a, s: f"{actor(a)} chooses a poker hand"
    + (f": {cards(a['cards'])}" if a.get("cards") else ""),
    "check": lambda a, s: f"{actor(a)} checks",
    "bet": lambda a, s: f"{actor(a)} bets {a.get('amount')}",
    "call": lambda a, s: f"{actor(a)} calls",
    "raise": lambda a, s: f"{actor(a)} raises to {a.get('amount')}",
    "fold": lambda a, s: f"{actor(a)} folds",
    "all_in": lambda a, s: f"{actor(a)} goes all in",
    "play": lambda a, s: f"{actor(a)} plays {cards(a.get('cards'))}",
    "end_game": lambda a, s: "the table ends the game",
}
