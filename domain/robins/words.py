"""Robins Rummy's actions in words, for replays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rules.words import SHARED, Phrase, Said, actor, cards, draws_from_stock, meld_owner, template

PICKS_UP = template("%(player)s picks up the discards down to %(card)s")
PICKS_UP_AND_MELDS = template("%(player)s picks up the discards down to %(card)s and melds %(cards)s")
PICKS_UP_AND_LAYS_OFF = template("%(player)s picks up the discards down to %(card)s and lays it off on %(meld)s")
CLAIMS = template("%(player)s claims Rummy: %(card)s on %(meld)s")
EXCHANGES = template("%(player)s puts %(card)s in %(meld)s and takes its wild")


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
    "exchange": lambda a, s: EXCHANGES(player=actor(a), card=str(a.get("card")), meld=meld_owner(s, a.get("meld"))),
}
