"""Roby's actions in words, for replays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rules.words import (
    RESULT_WENT_OUT,
    SHARED,
    Phrase,
    Said,
    actor,
    cards,
    draws_from_stock,
    meld_owner,
    template,
)

TAKES_DISCARD = template("%(player)s takes %(card)s from the discard pile")
TAKES_THE_DISCARD = template("%(player)s takes the discard")
GOES_OUT = template("%(player)s goes out")
GOES_OUT_DOING = template("%(player)s goes out: %(parts)s")
PART_MELDS = template("melds %(cards)s")
PART_LAYS_OFF = template("lays %(card)s off on %(meld)s")
PART_DISCARDS = template("discards %(card)s")
AND = template("%(first)s, %(rest)s")
REENLISTS = template("%(player)s re-enlists")
LEAVES = template("%(player)s leaves the game")
RESULT_CALLED_OFF = template("hand recorded by its result: called off")


def _result(action: Mapping[str, Any], state: Mapping[str, Any]) -> Said:
    """A hand recorded by its result: who went out, then what each other player was left with (a count stated, or
    the cards shown)."""
    if not action.get("went_out"):
        return RESULT_CALLED_OFF()
    shown: dict[str, Any] = action.get("cards") or {}
    counts: dict[str, Any] = action.get("points") or {}
    left = [f"{player} {' '.join(map(str, shown[player]))}" for player in shown]
    left += [f"{player} {count}" for player, count in counts.items() if player not in shown]
    return RESULT_WENT_OUT(player=str(action["went_out"]), left=", ".join(left))


def _draw(action: Mapping[str, Any], state: Mapping[str, Any]) -> Said:
    if action.get("source") == "discard":
        pile = state.get("discard")
        top = pile[-1] if isinstance(pile, list) and pile else None
        return TAKES_DISCARD(player=actor(action), card=str(top)) if top else TAKES_THE_DISCARD(player=actor(action))
    return draws_from_stock(action)


def listed(parts: list[Said]) -> Said:
    """Parts of one move, one after the other: 'melds 7H 8H 9H, discards 2D'."""
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = AND(first=part, rest=said)
    return said


def _go_out(action: Mapping[str, Any], state: Mapping[str, Any]) -> Said:
    parts = [PART_MELDS(cards=cards(meld)) for meld in action.get("melds") or []]
    parts += [
        PART_LAYS_OFF(card=cards(lay.get("card")), meld=meld_owner(state, lay.get("meld")))
        for lay in action.get("lay_offs") or []
        if isinstance(lay, dict)
    ]
    if action.get("discard"):
        parts.append(PART_DISCARDS(card=str(action["discard"])))
    return GOES_OUT_DOING(player=actor(action), parts=listed(parts)) if parts else GOES_OUT(player=actor(action))


PHRASES: dict[str, Phrase] = {
    **SHARED,
    "draw": _draw,
    "go_out": _go_out,
    "reenlist": lambda a, s: REENLISTS(player=actor(a)),
    "leave": lambda a, s: LEAVES(player=actor(a)),
    "hand_result": _result,
}
