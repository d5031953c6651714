"""The stops hand: lead the lowest card of a colour, the holder of the next card must play it, stops and the Kitty."""

from __future__ import annotations

from itertools import pairwise

from domain.actions import Action
from domain.errors import IllegalMoveError, OutOfTurnError
from domain.ledger import player_account
from domain.royal import settle
from domain.royal.board import KITTY, POT, pays, space_account
from domain.royal.events_play import CardsPlayed, HandBlocked, Passed, RummyStarted, Stopped, WentOut
from domain.royal.ledger import move, pay
from domain.royal.rules import OPPOSITE, colour, lowest_of, next_card
from domain.royal.state import RoyalState
from domain.variant import Decision

SPACE_RULES = {"card": "royal.board.pay-card", "all": "royal.board.marriage", "run": "royal.board.sequence"}


def first_with(state: RoyalState, start: str, wanted: str) -> str | None:
    """The first live player, from `start` round to his right, who holds a card of the colour."""
    ring = [start, *state.left_of(start)[:-1]]
    return next((p for p in ring if any(colour(c) == wanted for c in state.hands[p].known)), None)


def start(decision: Decision, leader: str | None) -> None:
    """The rummy hand begins with the poker winner, or the dealer's left; the lead goes left to a black card."""
    state: RoyalState = decision.state
    assert state.dealer is not None
    first = first_with(state, leader or state.left_of(state.dealer)[0], "black")
    if first is None:
        _blocked(decision, "black")
        return
    decision.record(RummyStarted, leader=first)


def verify_play(state: RoyalState, player: str, cards: list[str]) -> None:
    """Refuse a play out of turn, of cards not held, not the lowest lead or next card, or not consecutive."""
    rummy, aces = state.rummy, state.options["aces"]
    if player != rummy.turn:
        raise OutOfTurnError(f"it is {rummy.turn}'s turn in the rummy hand, not {player}'s")
    hand = state.hands[player].known
    missing = [c for c in cards if c not in hand]
    if not cards or missing or len(set(cards)) != len(cards):
        raise IllegalMoveError(f"{player} does not hold {' '.join(missing or cards)}", code="royal.rummy.not-held")
    if rummy.lead is not None:
        lowest = lowest_of(hand, rummy.lead, aces)
        if cards[0] not in lowest:
            raise IllegalMoveError(
                f"{player} leads his lowest {rummy.lead} card: {' or '.join(lowest)}", code="royal.rummy.lowest"
            )
    elif cards[0] != rummy.wanted:
        raise IllegalMoveError(f"the next card to play is {rummy.wanted}, not {cards[0]}", code="royal.rummy.not-next")
    for low, high in pairwise(cards):
        if next_card(low, aces) != high:
            raise IllegalMoveError(
                f"{high} does not follow {low}: further cards must be consecutive in the suit", code="royal.rummy.run"
            )


def play(decision: Decision, action: Action) -> None:
    """Play the lead or the next card, perhaps with further consecutive cards; pay cards collect their spaces."""
    state: RoyalState = decision.state
    player, cards = action.player, action.get("cards")
    verify_play(state, player, cards)
    decision.record(CardsPlayed, player=player, cards=cards, next_player=state.left_of(player)[0])
    cause = decision.last_version
    for space in state.options["board"]:
        account = space_account(space)
        if space["pays"] in SPACE_RULES and pays(space, state.rummy.played[player], cards):
            move(decision, account, player_account(player), state.ledger.balance(account), SPACE_RULES[space["pays"]],
                 cause)
    if not state.hands[player].known:
        _went_out(decision, player)


def pass_turn(decision: Decision, action: Action) -> None:
    """Pass: only without the next card. When the turn is back with the last player and he lacks it, a stop."""
    state: RoyalState = decision.state
    rummy, player = state.rummy, action.player
    if player != rummy.turn:
        raise OutOfTurnError(f"it is {rummy.turn}'s turn in the rummy hand, not {player}'s")
    if rummy.lead is not None:
        raise IllegalMoveError(f"{player} is to lead: he cannot pass", code="royal.rummy.must-lead")
    if rummy.wanted is not None and rummy.wanted in state.hands[player].known:
        raise IllegalMoveError(
            f"{player} holds {rummy.wanted}, the next card: he must play it, not pass", code="royal.rummy.must-play"
        )
    following = state.left_of(player)[0]
    decision.record(Passed, player=player, next_player=following)
    last = rummy.last_player
    if following == last and (rummy.wanted is None or rummy.wanted not in state.hands[last].known):
        last_card = rummy.played[last][-1]
        wanted = OPPOSITE[colour(last_card)]
        leader = first_with(state, last, wanted)
        decision.record(Stopped, player=last, wanted=rummy.wanted, colour=wanted, leader=leader)
        if leader is None:
            _blocked(decision, wanted)


def _went_out(decision: Decision, player: str) -> None:
    """The first player out takes the Kitty (and the Pot when no poker was played); losers may pay per card."""
    state: RoyalState = decision.state
    decision.record(WentOut, player=player)
    cause = decision.last_version
    move(decision, KITTY, player_account(player), state.ledger.balance(KITTY), "royal.rummy.kitty", cause)
    if not state.options["poker"]:
        move(decision, POT, player_account(player), state.ledger.balance(POT), "royal.rummy.pot-without-poker", cause)
    if state.options["losers_pay"]:
        for loser in state.left_of(player)[:-1]:
            pay(decision, loser, player_account(player), state.hands[loser].size, "royal.rummy.losers-pay", cause)
    settle.start_deal(decision)


def _blocked(decision: Decision, wanted: str) -> None:
    """Nobody can lead the colour: each player pays 1 unit per card held into the Kitty (what he can)."""
    state: RoyalState = decision.state
    assert state.dealer is not None
    decision.record(HandBlocked, colour=wanted)
    cause = decision.last_version
    for player in state.left_of(state.dealer):
        pay(decision, player, KITTY, state.hands[player].size, "royal.rummy.blocked", cause)
    settle.start_deal(decision)
