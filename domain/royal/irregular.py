"""Royal Rummy's irregularities: when the table may record each, and what follows (its rules index's rulings).

There is no stock to draw from out of turn; an abandoned game ends as a game the table ends (the chips on the
board go to the banker, or are split, as the option `leftover` says)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.cards.zones import named_counts
from domain.errors import IllegalMoveError
from domain.irregularities import rules
from domain.royal import forward, settle
from domain.royal.rules import DECK
from domain.royal.rummy import EXPOSED
from domain.royal.state import AUCTION, DUMMY, OVER, POKER_BET, POKER_PICK, RUMMY, RoyalState
from domain.rules.actions import Action
from domain.rules.variant import Decision

PLAYING = (DUMMY, AUCTION, POKER_PICK, POKER_BET, RUMMY)
ABANDONED = "abandoned by the players"


def misdeal(decision: Decision, action: Action) -> None:
    """A misdeal voids the deal before the dealer chooses between his hand and the dummy, unless an ace bet was
    paid on it; the same dealer deals again, and the antes and ace bets stay where they are."""
    state: RoyalState = decision.state
    if state.phase == DUMMY and state.ace_paid:
        raise IllegalMoveError(
            "an ace bet was paid on this deal, judged on the hands as dealt: the deal stands",
            code="royal.misdeal.ace-paid",
        )
    rules.declare_misdeal(
        decision, action, state.dealer, state.phase == DUMMY, "before the dealer keeps his hand or takes the dummy"
    )


def _hands(state: RoyalState) -> dict[str, Any]:
    return dict(state.hands) if state.phase in PLAYING else {}


def _named(state: RoyalState) -> Counter[str]:
    named = named_counts([*state.hands.values(), state.dummy, state.dead])
    for cards in state.rummy.played.values():
        named.update(cards)
    return named


def expose_card(decision: Decision, action: Action) -> None:
    """A card exposed during the deal's play stays in its holder's hand; the table has seen it. Exposed from the
    cards of a hand nobody entered yet, the check that it was there waits for the hand
    (domain/irregularities/rules.py)."""
    state: RoyalState = decision.state
    if state.phase not in PLAYING:
        raise IllegalMoveError("an exposed card is recorded while a deal is played", code="wrong-phase")
    rules.expose_card(decision, action, _hands(state), DECK, _named(state), EXPOSED)


def abandon(decision: Decision, action: Action) -> None:
    """The players leave: the game ends as when the table ends it (bets back, the board's chips as `leftover`)."""
    if decision.state.phase == OVER:
        raise IllegalMoveError("an abandon action is not open now: the game is over", code="wrong-phase")
    settle.end_game(decision, ABANDONED)


def table_examples(state: RoyalState, kind: str) -> list[dict[str, Any]]:
    """Examples for the irregularities that need a player and a card. In a deal that named no hand an exposure's
    example names a card the record places nowhere, held by a hand with unknown cards (never a card a player
    entered, which only his seat may see); with every hand entered there is none. Standings brought forward: the
    stacks as they stand."""
    if kind == "bring_forward":
        return [forward.example(state)]
    hands = _hands(state)
    if kind == "expose_card" and state.dealt_unnamed:
        unknown = [p for p in state.players if p in hands and hands[p].hidden]
        unseen = sorted((DECK - _named(state)).elements())
        return [{"holder": unknown[0], "card": unseen[0]}] if unknown and unseen else []
    return rules.table_examples(kind, state, hands, DECK, _named(state), None)
