"""The poker hand: each live player chooses five cards, then one betting round from the dealer's left."""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMoveError, OutOfTurnError
from domain.money.ledger import player_account
from domain.record.unknown import hand_place, take
from domain.royal import rummy, showdown
from domain.royal.board import POT, bet_account
from domain.royal.events_play import BettingOpened, PokerActed, PokerHandChosen, PokerStarted
from domain.royal.ledger import move, stack
from domain.royal.rules import DECK, POKER_CARDS, card_places
from domain.royal.settle import ENDED_BY_TABLE
from domain.royal.state import OVER, POKER_BET, RUMMY, RoyalState
from domain.rules.actions import Action
from domain.rules.variant import Decision


def begin_play(decision: Decision) -> None:
    """After the dummy is settled: the poker hand when the game plays it, else straight to the rummy hand."""
    state: RoyalState = decision.state
    if not state.options["poker"]:
        rummy.start(decision, None)
        return
    broke = [p for p in seats(state) if stack(state, p) == 0]
    decision.record(PokerStarted, all_in=broke)


def seats(state: RoyalState) -> list[str]:
    """The live players from the dealer's left, the dealer last."""
    assert state.dealer is not None
    return state.left_of(state.dealer)


def pots_doc(state: RoyalState) -> list[dict[str, Any]]:
    """The pots while the betting is open, as the showdown would build them now: the main pot (with the Pot
    space's chips) and a side pot above each all-in level, with their chips and who may win them; none otherwise."""
    if state.phase != POKER_BET:
        return []
    return [
        {"pot": POT if index == 0 else f"side-pot:{index}", "chips": pot.amount, "eligible": list(pot.eligible)}
        for index, pot in enumerate(showdown.pots(state))
    ]


def verify_choice(state: RoyalState, player: str, cards: list[str]) -> None:
    """Refuse a poker hand that is not five distinct cards of the player's hand, or a second choice. Cards of a hand
    the record does not name are checked against every place (the choice names them in the hand)."""
    if player in state.poker.chosen:
        raise IllegalMoveError(f"{player} has already chosen his poker hand", code="royal.poker.chosen")
    if len(cards) != POKER_CARDS or len(set(cards)) != len(cards):
        raise IllegalMoveError(
            f"a poker hand is exactly {POKER_CARDS} different cards, not {len(cards)}", code="royal.poker.five-cards"
        )
    zone = state.hands[player]
    missing = [c for c in cards if c not in zone.known]
    not_held = IllegalMoveError(f"{player} does not hold {' '.join(missing)}", code="royal.poker.not-held")
    if missing and not zone.hidden:
        raise not_held
    if missing:
        take(zone, cards, DECK, card_places(state), hand_place(player), lambda: not_held)


def choose(decision: Decision, action: Action) -> None:
    """A player chooses his five poker cards; once all have, the betting opens."""
    state: RoyalState = decision.state
    verify_choice(state, action.player, action.get("cards"))
    decision.record(PokerHandChosen, player=action.player, cards=action.get("cards"))
    rummy.make_checks(decision)
    if len(state.poker.chosen) == len(state.hands):
        decision.record(BettingOpened, may_raise=active(state))
        _after_action(decision, decision.last_version)


def active(state: RoyalState) -> list[str]:
    """Players who may still act: not folded and not all in, from the dealer's left."""
    return [p for p in seats(state) if p not in state.poker.folded and p not in state.poker.all_in]


def to_act(state: RoyalState) -> str | None:
    """Whose turn it is in the betting round, or None once the round is over."""
    poker = state.poker
    contenders = [p for p in seats(state) if p not in poker.folded]
    players = active(state)
    if len(contenders) <= 1 or not players:
        return None
    if len(players) == 1 and poker.bets[players[0]] >= poker.current:
        return None
    last = poker.acted[-1] if poker.acted else state.dealer
    assert last is not None
    for player in state.left_of(last, [*players, last]):
        if player in players and (player not in poker.acted or poker.bets[player] < poker.current):
            return player
    return None


def shown_hands(state: RoyalState) -> list[str]:
    """The players whose poker hands a showdown showed this deal (a lone survivor wins unshown), by name: as
    PokerShown recorded them, or, in a snapshot stored before they were kept, as the rule state at the end of a
    move says.

    A snapshot is taken at the end of a move, and the showdown is settled in the very move that closes the
    betting: a poker hand still in the state with its round over (the rummy hand begun, or the game ended from
    there rather than by the table during the round) had its showdown when more than one player had not folded.
    """
    poker = state.poker
    if poker.shown is not None:
        return sorted(poker.shown)
    dealt = list(poker.bets)
    contenders = [p for p in dealt if p not in poker.folded]
    if len(contenders) < 2 or len(poker.chosen) < len(dealt):
        return []
    over = state.phase == RUMMY or (state.phase == OVER and (bool(state.rummy.played) or state.ended != ENDED_BY_TABLE))
    return sorted(contenders) if over else []


def _verify_turn(state: RoyalState, player: str) -> None:
    due = to_act(state)
    if player != due:
        raise OutOfTurnError(f"it is {due}'s turn to bet, not {player}'s")


def verify_bet(state: RoyalState, player: str, kind: str, amount: int | None) -> tuple[int, bool]:
    """The player's new total in the round and whether it is a full bet or raise; or the rule it breaks."""
    _verify_turn(state, player)
    poker = state.poker
    own, chips, current = poker.bets[player], stack(state, player), poker.current
    if kind == "check":
        if current > own:
            raise IllegalMoveError(f"{player} cannot check: there is a bet of {current} to meet",
                                   code="royal.poker.check-after-bet")
        return own, False
    if kind == "fold":
        return own, False
    if kind == "call":
        if current <= own:
            raise IllegalMoveError("there is no bet to call: check or bet", code="royal.poker.nothing-to-call")
        return own + min(current - own, chips), False
    total = own + chips if kind == "all_in" else int(amount or 0)
    if kind == "all_in" and chips == 0:
        raise IllegalMoveError(f"{player} has no chips left to put in", code="royal.poker.no-chips")
    if kind == "bet" and current > 0:
        raise IllegalMoveError(f"there is already a bet of {current}: call, raise or fold", code="royal.poker.bet-made")
    if kind == "raise" and current == 0:
        raise IllegalMoveError("there is no bet to raise: bet instead", code="royal.poker.no-bet")
    if total - own > chips:
        raise IllegalMoveError(
            f"{player} has {chips} chips: he can bet at most {own + chips} in all, not {total}",
            code="royal.poker.over-stack",
        )
    if kind == "all_in" and total <= current:
        return total, False
    if total <= current:
        raise IllegalMoveError(f"a {kind} must take the bet above {current}", code="royal.poker.too-small")
    if current > 0 and player not in poker.may_raise:
        raise IllegalMoveError(
            f"{player} may only call or fold: a short all-in does not reopen the betting for him",
            code="royal.poker.not-reopened",
        )
    full = current == 0 or total - current >= poker.min_raise
    if not full and total - own < chips:
        raise IllegalMoveError(
            f"a raise is at least {poker.min_raise} above {current} (to {current + poker.min_raise}), unless "
            "it puts the player all in",
            code="royal.poker.min-raise",
        )
    return total, full


def bet(decision: Decision, action: Action) -> None:
    """Check, bet, call, raise, fold or go all in."""
    state: RoyalState = decision.state
    player = action.player
    total, full = verify_bet(state, player, action.type, action.get("amount"))
    paid = total - state.poker.bets[player]
    all_in = action.type != "fold" and paid > 0 and paid == stack(state, player)
    reopened = [p for p in active(state) if p != player] if full else None
    decision.record(PokerActed, player=player, action=action.type, total=total, all_in=all_in, reopened=reopened)
    acted = decision.last_version
    move(decision, player_account(player), bet_account(player), paid, "royal.poker.bet")
    _after_action(decision, acted)


def _after_action(decision: Decision, last_action: int) -> None:
    if to_act(decision.state) is None:
        leader = showdown.settle(decision, last_action)
        rummy.start(decision, leader)
