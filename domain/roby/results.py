"""Roby's hands recorded by their result instead of their moves: who went out (or that the hand was called off) and
what each other player was left holding, as a count stated at the table or as the cards shown. Everything that
follows is the rules' own (domain/roby/settle.py): scores, payments per Roby, busts and their decisions, the pot."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from domain.cards.zones import check_counts
from domain.errors import IllegalMoveError
from domain.roby import settle
from domain.roby.events import HandStated
from domain.roby.rules import HAND_SIZE, card_value, deck_of, from_left_of, hand_value
from domain.roby.state import RobyState
from domain.rules.actions import Action
from domain.rules.results import check_dealer, check_recorded
from domain.rules.variant import Decision

CALLED_OFF = "the hand was called off at the table (recorded by its result)"
"""Why a result hand nobody went out of is void."""


def hand_result(decision: Decision, action: Action) -> None:
    """The dealer's hand, recorded by its result: checked against what cards could give, then scored by the rules."""
    state: RobyState = decision.state
    check_dealer(state, action, "roby.deal.not-dealer")
    check_recorded(state, "roby.result.recorded-game")
    went_out = action.get("went_out")
    points: dict[str, int] = action.get("points") or {}
    shown: dict[str, list[str]] = action.get("cards") or {}
    _check_players(state, went_out, points, shown)
    _check_cards(state, shown, points)
    _check_counts(state, points, shown)
    decision.record(HandStated, dealer=action.player, cards=shown, went_out=went_out, points=points)
    if went_out is None:
        settle.void_hand(decision, CALLED_OFF)
    else:
        settle.went_out(decision, went_out, "stated", settle.RESULT_COUNT)


def _check_players(
    state: RobyState, went_out: str | None, points: Mapping[str, int], shown: Mapping[str, list[str]]
) -> None:
    """Who went out is a player still in; every other player still in is counted (a count, cards, or both), and
    nobody else is; a hand called off counts nobody."""
    still_in = state.still_in()
    if went_out is not None and went_out not in still_in:
        raise IllegalMoveError(
            f"{went_out} is not a player still in the game: one of {', '.join(still_in)} went out",
            code="roby.result.players",
            field="went_out",
        )
    for field, named in (("points", points), ("cards", shown)):
        for player in named:
            if player == went_out or player not in still_in or went_out is None:
                why = (
                    "a hand called off (no one went out) counts nobody"
                    if went_out is None
                    else f"{went_out} went out, holding nothing"
                    if player == went_out
                    else f"{player} is not a player still in the game"
                )
                raise IllegalMoveError(f"{field} names {player}: {why}", code="roby.result.players",
                                       field=f"{field}.{player}")
    if went_out is not None:
        for player in still_in:
            if player != went_out and player not in points and player not in shown:
                raise IllegalMoveError(
                    f"{player}'s count is missing: every player still in but {went_out} states what his cards count "
                    "(points) or shows them (cards)",
                    code="roby.result.players",
                    field=f"points.{player}",
                )


def _check_cards(state: RobyState, shown: Mapping[str, list[str]], points: Mapping[str, int]) -> None:
    """Cards shown are a hand a player could be left holding: one to ten cards, none more often than the packs hold
    it, and the count stated beside them, if any, the count they make."""
    for player, cards in shown.items():
        if not 1 <= len(cards) <= HAND_SIZE:
            raise IllegalMoveError(
                f"{player} shows {len(cards)} cards: a player left holding cards when another goes out holds 1 to "
                f"{HAND_SIZE}",
                code="roby.result.cards",
                field=f"cards.{player}",
            )
        if player in points and points[player] != hand_value(cards):
            raise IllegalMoveError(
                f"{player}'s cards count {hand_value(cards)}, not the {points[player]} stated",
                code="roby.result.cards",
                field=f"points.{player}",
            )
    named = Counter(card for cards in shown.values() for card in cards)
    try:
        check_counts(deck_of(state.options), named)
    except IllegalMoveError as error:
        raise IllegalMoveError(error.message, code="roby.result.cards", field="cards") from None


def most_left(state: RobyState, players: int) -> int:
    """The most that `players` hands left holding cards can count together: the highest ten cards of the packs
    each."""
    values = sorted((card_value(c) for c in deck_of(state.options).elements()), reverse=True)
    return sum(values[: HAND_SIZE * players])


def least_card(state: RobyState) -> int:
    """What the lowest card of the packs counts: the least a hand left holding cards can count."""
    return min(card_value(c) for c in deck_of(state.options))


def _check_counts(state: RobyState, points: Mapping[str, int], shown: Mapping[str, list[str]]) -> None:
    """A stated count is one cards could give: from the lowest card's value to the highest ten cards' (a player left
    holding cards holds one to ten), and any of them together no more than as many hands of the packs' highest cards
    make (enough to tell the largest together, which bound the rest)."""
    low, high = least_card(state), most_left(state, 1)
    for player, count in points.items():
        if not low <= count <= high:
            raise IllegalMoveError(
                f"{player}'s count of {count} is one no hand left could give: 1 to {HAND_SIZE} cards count "
                f"{low} to {high}",
                code="roby.result.count",
                field=f"points.{player}",
            )
    counted = sorted([*(hand_value(c) for c in shown.values()), *points.values()], reverse=True)
    for size in range(2, len(counted) + 1):
        together, most = sum(counted[:size]), most_left(state, size)
        if together > most:
            raise IllegalMoveError(
                f"the {size} highest counts come to {together} together, more than {size} hands of the packs' "
                f"highest cards could ({most})",
                code="roby.result.count",
                field="points",
            )


def example(state: RobyState, dealer: str) -> dict[str, object]:
    """A result hand the rules accept: the dealer's left went out, and every other player still in counts the
    lowest card of the packs."""
    seats = from_left_of(state, dealer, state.still_in())
    return {"went_out": seats[0], "points": dict.fromkeys(seats[1:], least_card(state))}
