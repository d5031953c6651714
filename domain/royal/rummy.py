"""The stops hand: lead the lowest card of a colour, the holder of the next card must play it, stops and the Kitty."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any

from domain.errors import IllegalMoveError, OutOfTurnError
from domain.irregularities.rules import exposure_check
from domain.money.ledger import player_account
from domain.record.unknown import defer, hand_place, make_deferred_checks, take
from domain.royal import settle
from domain.royal.board import KITTY, POT, pays, space_account
from domain.royal.events_play import CardsPlayed, HandBlocked, Passed, RummyStarted, Stopped, WentOut
from domain.royal.ledger import move, pay
from domain.royal.rules import (
    DECK,
    OPPOSITE,
    card_places,
    colour,
    lowest_of,
    may_hold,
    may_hold_colour,
    next_card,
    order,
    unnamed,
)
from domain.royal.state import COUNT, RoyalState
from domain.rules.actions import Action
from domain.rules.variant import Decision

LOWEST, MUST_PLAY, MUST_LEAD = "royal.rummy.lowest", "royal.rummy.must-play", "royal.rummy.must-lead"
EXPOSED = "royal.irregularities.exposed-card"

SPACE_RULES = {"card": "royal.board.pay-card", "all": "royal.board.marriage", "run": "royal.board.sequence"}


def first_with(state: RoyalState, start: str, wanted: str, skip: Iterable[str] = ()) -> str | None:
    """The first live player, from `start` round to his right, who holds a card of the colour, or may (his hand
    holds cards the record does not name); `skip` are those who passed on this lead, holding none."""
    ring = [p for p in [start, *state.left_of(start)[:-1]] if p not in skip]
    return next((p for p in ring if may_hold_colour(state, p, wanted)), None)


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
    zone = state.hands[player]
    hand = zone.known
    missing = [c for c in cards if c not in hand]
    not_held = IllegalMoveError(f"{player} does not hold {' '.join(missing or cards)}", code="royal.rummy.not-held")
    if not cards or (missing and not zone.hidden) or len(set(cards)) != len(cards):
        raise not_held
    if missing:
        take(zone, cards, DECK, card_places(state), hand_place(player), lambda: not_held)
    if rummy.lead is not None:
        lowest = lowest_of(hand, rummy.lead, aces)
        if zone.hidden:
            _verify_unknown_lead(player, cards[0], lowest, rummy.lead, aces)
        elif cards[0] not in lowest:
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


def _verify_unknown_lead(player: str, card: str, lowest: list[str], lead: str, aces: str) -> None:
    """A lead from a hand with unknown cards: of the lead's colour, and no card the hand names lower (whether an
    unknown one was lower waits for the hand: the `lowest` check)."""
    if colour(card) != lead:
        raise IllegalMoveError(f"{player} leads his lowest {lead} card: {card} is not {lead}", code=LOWEST)
    if lowest and order(lowest[0], aces) < order(card, aces):
        raise IllegalMoveError(f"{player} leads his lowest {lead} card: {' or '.join(lowest)}", code=LOWEST)


def _may_hold_lower(state: RoyalState, player: str, card: str, lead: str) -> bool:
    """Whether the player's unknown cards may hold a card of the lead's colour lower than the one he led."""
    aces = state.options["aces"]
    lower = [c for c in unnamed(state) if colour(c) == lead and order(c, aces) < order(card, aces)]
    return bool(state.hands[player].hidden and lower)


def play(decision: Decision, action: Action) -> None:
    """Play the lead or the next card, perhaps with further consecutive cards; pay cards collect their spaces.

    A lead from a hand with unknown cards, which may hold a lower card of the colour, waits for the hand to be known
    to check that it was the lowest."""
    state: RoyalState = decision.state
    player, cards = action.player, action.get("cards")
    verify_play(state, player, cards)
    zone, rummy = state.hands[player], state.rummy
    if rummy.lead is not None and _may_hold_lower(state, player, cards[0], rummy.lead):
        context = {"colour": rummy.lead, "card": cards[0], "aces": state.options["aces"]}
        defer(decision, player, LOWEST, zone.known, context)
    decision.record(CardsPlayed, player=player, cards=cards, next_player=state.left_of(player)[0])
    cause = decision.last_version
    for space in state.options["board"]:
        account = space_account(space)
        if space["pays"] in SPACE_RULES and pays(space, state.rummy.played[player], cards):
            move(decision, account, player_account(player), state.ledger.balance(account), SPACE_RULES[space["pays"]],
                 cause)
    make_checks(decision)
    if not state.hands[player].size:
        _went_out(decision, player)


def pass_turn(decision: Decision, action: Action) -> None:
    """Pass: only without the next card. When the turn is back with the last player and he lacks it, a stop.

    From a hand with unknown cards a pass is taken at its word: the check that he held no next card (or, on a
    lead, no card of its colour) waits for the hand; the last player who may hold the next card gets the turn
    back, and his pass is the stop."""
    state: RoyalState = decision.state
    rummy, player = state.rummy, action.player
    if player != rummy.turn:
        raise OutOfTurnError(f"it is {rummy.turn}'s turn in the rummy hand, not {player}'s")
    zone = state.hands[player]
    if rummy.lead is not None:
        if not zone.hidden or any(colour(c) == rummy.lead for c in zone.known):
            raise IllegalMoveError(f"{player} is to lead: he cannot pass", code=MUST_LEAD)
        _pass_on_lead(decision, player, rummy.lead)
        return
    if rummy.wanted is not None and rummy.wanted in zone.known:
        raise IllegalMoveError(
            f"{player} holds {rummy.wanted}, the next card: he must play it, not pass", code=MUST_PLAY
        )
    if may_hold(state, player, rummy.wanted):
        defer(decision, player, MUST_PLAY, zone.known, {"card": rummy.wanted})
    following = state.left_of(player)[0]
    last = rummy.last_player
    decision.record(Passed, player=player, next_player=following)
    if last is not None and (player == last or (following == last and not may_hold(state, last, rummy.wanted))):
        _stop(decision, last)


def _pass_on_lead(decision: Decision, player: str, lead: str) -> None:
    """A player whose hand the record does not name passes on a lead, holding no card of its colour: the lead goes
    left to the next player who may hold one; with none left, the hand is blocked."""
    state: RoyalState = decision.state
    defer(decision, player, MUST_LEAD, state.hands[player].known, {"colour": lead, "aces": state.options["aces"]})
    following = state.left_of(player)[0]
    leader = first_with(state, following, lead, skip=[*state.rummy.lead_passes, player])
    decision.record(Passed, player=player, next_player=leader or following)
    if leader is None:
        _blocked(decision, lead)


def _stop(decision: Decision, last: str) -> None:
    """Nobody played the next card: the last player leads the other colour, or the first to his left who has it."""
    state: RoyalState = decision.state
    rummy = state.rummy
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
    if state.phase != COUNT:
        settle.start_deal(decision)


def _blocked(decision: Decision, wanted: str) -> None:
    """Nobody can lead the colour: each player pays 1 unit per card held into the Kitty (what he can)."""
    state: RoyalState = decision.state
    assert state.dealer is not None
    decision.record(HandBlocked, colour=wanted)
    cause = decision.last_version
    for player in state.left_of(state.dealer):
        pay(decision, player, KITTY, state.hands[player].size, "royal.rummy.blocked", cause)
    if state.phase != COUNT:
        settle.start_deal(decision)


def make_checks(decision: Decision) -> None:
    """Make the checks that waited for a hand now known in full, recording what they find (domain/record/unknown.py)."""
    make_deferred_checks(decision, CHECKS)


def _lowest_finding(player: str, hand: list[str], context: Mapping[str, Any]) -> tuple[str, str] | None:
    card, lead, aces = str(context["card"]), str(context["colour"]), str(context["aces"])
    lower = [c for c in lowest_of(hand, lead, aces) if order(c, aces) < order(card, aces)]
    if not lower:
        return None
    return LOWEST, f"{player} led {card} while holding {' '.join(lower)}, a lower {lead} card ({LOWEST})"


def _must_play_finding(player: str, hand: list[str], context: Mapping[str, Any]) -> tuple[str, str] | None:
    card = str(context["card"])
    if card not in hand:
        return None
    return MUST_PLAY, f"{player} passed while holding {card}, the next card ({MUST_PLAY})"


def _must_lead_finding(player: str, hand: list[str], context: Mapping[str, Any]) -> tuple[str, str] | None:
    """Names one card of the colour held, the lowest: the finding shows the table no more of the hand."""
    lead, aces = str(context["colour"]), str(context.get("aces", "high"))
    held = lowest_of(hand, lead, aces)
    if not held:
        return None
    return MUST_LEAD, f"{player} passed on the {lead} lead while holding {held[0]}, a {lead} card ({MUST_LEAD})"


CHECKS = {
    LOWEST: _lowest_finding,
    MUST_PLAY: _must_play_finding,
    MUST_LEAD: _must_lead_finding,
    EXPOSED: exposure_check(EXPOSED),
}
"""The checks of the rummy hand that may wait for a hand, by the rule they record."""
