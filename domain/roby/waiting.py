"""Roby's rules that may wait for a hand with unknown cards (domain/record/unknown.py): the 99 rule after a table play,
and a discard's legality with the 99 rule, each made at once from a known hand or deferred until the hand is known; and
the exposed card of an irregularity. `discard_refusal` is the one statement of a discard's rule, for both."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMoveError
from domain.irregularities.rules import exposure_check
from domain.record.unknown import defer, make_deferred_checks
from domain.roby.lookahead import NinetyNine, find_plan
from domain.roby.rules import PASS_LIMIT, fitting_meld, legal_discards
from domain.roby.state import RobyState, TableMeld
from domain.rules.variant import Decision

NINETY_NINE = "roby.99-rule"
DISCARD_RULES = "discard"
"""The deferred check of a discard: its legality (roby.discard.fits-meld, roby.discard.just-taken) and the 99 rule."""
EXPOSED = "roby.irregularities.exposed-card"


def defer_table_check(decision: Decision, player: str) -> None:
    """After a table play from a hand with unknown cards, the 99 rule waits for the hand (domain/record/unknown.py)."""
    state: RobyState = decision.state
    hand = state.hands[player]
    if hand.hidden:
        defer(decision, player, NINETY_NINE, hand.known, {"at": "table", **check_context(state, player)})


def check_context(state: RobyState, player: str) -> dict[str, object]:
    """What a check of the player's hand needs of the table and his score, as a deferred check stores it."""
    return {
        "melds": [{"id": m.id, "owner": m.owner, "kind": m.kind, "cards": list(m.cards)} for m in state.melds],
        "taken": state.taken_card,
        "limit": PASS_LIMIT - state.scores[player],
        "before_discard": state.options["measure_99"] == "before_discard",
        "tabled": state.tabled_this_turn,
    }


def discard_refusal(player: str, hand: list[str], card: str, context: Mapping[str, Any]) -> IllegalMoveError | None:
    """Why discarding `card` from the whole `hand` (the card included) breaks a rule, if it does: the table, the
    card taken this turn and the 99 rule's terms are in `context` (`check_context`)."""
    melds = [TableMeld(m["id"], m["owner"], m["kind"], list(m["cards"])) for m in context["melds"]]
    if card not in legal_discards(hand, melds, context["taken"]):
        target = fitting_meld(card, melds)
        if target is not None:
            return IllegalMoveError(
                f"{card} cannot be discarded: it fits the meld {' '.join(target.cards)} on the table",
                code="roby.discard.fits-meld",
            )
        return IllegalMoveError(
            f"{card} was taken from the discard pile this turn and cannot be discarded while another discard is legal",
            code="roby.discard.just-taken",
        )
    if context["tabled"] and len(hand) > 1:
        limit = int(context["limit"])
        if not NinetyNine(limit, bool(context["before_discard"])).met(list(hand), card):
            return IllegalMoveError(
                f"{player} put cards on the table this turn, so what he keeps must be worth at most {limit}",
                code="roby.99-rule",
            )
    return None


def make_checks(decision: Decision) -> None:
    """Make the checks that waited for a hand now known in full, recording what they find (domain/record/unknown.py)."""
    make_deferred_checks(decision, CHECKS)


def _table_finding(player: str, hand: list[str], context: Mapping[str, Any]) -> tuple[str, str] | None:
    """The 99 rule after a table play, made once the hand is known: could the player still end his turn within it?"""
    if context["at"] == "discard":
        return _discard_finding(player, hand, context)
    melds = [TableMeld(m["id"], m["owner"], m["kind"], list(m["cards"])) for m in context["melds"]]
    goal = NinetyNine(int(context["limit"]), bool(context["before_discard"]))
    if not hand or find_plan(hand, melds, player, True, context["taken"], goal) is not None:
        return None
    return NINETY_NINE, (
        f"{player} put cards on the table while what he kept could not end his turn worth at most "
        f"{context['limit']} ({NINETY_NINE})"
    )


def _discard_finding(player: str, hand: list[str], context: Mapping[str, Any]) -> tuple[str, str] | None:
    """A discard's legality and the 99 rule, made once the hand it left is known (the discarded card added back)."""
    refusal = discard_refusal(player, [*hand, str(context["card"])], str(context["card"]), context)
    if refusal is None:
        return None
    return refusal.code, f"{player} discarded {context['card']}: {refusal.message} ({refusal.code})"


CHECKS = {NINETY_NINE: _table_finding, DISCARD_RULES: _discard_finding, EXPOSED: exposure_check(EXPOSED)}
"""The checks that may wait for a hand, by the rule they record."""
