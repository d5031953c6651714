"""The correction kinds as actions of the table: their fields, parsed by the one action parser."""

from __future__ import annotations

from collections.abc import Mapping

from domain.rules.actions import ActionKind, Param

VOID, AMEND = "void", "amend"
REFUSE, VOID_REST = "refuse", "void-rest"
DEALING = "deal"
"""The action type that deals a hand in every variant."""
HAND_STARTS = frozenset({DEALING, "hand_result"})
"""The action types that begin a hand in every variant, a deal or a hand recorded by its result: a hand's moves run
from one to the next."""
AMENDABLE = (DEALING, "draw")
"""The action types whose named cards a correction may amend: what a recorder enters from the table."""
REASON = Param("reason", "text", description="why, in words: kept with the correction")
CORRECTION_KINDS: Mapping[str, ActionKind] = {
    kind.type: kind
    for kind in (
        ActionKind(
            VOID,
            "void the last moves of the current hand: they stay in the record, marked voided, and count no more",
            (Param("from_move", "int", description="the first move voided; every move after it is voided too"), REASON),
            table=True,
        ),
        ActionKind(
            AMEND,
            "amend a card entered wrongly in a recorded deal or draw, in this hand or a past one; later payouts are "
            "derived again",
            (
                Param("move", "int", description="the deal or draw move whose card was entered wrongly"),
                Param("card", "card", description="the card as entered", secret=True),
                Param("replacement", "card", description="the card it should have been", secret=True),
                Param("holder", "text", required=False, description="whose dealt hand holds it, when two do"),
                Param(
                    "then",
                    "text",
                    required=False,
                    choices=(REFUSE, VOID_REST),
                    description="when a later move no longer fits: refuse (the default), or void from it on",
                ),
                REASON,
            ),
            table=True,
        ),
    )
}
"""Every correction kind, whatever the variant."""


IN_PLACE: Mapping[str, tuple[str, ...]] = {VOID: ("from_move",), AMEND: ("move", "card", "replacement")}
"""The fields a correction writes in place in the notation (docs/notation.md): `30. * void 28 reason="..."`."""
REQUESTED_BY = "by"
"""The notation's field naming who asked for a correction (recorder or arbiter): kept with it, not an argument."""


def is_amendable(action: Mapping[str, object], deal_mode: str) -> bool:
    """Whether a stored action that counts is one an amendment may name: a recorded deal or draw naming a card."""
    if deal_mode != "recorded" or action.get("type") not in AMENDABLE:
        return False
    return any(isinstance(action.get(name), (str, dict, list)) for name in ("card", "hands", "upcard", "cards"))


def is_correction(action: Mapping[str, object]) -> bool:
    """Whether a stored action is a correction rather than a move of the game."""
    return action.get("type") in CORRECTION_KINDS
