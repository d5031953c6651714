"""Royal Rummy's hands entered by their players (a recorded deal that named none: domain/record/unknown.py), the ace
bets judged once the ace's holder is known, and the counts of cards stated at the end of the rummy hand."""

from __future__ import annotations

from domain.errors import IllegalMoveError
from domain.money.ledger import player_account
from domain.record.unknown import CountStated, HandEntered, check_entry, unknown_players
from domain.royal import rummy, settle
from domain.royal.board import ace_account
from domain.royal.events import AceShown
from domain.royal.ledger import move
from domain.royal.rules import DECK, card_places, holder
from domain.royal.state import COUNT, OVER, RoyalState
from domain.rules.actions import Action
from domain.rules.variant import Decision

CARDS_LEFT = "royal.count.cards-left"
"""The rule of a stated count of cards that is not the count the record keeps."""


def enter_hand(decision: Decision, action: Action) -> None:
    """A player names the cards of his hand the record does not (any time in the deal once dealt; the dummy's by
    its taker once taken; at the end of the rummy hand the recorder may enter it for him). Ace bets waiting for
    the ace's holder are judged, checks that waited for the hand are made, and at the end the next deal starts
    once every hand is counted."""
    state: RoyalState = decision.state
    player = action.player
    if state.phase == OVER or player not in state.hands:
        raise IllegalMoveError(f"{player} holds no hand this deal", code="hand.known")
    cards = action.get("cards")
    check_entry(player, cards, state.hands[player], DECK, card_places(state))
    decision.record(HandEntered, player=player, cards=cards)
    judge_aces(decision)
    rummy.make_checks(decision)
    counted(decision)


def state_count(decision: Decision, action: Action) -> None:
    """At the end of the rummy hand, a hand nobody entered is left unshown at the number of cards its player states:
    the record keeps that number (the cards dealt less those played), so it must be the same; the checks that
    waited for the hand stay unmade."""
    state: RoyalState = decision.state
    player, points = action.player, action.get("points")
    if state.phase != COUNT or player not in uncounted(state):
        raise IllegalMoveError(
            f"{player}'s count is not waiting to be stated: only a hand nobody entered, once the rummy hand is over",
            code="hand.known",
        )
    size = state.hands[player].size
    if points != size:
        raise IllegalMoveError(
            f"{player} holds {size} cards by the record (dealt less played), not {points}: state {size}",
            code=CARDS_LEFT,
        )
    decision.record(CountStated, player=player, points=points)
    counted(decision)


def uncounted(state: RoyalState) -> list[str]:
    """The players whose hands wait, at the count stage, to be entered or their counts stated."""
    return [p for p in unknown_players(state.hands, state.hands) if p not in state.stated]


def counted(decision: Decision) -> None:
    """Once every hand left at the end of the rummy hand is entered or its count stated, the next deal starts."""
    state: RoyalState = decision.state
    if state.phase == COUNT and not uncounted(state):
        settle.start_deal(decision)


def judge_aces(decision: Decision) -> None:
    """Judge each ace bet due whose ace's holder is now known: a hand that names it, or (every live hand known) the
    dummy. The deal stands once one is paid."""
    state: RoyalState = decision.state
    for suit in list(state.aces_due):
        owner = holder(state, f"A{suit}")
        if owner is None and unknown_players(state.hands, state.hands):
            continue
        show_ace(decision, suit, owner)


def show_ace(decision: Decision, suit: str, owner: str | None) -> None:
    """The bet-on ace is shown by its holder (None: it lies in the dummy); a bettor holding it wins its chips."""
    state: RoyalState = decision.state
    won = owner is not None and owner in state.ace_bets[suit].bettors
    decision.record(AceShown, suit=suit, holder=owner, won=won)
    if won and owner is not None:
        move(decision, ace_account(suit), player_account(owner), state.ledger.balance(ace_account(suit)),
             "royal.aces.won")
