"""How a Roby hand ends and what follows: scores, payments, busts, re-enlistment, the next deal, the win."""

from __future__ import annotations

from domain.cards.zones import seeded_order
from domain.errors import IllegalMoveError
from domain.money.ledger import AmountTransferred, player_account
from domain.record.unknown import unknown_players
from domain.roby.events import (
    DealerChosen,
    DecisionsOpened,
    GameWon,
    HandVoided,
    PlayerBusted,
    PlayerLeft,
    PlayerReenlisted,
    PointsScored,
    StockReshuffled,
    WentOut,
)
from domain.roby.rules import PASS_LIMIT, from_left_of, hand_value, next_in_game
from domain.roby.state import COUNT, RobyState
from domain.roby.versions import NO_DECISION_WITHOUT_A_CHOICE
from domain.rules.actions import Action
from domain.rules.variant import Decision

POT = "pot"
STATED = "roby.scoring.stated-count"
"""The rule of a score stated at the table instead of counted from cards shown."""
RESULT_COUNT = "roby.scoring.result-count"
"""The rule of a count stated for a hand recorded by its result (domain/roby/results.py)."""


def after_table_play(decision: Decision, player: str) -> None:
    """A player who has tabled his last card has gone out."""
    state: RobyState = decision.state
    if not state.hands[player].size:
        went_out(decision, player, "tabled")


def after_discard(decision: Decision) -> None:
    """When the stock is empty, the discard pile but its top card becomes the new stock, or the hand is void."""
    state: RobyState = decision.state
    if state.stock.size > 0:
        return
    cards = state.discard[:-1]
    limit = int(state.options["max_reshuffles"])
    if not cards or (limit and state.reshuffles >= limit):
        reason = (
            "the stock ran out and the discard pile holds a single card"
            if not cards
            else f"the stock ran out again after {limit} rebuilds"
        )
        void_hand(decision, reason)
        return
    if state.deal_mode == "shuffled":
        seed = decision.chance.seed()
        decision.record(StockReshuffled, cards=sorted(cards), order=seeded_order(cards, seed), seed=seed)
    else:
        decision.record(StockReshuffled, cards=sorted(cards), order=None, seed=None)


def void_hand(decision: Decision, reason: str) -> None:
    """The hand ends with no winner: nobody scores or pays, and the deal passes on."""
    decision.record(HandVoided, reason=reason)
    _next_deal(decision)


def went_out(decision: Decision, player: str, method: str, stated_rule: str = STATED) -> None:
    """Roby: the others score their cards (or the counts stated for them, under `stated_rule`), pay the winner, and
    those at 100 or more bust. A hand nobody entered waits (the count stage) until it is entered or its count
    stated."""
    state: RobyState = decision.state
    decision.record(WentOut, player=player, method=method)
    if state.phase != COUNT:
        _score(decision, player, stated_rule)


def counted(decision: Decision) -> None:
    """Once every hand left is entered or its count stated, the hand scores."""
    state: RobyState = decision.state
    if state.phase == COUNT and not uncounted(state) and state.hand_winner is not None:
        _score(decision, state.hand_winner)


def uncounted(state: RobyState) -> list[str]:
    """The players whose hands wait, at the count stage, to be entered or their counts stated."""
    waiting = unknown_players(state.hands, [p for p in state.hands if p != state.hand_winner])
    return [p for p in waiting if p not in state.stated]


def _score(decision: Decision, player: str, stated_rule: str = STATED) -> None:
    state: RobyState = decision.state
    cause = decision.last_version
    opponents = [p for p in from_left_of(state, state.dealer or player, state.still_in()) if p != player]
    for opponent in opponents:
        if opponent in state.stated:
            points, rule = state.stated[opponent], stated_rule
        else:
            points, rule = hand_value(state.hands[opponent].known), "roby.scoring.cards-left"
        decision.record(PointsScored, player=opponent, points=points, rule=rule, cause=cause)
    stake = int(state.options["per_roby"])
    for opponent in opponents:
        if stake:
            decision.record(
                AmountTransferred,
                source=player_account(opponent),
                destination=player_account(player),
                amount=stake,
                rule="roby.stakes.per-roby",
                cause=cause,
            )
    busted = [p for p in opponents if state.scores[p] > PASS_LIMIT]
    for opponent in busted:
        decision.record(PlayerBusted, player=opponent, score=state.scores[opponent])
    if busted and state.rules_version >= NO_DECISION_WITHOUT_A_CHOICE and not may_reenlist(state, busted[0]):
        for opponent in busted:  # none of them may re-enlist (each has the same players beside him): no decision
            decision.record(PlayerLeft, player=opponent)
        _next_deal(decision)
    elif busted:
        decision.record(DecisionsOpened, players=busted)
        _settle_forced_decisions(decision)
    else:
        _next_deal(decision)


def may_reenlist(state: RobyState, player: str) -> bool:
    """Re-enlisting needs at least two players still in the game besides the player."""
    return len([p for p in state.still_in() if p != player]) >= 2


def reenlist_fee(state: RobyState) -> int:
    """The fee: the pot shared among the players staying in (rounded up), or the buy-in (option)."""
    if state.options["reenlist_fee"] == "buy_in":
        return int(state.options["buy_in"])
    staying = len(state.still_in())
    pot = state.ledger.balance(POT)
    return -(-pot // staying)


def verify_decision(state: RobyState, player: str) -> None:
    """Refuse a decision by anyone but the next busted player to decide."""
    if not state.deciding or state.deciding[0] != player:
        due = state.deciding[0] if state.deciding else "nobody"
        raise IllegalMoveError(f"{due} decides next whether to re-enlist, not {player}", code="roby.reenlist.not-due")


def reenlist(decision: Decision, action: Action) -> None:
    """A busted player re-enlists at the highest score still in the game, paying his fee into the pot."""
    state: RobyState = decision.state
    verify_decision(state, action.player)
    if not may_reenlist(state, action.player):
        raise IllegalMoveError(
            "re-enlisting needs at least two other players still in the game", code="roby.reenlist.two-remain"
        )
    fee = reenlist_fee(state)
    score = max(state.scores[p] for p in state.still_in())
    decision.record(PlayerReenlisted, player=action.player, score=score)
    if fee:
        decision.record(
            AmountTransferred,
            source=player_account(action.player),
            destination=POT,
            amount=fee,
            rule="roby.stakes.reenlist-fee",
            cause=decision.last_version,
        )
    _settle_forced_decisions(decision)


def leave(decision: Decision, action: Action) -> None:
    """A busted player leaves the game."""
    verify_decision(decision.state, action.player)
    decision.record(PlayerLeft, player=action.player)
    _settle_forced_decisions(decision)


def _settle_forced_decisions(decision: Decision) -> None:
    """Busted players who cannot re-enlist leave; once nobody is left to decide, the game goes on or ends."""
    state: RobyState = decision.state
    while state.deciding and not may_reenlist(state, state.deciding[0]):
        decision.record(PlayerLeft, player=state.deciding[0])
    if not state.deciding:
        _next_deal(decision)


def _next_deal(decision: Decision) -> None:
    state: RobyState = decision.state
    remaining = state.still_in()
    if len(remaining) == 1:
        winner = remaining[0]
        decision.record(GameWon, player=winner)
        pot = state.ledger.balance(POT)
        if pot:
            decision.record(
                AmountTransferred,
                source=POT,
                destination=player_account(winner),
                amount=pot,
                rule="roby.stakes.pot-to-winner",
                cause=decision.last_version,
            )
        return
    dealer = state.dealer or remaining[0]
    decision.record(DealerChosen, dealer=next_in_game(state, dealer))
