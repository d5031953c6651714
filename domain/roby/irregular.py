"""Roby's irregularities: when the table may record each, and what follows (the rulings of its rules index)."""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMoveError
from domain.irregularities import rules
from domain.money.ledger import AmountTransferred, player_account
from domain.roby import forward, settle
from domain.roby.rules import deck_of, from_left_of, named_cards
from domain.roby.state import OVER, PLAY, RobyState
from domain.roby.waiting import EXPOSED
from domain.rules.actions import Action
from domain.rules.variant import Decision, OptionSpec

ABANDON_SETTLEMENT = OptionSpec(
    "abandon",
    "pot_shared",
    "an abandoned game (the players leave): pot_shared: the pot shared equally among the players still in; "
    "buy_ins_returned: every player's buy-in back, the rest (re-enlistment fees) shared among those still in",
    ("pot_shared", "buy_ins_returned"),
)
"""The option saying how an abandoned game is settled."""
CALLED_OFF = "called off by the table"


def _in_play(state: RobyState, what: str) -> None:
    if state.phase != PLAY or state.turn is None:
        raise IllegalMoveError(f"{what} is recorded while a hand is played", code="wrong-phase")


def misdeal(decision: Decision, action: Action) -> None:
    """A misdeal voids the deal before the first draw of the hand; the same dealer deals again."""
    state: RobyState = decision.state
    fresh = state.phase == PLAY and not state.drawn and not any(state.turns_taken.values())
    rules.declare_misdeal(decision, action, state.dealer, fresh, "before the first draw of the hand")


def expose_card(decision: Decision, action: Action) -> None:
    """A card exposed during play stays in its holder's hand; the table has seen it. Exposed from the cards of a
    hand nobody entered yet, the check that it was there waits for the hand (domain/irregularities/rules.py)."""
    state: RobyState = decision.state
    _in_play(state, "an exposed card")
    rules.expose_card(decision, action, state.hands, deck_of(state.options), named_cards(state), EXPOSED)


def draw_out_of_turn(decision: Decision, action: Action) -> None:
    """A card drawn from the stock out of turn is shown and shuffled back into the stock."""
    state: RobyState = decision.state
    _in_play(state, "a draw out of turn")
    rules.draw_out_of_turn(decision, action, state.turn, deck_of(state.options), named_cards(state))


def call_off(decision: Decision, action: Action) -> None:
    """The table calls off a hand that can no longer end: void, like a hand whose stock cannot be rebuilt."""
    state: RobyState = decision.state
    _in_play(state, "calling a hand off")
    settle.void_hand(decision, CALLED_OFF)


def abandon_settlement(state: RobyState) -> str:
    """How an abandoned game is settled: the game's option (a game created before the option: its default)."""
    return str(state.options.get(ABANDON_SETTLEMENT.name, ABANDON_SETTLEMENT.default))


def abandon(decision: Decision, action: Action) -> None:
    """The players leave: the pot is shared equally among the players still in, or every buy-in is returned
    (the rest, the re-enlistment fees, shared as before); nobody scores the hand in progress."""
    state: RobyState = decision.state
    settlement = abandon_settlement(state)
    rules.abandon(decision, state.phase == OVER, settlement)
    cause = decision.last_version
    if settlement == "buy_ins_returned":
        buy_in = int(state.options["buy_in"])
        for player in state.players:
            _pay(decision, player, min(buy_in, state.ledger.balance(settle.POT)), "roby.abandon.buy-in-returned", cause)
    pot = state.ledger.balance(settle.POT)
    sharers = from_left_of(state, state.dealer, state.still_in()) if state.dealer else state.still_in()
    share, odd = divmod(pot, len(sharers) or 1)
    for index, player in enumerate(sharers):
        _pay(decision, player, share + (1 if index < odd else 0), "roby.abandon.pot-shared", cause)


def _pay(decision: Decision, player: str, amount: int, rule: str, cause: int) -> None:
    if amount:
        decision.record(
            AmountTransferred,
            source=settle.POT,
            destination=player_account(player),
            amount=amount,
            rule=rule,
            cause=cause,
        )


def table_examples(state: RobyState, kind: str) -> list[dict[str, Any]]:
    """Examples for the irregularities that need a player and a card, and for standings brought forward."""
    if kind == "bring_forward":
        return [forward.example(state)]
    hands = state.hands if state.phase == PLAY else {}
    return rules.table_examples(kind, state, hands, deck_of(state.options), named_cards(state), state.turn)
