"""Robins Rummy's actions in words, for replays."""

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

PICKS_UP = template("%(player)s picks up the discards down to %(card)s")
PICKS_UP_AND_MELDS = template("%(player)s picks up the discards down to %(card)s and melds %(cards)s")
PICKS_UP_AND_LAYS_OFF = template("%(player)s picks up the discards down to %(card)s and lays it off on %(meld)s")
CLAIMS = template("%(player)s claims Rummy: %(card)s on %(meld)s")
EXCHANGES = template("%(player)s puts %(card)s in %(meld)s and takes its wild")
RESULT_STOCK_OUT = template("hand recorded by its result: the stock ran out; %(left)s")


def _result(action: Mapping[str, Any], state: Mapping[str, Any]) -> Said:
    """A hand recorded by its result: who went out (or that the stock ran out), then each player's table points and
    his hand points or the cards he showed."""
    table: dict[str, Any] = action.get("table") or {}
    points: dict[str, Any] = action.get("points") or {}
    shown: dict[str, Any] = action.get("cards") or {}
    left = ", ".join(
        f"{player} +{table.get(player, 0)} -" + (" ".join(map(str, shown[player])) if player in shown
                                                 else str(points.get(player, 0)))
        for player in table
    )
    if action.get("went_out"):
        return RESULT_WENT_OUT(player=str(action["went_out"]), left=left)
    return RESULT_STOCK_OUT(left=left)


def _pick_up(action: Mapping[str, Any], state: Mapping[str, Any]) -> Said:
    player, card = actor(action), str(action.get("card"))
    if action.get("cards"):
        return PICKS_UP_AND_MELDS(player=player, card=card, cards=cards(action["cards"]))
    if action.get("meld") is not None:
        return PICKS_UP_AND_LAYS_OFF(player=player, card=card, meld=meld_owner(state, action["meld"]))
    return PICKS_UP(player=player, card=card)


PHRASES: dict[str, Phrase] = {
    **SHARED,
    "draw": lambda a, s: draws_from_stock(a),
    "pick_up": _pick_up,
    "claim": lambda a, s: CLAIMS(player=actor(a), card=str(a.get("card")), meld=meld_owner(s, a.get("meld"))),
    "hand_result": _result,
    "exchange": lambda a, s: EXCHANGES(player=actor(a), card=str(a.get("card")), meld=meld_owner(s, a.get("meld"))),
}
