"""Optional ace betting: the dealer bets on one corner ace before the deal, and the others may cover it."""

from __future__ import annotations

from domain.errors import IllegalMoveError, OutOfTurnError
from domain.money.ledger import player_account
from domain.royal.board import ace_account
from domain.royal.events import AceBetAnswered, AceBetOpened, AceBetSkipped
from domain.royal.ledger import move, stack
from domain.royal.state import RoyalState
from domain.rules.actions import Action
from domain.rules.variant import Decision


def verify_dealer(state: RoyalState, player: str) -> None:
    """Refuse an ace bet by anyone but the dealer."""
    if player != state.dealer:
        raise OutOfTurnError(f"only the dealer, {state.dealer}, may open an ace bet", code="royal.aces.dealer-only")


def verify_open(state: RoyalState, player: str, suit: str, amount: int) -> None:
    """Refuse a bet on an ace that already carries a standing bet, or one the dealer cannot pay."""
    verify_dealer(state, player)
    if suit in state.ace_bets:
        raise IllegalMoveError(
            f"the ace of {suit} already carries a standing bet, repeated by its bettors until it is won",
            code="royal.aces.standing",
        )
    if not 1 <= amount <= stack(state, player):
        raise IllegalMoveError(
            f"an ace bet is at least 1 unit and at most the dealer's stack ({stack(state, player)}), not {amount}",
            code="royal.aces.amount",
        )


def open_bet(decision: Decision, action: Action) -> None:
    """The dealer bets on one corner ace; the others answer from his left."""
    state: RoyalState = decision.state
    suit, amount = action.get("ace"), action.get("amount")
    verify_open(state, action.player, suit, amount)
    covering = state.left_of(action.player)[:-1]
    decision.record(AceBetOpened, player=action.player, suit=suit, amount=amount, covering=covering)
    move(decision, player_account(action.player), ace_account(suit), amount, "royal.aces.bet")


def skip(decision: Decision, action: Action) -> None:
    """The dealer opens no ace bet this deal."""
    verify_dealer(decision.state, action.player)
    decision.record(AceBetSkipped, player=action.player)


def answer(decision: Decision, action: Action) -> None:
    """The next player covers the ace bet with the same amount, or declines."""
    state: RoyalState = decision.state
    due = state.covering[0]
    if action.player != due:
        raise OutOfTurnError(f"{due} answers the ace bet next, not {action.player}")
    assert state.open_ace is not None
    suit = state.open_ace
    amount = state.ace_bets[suit].amount
    covered = action.type == "cover"
    if covered and stack(state, action.player) < amount:
        raise IllegalMoveError(
            f"covering the ace bet costs {amount}, and {action.player} holds {stack(state, action.player)}",
            code="royal.aces.cannot-cover",
        )
    decision.record(AceBetAnswered, player=action.player, suit=suit, covered=covered)
    if covered:
        move(decision, player_account(action.player), ace_account(suit), amount, "royal.aces.cover")
