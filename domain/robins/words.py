"""Robins Rummy's actions in words, for replays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rules.words import SHARED, Phrase, actor, cards, meld_owner


def _draw(action: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    card = action.get("card")
    return f"{actor(action)} draws {card} from the stock" if card else f"{actor(action)} draws from the stock"


def _pick_up(action: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    taken = f"{actor(action)} picks up the discards down to {action.get('card')}"
    if action.get("cards"):
        return f"{taken} and melds {cards(action['cards'])}"
    if action.get("meld") is not None:
        return f"{taken} and lays it off on {meld_owner(state, action['meld'])}"
    return taken


PHRASES: dict[str, Phrase] = {
    **SHARED,
    "draw": _draw,
    "pick_up": _pick_up,
    "claim": lambda a, s: f"{actor(a)} claims Rummy: {a.get('card')} on {meld_owner(s, a.get('meld'))}",
    "exchange": lambda a, s: f"{actor(a)} puts {a.get('card')} in {meld_owner(s, a.get('meld'))} and takes its wild",
}
