"""Robins Rummy's hands recorded by their result instead of their moves: who went out (or that the stock ran out),
each player's table points and hand points as a score sheet keeps them (the hand points, or the cards left, from
which they follow), and the Rummies each claimed. The scores, the end at 505 and the next dealer follow by the rules
(domain/robins/settle.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from domain.cards.card import JOKER, Card
from domain.cards.zones import check_counts
from domain.errors import IllegalMoveError
from domain.robins import settle
from domain.robins.events import HandStated, PointsScored
from domain.robins.rules import JOKER_POINTS, RANK_POINTS, deck, hand_total
from domain.robins.state import RobinsState
from domain.rules.actions import Action
from domain.rules.results import check_dealer, check_named, check_recorded, check_step
from domain.rules.variant import Decision

ACE = 1
STEP = 5
"""Every card counts a multiple of five, on the table and in hand."""
PLAYERS, POINTS, CARDS = "robins.result.players", "robins.result.points", "robins.result.cards"


def most_points() -> int:
    """What the whole deck counts at most: a joker 30, a deuce as an ace (20: what it stands for on the table, or the
    `deuce_in_hand` option's most), a natural its rank."""
    return sum(JOKER_POINTS if c == JOKER else RANK_POINTS[ACE if Card.parse(c).rank == 2 else Card.parse(c).rank]
               for c in deck().elements())


def hand_result(decision: Decision, action: Action) -> None:
    """The dealer's hand, recorded by its result: checked against what cards could give, then scored."""
    state: RobinsState = decision.state
    check_dealer(state, action, "robins.deal.not-dealer")
    check_recorded(state, "robins.result.recorded-game")
    went_out = action.get("went_out")
    table: dict[str, int] = action.get("table") or {}
    points: dict[str, int] = action.get("points") or {}
    shown: dict[str, list[str]] = action.get("cards") or {}
    rummies: dict[str, int] = action.get("rummies") or {}
    _check_players(state, went_out, table, points, shown, rummies)
    _check_figures(state, table, points, shown, rummies)
    decision.record(HandStated, dealer=action.player, cards=shown, went_out=went_out, table=table, points=points,
                    rummies=rummies)
    cause = decision.last_version
    for player in state.players:
        decision.record(PointsScored, player=player, points=table[player], rule=settle.RESULT_TABLE_RULE, cause=cause)
        if player in shown:
            left, rule = hand_total(shown[player], state.options), settle.HAND_RULE
        else:
            left, rule = points.get(player, 0), settle.RESULT_HAND_RULE
        decision.record(PointsScored, player=player, points=-left, rule=rule, cause=cause)
    settle.game_on(decision)


def _check_players(
    state: RobinsState,
    went_out: str | None,
    table: Mapping[str, int],
    points: Mapping[str, int],
    shown: Mapping[str, list[str]],
    rummies: Mapping[str, int],
) -> None:
    """Who went out is a player; both have table points; each player but the one who went out has hand points (a
    count or the cards left), and he has none."""
    players = state.players
    if went_out is not None and went_out not in players:
        raise IllegalMoveError(f"{went_out} is not a player of this game: one of {', '.join(players)} went out",
                               code=PLAYERS, field="went_out")
    check_named("table", table, players, "a player of this game", PLAYERS)
    check_named("rummies", rummies, players, "a player of this game", PLAYERS)
    holding = [p for p in players if p != went_out]
    why = f"{went_out} went out, holding nothing" if went_out else "a player of this game"
    check_named("points", points, holding, why, PLAYERS)
    check_named("cards", shown, holding, why, PLAYERS)
    for player in players:
        if player not in table:
            raise IllegalMoveError(f"{player}'s table points are missing: both players score the cards they put on "
                                   "the table (0 for none)", code=PLAYERS, field=f"table.{player}")
    for player in holding:
        if player not in points and player not in shown:
            ended = f"{went_out} went out" if went_out else "the stock ran out"
            raise IllegalMoveError(f"{player}'s hand points are missing: {ended}, so {player} held cards; state "
                                   "their points or show them (cards)", code=PLAYERS, field=f"points.{player}")


def _check_figures(
    state: RobinsState,
    table: Mapping[str, int],
    points: Mapping[str, int],
    shown: Mapping[str, list[str]],
    rummies: Mapping[str, int],
) -> None:
    """Points are multiples of five no more than the deck holds, a hand held counts five at least, the cards shown
    are the deck's and count what is stated beside them, all the points together fit in the deck, and each Rummy
    laid a card (five points at least) on its claimer's table."""
    most = most_points()
    check_step("table", table, STEP, 0, most, POINTS)
    check_step("points", points, STEP, STEP, most, POINTS)
    check_step("rummies", rummies, 1, 0, most // STEP, POINTS)
    for player, cards in shown.items():
        if not cards:
            raise IllegalMoveError(f"{player} shows no card: a player who did not go out holds one at least",
                                   code=CARDS, field=f"cards.{player}")
        if player in points and points[player] != hand_total(cards, state.options):
            raise IllegalMoveError(f"{player}'s cards count {hand_total(cards, state.options)}, not the "
                                   f"{points[player]} stated", code=CARDS, field=f"points.{player}")
    try:
        check_counts(deck(), Counter(card for cards in shown.values() for card in cards))
    except IllegalMoveError as error:
        raise IllegalMoveError(error.message, code=CARDS, field="cards") from None
    held = {**{p: hand_total(c, state.options) for p, c in shown.items()}, **points}
    together = sum(table.values()) + sum(held.values())
    if together > most:
        raise IllegalMoveError(f"the points come to {together} together, more than the whole deck counts ({most})",
                               code=POINTS, field="table")
    for player, claimed in rummies.items():
        if claimed * STEP > table.get(player, 0):
            raise IllegalMoveError(
                f"{player}'s {claimed} Rummies each laid a card on the table: they need {claimed * STEP} table "
                f"points at least, not {table.get(player, 0)}",
                code=POINTS,
                field=f"rummies.{player}",
            )


def example(state: RobinsState, dealer: str) -> dict[str, object]:
    """A result hand the rules accept: the other player went out with a meld of three fives; the dealer held a
    five."""
    other = state.opponent(dealer)
    return {"went_out": other, "table": {other: 3 * STEP, dealer: 0}, "points": {dealer: STEP}}
