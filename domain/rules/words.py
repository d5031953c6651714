"""An action in words, for a replay: each variant's phrases for its own action kinds, and one shared fallback.

A phrase reads the action as the viewer may see it (a drawn card a spectator may not see is blank) and the
table as that viewer saw it before the move, so words never say more than the frame shows. Cards are codes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Phrase = Callable[[Mapping[str, Any], Mapping[str, Any]], str]
"""Words for one action kind: from the action (as filtered) and the table's state document before it."""


def cards(value: Any) -> str:
    """Card codes as a line of text ('7H 8H 9H'); a blank (hidden) card is 'a card'."""
    if value is None:
        return "a card"
    if isinstance(value, str):
        return value
    return " ".join(str(card) for card in value)


def actor(action: Mapping[str, Any]) -> str:
    """Who acted: the player, or the table for an action of the table."""
    return str(action.get("player") or "the table")


def meld_owner(state: Mapping[str, Any], meld_id: Any) -> str:
    """'Ann's meld 2' or 'meld 2' when the table doc names no owner."""
    melds = state.get("melds") or []
    owner = next((m.get("owner") for m in melds if isinstance(m, dict) and m.get("id") == meld_id), None)
    return f"{owner}'s meld {meld_id}" if owner else f"meld {meld_id}"


def fallback(action: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    """Any action as '<player> <type>' followed by the cards and amounts it names."""
    kind = str(action.get("type", "acts")).replace("_", " ")
    named = [
        cards(action[key]) if key in ("card", "cards") else f"{key} {action[key]}"
        for key in ("card", "cards", "amount", "meld")
        if action.get(key) is not None
    ]
    return " ".join([actor(action), kind, *named])


def in_words(phrases: Mapping[str, Phrase], action: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    """The action in words, by its variant's phrase for its kind, or by the fallback."""
    phrase = phrases.get(str(action.get("type")), fallback)
    return phrase(action, state)


def events_in_words(names: list[str], player: str | None) -> str:
    """A move stored before envelopes, by its events' names ('ann: StockCardDrawn, MeldLaid')."""
    return f"{player or 'the table'}: {', '.join(names)}"


SHARED: dict[str, Phrase] = {
    "cut": lambda a, s: f"{actor(a)} cuts {cards(a.get('card'))}" if a.get("card") else f"{actor(a)} cuts",
    "deal": lambda a, s: f"{actor(a)} deals",
    "meld": lambda a, s: f"{actor(a)} melds {cards(a.get('cards'))}",
    "lay_off": lambda a, s: f"{actor(a)} lays {cards(a.get('card'))} off on {meld_owner(s, a.get('meld'))}",
    "discard": lambda a, s: f"{actor(a)} discards {cards(a.get('card'))}",
    "misdeal": lambda a, s: f"the table declares a misdeal ({str(a.get('reason', '')).replace('_', ' ')}): the deal "
    "is void and dealt again",
    "expose_card": lambda a, s: f"{a.get('holder')}'s {cards(a.get('card'))} is exposed; it stays in his hand",
    "draw_out_of_turn": lambda a, s: f"{a.get('drawer')} draws {cards(a.get('card'))} out of turn; it goes back "
    "into the stock",
    "call_off": lambda a, s: "the table calls the hand off: it is void",
    "abandon": lambda a, s: "the players leave: the game is abandoned",
    "adopt_rules": lambda a, s: f"the table adopts rules version {a.get('rules')}, from the next deal on",
}
"""Phrases that read alike in every variant that has the kind."""
