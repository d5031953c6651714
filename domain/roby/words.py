"""Roby's actions in words, for replays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rules.words import SHARED, Phrase, actor, cards, meld_owner


def _draw(action: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    if action.get("source") == "discard":
        pile = state.get("discard")
        top = pile[-1] if isinstance(pile, list) and pile else None
        return f"{actor(action)} takes {top} from the discard pile" if top else f"{actor(action)} takes the discard"
    card = action.get("card")
    return f"{actor(action)} draws {card} from the stock" if card else f"{actor(action)} draws from the stock"


def _go_out(action: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    parts = [f"melds {cards(meld)}" for meld in action.get("melds") or []]
    parts += [
        f"lays {cards(lay.get('card'))} off on {meld_owner(state, lay.get('meld'))}"
        for lay in action.get("lay_offs") or []
        if isinstance(lay, dict)
    ]
    if action.get("discard"):
        parts.append(f"discards {action['discard']}")
    return f"{actor(action)} goes out" + (f": {', '.join(parts)}" if parts else "")


PHRASES: dict[str, Phrase] = {
    **SHARED,
    "draw": _draw,
    "go_out": _go_out,
    "reenlist": lambda a, s: f"{actor(a)} re-enlists",
    "leave": lambda a, s: f"{actor(a)} leaves the game",
}
