"""The dummy: the dealer swaps his hand for it, or keeps his hand and auctions the dummy to the others."""

from __future__ import annotations

from domain.errors import IllegalMoveError, OutOfTurnError
from domain.money.ledger import player_account
from domain.record.unknown import unknown_players
from domain.royal import poker
from domain.royal.events import AuctionOpened, BidMade, BidPassed, DummyDead, DummyTaken
from domain.royal.ledger import move, stack
from domain.royal.rules import unnamed
from domain.royal.state import RoyalState
from domain.rules.actions import Action
from domain.rules.variant import Decision


def _verify_dealer(state: RoyalState, player: str) -> None:
    if player != state.dealer:
        raise OutOfTurnError(f"the dealer, {state.dealer}, decides about the dummy, not {player}",
                             code="royal.dummy.dealer-only")
    if state.aces_due:
        aces = " and ".join(f"A{suit}" for suit in state.aces_due)
        waiting = ", ".join(unknown_players(state.hands, state.hands))
        raise IllegalMoveError(
            f"the ace bets are judged on the hands as dealt, before the dummy is decided: {aces} is shown first "
            f"(its holder enters his hand; hands not entered yet: {waiting})",
            code="royal.aces.not-shown",
        )


def dummy_cards(state: RoyalState) -> list[str]:
    """The dummy's cards: known in a shuffled deal; in a recorded deal, whatever no entered hand holds; none while a
    live hand is not entered (the taker then enters the dummy as his hand)."""
    if not state.dummy.hidden:
        return list(state.dummy.known)
    return [] if unknown_players(state.hands, state.hands) else unnamed(state)


def swap(decision: Decision, action: Action) -> None:
    """The dealer takes the dummy; his own hand becomes the dead hand."""
    state: RoyalState = decision.state
    _verify_dealer(state, action.player)
    decision.record(DummyTaken, player=action.player, how="swap", cards=dummy_cards(state))
    poker.begin_play(decision)


def keep(decision: Decision, action: Action) -> None:
    """The dealer keeps his hand and auctions the dummy, bids going round from his left."""
    state: RoyalState = decision.state
    _verify_dealer(state, action.player)
    decision.record(AuctionOpened, dealer=action.player, bidders=state.left_of(action.player)[:-1])


def verify_bid(state: RoyalState, player: str, amount: int) -> None:
    """Refuse a bid out of turn, not above the last bid, or beyond the bidder's stack."""
    _verify_turn(state, player)
    if amount < state.high_bid + 1:
        raise IllegalMoveError(
            f"a bid must be at least {state.high_bid + 1}: 1 unit more than the last bid ({state.high_bid})",
            code="royal.auction.bid-too-low",
        )
    if amount > stack(state, player):
        raise IllegalMoveError(
            f"{player} may bid at most his stack, {stack(state, player)}, not {amount}",
            code="royal.auction.bid-over-stack",
        )


def _verify_turn(state: RoyalState, player: str) -> None:
    if not state.bidders or state.bidders[0] != player:
        due = state.bidders[0] if state.bidders else "nobody"
        raise OutOfTurnError(f"{due} bids next for the dummy, not {player}")


def bid(decision: Decision, action: Action) -> None:
    """A player bids for the dummy."""
    verify_bid(decision.state, action.player, action.get("amount"))
    decision.record(BidMade, player=action.player, amount=action.get("amount"))
    _close(decision)


def pass_bid(decision: Decision, action: Action) -> None:
    """A player passes in the auction, for good."""
    _verify_turn(decision.state, action.player)
    decision.record(BidPassed, player=action.player)
    _close(decision)


def _close(decision: Decision) -> None:
    """The auction ends once all others have passed: the highest bidder pays the dealer; no bid, the dummy is dead."""
    state: RoyalState = decision.state
    if not state.bidders:
        decision.record(DummyDead)
    elif state.bidders[0] == state.high_bidder:
        winner, price = state.high_bidder, state.high_bid
        assert state.dealer is not None
        decision.record(DummyTaken, player=winner, how="auction", cards=dummy_cards(state))
        move(decision, player_account(winner), player_account(state.dealer), price, "royal.dummy.auction")
    else:
        return
    poker.begin_play(decision)
